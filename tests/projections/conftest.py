"""Projections on a real PostgreSQL: games written through the domain into the store, then
folded by the projections as the service's runner folds them."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import asyncpg
import pytest

from projections import all_projections
from projections.batches import catch_up
from projections.rankings import RankingQuery, ranking

Project = Callable[[], Awaitable[None]]


@pytest.fixture
def project(app_pool: asyncpg.Pool) -> Project:
    """Bring every projection up to the end of the log (as the service's role)."""

    async def run() -> None:
        async with app_pool.acquire() as connection:
            for projection in all_projections():
                await catch_up(connection, projection, batch_size=1000)

    return run


@pytest.fixture
async def db(app_pool: asyncpg.Pool) -> AsyncIterator[Any]:
    async with app_pool.acquire() as connection:
        yield connection


async def rank(db: Any, **filters: Any) -> list[dict[str, Any]]:
    rows, _ = await ranking(db, RankingQuery(**filters))
    return rows


def order(rows: list[dict[str, Any]]) -> list[tuple[int, str]]:
    return [(row["rank"], row["player_id"]) for row in rows]

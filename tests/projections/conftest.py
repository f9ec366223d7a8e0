"""Projections on a real PostgreSQL: games written through the domain into the store, then
folded by the projections as the service's runner folds them."""

from __future__ import annotations

import asyncio
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


READ_MODELS = (
    "proj_players",
    "proj_competitions",
    "proj_games",
    "proj_player_games",
    "proj_player_totals",
    "proj_player_streaks",
    "proj_achievements",
    "proj_ratings",
    "proj_rating_history",
    "proj_rating_games",
)


async def read_models(db: Any) -> dict[str, list[str]]:
    """Every row of every read-model table, as text, in a stable order."""
    return {
        table: [r[0] for r in await db.fetch(f"SELECT t::text FROM {table} t ORDER BY 1")]
        for table in READ_MODELS
    }


async def caught_up(db: Any, within: float = 10.0) -> int:
    """Wait until every projection has folded the last event; answer that position."""
    deadline = asyncio.get_running_loop().time() + within
    while True:
        last = await db.fetchval("SELECT coalesce(max(position), 0) FROM events")
        done = await db.fetchval(
            "SELECT count(*) FROM projection_checkpoints"
            " WHERE name IN ('directory', 'stats', 'ratings') AND position = $1",
            last,
        )
        if done == 3:
            return int(last)
        assert asyncio.get_running_loop().time() < deadline, "the projections did not catch up"
        await asyncio.sleep(0.02)

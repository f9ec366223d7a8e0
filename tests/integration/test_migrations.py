"""The schema's revisions on a real PostgreSQL: data written under an older revision is
carried forward, and every revision can be undone and applied again."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import asyncpg
from alembic import command

from service.database import alembic_config, current_revision
from tests.conftest import Database


async def revision_of(dsn: str) -> str | None:
    connection = await asyncpg.connect(dsn)
    try:
        return await current_revision(connection)
    finally:
        await connection.close()


async def test_players_registered_before_name_search_are_found_by_it(database: Database):
    config = alembic_config(database.owner_dsn)
    await asyncio.to_thread(command.downgrade, config, "0004")
    connection = await asyncpg.connect(database.owner_dsn)
    try:
        await connection.execute(
            "INSERT INTO proj_players (player_id, name, registered_at) VALUES ($1, $2, $3)",
            "p-1", "João Conceição", datetime(2026, 11, 1, tzinfo=UTC),
        )
        await asyncio.to_thread(command.upgrade, config, "head")
        folded = await connection.fetchval(
            "SELECT search_name FROM proj_players WHERE player_id = 'p-1'"
        )
    finally:
        await connection.close()

    assert folded == "joao conceicao"


async def test_every_revision_goes_down_to_nothing_and_up_again(database: Database):
    config = alembic_config(database.owner_dsn)
    head = await revision_of(database.owner_dsn)

    await asyncio.to_thread(command.downgrade, config, "base")
    emptied = await revision_of(database.owner_dsn)
    await asyncio.to_thread(command.upgrade, config, "head")

    assert emptied is None
    assert await revision_of(database.owner_dsn) == head == "0007"

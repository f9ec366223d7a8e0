"""The schema's revisions on a real PostgreSQL: data written under an older revision is
carried forward, and every revision can be undone and applied again."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import asyncpg
from alembic import command
from alembic.script import ScriptDirectory

from service.store.database import alembic_config, current_revision
from tests.conftest import Database


async def revision_of(dsn: str) -> str | None:
    connection = await asyncpg.connect(dsn)
    try:
        return await current_revision(connection)
    finally:
        await connection.close()


async def test_players_registered_before_name_search_are_found_by_it(database: Database) -> None:
    config = alembic_config(database.owner_dsn)
    await asyncio.to_thread(command.downgrade, config, "0004")
    connection = await asyncpg.connect(database.owner_dsn)
    try:
        await connection.execute(
            "INSERT INTO proj_players (player_id, name, registered_at) VALUES ($1, $2, $3)",
            "p-1",
            "João Conceição",
            datetime(2026, 11, 1, tzinfo=UTC),
        )
        await asyncio.to_thread(command.upgrade, config, "head")
        folded = await connection.fetchval(
            "SELECT search_name FROM proj_players WHERE player_id = 'p-1'"
        )
    finally:
        await connection.close()

    assert folded == "joao conceicao"


async def test_every_revision_goes_down_to_nothing_and_up_again(database: Database) -> None:
    config = alembic_config(database.owner_dsn)
    head = await revision_of(database.owner_dsn)

    await asyncio.to_thread(command.downgrade, config, "base")
    emptied = await revision_of(database.owner_dsn)
    await asyncio.to_thread(command.upgrade, config, "head")

    assert emptied is None
    assert await revision_of(database.owner_dsn) == head == "0029"


async def schema_of(dsn: str) -> tuple[list[tuple[str, ...]], ...]:
    connection = await asyncpg.connect(dsn)
    try:
        indexes = await connection.fetch(
            "SELECT tablename, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1, 2"
        )
        columns = await connection.fetch(
            "SELECT table_name, column_name, data_type FROM information_schema.columns"
            " WHERE table_schema = 'public' ORDER BY 1, 2"
        )
        functions = await connection.fetch(  # their bodies, settings and grants
            "SELECT p.oid::regprocedure::text, pg_get_functiondef(p.oid), p.proacl::text"
            " FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace ORDER BY 1"
        )
        triggers = await connection.fetch(
            "SELECT tgrelid::regclass::text, pg_get_triggerdef(oid) FROM pg_trigger"
            " WHERE NOT tgisinternal ORDER BY 1, 2"
        )
        return (
            [tuple(r) for r in indexes],
            [tuple(r) for r in columns],
            [tuple(r) for r in functions],
            [tuple(r) for r in triggers],
        )
    finally:
        await connection.close()


async def test_each_revision_undone_and_redone_leaves_the_same_schema(database: Database) -> None:
    config = alembic_config(database.owner_dsn)
    head = await schema_of(database.owner_dsn)
    script = ScriptDirectory.from_config(config)

    for revision in script.walk_revisions():
        if revision.down_revision is None:
            continue
        await asyncio.to_thread(command.downgrade, config, str(revision.down_revision))
        await asyncio.to_thread(command.upgrade, config, "head")

        assert await schema_of(database.owner_dsn) == head, revision.revision

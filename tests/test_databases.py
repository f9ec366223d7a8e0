"""The tests' databases (tests/databases.py): a used one is handed out again only in a fresh
copy's state, under a new name; one a test changed otherwise, or one still in use, is
dropped."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from service.store.database import database_dsn
from service.store.event_store import EventStore, NewEvent
from tests.databases import Databases, state_of


async def oid_of(admin_dsn: str, name: str) -> int | None:
    admin = await asyncpg.connect(admin_dsn)
    try:
        oid: int | None = await admin.fetchval(
            "SELECT oid FROM pg_database WHERE datname = $1", name
        )
        return oid
    finally:
        await admin.close()


async def fill(dsn: str) -> None:
    """Events in a game's stream, a token, and the planner's statistics of the log."""
    connection = await asyncpg.connect(dsn)
    pool = await asyncpg.create_pool(dsn, min_size=1, max_size=2)
    try:
        store = EventStore(pool)
        for version in range(3):
            await store.append("game-1", [NewEvent("tile_played", "{}")], expected_version=version)
        await connection.execute(
            "INSERT INTO tokens (token_hash, player_id) VALUES ('\\x00'::bytea, 'p-1')"
        )
        await connection.execute("ANALYZE events")
    finally:
        await pool.close()
        await connection.close()


async def test_a_used_database_comes_back_renamed_and_as_a_fresh_copy(
    admin_dsn: str, template: str
) -> None:
    databases = Databases(admin_dsn, template)
    async with databases.one() as first:
        first_oid = await oid_of(admin_dsn, first)
        await fill(database_dsn(admin_dsn, first))
    async with databases.one() as second:
        assert await oid_of(admin_dsn, second) != first_oid
    async with databases.one() as third:
        assert third not in (first, second)
        assert await oid_of(admin_dsn, third) == first_oid  # the first, used again
        assert await oid_of(admin_dsn, first) is None  # its old name is gone
        connection = await asyncpg.connect(database_dsn(admin_dsn, third))
        try:
            assert databases.fresh is not None
            fresh_state, tables = databases.fresh
            assert await state_of(connection, tables) == fresh_state
            assert await connection.fetchval("SELECT count(*) FROM events") == 0
            assert await connection.fetchval("SELECT count(*) FROM tokens") == 0
            assert await connection.fetchval("SELECT count(*) FROM alembic_version") == 1
            statistics = await connection.fetchval(
                "SELECT count(*) FROM pg_statistic WHERE starelid = 'events_p000000'::regclass"
            )
            assert statistics == 0
            # the log is whole again: a new stream starts at the first position
            pool = await asyncpg.create_pool(database_dsn(admin_dsn, third), min_size=1)
            try:
                appended = await EventStore(pool).append(
                    "game-2", [NewEvent("tile_played", "{}")], expected_version=0
                )
            finally:
                await pool.close()
            assert appended.last_position == 1
        finally:
            await connection.close()
    await databases.drop_used()


@pytest.mark.parametrize(
    "change",
    [
        "CREATE TABLE kept (n int)",
        "ALTER TABLE events DISABLE TRIGGER events_refuse_change",
        "GRANT DELETE ON tokens TO PUBLIC",
        "CREATE STATISTICS tokens_together ON player_id, expires_at FROM tokens",
        "UPDATE alembic_version SET version_num = 'changed'",
    ],
)
async def test_a_database_a_test_changed_is_dropped_not_used_again(
    admin_dsn: str, template: str, change: str
) -> None:
    databases = Databases(admin_dsn, template)
    async with databases.one() as first:
        first_oid = await oid_of(admin_dsn, first)
        connection = await asyncpg.connect(database_dsn(admin_dsn, first))
        try:
            await connection.execute(change)
        finally:
            await connection.close()
    async with databases.one():
        pass
    async with databases.one() as third:
        assert await oid_of(admin_dsn, third) != first_oid
    admin = await asyncpg.connect(admin_dsn)
    try:
        left = await admin.fetchval("SELECT count(*) FROM pg_database WHERE oid = $1", first_oid)
    finally:
        await admin.close()
    assert left == 0
    await databases.drop_used()


async def test_a_database_a_session_holds_is_dropped_and_its_old_name_answers_no_more(
    admin_dsn: str, template: str
) -> None:
    """A process of an ended test that connects again (its pool's retry) before the database
    is used again: the renaming waits for it, fails, and the database is dropped."""
    databases = Databases(admin_dsn, template)
    async with databases.one() as first:
        first_oid = await oid_of(admin_dsn, first)
    lingering = await asyncpg.connect(database_dsn(admin_dsn, first))
    try:
        async with databases.one():
            pass
        async with databases.one() as third:
            assert await oid_of(admin_dsn, third) != first_oid
        await asyncio.sleep(0)
        with pytest.raises((asyncpg.PostgresError, asyncpg.InterfaceError)):  # dropped under it
            await lingering.fetchval("SELECT 1")
    finally:
        await lingering.close()
    with pytest.raises(asyncpg.InvalidCatalogNameError):
        await asyncpg.connect(database_dsn(admin_dsn, first))
    await databases.drop_used()

"""An opening written while its owner is erased (issue 33, part 4): whichever commits
first, no opening of an erased player is left (migration 0015's lock and guard)."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from tests.conftest import Database

OWNER = "7f3a0000-0000-4000-8000-000000000001"
INSERT = (
    "INSERT INTO openings (commitment, stream_id, path, owner, salt, value)"
    " VALUES ($1, 'match-x', 'notes', $2, '00', '\"Rua Sigilosa\"')"
)


async def blocked(observer: asyncpg.Connection, waiting: asyncpg.Connection) -> None:
    """Until `waiting` waits on a lock (an advisory lock: the erasure's)."""
    pid = waiting.get_server_pid()
    for _ in range(500):
        kind = await observer.fetchval(
            "SELECT wait_event_type FROM pg_stat_activity WHERE pid = $1", pid
        )
        if kind == "Lock":
            return
        await asyncio.sleep(0.01)
    raise AssertionError("it never waited for the lock")


async def openings_of(connection: asyncpg.Connection) -> int:
    return int(await connection.fetchval("SELECT count(*) FROM openings WHERE owner = $1", OWNER))


async def test_an_opening_written_first_is_deleted_by_the_erasure_that_waited(
    database: Database,
) -> None:
    writer = await asyncpg.connect(database.app_dsn)
    eraser = await asyncpg.connect(database.app_dsn)
    try:
        writing = writer.transaction()
        await writing.start()
        await writer.execute(INSERT, "c1", OWNER)
        erasing = asyncio.create_task(eraser.fetchval("SELECT erase_owner($1, 'admin')", OWNER))
        await blocked(writer, eraser)
        await writing.commit()
        assert await erasing == ["c1"]
        assert await openings_of(writer) == 0
    finally:
        await writer.close()
        await eraser.close()


async def test_an_opening_written_during_an_erasure_is_refused_once_it_commits(
    database: Database,
) -> None:
    writer = await asyncpg.connect(database.app_dsn)
    eraser = await asyncpg.connect(database.app_dsn)
    try:
        erasing = eraser.transaction()
        await erasing.start()
        await eraser.fetchval("SELECT erase_owner($1, 'admin')", OWNER)
        writing = asyncio.create_task(writer.execute(INSERT, "c2", OWNER))
        await blocked(eraser, writer)
        await erasing.commit()
        with pytest.raises(asyncpg.PostgresError) as refused:
            await writing
        assert refused.value.sqlstate == "LG001"
        assert await openings_of(writer) == 0
    finally:
        await writer.close()
        await eraser.close()


async def test_the_service_role_cannot_undo_an_erasure(database: Database) -> None:
    connection = await asyncpg.connect(database.app_dsn)
    try:
        await connection.fetchval("SELECT erase_owner($1, 'admin')", OWNER)
        with pytest.raises(asyncpg.InsufficientPrivilegeError):
            await connection.execute("DELETE FROM erasures")
    finally:
        await connection.close()

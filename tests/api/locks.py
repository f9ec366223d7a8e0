"""Waiting, in a test, until some backend of the test's database waits for a lock."""

from __future__ import annotations

import asyncio

import asyncpg

from tests.conftest import Database


async def until_a_lock_is_waited_for(database: Database, what: str) -> None:
    """Until a backend of the database waits for a lock (`what`: the failure's words).
    Watched from a connection of its own: within a transaction, PostgreSQL shows one
    snapshot of its backends' activity, so a connection holding a lock could poll forever."""
    watcher = await asyncpg.connect(database.owner_dsn)
    try:
        for _ in range(1000):
            waiting = await watcher.fetchval(
                "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                " AND datname = current_database()"
            )
            if waiting:
                return
            await asyncio.sleep(0.01)
    finally:
        await watcher.close()
    raise AssertionError(f"{what} never waited for a lock")

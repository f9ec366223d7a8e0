"""The log partitioned by position (issue 22, part 3; migration 0014) on a real PostgreSQL:
the migration from one table runs while appends keep coming, none lost or reordered; the
partitions are made as the log reaches them; every promise of the store holds across them
(gap-free order, one event a stream version, the hash chain, idempotency, no change)."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest
from alembic import command

from service.store.database import alembic_config
from service.store.event_store import EventStore, NewEvent
from tests.conftest import Database

SPAN = 1000
"""A partition of a thousand positions, so that a test reaches a few."""


async def partitions(dsn: str) -> list[str]:
    connection = await asyncpg.connect(dsn)
    try:
        rows = await connection.fetch(
            "SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid"
            " WHERE i.inhparent = 'events'::regclass ORDER BY c.relname"
        )
        return [r[0] for r in rows]
    finally:
        await connection.close()


async def appending(store: EventStore, stream: str, count: int) -> list[int]:
    """`count` events appended to `stream` one by one, each with its key: their positions."""
    positions = []
    for n in range(count):
        event = NewEvent("test_event", f'{{"n": {n}}}', "{}")
        result = await store.append(
            stream, [event], expected_version=n, idempotency_key=f"{stream}:{n}"
        )
        positions.append(result.last_position)
    return positions


@pytest.fixture
async def small_partitions(database: Database) -> Database:
    """The database taken back to one table, its next migration told to partition every
    thousand positions."""
    config = alembic_config(database.owner_dsn)
    await asyncio.to_thread(command.downgrade, config, "0013")
    connection = await asyncpg.connect(database.owner_dsn)
    try:
        await connection.execute(
            f"ALTER DATABASE {database.name} SET domino.events_span = '{SPAN}'"
        )
    finally:
        await connection.close()
    return database


async def test_the_migration_under_appends_loses_and_reorders_nothing(
    small_partitions: Database,
) -> None:
    database = small_partitions
    pool = await asyncpg.create_pool(database.app_dsn, min_size=1, max_size=4)
    try:
        store = EventStore(pool)
        before = await appending(store, "before", 300)
        writers = [asyncio.create_task(appending(store, f"during-{n}", 250)) for n in range(4)]
        await asyncio.sleep(0.2)
        config = alembic_config(database.owner_dsn)
        await asyncio.to_thread(command.upgrade, config, "head")
        during = await asyncio.gather(*writers)
        after = await appending(store, "after", 1200)
        everything = await store.read_all(0, 10_000)
    finally:
        await pool.close()

    positions = [e.position for e in everything]
    assert positions == list(range(1, len(positions) + 1))  # gap-free, in order
    assert len(everything) == 300 + 4 * 250 + 1200
    assert sorted(before + [p for d in during for p in d] + after) == positions
    for name in ("before", "after", *(f"during-{n}" for n in range(4))):
        versions = [e.version for e in everything if e.stream_id == name]
        assert versions == list(range(1, len(versions) + 1))
    made = await partitions(database.owner_dsn)
    assert made[0] == "events_p000000"  # today's table, taken as it was
    assert len(made) >= 2  # and each next one made as the log reached it
    assert made[-1] == f"events_p{positions[-1] // SPAN:06d}"


async def test_every_promise_of_the_store_holds_across_partitions(
    small_partitions: Database,
) -> None:
    database = small_partitions
    await asyncio.to_thread(command.upgrade, alembic_config(database.owner_dsn), "head")
    pool = await asyncpg.create_pool(database.app_dsn, min_size=1, max_size=2)
    try:
        store = EventStore(pool)
        await appending(store, "long", 2 * SPAN + 100)  # one stream across three partitions
        again = await store.append(
            "long",
            [NewEvent("test_event", '{"n": 0}', "{}")],
            expected_version=0,
            idempotency_key="long:0",
        )
        read = await store.read_stream("long", 0, 5000)
        broken = await store.verify_stream("long")
    finally:
        await pool.close()

    assert again.first_position == 1  # the key's first answer, nothing appended
    assert [e.version for e in read] == list(range(1, 2 * SPAN + 101))
    assert broken is None
    assert len(await partitions(database.owner_dsn)) == 3
    owner = await asyncpg.connect(database.owner_dsn)
    try:
        stream_indexes = await owner.fetch(  # one each (0020), and unique (0019)
            "SELECT tablename, count(*), bool_and(indexdef LIKE 'CREATE UNIQUE INDEX %')"
            " FROM pg_indexes WHERE tablename LIKE 'events_p%'"
            " AND indexdef LIKE '% (stream_id, stream_version)'"
            " GROUP BY tablename ORDER BY tablename"
        )
        assert [tuple(r) for r in stream_indexes] == [
            (name, 1, True) for name in await partitions(database.owner_dsn)
        ]
        for statement in (
            "UPDATE events SET data = '{}' WHERE position = 1500",
            "DELETE FROM events WHERE position = 2050",
            "TRUNCATE events_p000002",
        ):
            with pytest.raises(asyncpg.PostgresError, match="append-only"):
                await owner.execute(statement)
        with pytest.raises(asyncpg.UniqueViolationError):  # a version its stream has, elsewhere
            await owner.execute(
                "INSERT INTO events (stream_id, stream_version, event_type, data)"
                " VALUES ('long', 10, 'x', '{}')"
            )
        with pytest.raises(asyncpg.UniqueViolationError):  # a version its partition has
            await owner.execute(  # a row with a hash of its own, which the chain lets by
                "INSERT INTO events SELECT (jsonb_populate_record(e,"
                " jsonb_build_object('position', 2500))).* FROM events e WHERE position = 2050"
            )
        bypass = await owner.fetchval(  # an operator's insert: the next position, chained
            "INSERT INTO events (stream_id, stream_version, event_type, data)"
            " VALUES ('long', 2101, 'x', '{}') RETURNING position"
        )
    finally:
        await owner.close()
    assert bypass == 2 * SPAN + 101

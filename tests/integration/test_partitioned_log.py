"""The log partitioned by position (issue 22, part 3; migration 0014) on a real PostgreSQL:
the migration from one table runs while appends keep coming, none lost or reordered; the
partitions are made as the log reaches them; every promise of the store holds across them
(gap-free order, one event a stream version, the hash chain, idempotency, no change)."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator

import asyncpg
import pytest
from alembic import command
from asyncpg.pool import PoolConnectionProxy

from projections.batches import (
    _SKIP_ALL,
    Skipped,
    ensure_checkpoint,
    skip_all_arguments,
    skip_unread,
)
from service.policies import all_policies
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


@pytest.fixture
async def partitioned_pool(small_partitions: Database) -> AsyncIterator[asyncpg.Pool]:
    """The service role's pool on that database brought back to the head, partitioned."""
    config = alembic_config(small_partitions.owner_dsn)
    await asyncio.to_thread(command.upgrade, config, "head")
    pool = await asyncpg.create_pool(small_partitions.app_dsn, min_size=1, max_size=2)
    try:
        yield pool
    finally:
        await pool.close()


ONE = [NewEvent("test_event", '{"n": 0}', "{}")]


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


APPEND = "SELECT * FROM append_events($1, $2, $3, $4, $5, $6, $7, $8, $9)"
Request = tuple[str, int | None, int, str | None, bytes]
"""A request to `append_events`: stream, expected version, events, key, fingerprint."""


def _arguments(requests: list[Request]) -> list[list[object]]:
    events = [(stream, n) for stream, _, count, _, _ in requests for n in range(count)]
    return [
        [r[0] for r in requests],
        [r[1] for r in requests],
        [r[2] for r in requests],
        [r[3] for r in requests],
        [r[4] for r in requests],
        ["test_event" for _ in events],
        [f'{{"stream": "{stream}", "n": {n}}}' for stream, n in events],
        ["{}" for _ in events],
        [None for _ in events],
    ]


async def _answered(
    connection: PoolConnectionProxy, calls: list[list[Request]]
) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]], list[tuple[object, ...]]]:
    """What `calls` answer and write, made in a transaction that is then rolled back."""
    transaction = connection.transaction()
    await transaction.start()
    try:
        last = await connection.fetchval("SELECT max(position) FROM events")
        answers = [
            tuple(r) for call in calls for r in await connection.fetch(APPEND, *_arguments(call))
        ]
        events = await connection.fetch(
            "SELECT position, stream_id, stream_version, data::text, encode(hash, 'hex')"
            " FROM events WHERE position > $1 ORDER BY position",
            last,
        )
        keys = await connection.fetch(
            "SELECT key, encode(fingerprint, 'hex'), stream_id, first_version, last_version,"
            " first_position, last_position FROM idempotency_keys ORDER BY key"
        )
    finally:
        await transaction.rollback()
    return answers, [tuple(r) for r in events], [tuple(r) for r in keys]


async def test_a_batch_answers_and_writes_as_its_requests_one_after_another(
    partitioned_pool: asyncpg.Pool,
) -> None:
    """`append_events` given several requests at once (migration 0021 reads their heads and
    keys in one statement) answers and writes what the same requests give one call each:
    replays, a key reused, a conflict, new keys, a head in an older partition, new streams,
    and a key a request of the same call wrote."""
    store = EventStore(partitioned_pool)
    await store.append("old", ONE * 3, expected_version=0, idempotency_key="old-key")
    await store.append("filler", ONE * SPAN, expected_version=0)
    await store.append("recent", ONE, expected_version=0, fingerprint=b"r1")
    await store.append(
        "recent", ONE, expected_version=1, idempotency_key="recent-key", fingerprint=b"r2"
    )
    await store.append("recent-2", ONE * 2, expected_version=0)
    async with partitioned_pool.acquire() as connection:
        assert await connection.fetchval("SELECT max(position) FROM events") > SPAN
        batch: list[Request] = [
            ("recent", 1, 1, "recent-key", store.seals.sealed(b"r2")),  # a retry: replayed
            ("other", None, 1, "old-key", b"another"),  # a key used for another request
            ("fresh", 0, 2, "fresh-key", b"f"),  # two events, a new key
            ("recent-2", 1, 1, None, b""),  # a conflict: it is at 2
            ("old", 3, 1, None, b""),  # its head in the first partition
            ("brand-new", None, 1, None, b""),
            ("fresh-again", 0, 1, "fresh-key", b"f"),  # the key written just before
            ("fresh-other", 0, 1, "fresh-key", b"not f"),
        ]
        together = await _answered(connection, [batch])
        one_by_one = await _answered(connection, [[request] for request in batch])

    answers, events, keys = together
    assert (answers, events, keys) == one_by_one
    assert [a[0] for a in answers] == [
        "replayed", "key-reused", "appended", "conflict", "appended", "appended",
        "replayed", "key-reused",
    ]  # fmt: skip
    assert [e[1:3] for e in events] == [
        ("fresh", 1), ("fresh", 2), ("old", 4), ("brand-new", 1),
    ]  # fmt: skip
    assert ("fresh-key", b"f".hex(), "fresh", 1, 2, events[0][0], events[1][0]) in keys


async def test_a_call_with_two_requests_for_one_stream_is_refused_whole(
    partitioned_pool: asyncpg.Pool,
) -> None:
    """Either side of a partition boundary, two requests for one stream in a call would each
    take the version after the stream's head as it was before the call (0023 refuses the
    call); the store never sends that, and nothing is written."""
    store = EventStore(partitioned_pool)
    await store.append("filler", ONE * (SPAN - 2), expected_version=0)  # "t" at 999, then 1000
    async with partitioned_pool.acquire() as connection:
        before = await connection.fetchval("SELECT max(position) FROM events")
        # at 999 and 1000: before 0023, both wrote version 1 of "s"
        side_by_side: list[Request] = [("s", None, 1, None, b""), ("s", None, 1, None, b"")]
        apart: list[Request] = [("t", None, 1, None, b""), ("f", None, 1, None, b"")]
        apart += [("t", None, 1, None, b"")]
        for call in (side_by_side, apart):
            with pytest.raises(asyncpg.InvalidParameterValueError, match="one request a"):
                await connection.fetch(APPEND, *_arguments(call))
        assert await connection.fetchval("SELECT max(position) FROM events") == before
        assert (await connection.fetch(APPEND, *_arguments(apart[:2])))[0][0] == "appended"


async def test_the_scout_looks_for_a_hand_s_game_in_the_hand_s_own_partition(
    partitioned_pool: asyncpg.Pool,
) -> None:
    """Whether a hand concerns the torneio policy depends on its game's creation: the scout
    looks for it in the hand's partition, where a game's hands mostly are, one index probe a
    hand, not one in every partition of the log (which only grows)."""
    store = EventStore(partitioned_pool)
    filler = [NewEvent("test_event", "{}", "{}")] * SPAN
    for version in range(0, 3 * SPAN, SPAN):
        await store.append("filler", filler, expected_version=version)
    policy = all_policies()[0]
    hand = NewEvent("hand_ended", '{"number": 1}', "{}")
    async with partitioned_pool.acquire() as db:
        await ensure_checkpoint(db, policy.name)
        before = await db.fetchval("SELECT max(position) FROM events")
        await db.execute(
            "UPDATE projection_checkpoints SET position = $1 WHERE name = $2", before, policy.name
        )
        games = [(f"match-free-{n}", '{"fixture_id": null}') for n in range(20)]
        for stream, created in [*games, ("match-of-a-fixture", '{"fixture_id": "f-1"}')]:
            await store.append(
                stream, [NewEvent("match_created", created, "{}"), hand, hand], expected_version=0
            )
        head = await db.fetchval("SELECT max(position) FROM events")
        assert before // SPAN == head // SPAN == 3, "every game in the last of four partitions"
        plan = await db.fetch(
            f"EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) {_SKIP_ALL}",
            *skip_all_arguments([policy], 5000),
        )
        found = await skip_unread(db, [policy], 5000)

    probes: dict[str, int] = {}
    for (line,) in plan:
        scan = re.search(r"_stream_version_key on (events_p\d+) .*loops=(\d+)", line)
        if scan and "never executed" not in line:
            probes[scan[1]] = probes.get(scan[1], 0) + int(scan[2])
    assert set(probes) == {"events_p000003"}, "each hand's game, in the hand's partition"
    assert probes["events_p000003"] <= 2 * 21, "at most one probe a hand"
    assert found == [Skipped(policy.name, before, head, moved=False)], "the fixture's hands wait"

"""The event store's promises, on a real PostgreSQL."""

from __future__ import annotations

import asyncio
from typing import Any

import asyncpg
import pytest

from projections.runner import LEASE_CLASS
from service.http.auth import FIRST_TOKEN_LOCK
from service.store.event_store import (
    APPEND,
    EventStore,
    IdempotencyKeyReused,
    NewEvent,
    VersionConflict,
)
from service.store.members import STEADY_CLASS
from tests.conftest import Database

APPEND_LOCK = 7023011201  # migrations/versions/0001_events.py


def event(n: int = 0, kind: str = "tile_played") -> NewEvent:
    return NewEvent(kind, f'{{"n": {n}}}', '{"actor": "test"}')


async def test_a_new_stream_starts_at_version_one_and_reads_back_in_order(
    store: EventStore,
) -> None:
    result = await store.append("match-1", [event(1), event(2)], expected_version=0)

    assert (result.first_version, result.last_version) == (1, 2)
    assert (result.first_position, result.last_position) == (1, 2)
    stored = await store.read_stream("match-1")
    assert [(e.version, e.data) for e in stored] == [(1, '{"n": 1}'), (2, '{"n": 2}')]
    assert stored[0].metadata == '{"actor": "test"}'
    assert await store.stream_version("match-1") == 2


async def test_reading_a_stream_from_a_version_skips_the_earlier_events(store: EventStore) -> None:
    await store.append("match-1", [event(n) for n in range(5)], expected_version=0)

    assert [e.version for e in await store.read_stream("match-1", after_version=3)] == [4, 5]


async def test_appends_queued_behind_a_batch_that_finds_no_connection_fail_and_none_hangs(
    database: Database,
) -> None:
    pool = await asyncpg.create_pool(database.app_dsn, min_size=0, max_size=2)
    await pool.close()  # every acquire now fails at once, as in an outage
    store = EventStore(pool)

    # Three appends to one stream go in three batches: each must get its error.
    appends = [store.append("match-1", [event(n)], expected_version=None) for n in range(3)]
    outcomes = await asyncio.wait_for(asyncio.gather(*appends, return_exceptions=True), 5)

    assert all(isinstance(o, asyncpg.InterfaceError) for o in outcomes), outcomes


class CountingPool:
    """The pool, counting the connections taken from it."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool
        self.acquired = 0

    async def acquire(self, **options: Any) -> Any:
        self.acquired += 1
        return await self.pool.acquire(**options)

    async def release(self, connection: Any) -> None:
        await self.pool.release(connection)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.pool, name)


async def test_consecutive_batches_share_one_connection_and_stay_in_order(
    app_pool: asyncpg.Pool,
) -> None:
    pool = CountingPool(app_pool)
    store = EventStore(pool)  # type: ignore[arg-type]

    # One stream: twenty batches of one append each, one after another.
    appends = [store.append("match-1", [event(n)], expected_version=None) for n in range(20)]
    results = await asyncio.gather(*appends)

    assert pool.acquired == 1
    assert [r.first_version for r in results] == list(range(1, 21))
    assert [e.data for e in await store.read_stream("match-1")] == [
        f'{{"n": {n}}}' for n in range(20)
    ]


FETCHED = (
    "SELECT sum(pg_stat_get_xact_blocks_fetched(oid)) FROM pg_class"
    " WHERE relname LIKE 'events_p%' AND relkind = 'r'"
)
"""Heap pages of the log this backend read, and has not yet reported."""


async def test_an_append_reads_its_streams_head_not_the_whole_stream(database: Database) -> None:
    """append_events caches its plans for the connection's life: the head lookup planned
    while the log was empty, with no statistics, must still read the head alone (0018)."""
    connection = await asyncpg.connect(database.app_dsn)
    body = '{"padding": "%s"}' % ("x" * 1000)  # about 8 events a heap page

    async def append(version: int) -> None:
        await connection.fetch(
            APPEND, ["long"], [version], [1], [None], [b""], ["t"], [body], ["{}"], [None]
        )

    try:
        for version in range(400):  # the first call plans on the empty log
            await append(version)
        async with connection.transaction():  # the counts below are this backend's
            before = await connection.fetchval(FETCHED)
            await append(400)
            fetched = await connection.fetchval(FETCHED) - before
    finally:
        await connection.close()

    # The head, the log's end and the page the event goes to: not the stream's 50 pages.
    assert fetched < 10


async def test_a_connection_lost_mid_burst_fails_its_batch_and_the_next_is_written(
    database: Database, store: EventStore
) -> None:
    blocker = await asyncpg.connect(database.owner_dsn)
    watcher = await asyncpg.connect(database.owner_dsn)
    transaction = blocker.transaction()
    await transaction.start()
    await blocker.execute(f"SELECT pg_advisory_xact_lock({APPEND_LOCK})")
    first = asyncio.create_task(store.append("match-1", [event(1)], expected_version=None))
    second = asyncio.create_task(store.append("match-1", [event(2)], expected_version=None))
    try:
        committer = None
        for _ in range(500):  # the committer's first batch waits for the append lock
            committer = await watcher.fetchval(
                "SELECT pid FROM pg_stat_activity WHERE usename = 'domino_app'"
                " AND wait_event = 'advisory'"
            )
            if committer is not None:
                break
            await asyncio.sleep(0.01)
        assert committer is not None
        assert await watcher.fetchval("SELECT pg_terminate_backend($1, 5000)", committer)
    finally:
        await transaction.rollback()
        await blocker.close()
        await watcher.close()

    lost, written = await asyncio.wait_for(
        asyncio.gather(first, second, return_exceptions=True), 10
    )

    assert isinstance(lost, asyncpg.PostgresError), (lost, written)  # unknown outcome: 503
    assert not isinstance(written, BaseException)
    assert written.first_version == 1
    assert [e.data for e in await store.read_stream("match-1")] == ['{"n": 2}']


async def test_an_append_at_a_stale_version_is_a_conflict_and_writes_nothing(
    store: EventStore,
) -> None:
    await store.append("match-1", [event()], expected_version=0)

    with pytest.raises(VersionConflict) as conflict:
        await store.append("match-1", [event(), event()], expected_version=0)

    assert (conflict.value.expected, conflict.value.actual) == (0, 1)
    assert await store.stream_version("match-1") == 1
    assert await store.last_position() == 1


@pytest.mark.parametrize("stores", ["one shared store", "a store per writer"])
async def test_of_fifty_concurrent_appends_at_one_version_exactly_one_wins(
    database: Database, app_pool: asyncpg.Pool, stores: str
) -> None:
    writers = (
        [EventStore(app_pool) for _ in range(50)]
        if stores != "one shared store"
        else [EventStore(app_pool)] * 50
    )

    results = await asyncio.gather(
        *(
            writer.append("match-1", [event(i)], expected_version=0)
            for i, writer in enumerate(writers)
        ),
        return_exceptions=True,
    )

    winners = [r for r in results if not isinstance(r, BaseException)]
    conflicts = [r for r in results if isinstance(r, VersionConflict)]
    assert len(winners) == 1
    assert len(conflicts) == 49
    assert len(await writers[0].read_stream("match-1")) == 1
    # The losers burnt no position: the next append takes position 2.
    later = await writers[0].append("match-2", [event()], expected_version=0)
    assert later.first_position == 2


async def test_a_tailing_reader_sees_every_event_once_and_in_order(
    database: Database, app_pool: asyncpg.Pool
) -> None:
    writers, appends = 20, 500
    reader_store = EventStore(app_pool)
    seen: list[tuple[int, str, int]] = []
    writing = True

    async def write(w: int) -> None:
        # As separate processes: each its own pool and store. (Twenty stores on one pool of
        # ten starved: a store keeps its connection while its appends follow each other.)
        async with asyncpg.create_pool(database.app_dsn, min_size=1, max_size=1) as pool:
            store = EventStore(pool)
            for version in range(appends):
                await store.append(f"stream-{w}", [event(version)], expected_version=version)

    async def tail() -> None:
        last = 0
        while writing or last < writers * appends:
            batch = await reader_store.read_all(after_position=last, limit=500)
            seen.extend((e.position, e.stream_id, e.version) for e in batch)
            last = batch[-1].position if batch else last
            await asyncio.sleep(0)

    reader = asyncio.create_task(tail())
    await asyncio.gather(*(write(w) for w in range(writers)))
    writing = False
    await asyncio.wait_for(reader, timeout=60)

    positions = [p for p, _, _ in seen]
    assert positions == list(range(1, writers * appends + 1))
    assert len({(s, v) for _, s, v in seen}) == writers * appends
    for w in range(writers):
        assert [v for _, s, v in seen if s == f"stream-{w}"] == list(range(1, appends + 1))


async def test_a_reader_waits_for_a_transaction_held_open_while_later_ones_commit(
    database: Database, app_pool: asyncpg.Pool
) -> None:
    store = EventStore(app_pool)
    await store.append("before", [event()], expected_version=0)
    slow = await asyncpg.connect(database.app_dsn)
    transaction = slow.transaction()
    await transaction.start()
    await slow.fetch(
        "SELECT * FROM append_events($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        ["slow"],
        [0],
        [1],
        [None],
        [b"f"],
        ["tile_played"],
        ['{"n": 0}'],
        ["{}"],
        [None],
    )
    later = [
        asyncio.create_task(
            EventStore(app_pool).append(f"later-{i}", [event()], expected_version=0)
        )
        for i in range(5)
    ]
    await asyncio.sleep(0.3)

    assert [e.stream_id for e in await store.read_all(0)] == ["before"]
    assert not any(task.done() for task in later)  # they queue behind the open transaction

    await transaction.commit()
    await slow.close()
    await asyncio.gather(*later)
    streams = [e.stream_id for e in await store.read_all(0)]
    assert streams[:2] == ["before", "slow"]
    assert sorted(streams[2:]) == [f"later-{i}" for i in range(5)]


async def test_an_insert_that_bypasses_the_store_still_waits_its_turn(database: Database) -> None:
    first = await asyncpg.connect(database.owner_dsn)
    second = await asyncpg.connect(database.owner_dsn)
    try:
        await first.execute("BEGIN")
        await first.execute(
            "INSERT INTO events (stream_id, stream_version, event_type, data)"
            " VALUES ('a', 1, 'x', '{}')"
        )
        await second.execute("SET statement_timeout = '300ms'")
        with pytest.raises(asyncpg.QueryCanceledError):
            await second.execute(
                "INSERT INTO events (stream_id, stream_version, event_type, data)"
                " VALUES ('b', 1, 'x', '{}')"
            )
        await first.execute("COMMIT")
    finally:
        await first.close()
        await second.close()


@pytest.mark.parametrize("role", ["service", "owner"])
@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE events SET data = '{}'",
        "DELETE FROM events",
        "TRUNCATE events",
        "UPDATE idempotency_keys SET key = 'x'",
        "DELETE FROM idempotency_keys",
        "TRUNCATE idempotency_keys",
    ],
)
async def test_events_cannot_be_changed_or_removed(
    database: Database, store: EventStore, role: str, statement: str
) -> None:
    await store.append("match-1", [event(1)], expected_version=0, idempotency_key="k")
    connection = await asyncpg.connect(
        database.app_dsn if role == "service" else database.owner_dsn
    )
    try:
        with pytest.raises(asyncpg.InsufficientPrivilegeError):
            await connection.execute(statement)
    finally:
        await connection.close()
    assert [e.data for e in await store.read_stream("match-1")] == ['{"n": 1}']


async def test_a_retried_append_with_its_idempotency_key_answers_the_first_and_writes_nothing(
    store: EventStore,
) -> None:
    first = await store.append("match-1", [event(1)], expected_version=0, idempotency_key="k1")

    again = await store.append("match-1", [event(1)], expected_version=0, idempotency_key="k1")

    assert again.replayed
    assert not first.replayed
    assert (again.first_position, again.last_version) == (first.first_position, first.last_version)
    assert await store.last_position() == 1


async def test_concurrent_retries_with_one_key_append_once(store: EventStore) -> None:
    results = await asyncio.gather(
        *(
            store.append("match-1", [event(1)], expected_version=0, idempotency_key="k1")
            for _ in range(10)
        )
    )

    assert sum(not r.replayed for r in results) == 1
    assert await store.last_position() == 1


async def test_an_idempotency_key_reused_for_other_content_is_refused(store: EventStore) -> None:
    await store.append("match-1", [event(1)], expected_version=0, idempotency_key="k1")

    with pytest.raises(IdempotencyKeyReused):
        await store.append("match-1", [event(2)], expected_version=1, idempotency_key="k1")

    assert await store.last_position() == 1


async def test_an_idempotent_result_can_be_looked_up_before_deciding(store: EventStore) -> None:
    await store.append(
        "match-1",
        [event(1)],
        expected_version=0,
        idempotency_key="k1",
        fingerprint=b"request-body-hash",
    )

    found = await store.idempotent_result("k1", b"request-body-hash")

    assert found is not None
    assert found.replayed
    assert found.last_version == 1
    assert await store.idempotent_result("unused", b"x") is None
    with pytest.raises(IdempotencyKeyReused):
        await store.idempotent_result("k1", b"another body")


async def test_an_untouched_stream_verifies(store: EventStore) -> None:
    await store.append("match-1", [event(n) for n in range(6)], expected_version=0)
    await store.append("match-1", [event(7)], expected_version=6)

    assert await store.verify_stream("match-1") is None


@pytest.mark.parametrize(
    "tampering",
    [
        "UPDATE events SET data = '{\"n\": 99}' WHERE stream_id = 'match-1' AND stream_version = 3",
        "UPDATE events SET event_type = 'passed'"
        " WHERE stream_id = 'match-1' AND stream_version = 3",
        "DELETE FROM events WHERE stream_id = 'match-1' AND stream_version = 3",
    ],
)
async def test_tampering_by_a_superuser_is_found_at_the_first_bad_version(
    database: Database, store: EventStore, tampering: str
) -> None:
    await store.append("match-1", [event(n) for n in range(6)], expected_version=0)
    superuser = await asyncpg.connect(database.owner_dsn)
    try:
        await superuser.execute("SET session_replication_role = replica")  # triggers off
        await superuser.execute(tampering)
    finally:
        await superuser.close()

    assert await store.verify_stream("match-1") == 3


async def test_the_service_role_can_only_read_and_append_the_log(database: Database) -> None:
    owner = await asyncpg.connect(database.owner_dsn)
    try:
        grants = await owner.fetch(
            "SELECT table_name, privilege_type FROM information_schema.role_table_grants"
            " WHERE grantee = 'domino_app' AND table_name IN ('events', 'idempotency_keys')"
        )
        role = await owner.fetchrow(
            "SELECT rolsuper, rolcreaterole, rolcreatedb, rolbypassrls, rolreplication"
            " FROM pg_roles WHERE rolname = 'domino_app'"
        )
        owns = await owner.fetchval(
            "SELECT count(*) FROM pg_tables WHERE tableowner = 'domino_app'"
        )
        definers = {
            r[0]: r[1]
            for r in await owner.fetch(
                "SELECT pronargs, prosecdef FROM pg_proc WHERE proname = 'append_events'"
            )
        }
        callers = {
            r[0]: r[1]
            for r in await owner.fetch(
                "SELECT p.oid::regprocedure::text, array_agg(coalesce(g.rolname, 'PUBLIC')"
                " ORDER BY 1) FROM pg_proc p, aclexplode(coalesce(p.proacl, acldefault('f',"
                " p.proowner))) a LEFT JOIN pg_roles g ON g.oid = a.grantee"
                " WHERE p.proname IN ('append_events', 'events_extend_to', 'events_next_position')"
                " AND a.grantee <> p.proowner GROUP BY 1"
            )
        }
    finally:
        await owner.close()

    assert {(g[0], g[1]) for g in grants} == {("events", "SELECT"), ("idempotency_keys", "SELECT")}
    assert definers == {9: True, 8: False}, "the role appends through the function, as the owner"
    assert callers == {
        "append_events(text[],integer[],integer[],text[],bytea[],text[],jsonb[],jsonb[],jsonb[])": [
            "domino_app"
        ]
    }, "nobody else calls the function; the older form and the partitions' are the owner's"
    assert role is not None
    assert not any(role), "the service role must hold no superpower"
    assert owns == 0


async def test_the_service_role_cannot_write_the_log_around_the_function(
    database: Database, app_pool: asyncpg.Pool
) -> None:
    """0023: a row of its own (a hash of its choice, a version out of turn, a key with any
    fingerprint) is refused; the store's appends, through the function, still go."""
    store = EventStore(app_pool)
    await store.append("match-1", [event()], expected_version=0, idempotency_key="k")
    app = await asyncpg.connect(database.app_dsn)
    try:
        for statement in (
            "INSERT INTO events (stream_id, stream_version, event_type, data, hash)"
            " VALUES ('match-1', 2, 'x', '{}', '\\x00')",
            "INSERT INTO events SELECT (jsonb_populate_record(e,"
            " jsonb_build_object('position', 99))).* FROM events e WHERE position = 1",
            "INSERT INTO idempotency_keys (key, fingerprint, stream_id, first_version,"
            " last_version, first_position, last_position) VALUES ('k2', '\\x00', 'x', 1, 1, 1, 1)",
        ):
            with pytest.raises(asyncpg.InsufficientPrivilegeError):
                await app.execute(statement)
    finally:
        await app.close()
    again = await store.append("match-1", [event()], expected_version=0, idempotency_key="k")
    assert again.replayed
    await store.append("match-1", [event()], expected_version=1)
    assert [e.version for e in await store.read_stream("match-1")] == [1, 2]
    assert await store.verify_stream("match-1") is None


async def test_append_events_refuses_a_call_of_the_wrong_shape(database: Database) -> None:
    """0023, from an attack: arrays from index 0 read the heads and the requests at other
    indexes (a version skipped, a link from another stream); a count below 1, events that
    do not add up to the counts, a request without a stream; nothing is written."""
    app = await asyncpg.connect(database.app_dsn)
    try:
        await app.fetch(
            APPEND,
            ["a", "b"],
            [0, 0],
            [1, 1],
            [None, None],
            [b"", b""],
            ["x", "x"],
            ["{}", "{}"],
            ["{}", "{}"],
            [None, None],
        )
        before = await app.fetchval("SELECT max(position) FROM events")
        zero_based = (
            "SELECT * FROM append_events('[0:1]={a,b}'::text[], '[0:1]={1,1}'::int[],"
            " '[0:1]={1,0}'::int[], '[0:1]={NULL,NULL}'::text[], '[0:1]={\\\\x,\\\\x}'::bytea[],"
            " '{x}'::text[], '{\"{}\"}'::jsonb[], '{\"{}\"}'::jsonb[], '{NULL}'::jsonb[])"
        )
        wrong = [
            (["a"], [1], [0], [None], [b""], [], [], [], []),
            (["a"], [1], [-2], ["k"], [b""], [], [], [], []),
            (["a"], [1], [2], [None], [b""], ["x"], ["{}"], ["{}"], [None]),
            (["a"], [1], [1], [None], [b""], ["x", "x"], ["{}"] * 2, ["{}"] * 2, [None] * 2),
            ([None], [None], [1], [None], [b""], ["x"], ["{}"], ["{}"], [None]),
            (
                ["a", "b"],
                [1],
                [1, 1],
                [None, None],
                [b"", b""],
                ["x"] * 2,
                ["{}"] * 2,
                ["{}"] * 2,
                [None] * 2,
            ),
        ]
        with pytest.raises(asyncpg.InvalidParameterValueError):
            await app.fetch(zero_based)
        for arguments in wrong:
            with pytest.raises(asyncpg.InvalidParameterValueError):
                await app.fetch(APPEND, *arguments)
        for call in (
            "SELECT events_extend_to(1000000)",
            "SELECT events_next_position()",
            "SELECT * FROM append_events('{c}', '{0}', '{1}', '{NULL}', '{\\\\x}', '{x}',"
            " '{\"{}\"}', '{\"{}\"}')",
        ):
            with pytest.raises(asyncpg.InsufficientPrivilegeError):
                await app.fetch(call)
        assert await app.fetchval("SELECT max(position) FROM events") == before
        assert await app.fetchval("SELECT count(*) FROM idempotency_keys") == 0
    finally:
        await app.close()


def test_the_two_key_advisory_lock_classes_are_each_their_own() -> None:
    """The first keys of the two-key advisory locks (a lease, a token issue, a competition's
    members kept steady): one class each, or two kinds of lock would wait on each other."""
    assert len({LEASE_CLASS, FIRST_TOKEN_LOCK, STEADY_CLASS}) == 3

"""The runner: exactly once, nothing skipped, one lease per projection, resumes after a crash
or a lost connection, woken by NOTIFY and, failing that, by polling."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from collections.abc import AsyncIterator, Mapping
from datetime import UTC, datetime
from pathlib import Path
from types import MappingProxyType
from typing import Any

import asyncpg
import pytest

from domain import INITIAL, CreateMatch, decide
from projections import all_projections
from projections.base import NOT_NARROWED
from projections.batches import (
    NOTIFY_CHANNEL,
    Skipped,
    apply_events,
    catch_up,
    checkpoint,
    ensure_checkpoint,
    read_after,
    skip_unread,
    step,
)
from projections.rebuild import rebuild
from projections.runner import APPLICATION_NAME, ProjectionRunner
from projections.stats import Stats
from service.policies import all_policies
from service.store.encoding import new_event
from service.store.event_store import EventStore, NewEvent
from tests.conftest import Database
from tests.projections.conftest import Project, caught_up, rank, read_models
from tests.projections.scripts import days, play

ROOT = Path(__file__).resolve().parents[2]
WINS = ("0 cruzada", "0 cruzada")


def table(n: int) -> tuple[str, str, str, str]:
    return (f"t{n}-a", f"t{n}-b", f"t{n}-c", f"t{n}-d")


async def totals(db: Any) -> dict[str, tuple[int, int]]:
    rows = await db.fetch(
        "SELECT player_id, sum(games_played)::int, sum(games_won)::int"
        " FROM proj_player_totals GROUP BY player_id"
    )
    return {r[0]: (r[1], r[2]) for r in rows}


@pytest.fixture
async def runner(database: Database) -> AsyncIterator[ProjectionRunner]:
    running = ProjectionRunner(
        database.app_dsn, all_projections(), batch_size=7, poll_seconds=0.05, retry_seconds=0.05
    )
    await running.start()
    yield running
    await running.stop()


async def test_applying_the_same_events_twice_changes_nothing(
    store: EventStore, app_pool: asyncpg.Pool, db: Any
) -> None:
    await play(store, "0 cruzada", "1 simples", "2 cruzada")
    await play(store, "block A", "tie", confirm=False)
    stats = Stats()
    await ensure_checkpoint(db, stats.name)
    events, last = await read_after(db, 0, 1000, stats.event_types)
    assert last is not None

    assert await apply_events(db, stats, events, last) == last
    once = await read_models(db)
    assert await apply_events(db, stats, events, last) == 0
    assert await catch_up(db, stats) == 0

    assert await read_models(db) == once
    assert (await rank(db))[0]["games_won"] == 1


async def test_concurrent_appends_while_the_runner_works_leave_nothing_skipped(
    store: EventStore, app_pool: asyncpg.Pool, runner: ProjectionRunner, db: Any
) -> None:
    async def writer(n: int) -> None:
        own = EventStore(app_pool)  # its own group commits, racing the others
        for day in range(4):
            await play(own if day % 2 else store, *WINS, seats=table(n), at=days(day))

    await asyncio.gather(*(writer(n) for n in range(12)))
    last = await caught_up(db)

    assert await checkpoint(db, "stats") == last
    counted = await totals(db)
    assert len(counted) == 48
    assert all(counted[f"t{n}-a"] == (4, 4) and counted[f"t{n}-b"] == (4, 0) for n in range(12))
    assert await db.fetchval("SELECT count(*) FROM proj_player_games") == 12 * 4 * 4


async def test_the_runner_is_woken_by_notify_without_polling(
    database: Database, store: EventStore, db: Any
) -> None:
    quiet = ProjectionRunner(database.app_dsn, all_projections(), poll_seconds=60)
    await quiet.start()
    try:
        await caught_up(db)
        await play(store, *WINS)
        await caught_up(db, within=3)
    finally:
        await quiet.stop()
    assert (await totals(db))["ana"] == (1, 1)


async def test_without_notifications_polling_catches_up(
    database: Database, store: EventStore, db: Any
) -> None:
    deaf = ProjectionRunner(
        database.app_dsn, all_projections(), poll_seconds=0.1, channel="nobody_notifies_this"
    )
    await deaf.start()
    try:
        await play(store, *WINS)
        await caught_up(db, within=5)
    finally:
        await deaf.stop()
    assert (await totals(db))["ana"] == (1, 1)


async def test_two_instances_never_apply_the_same_events_twice(
    database: Database, store: EventStore, db: Any
) -> None:
    first, second = (
        ProjectionRunner(database.app_dsn, all_projections(), batch_size=5, poll_seconds=0.05)
        for _ in range(2)
    )
    await first.start()
    await second.start()
    try:
        for day in range(6):
            await play(store, *WINS, at=days(day))
        await caught_up(db)
        assert [first.leased["stats"], second.leased["stats"]].count(True) == 1
        holder, other = (first, second) if first.leased["stats"] else (second, first)

        await holder.stop()  # the other instance takes the lease over
        await play(store, *WINS, at=days(7))
        await caught_up(db)
        assert other.leased["stats"]
    finally:
        await first.stop()
        await second.stop()
    assert (await totals(db))["ana"] == (7, 7)


async def test_a_runner_killed_mid_batch_resumes_with_the_right_result(
    database: Database, store: EventStore, project: Project, db: Any
) -> None:
    for day in range(8):
        await play(store, *WINS, seats=table(day % 3), at=days(day))
    await project()
    await db.execute("UPDATE projection_checkpoints SET position = 0 WHERE name = 'stats'")
    for name in Stats.tables:
        await db.execute(f"DELETE FROM {name}")
    stats = Stats()
    assert await step(db, stats, 10) == 10  # the first batch went through
    before = await read_models(db)

    killed = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.projections.stuck_runner",
        database.app_dsn,
        "15",
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
    )
    assert killed.stdout is not None
    assert await asyncio.wait_for(killed.stdout.readline(), 30) == b"inside\n"
    assert await read_models(db) == before  # its rows are written but not committed
    os.kill(killed.pid, signal.SIGKILL)
    await killed.wait()

    assert await checkpoint(db, "stats") == 10
    await catch_up(db, stats, batch_size=15)  # waits for the dead batch to roll back
    resumed = await read_models(db)
    assert (await totals(db))["t0-a"] == (3, 3)

    owner = await asyncpg.connect(database.owner_dsn)
    try:
        await rebuild(owner, stats, progress=False)
    finally:
        await owner.close()
    assert await read_models(db) == resumed


async def test_the_runner_resumes_after_its_connections_are_cut(
    database: Database, store: EventStore, runner: ProjectionRunner, db: Any
) -> None:
    await play(store, *WINS, at=days(0))
    await caught_up(db)
    owner = await asyncpg.connect(database.owner_dsn)
    try:
        cut = await owner.fetchval(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
            " WHERE application_name LIKE $1 AND datname = current_database()",
            f"{APPLICATION_NAME}%",
        )
    finally:
        await owner.close()
    assert cut == 2 + len(all_projections())  # the listener, the scout and each projection

    await play(store, *WINS, at=days(1))
    await play(store, *WINS, at=days(2))
    await caught_up(db)
    assert (await totals(db))["ana"] == (3, 3)
    assert runner.leased == {p.name: True for p in all_projections()}


class _Unread:
    """A projection that reads no event type: every batch only moves its checkpoint."""

    name = "unread"
    tables: tuple[str, ...] = ()
    event_types: tuple[str, ...] = ("no_such_event",)
    narrowed: Mapping[str, str] = NOT_NARROWED

    def writing_to(self, suffix: str) -> _Unread:
        return self

    async def apply(self, connection: Any, events: list[Any]) -> None:
        raise AssertionError("no event of its types exists")


async def test_a_batch_of_unread_events_moves_the_checkpoint_and_says_so(
    store: EventStore, app_pool: asyncpg.Pool, db: Any
) -> None:
    await play(store, *WINS)
    head = await db.fetchval("SELECT max(position) FROM events")
    heard: list[str] = []
    listener = lambda *args: heard.append(args[-1])  # noqa: E731
    await db.add_listener(NOTIFY_CHANNEL, listener)
    unread = _Unread()
    await ensure_checkpoint(db, unread.name)

    assert await step(db, unread, 5) == 5
    assert await step(db, unread, 1000) == head - 5
    assert await step(db, unread, 1000) == 0
    assert await checkpoint(db, unread.name) == head
    await asyncio.sleep(0.1)
    await db.remove_listener(NOTIFY_CHANNEL, listener)
    assert heard == ["unread:5", f"unread:{head}"]


async def test_a_checkpoint_moved_by_another_writer_is_never_moved_back(
    store: EventStore, app_pool: asyncpg.Pool, db: Any
) -> None:
    """A rebuild's swap (or a second instance) holds the checkpoint row and moves it while a
    batch of unread events is on its way: the batch waits, finds the row changed, and moves
    nothing back."""
    await play(store, *WINS)
    head = await db.fetchval("SELECT max(position) FROM events")
    unread = _Unread()
    await ensure_checkpoint(db, unread.name)
    async with app_pool.acquire() as swap, swap.transaction():
        await swap.execute(
            "SELECT position FROM projection_checkpoints WHERE name = $1 FOR UPDATE", unread.name
        )
        batch = asyncio.create_task(step(db, unread, 3))  # would move 0 -> 3
        await asyncio.sleep(0.3)
        assert not batch.done(), "it waits for the row"
        await swap.execute(
            "UPDATE projection_checkpoints SET position = $2 WHERE name = $1", unread.name, head
        )
    assert await batch == 0  # read again under the lock: nothing after the new checkpoint
    assert await checkpoint(db, unread.name) == head


class _Gated:
    """Reads the probes below and holds its first batch until the test opens the gate, as a
    runner that fell behind a busy database would be held."""

    name = "gated"
    tables: tuple[str, ...] = ()
    event_types: tuple[str, ...] = ("probe",)
    narrowed: Mapping[str, str] = NOT_NARROWED

    def __init__(self) -> None:
        self.batches: list[list[int]] = []
        self.started = asyncio.Event()
        self.gate = asyncio.Event()

    def writing_to(self, suffix: str) -> _Gated:
        return self

    async def apply(self, connection: Any, events: list[Any]) -> None:
        self.batches.append([event.position for event in events])
        self.started.set()
        await self.gate.wait()


async def test_events_that_arrive_while_the_runner_is_behind_are_folded_once_in_one_batch(
    database: Database, store: EventStore
) -> None:
    """While a batch is being folded, what arrives waits; the next batch takes all of it at
    once (a batch grows with how far behind the runner is, instead of a batch per event),
    and each event is folded exactly once. How many batches a steady stream makes depends on
    the machine's speed: bench/projections.py measures that, not this test."""
    gated = _Gated()
    runner = ProjectionRunner(database.app_dsn, [gated], settle_seconds=0.01)
    await runner.start()
    try:
        await store.append("probe-first", [NewEvent("probe", "{}")], expected_version=0)
        await asyncio.wait_for(gated.started.wait(), 30)
        for n in range(60):
            await store.append(f"probe-{n}", [NewEvent("probe", "{}")], expected_version=0)
        gated.gate.set()
        for _ in range(600):
            if sum(map(len, gated.batches)) >= 61:
                break
            await asyncio.sleep(0.05)
    finally:
        await runner.stop()
    folded = [position for batch in gated.batches for position in batch]
    assert len(folded) == len(set(folded)) == 61  # each probe folded once
    assert [len(batch) for batch in gated.batches] == [1, 60]


async def test_a_runner_stops_even_when_woken_as_it_is_stopped(database: Database) -> None:
    """Python 3.11's `asyncio.wait_for` loses a cancellation that arrives just as what it
    waits for is done (gh-86296): the runner's loop went on, and its stop never returned."""
    for ticks in [0, 1, 2, 3] * 6:
        runner = ProjectionRunner(database.app_dsn, all_projections(), poll_seconds=0.05)
        await runner.start()
        for _ in range(100):
            if all(runner.leased.values()):
                break
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.02)  # the workers wait for a wake-up
        runner.wake()
        for _ in range(ticks):
            await asyncio.sleep(0)
        await asyncio.wait_for(runner.stop(), 30)  # a hang guard, not a timing


async def test_one_statement_moves_every_projection_over_what_none_of_them_reads(
    store: EventStore, db: Any
) -> None:
    """The scout's: `unread` moves over the whole batch; `stats` reads some of those events,
    so it stays where it was, waiting for its worker (which the scout wakes)."""
    await play(store, *WINS)
    head = await db.fetchval("SELECT max(position) FROM events")
    unread, stats = _Unread(), Stats()
    for projection in (unread, stats):
        await ensure_checkpoint(db, projection.name)

    found = {s.name: s for s in await skip_unread(db, [unread, stats], 1000)}

    assert found["unread"] == Skipped("unread", 0, head, moved=True)
    assert not found["unread"].waiting
    assert found["stats"] == Skipped("stats", 0, head, moved=False)
    assert found["stats"].waiting
    assert await checkpoint(db, "unread") == head
    assert await checkpoint(db, "stats") == 0
    again = {s.name: s for s in await skip_unread(db, [unread, stats], 1000)}
    assert again["unread"] == Skipped("unread", head, head, moved=False)
    assert not again["unread"].waiting, "caught up"
    assert await step(db, stats, 1000, unread=False) == head
    assert await checkpoint(db, "stats") == head


class _FixtureHands(_Unread):
    """Reads the hands of the games that play a fixture alone, as the torneio policy does."""

    name = "fixture-hands"
    event_types: tuple[str, ...] = ("hand_ended",)
    narrowed: Mapping[str, str] = MappingProxyType({"hand_ended": "fixture_id"})


async def test_the_scout_passes_over_a_narrowed_type_in_the_games_it_does_not_concern(
    store: EventStore, db: Any
) -> None:
    """A hand of a game that plays no fixture moves the policy's checkpoint without waking
    its worker; a hand of a fixture's game waits for the worker."""
    fixture_hands = _FixtureHands()
    await ensure_checkpoint(db, fixture_hands.name)
    for stream, fixture in (("match-friendly", "null"), ("match-unnamed", None)):
        created = "{}" if fixture is None else f'{{"fixture_id": {fixture}}}'
        await store.append(
            stream,
            [NewEvent("match_created", created), NewEvent("hand_ended", "{}")],
            expected_version=0,
        )
    friendly = await db.fetchval("SELECT max(position) FROM events")

    found = await skip_unread(db, [fixture_hands], 1000)

    assert found == [Skipped(fixture_hands.name, 0, friendly, moved=True)]
    await store.append(
        "match-of-a-fixture",
        [NewEvent("match_created", '{"fixture_id": "f-1"}'), NewEvent("hand_ended", "{}")],
        expected_version=0,
    )
    head = await db.fetchval("SELECT max(position) FROM events")
    found = await skip_unread(db, [fixture_hands], 1000)
    assert found == [Skipped(fixture_hands.name, friendly, head, moved=False)]
    assert found[0].waiting
    assert await checkpoint(db, fixture_hands.name) == friendly


def test_the_torneio_policy_narrows_its_hands_by_what_a_fixture_s_game_records() -> None:
    """The scout reads the key at the top of the creation's stored body: a game of a fixture
    is recorded with it, any other without it (or null), or its hands would be passed over."""
    policy = all_policies()[0]
    key = policy.narrowed["hand_ended"]
    at, seats = datetime.now(UTC), ["a", "b", "c", "d"]
    of_a_fixture, friendly = (
        new_event(decide(command, INITIAL)[0], {})
        for command in (
            CreateMatch(
                at=at, preset="pontos", seats=seats, actor="x", competition_id="c", fixture_id="f-1"
            ),
            CreateMatch(at=at, preset="pontos", seats=seats, actor="x"),
        )
    )

    assert json.loads(of_a_fixture.data)[key] == "f-1"
    assert json.loads(friendly.data).get(key) is None
    assert set(policy.narrowed) <= set(policy.event_types)


class _AlsoUnread(_Unread):
    name = "also-unread"


async def test_the_scout_passes_over_a_checkpoint_someone_holds(
    store: EventStore, app_pool: asyncpg.Pool, db: Any
) -> None:
    """A worker's batch or a rebuild's swap holds its projection's row: the scout moves the
    others without waiting for it, and leaves that one to its worker."""
    await play(store, *WINS)
    head = await db.fetchval("SELECT max(position) FROM events")
    held, free = _Unread(), _AlsoUnread()
    for projection in (held, free):
        await ensure_checkpoint(db, projection.name)
    async with app_pool.acquire() as swap, swap.transaction():
        await swap.execute(
            "SELECT position FROM projection_checkpoints WHERE name = $1 FOR UPDATE", held.name
        )
        found = {s.name: s for s in await asyncio.wait_for(skip_unread(db, [held, free], 1000), 2)}
    assert found[free.name].moved
    assert not found[held.name].moved
    assert found[held.name].waiting, "its worker is woken to fold it itself"
    assert await checkpoint(db, free.name) == head
    assert await checkpoint(db, held.name) == 0

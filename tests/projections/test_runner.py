"""The runner: exactly once, nothing skipped, one lease per projection, resumes after a crash
or a lost connection, woken by NOTIFY and, failing that, by polling."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from projections import all_projections
from projections.batches import (
    apply_events,
    catch_up,
    checkpoint,
    ensure_checkpoint,
    read_after,
    step,
)
from projections.rebuild import rebuild
from projections.runner import APPLICATION_NAME, ProjectionRunner
from projections.stats import Stats
from service.store.event_store import EventStore
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
    assert cut == 1 + len(all_projections())  # the listener and each projection

    await play(store, *WINS, at=days(1))
    await play(store, *WINS, at=days(2))
    await caught_up(db)
    assert (await totals(db))["ana"] == (3, 3)
    assert runner.leased == {p.name: True for p in all_projections()}

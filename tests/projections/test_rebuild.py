"""Rebuild: from the first event into shadow tables, swapped in one transaction; what it
builds equals what the runner built event batch by event batch."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from projections import Directory, all_projections
from projections.base import Connection, StoredEvent
from projections.batches import catch_up
from projections.rebuild import RebuildRunning, rebuild, rebuild_side_by_side
from projections.remembered import RememberedGames
from projections.runner import ProjectionRunner
from projections.stats import Stats
from service.store.event_store import EventStore
from tests.conftest import Database
from tests.projections.conftest import caught_up, rank, read_models
from tests.projections.random_games import write_games
from tests.projections.scripts import AT, days, play, register

ROOT = Path(__file__).resolve().parents[2]
TORNEIO = "5d6c1e0a-0000-4000-8000-00000000000a"


@pytest.fixture
async def owner(database: Database) -> AsyncIterator[asyncpg.Connection]:
    connection = await asyncpg.connect(database.owner_dsn)
    yield connection
    await connection.close()


async def players(store: EventStore, count: int = 10) -> list[str]:
    return [await register(store, f"Jogador {n}") for n in range(count)]


async def rebuild_all(
    owner: asyncpg.Connection, batch_size: int = 20_000, reader: asyncpg.Connection | None = None
) -> None:
    for projection in all_projections():
        await rebuild(owner, projection, batch_size=batch_size, progress=False, reader=reader)


async def test_a_rebuild_equals_the_incremental_build(
    database: Database, store: EventStore, owner: asyncpg.Connection, db: Any
) -> None:
    everyone = await players(store)
    runner = ProjectionRunner(database.app_dsn, all_projections(), batch_size=3, poll_seconds=0.02)
    await runner.start()
    try:  # folded while it is written, in batches of at most 3 events
        await write_games(
            store, 30, seed=1, players=everyone, start=AT, competitions=(None, TORNEIO)
        )
        await caught_up(db, within=60)
    finally:
        await runner.stop()
    incremental = await read_models(db)
    assert len(incremental["proj_player_games"]) > 40
    assert incremental["proj_achievements"]

    await rebuild_all(owner, batch_size=7)  # a game's events span batches: its facts kept

    assert await read_models(db) == incremental
    names = await owner.fetch(
        "SELECT indexname FROM pg_indexes WHERE tablename LIKE 'proj\\_%' ORDER BY 1"
    )
    assert not [n for (n,) in names if "shadow" in n]


async def test_a_rebuild_in_batches_of_one_event_equals_one_in_large_batches(
    store: EventStore, owner: asyncpg.Connection, db: Any
) -> None:
    everyone = await players(store, 6)
    await write_games(store, 12, seed=2, players=everyone, start=AT)
    await rebuild_all(owner, batch_size=1)
    small = await read_models(db)

    await rebuild_all(owner, batch_size=100_000)

    assert await read_models(db) == small


async def test_a_rebuild_reading_ahead_on_a_second_connection_equals_one_reading_each_batch(
    database: Database, store: EventStore, owner: asyncpg.Connection, db: Any
) -> None:
    """The next batch's events read on another connection while this one folds (what
    `domino projections rebuild` and a side-by-side rebuild do) build the same tables, in
    batches small enough that every game spans several."""
    everyone = await players(store, 6)
    await write_games(store, 12, seed=3, players=everyone, start=AT, competitions=(None, TORNEIO))
    await rebuild_all(owner, batch_size=1)
    each_itself = await read_models(db)
    assert each_itself["proj_player_games"]

    reader = await asyncpg.connect(database.owner_dsn)
    try:
        await rebuild_all(owner, batch_size=7, reader=reader)
    finally:
        await reader.close()

    assert await read_models(db) == each_itself


async def test_every_projection_rebuilt_side_by_side_equals_each_rebuilt_alone(
    database: Database, store: EventStore, owner: asyncpg.Connection, db: Any
) -> None:
    """`domino projections rebuild` with no name: the longest fold here, the others each in
    a process of its own, every one reading ahead on a second connection."""
    everyone = await players(store, 6)
    await write_games(store, 12, seed=4, players=everyone, start=AT, competitions=(None, TORNEIO))
    await rebuild_all(owner, batch_size=5)
    alone = await read_models(db)
    assert alone["proj_player_games"]
    names = [p.name for p in all_projections()]
    head = await owner.fetchval("SELECT max(position) FROM events")

    command = await asyncio.create_subprocess_exec(  # one thread: its processes are forked
        str(Path(sys.executable).parent / "domino"),
        "projections",
        "rebuild",
        env={**os.environ, "DATABASE_URL": database.owner_dsn},
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    told = (await asyncio.wait_for(command.communicate(), 120))[0].decode()
    assert command.returncode == 0, told
    assert await read_models(db) == alone
    for name in names:
        assert f"projection {name} rebuilt up to event {head}" in told, told

    positions = await asyncio.to_thread(  # from a thread: its processes are spawned
        rebuild_side_by_side, database.owner_dsn, names, progress=False
    )
    assert await read_models(db) == alone
    assert positions == dict.fromkeys(names, head)


class Forgetful(Stats):
    """Stats whose rebuild keeps two games in memory: the others are read back."""

    def writing_to(self, suffix: str) -> Stats:
        return Stats(suffix, remembered=RememberedGames(size=2))


async def test_a_rebuild_that_keeps_few_games_in_memory_reads_the_others_back(
    store: EventStore, owner: asyncpg.Connection, db: Any, project: Any
) -> None:
    everyone = await players(store, 6)
    await write_games(store, 12, seed=5, players=everyone, start=AT, competitions=(None, TORNEIO))
    await project()
    incremental = await read_models(db)

    await rebuild(owner, Forgetful(), batch_size=7, progress=False)

    assert await read_models(db) == incremental


class HeldRebuild(Stats):
    """A rebuild that holds on its `hold_at`-th batch until released."""

    def __init__(self, hold_at: int = 1) -> None:
        super().__init__()
        self.hold_at = hold_at
        self.applying, self.release = asyncio.Event(), asyncio.Event()

    def writing_to(self, suffix: str) -> Stats:
        shadow = HeldShadow(suffix)
        shadow.hold_at, shadow.batches = self.hold_at, 0
        shadow.applying, shadow.release = self.applying, self.release
        return shadow


class HeldShadow(Stats):
    hold_at: int
    batches: int
    applying: asyncio.Event
    release: asyncio.Event

    async def apply(self, connection: Connection, events: list[StoredEvent]) -> None:
        self.batches += 1
        if self.batches == self.hold_at:
            self.applying.set()
            await self.release.wait()
        await super().apply(connection, events)


async def test_while_it_rebuilds_readers_see_the_previous_complete_version(
    store: EventStore, owner: asyncpg.Connection, db: Any, project: Any
) -> None:
    for day in range(6):
        await play(store, "0 cruzada", "1 simples", "2 cruzada", at=days(day))
    await project()
    before = await rank(db)

    held = HeldRebuild(hold_at=3)  # two batches are in the shadow tables
    rebuilding = asyncio.create_task(rebuild(owner, held, batch_size=4, progress=False))
    await asyncio.wait_for(held.applying.wait(), 30)
    seen = [await rank(db) for _ in range(5)]
    held.release.set()
    while not rebuilding.done():  # and on, up to the swap
        seen.append(await rank(db))
        await asyncio.sleep(0.005)
    await rebuilding

    assert len(seen) >= 5
    assert all(answer == before for answer in seen)
    assert await rank(db) == before


async def test_rebuild_while_the_service_runs_and_games_are_written(
    database: Database, store: EventStore, owner: asyncpg.Connection, db: Any
) -> None:
    everyone = await players(store, 8)
    await write_games(store, 10, seed=3, players=everyone, start=AT)
    runner = ProjectionRunner(database.app_dsn, all_projections(), batch_size=5, poll_seconds=0.02)
    await runner.start()
    try:
        writing = asyncio.create_task(
            write_games(store, 10, seed=4, players=everyone, start=days(30))
        )
        await rebuild_all(owner, batch_size=50)
        await writing
        await play(store, "0 cruzada", "0 cruzada", seats=tuple(everyone[:4]), at=days(60))
        await caught_up(db, within=30)
        assert runner.leased == {"directory": True, "stats": True, "ratings": True}
    finally:
        await runner.stop()
    live = await read_models(db)

    await rebuild_all(owner)

    assert await read_models(db) == live


async def test_rebuilding_one_projection_leaves_the_other_alone(
    store: EventStore, owner: asyncpg.Connection, db: Any
) -> None:
    await register(store, "Zé")
    await play(store, "0 cruzada", "0 cruzada")
    async with db.transaction():
        await catch_up(db, Directory())
    await db.execute("DELETE FROM proj_players")  # damage the directory's read model

    await rebuild(owner, Stats(), progress=False)

    assert await db.fetchval("SELECT count(*) FROM proj_players") == 0
    assert await db.fetchval("SELECT count(*) FROM proj_player_games") == 4


async def test_the_command_line_rebuilds_with_a_progress_bar(
    database: Database, store: EventStore, db: Any, project: Any
) -> None:
    await register(store, "Zé")
    await play(store, "0 cruzada", "0 cruzada")
    await project()
    built = await read_models(db)
    await db.execute("DELETE FROM proj_achievements")

    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "service",
        "projections",
        "rebuild",
        "stats",
        cwd=ROOT,
        env={**os.environ, "DATABASE_URL": database.owner_dsn},
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    _, err = await asyncio.wait_for(process.communicate(), 60)

    assert process.returncode == 0, err.decode()
    assert "stats: 100%" in err.decode()
    assert await read_models(db) == built


async def test_the_command_line_rebuilds_every_projection_side_by_side(
    database: Database, store: EventStore, db: Any, project: Any
) -> None:
    everyone = await players(store)
    await write_games(store, 12, seed=4, players=everyone, start=AT)
    await project()
    built = await read_models(db)
    rated = await db.fetch("SELECT r::text FROM proj_ratings r ORDER BY 1")
    await db.execute("DELETE FROM proj_achievements")
    await db.execute("DELETE FROM proj_players")
    await db.execute("DELETE FROM proj_ratings")

    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "service",
        "projections",
        "rebuild",
        cwd=ROOT,
        env={**os.environ, "DATABASE_URL": database.owner_dsn},
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    _, err = await asyncio.wait_for(process.communicate(), 120)

    assert process.returncode == 0, err.decode()
    for name in ("directory", "stats", "ratings"):  # each in its own process, each to the end
        assert f"{name}: 100%" in err.decode()
    assert await read_models(db) == built
    assert rated  # the games moved ratings, and the rebuild moved them the same way
    assert await db.fetch("SELECT r::text FROM proj_ratings r ORDER BY 1") == rated


async def test_two_rebuilds_of_one_projection_do_not_run_at_once(
    database: Database, store: EventStore, owner: asyncpg.Connection
) -> None:
    await play(store, "0 cruzada", "0 cruzada")
    other = await asyncpg.connect(database.owner_dsn)
    try:
        held = HeldRebuild()
        first = asyncio.create_task(rebuild(owner, held, batch_size=1, progress=False))
        await asyncio.wait_for(held.applying.wait(), 30)
        with pytest.raises(RebuildRunning):
            await rebuild(other, Stats(), progress=False)
        held.release.set()
        await first
        assert await rebuild(other, Stats(), progress=False) > 0
    finally:
        await other.close()

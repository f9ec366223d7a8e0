"""Rebuild a projection from the first event while the service keeps answering the old one.

1. Create shadow tables (`<table>_shadow`, LIKE the live ones) and fold every event into
   them, batch by batch, with their own checkpoint row (`<name>_shadow`).
2. Swap, in one transaction: lock the live checkpoint row (the live runner's next batch
   waits on it), fold the few events that arrived meanwhile into the shadow tables, drop the
   live tables, rename the shadow ones into their place, and set the live checkpoint to the
   shadow's. Readers see the old tables until the commit and the new ones after it, never
   a half-built read model; the live runner resumes from the new checkpoint.

Runs as the schema owner (it creates and drops tables), one rebuild of a projection at a
time (an advisory lock). A rebuild that dies before the swap leaves shadow tables that the
next rebuild drops and starts again.

`rebuild_side_by_side` rebuilds several projections at once, each in its own process (the
folds are Python, one core each) on its own connection: they share nothing but the events
they read. Given a second connection (`reader`: the command and the side-by-side rebuild
give one), a rebuild reads each batch's events there while it folds and writes the batch
before, so that PostgreSQL reads while Python folds (ratings alone 2.0 s to 1.5 s for a
million events; all side by side about 8% sooner, 2026-11-29).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import multiprocessing
import sys
import threading
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor

import asyncpg
from tqdm import tqdm  # type: ignore[import-untyped]

from projections import projection_named
from projections.base import Projection
from projections.batches import (
    apply_events,
    catch_up,
    checkpoint,
    ensure_checkpoint,
    read_after,
    step,
)
from projections.runner import LEASE_CLASS, lease_key

SHADOW = "_shadow"


BATCH = 100_000
"""Positions per batch of a rebuild: each costs a few round trips and one write per table,
whatever its size, and a rebuild is alone on its shadow tables."""


async def rebuild(
    owner: asyncpg.Connection,
    projection: Projection,
    *,
    batch_size: int = BATCH,
    progress: bool = True,
    grant_to: str = "domino_app",
    bar_position: int = 0,
    reader: asyncpg.Connection | None = None,
) -> int:
    """Rebuild `projection`; answer the position its new tables are at. `reader`: a second
    connection to the database, on which each batch's events are read while `owner` folds
    and writes the batch before (PostgreSQL reads while Python folds)."""
    key = lease_key(f"rebuild {projection.name}")
    if not await owner.fetchval("SELECT pg_try_advisory_lock($1, $2)", LEASE_CLASS, key):
        raise RebuildRunning(f"projection {projection.name!r} is being rebuilt already")
    try:
        return await _rebuild(
            owner, projection, batch_size, progress, grant_to, bar_position, reader
        )
    finally:
        await owner.execute("SELECT pg_advisory_unlock($1, $2)", LEASE_CLASS, key)


class RebuildRunning(RuntimeError):
    pass


@contextlib.asynccontextmanager
async def owner_connections(
    owner_dsn: str,
) -> AsyncIterator[tuple[asyncpg.Connection, asyncpg.Connection]]:
    """(the connection a rebuild writes on, the one it reads ahead on), both closed after."""
    async with contextlib.AsyncExitStack() as stack:
        connections = []
        for _ in range(2):
            connection = await asyncpg.connect(owner_dsn)
            stack.push_async_callback(connection.close)
            connections.append(connection)
        yield connections[0], connections[1]


YOUNG_COLLECTED_AFTER = 10_000
"""Objects allocated (net) between two young collections (CPython's default: 700), in a
process that rebuilds and in one that serves (`service.app.settled_heap`)."""


@contextlib.contextmanager
def fewer_collections() -> Iterator[None]:
    """For a process that rebuilds (the command's, a side-by-side one's): a fold allocates
    millions of short-lived objects and keeps thousands (the games a stats rebuild
    remembers), and the garbage collector's passes, young every 700 allocations and full
    over what is kept, took a sixth of the stats' CPU at a million events (2.4 s to 2.0).
    Not for a rebuild among other work in a process: the thresholds are the whole process's."""
    before = gc.get_threshold()
    gc.set_threshold(YOUNG_COLLECTED_AFTER, *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)


async def _rebuild(
    owner: asyncpg.Connection,
    projection: Projection,
    batch_size: int,
    progress: bool,
    grant_to: str,
    bar_position: int = 0,
    reader: asyncpg.Connection | None = None,
) -> int:
    shadow = projection.writing_to(SHADOW)
    deferred = await _create_shadow(owner, projection, shadow, grant_to)
    head = int(await owner.fetchval("SELECT coalesce(max(position), 0) FROM events"))
    with tqdm(
        total=head,
        unit="ev",
        unit_scale=True,
        desc=f"{projection.name:>9}",
        disable=not progress,
        position=bar_position,
        leave=True,
    ) as bar:
        if reader is None:
            while moved := await step(owner, shadow, batch_size):
                bar.update(moved)
        else:
            await _fill_reading_ahead(owner, reader, shadow, batch_size, bar.update)
    for statement in deferred:
        await owner.execute(statement)
    return await _swap(owner, projection, shadow, batch_size)


async def _fill_reading_ahead(
    owner: asyncpg.Connection,
    reader: asyncpg.Connection,
    shadow: Projection,
    batch_size: int,
    moved: Callable[[int], object],
) -> None:
    """Fold every event after the shadow's checkpoint, batch by batch, each batch's events
    read on `reader` while `owner` folds and writes the one before. The log is immutable and
    read in order, so what is read ahead is what `step` would have read."""
    types = list(shadow.event_types)
    ahead = asyncio.create_task(
        read_after(reader, await checkpoint(owner, shadow.name), batch_size, types)
    )
    try:
        while True:
            events, last = await ahead
            if last is None:
                return
            ahead = asyncio.create_task(read_after(reader, last, batch_size, types))
            moved(await apply_events(owner, shadow, events, last))
    finally:
        ahead.cancel()
        await asyncio.wait([ahead])
        if not ahead.cancelled():
            ahead.exception()  # retrieved: a read that failed beside a failed batch is told by it


async def _create_shadow(
    owner: asyncpg.Connection, projection: Projection, shadow: Projection, grant_to: str
) -> list[str]:
    """Create the shadow tables with their unique indexes (the folds' upserts need them);
    answer the statements that create the others, to run once the tables are full: one
    index built from a full table costs far less than the same index kept row by row."""
    deferred: list[str] = []
    async with owner.transaction():
        for table in projection.tables:
            await owner.execute(f"DROP TABLE IF EXISTS {table}{SHADOW}")
            await owner.execute(f"CREATE TABLE {table}{SHADOW} (LIKE {table} INCLUDING ALL)")
            for name, definition in await owner.fetch(_SECONDARY_INDEXES, f"{table}{SHADOW}"):
                await owner.execute(f'DROP INDEX "{name}"')
                deferred.append(definition)
            await owner.execute(
                f"GRANT SELECT, INSERT, UPDATE, DELETE ON {table}{SHADOW} TO {grant_to}"
            )
        await ensure_checkpoint(owner, shadow.name)
        await owner.execute(
            "UPDATE projection_checkpoints SET position = 0 WHERE name = $1", shadow.name
        )
    return deferred


_SECONDARY_INDEXES = """
SELECT i.relname, pg_get_indexdef(x.indexrelid) FROM pg_index x
JOIN pg_class i ON i.oid = x.indexrelid
WHERE x.indrelid = to_regclass($1) AND NOT x.indisunique
ORDER BY i.relname
"""


async def _swap(
    owner: asyncpg.Connection, projection: Projection, shadow: Projection, batch_size: int
) -> int:
    await ensure_checkpoint(owner, projection.name)
    async with owner.transaction():
        await owner.execute(
            "SELECT position FROM projection_checkpoints WHERE name = $1 FOR UPDATE",
            projection.name,
        )
        await catch_up(owner, shadow, batch_size)
        position = await checkpoint(owner, shadow.name)
        for table in projection.tables:
            await owner.execute(f"DROP TABLE {table}")
            await owner.execute(f"ALTER TABLE {table}{SHADOW} RENAME TO {table}")
            for (index,) in await owner.fetch(
                "SELECT indexname FROM pg_indexes WHERE schemaname = current_schema()"
                " AND tablename = $1",
                table,
            ):
                if index.startswith(f"{table}{SHADOW}"):
                    renamed = table + index.removeprefix(f"{table}{SHADOW}")
                    await owner.execute(f'ALTER INDEX "{index}" RENAME TO "{renamed}"')
        await owner.execute(
            "UPDATE projection_checkpoints SET position = $2, updated_at = clock_timestamp()"
            " WHERE name = $1",
            projection.name,
            position,
        )
        await owner.execute("DELETE FROM projection_checkpoints WHERE name = $1", shadow.name)
    return position


def rebuild_side_by_side(
    owner_dsn: str, names: Sequence[str], *, progress: bool = True
) -> dict[str, int]:
    """Rebuild the projections named at once: the one that reads the most kinds of events
    (the longest fold) in this process, together with the one that reads the fewest when
    there are three or more (its fold is mostly PostgreSQL's work: a process of its own
    costs more CPU to start, importing everything, than it folds), and each other in a
    process of its own. Answers the position each one's new tables are at; a failure in
    one is raised once all are done."""
    kinds = {name: len(projection_named(name).event_types) for name in names}
    here = [max(names, key=kinds.__getitem__)]
    if len(names) > 2:
        here.append(min(names, key=kinds.__getitem__))
    others = [n for n in names if n not in here]
    context = multiprocessing.get_context(_start_method())
    with ProcessPoolExecutor(max_workers=max(1, len(others)), mp_context=context) as pool:
        futures = {
            name: pool.submit(_rebuild_in_process, owner_dsn, [name], progress, position)
            for position, name in enumerate(others, start=len(here))
        }
        done = _rebuild_in_process(owner_dsn, here, progress, 0)
        return done | {name: future.result()[name] for name, future in futures.items()}


def _start_method() -> str:
    """Forked, the processes start with what this one imported (spawned, each imported it
    all again: 0.35 s of CPU, 3% of a side-by-side rebuild's time at a million events). A
    fork copies only the thread that calls it, so a lock another thread held then stays
    held in the child: processes are forked only from a process of one thread, as the
    command is (a test or a bench that calls from a thread gets them spawned), and only
    where fork is the platform's way (Linux)."""
    if sys.platform == "linux" and threading.active_count() == 1:
        return "fork"
    return "spawn"


def _rebuild_in_process(
    owner_dsn: str, names: list[str], progress: bool, first_bar: int
) -> dict[str, int]:
    """Rebuild these projections at once in this process, each on its own connection."""

    async def one(name: str, position: int) -> int:
        async with owner_connections(owner_dsn) as (connection, reader):
            return await rebuild(
                connection,
                projection_named(name),
                progress=progress,
                bar_position=position,
                reader=reader,
            )

    async def run() -> dict[str, int]:
        done = await asyncio.gather(
            *(one(name, first_bar + n) for n, name in enumerate(names)), return_exceptions=True
        )
        positions: dict[str, int] = {}
        for name, result in zip(names, done, strict=True):
            if isinstance(result, BaseException):
                raise result
            positions[name] = result
        return positions

    with fewer_collections():
        return asyncio.run(run())

"""The log at ten million events, one table against partitions (issue 22, part 3), on the
same server in one run: appends/s, a game's stream read, and a rebuild's read of the whole
log, in order on one connection and partition by partition side by side.

    .venv/bin/python bench/partitions.py [--events 10000000] [--span 1000000]

Two databases: `flat` at revision 0013 (one table), `parted` at head with a partition
every `--span` positions. Each gets the same synthetic log (games of 150 events, bulk-loaded
with the triggers off: the load is the bench's setup, not its measure), then the same
measures. Progress is printed as it goes.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
import uuid
from pathlib import Path

import asyncpg
from alembic import command

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import server
from service.store.database import (
    APP_ROLE,
    alembic_config,
    database_dsn,
    grant_app_login,
    with_credentials,
)
from service.store.event_store import EventStore, NewEvent

PER_GAME = 150
BODY = '{"seat": 2, "tile": "3-5", "end": "left", "at": "2026-11-21T20:00:00Z"}'
BATCH = 500_000
PASSWORD = "bench-app-password"


async def create(admin: str, name: str, span: int | None) -> tuple[str, str]:
    connection = await asyncpg.connect(admin)
    try:
        await connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await connection.execute(f'CREATE DATABASE "{name}"')
        if span is not None:
            await connection.execute(f"ALTER DATABASE \"{name}\" SET domino.events_span = '{span}'")
    finally:
        await connection.close()
    owner = database_dsn(admin, name)
    await asyncio.to_thread(
        command.upgrade, alembic_config(owner), "0013" if span is None else "head"
    )
    await grant_app_login(admin, PASSWORD)
    return owner, with_credentials(owner, APP_ROLE, PASSWORD)


async def load(owner: str, events: int, partitioned: bool) -> float:
    connection = await asyncpg.connect(owner)
    started = time.perf_counter()
    try:
        if partitioned:
            await connection.execute("SELECT events_extend_to($1)", events)
        await connection.execute("SET session_replication_role = replica")  # no triggers
        for first in range(1, events + 1, BATCH):
            last = min(first + BATCH - 1, events)
            await connection.execute(
                "INSERT INTO events (position, stream_id, stream_version, event_type, data,"
                " metadata, hash)"
                " SELECT p, 'match-' || ((p - 1) / $3), ((p - 1) % $3) + 1, 'tile_played',"
                " $4::jsonb, '{}', sha256(p::text::bytea)"
                " FROM generate_series($1::bigint, $2::bigint) AS p",
                first,
                last,
                PER_GAME,
                BODY,
            )
            print(f"    loaded {last:,} / {events:,}", flush=True)
        await connection.execute("ANALYZE events")
    finally:
        await connection.close()
    return time.perf_counter() - started


async def appends_per_second(app: str, writers: int = 16, seconds: float = 8) -> float:
    pool = await asyncpg.create_pool(app, min_size=4, max_size=8)
    store = EventStore(pool)
    deadline = time.perf_counter() + seconds
    done = 0

    async def writer() -> None:
        nonlocal done
        stream, version = f"bench-{uuid.uuid4()}", 0
        while time.perf_counter() < deadline:
            await store.append(stream, [NewEvent("tile_played", BODY)], expected_version=version)
            version += 1
            done += 1

    started = time.perf_counter()
    await asyncio.gather(*(writer() for _ in range(writers)))
    elapsed = time.perf_counter() - started
    await pool.close()
    return done / elapsed


async def stream_reads_ms(app: str, events: int, reads: int = 400) -> float:
    """The median time to read a whole game (150 events) chosen at random over the log."""
    pool = await asyncpg.create_pool(app, min_size=1, max_size=2)
    store = EventStore(pool)
    rng = random.Random(1)
    games = events // PER_GAME
    times = []
    for _ in range(reads):
        stream = f"match-{rng.randrange(games)}"
        began = time.perf_counter()
        read = await store.read_stream(stream)
        times.append((time.perf_counter() - began) * 1000)
        assert len(read) == PER_GAME
    await pool.close()
    return statistics.median(times)


async def read_in_order(owner: str, events: int, page: int = 50_000) -> float:
    """A rebuild's read: every event by position, page after page, on one connection."""
    connection = await asyncpg.connect(owner)
    started = time.perf_counter()
    after, seen = 0, 0
    try:
        while True:
            rows = await connection.fetch(
                "SELECT position, stream_id, data::text FROM events WHERE position > $1"
                " AND position <= $3 ORDER BY position LIMIT $2",
                after,
                page,
                events,
            )
            if not rows:
                break
            seen += len(rows)
            after = rows[-1][0]
    finally:
        await connection.close()
    assert seen == events
    return seen / (time.perf_counter() - started)


async def read_side_by_side(owner: str, events: int, ranges: int, page: int = 50_000) -> float:
    """The same read, split into `ranges` position ranges (the partitions) read at once."""
    bounds = [1 + events * n // ranges for n in range(ranges + 1)]
    bounds[-1] = events + 1
    seen = 0

    async def reader(low: int, high: int) -> None:
        nonlocal seen
        connection = await asyncpg.connect(owner)
        after = low - 1
        try:
            while after < high - 1:
                rows = await connection.fetch(
                    "SELECT position, stream_id, data::text FROM events WHERE position > $1"
                    " AND position < $2 ORDER BY position LIMIT $3",
                    after,
                    high,
                    page,
                )
                if not rows:
                    break
                seen += len(rows)
                after = rows[-1][0]
        finally:
            await connection.close()

    started = time.perf_counter()
    await asyncio.gather(*(reader(bounds[n], bounds[n + 1]) for n in range(ranges)))
    assert seen == events
    return seen / (time.perf_counter() - started)


async def measure(
    name: str, owner: str, app: str, events: int, span: int, partitioned: bool
) -> dict[str, float]:
    print(f"{name}: loading {events:,} events", flush=True)
    loaded = await load(owner, events, partitioned)
    print(f"{name}: loaded in {loaded:.0f} s; measuring", flush=True)
    results = {
        "appends/s (16 writers)": await appends_per_second(app),
        "stream read, median ms": await stream_reads_ms(app, events),
        "read in order, events/s": await read_in_order(owner, events),
    }
    ranges = max(1, events // span)
    results[f"read side by side ({ranges} ranges), events/s"] = await read_side_by_side(
        owner, events, ranges
    )
    for what, value in results.items():
        print(f"  {name}: {what}: {value:,.2f}", flush=True)
    return results


async def main(events: int, span: int) -> None:
    with server() as admin:
        flat = await create(admin, "bench_flat", None)
        parted = await create(admin, "bench_parted", span)
        one = await measure("one table", *flat, events, span, partitioned=False)
        many = await measure("partitioned", *parted, events, span, partitioned=True)
        print("\npartitioned / one table, same server, same run:")
        for (what, a), b in zip(one.items(), many.values(), strict=True):
            print(f"  {what}: {b / a:.2f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=10_000_000)
    parser.add_argument("--span", type=int, default=1_000_000)
    args = parser.parse_args()
    asyncio.run(main(args.events, args.span))

"""Appends/s of the event store (one event per append) at 1, 16 and 64 concurrent writers,
next to plain one-row INSERT commits/s on the same server, and their ratio.

    .venv/bin/python bench/append.py [--seconds 5] [--rounds 5] [--keyed]

The two sides take turns, `--rounds` each, for `--seconds` in all: a machine whose disk or
CPU drifts (other work on it) then slows both alike. The last column gives the lowest and
highest ratio of one round against the plain round next to it. `--keyed`: each append
carries an idempotency key of its own, as a client that retries safely sends.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
import uuid
from pathlib import Path

import asyncpg

# Run as a script, this folder heads sys.path: the repository goes first, for `bench.common`
# and so that this folder's domain.py and projections.py do not hide those packages.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import fresh_database, server
from service.store.event_store import EventStore, NewEvent

WRITERS = (1, 16, 64)
BODY = '{"seat": 2, "tile": "3-5", "end": "left", "at": "2026-11-21T20:00:00Z"}'


async def store_run(
    dsn: str, writers: int, seconds: float, keyed: bool = False
) -> tuple[int, float]:
    """Appends made, and the seconds they took."""
    pool = await asyncpg.create_pool(dsn, min_size=4, max_size=8)
    store = EventStore(pool)
    deadline = time.perf_counter() + seconds
    done = 0

    async def writer() -> None:
        nonlocal done
        stream, version = f"bench-{uuid.uuid4()}", 0
        while time.perf_counter() < deadline:
            await store.append(
                stream,
                [NewEvent("tile_played", BODY)],
                expected_version=version,
                idempotency_key=f"{stream}:{version}" if keyed else None,
            )
            version += 1
            done += 1

    started = time.perf_counter()
    await asyncio.gather(*(writer() for _ in range(writers)))
    elapsed = time.perf_counter() - started
    await pool.close()
    return done, elapsed


async def plain_run(dsn: str, writers: int, seconds: float) -> tuple[int, float]:
    """One-row INSERT commits made, and the seconds they took."""
    pool = await asyncpg.create_pool(dsn, min_size=writers, max_size=writers)
    await pool.execute(
        "CREATE TABLE IF NOT EXISTS plain_inserts (id bigserial PRIMARY KEY, data jsonb)"
    )
    try:
        return await plain_turn(pool, writers, seconds)
    finally:
        await pool.close()


async def plain_turn(pool: asyncpg.Pool, writers: int, seconds: float) -> tuple[int, float]:
    """One-row INSERT commits made on `pool` by `writers` for `seconds`, and the time taken."""
    deadline = time.perf_counter() + seconds
    done = 0

    async def writer() -> None:
        nonlocal done
        async with pool.acquire() as connection:
            while time.perf_counter() < deadline:
                await connection.execute("INSERT INTO plain_inserts (data) VALUES ($1)", BODY)
                done += 1

    started = time.perf_counter()
    await asyncio.gather(*(writer() for _ in range(writers)))
    return done, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="each side's time in all")
    parser.add_argument("--rounds", type=int, default=5, help="turns each side takes")
    parser.add_argument("--keyed", action="store_true", help="an idempotency key per append")
    args = parser.parse_args()
    turn = args.seconds / args.rounds
    with server() as admin:
        owner, app = fresh_database(admin, "bench_append")
        print(
            f"{'writers':>8} {'store appends/s':>16} {'plain inserts/s':>16} {'ratio':>6}"
            f" {'rounds':>11}"
        )
        for writers in WRITERS:
            store = [asyncio.run(store_run(app, writers, turn, args.keyed))]
            plain = [asyncio.run(plain_run(owner, writers, turn))]
            for _ in range(args.rounds - 1):  # store, plain, plain, store, store, plain...
                if len(store) % 2:
                    plain.append(asyncio.run(plain_run(owner, writers, turn)))
                    store.append(asyncio.run(store_run(app, writers, turn, args.keyed)))
                else:
                    store.append(asyncio.run(store_run(app, writers, turn, args.keyed)))
                    plain.append(asyncio.run(plain_run(owner, writers, turn)))
            store_rate = sum(d for d, _ in store) / sum(t for _, t in store)
            plain_rate = sum(d for d, _ in plain) / sum(t for _, t in plain)
            pairs = zip(store, plain, strict=True)
            rounds = [(ds / ts) / (dp / tp) for (ds, ts), (dp, tp) in pairs]
            print(
                f"{writers:>8} {store_rate:>16,.0f} {plain_rate:>16,.0f}"
                f" {store_rate / plain_rate:>6.2f} {min(rounds):>5.2f}-{max(rounds):<5.2f}",
                flush=True,
            )


if __name__ == "__main__":
    main()

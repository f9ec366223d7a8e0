"""What migration 0018 (the head lookup's plan) is worth: appends/s of the store on a database
without its settings, on one with them, and plain one-row INSERT commits/s, at 1, 16 and 64
writers, the three taking turns.

    .venv/bin/python bench/append_plan.py [--seconds 6] [--rounds 6]

Unlike bench/append.py each side keeps one pool for the whole run, made while its log is
empty, as a service started on a new database does: a plan cached then is what a long-lived
connection keeps using.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
import uuid
from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path

import asyncpg

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.append import BODY, plain_turn
from bench.common import fresh_database, server
from service.store.event_store import EventStore, NewEvent

WRITERS = (1, 16, 64)
FORMS = (
    "text[], int[], int[], text[], bytea[], text[], jsonb[], jsonb[], jsonb[]",
    "text[], int[], int[], text[], bytea[], text[], jsonb[], jsonb[]",
)
Turn = Callable[[], Awaitable[tuple[int, float]]]


def streams(count: int) -> list[tuple[str, int]]:
    """New streams, each at version 0."""
    return [(f"bench-{uuid.uuid4()}", 0) for _ in range(count)]


async def store_turn(
    store: EventStore, streams: list[tuple[str, int]], seconds: float
) -> tuple[int, float]:
    """Appends made by one writer a stream, and the seconds they took."""
    deadline = time.perf_counter() + seconds
    done = 0

    async def writer(i: int) -> None:
        nonlocal done
        while time.perf_counter() < deadline:
            stream, version = streams[i]
            await store.append(stream, [NewEvent("tile_played", BODY)], expected_version=version)
            streams[i] = (stream, version + 1)
            done += 1

    started = time.perf_counter()
    await asyncio.gather(*(writer(i) for i in range(len(streams))))
    return done, time.perf_counter() - started


async def compare(
    without: tuple[str, str], with_: tuple[str, str], rounds: int, seconds: float
) -> None:
    owner = await asyncpg.connect(without[0])
    try:
        for arguments in FORMS:  # the function as it was before 0018
            await owner.execute(
                f"ALTER FUNCTION append_events({arguments})"
                " RESET enable_sort RESET enable_bitmapscan"
            )
    finally:
        await owner.close()
    before = await asyncpg.create_pool(without[1], min_size=4, max_size=8)
    after = await asyncpg.create_pool(with_[1], min_size=4, max_size=8)
    plain = await asyncpg.create_pool(with_[0], min_size=max(WRITERS), max_size=max(WRITERS))
    await plain.execute(
        "CREATE TABLE IF NOT EXISTS plain_inserts (id bigserial PRIMARY KEY, data jsonb)"
    )
    stores = {"without 0018": EventStore(before), "with 0018": EventStore(after)}
    turn = seconds / rounds
    print(f"{'writers':>8} {'without/s':>10} {'with/s':>10} {'plain/s':>10} {'ratios':>12}")
    for writers in WRITERS:
        sides: dict[str, Turn] = {
            name: partial(store_turn, store, streams(writers), turn)
            for name, store in stores.items()
        }
        sides["plain"] = partial(plain_turn, plain, writers, turn)
        totals = {name: [0, 0.0] for name in sides}
        for number in range(rounds):
            order = list(sides) if number % 2 == 0 else list(sides)[::-1]
            for name in order:
                done, elapsed = await sides[name]()
                totals[name][0] += done
                totals[name][1] += elapsed
        rate = {name: done / elapsed for name, (done, elapsed) in totals.items()}
        print(
            f"{writers:>8} {rate['without 0018']:>10,.0f} {rate['with 0018']:>10,.0f}"
            f" {rate['plain']:>10,.0f} {rate['without 0018'] / rate['plain']:>5.2f}"
            f" {rate['with 0018'] / rate['plain']:>6.2f}",
            flush=True,
        )
    for pool in (before, after, plain):
        await pool.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=6.0, help="each side's time in all")
    parser.add_argument("--rounds", type=int, default=6, help="turns each side takes")
    args = parser.parse_args()
    with server() as admin:
        without = fresh_database(admin, "bench_append_before")
        with_ = fresh_database(admin, "bench_append")
        asyncio.run(compare(without, with_, args.rounds, args.seconds))


if __name__ == "__main__":
    main()

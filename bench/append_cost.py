"""What one call of `append_events` costs PostgreSQL, by the number of appends it carries,
next to a plain one-row INSERT commit: the server's CPU (its backend's, from /proc) and the
wall time per call, so a call's fixed cost and each append's share can be read apart.

    .venv/bin/python bench/append_cost.py [--calls 3000] [--sizes 1 4 16 64]

One connection, autocommit, each call appending one event to each of `size` streams (as
the store's committer sends a batch of that many one-event appends). The server must run
on this machine (the backend's CPU is read from /proc): the embedded one, by default.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path

import asyncpg

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import fresh_database, server
from service.store.event_store import APPEND

BODY = '{"seat": 2, "tile": "3-5", "end": "left", "at": "2026-11-21T20:00:00Z"}'
WARM_UP = 100


def backend_cpu(pid: int) -> float:
    """Seconds of CPU (user and system) the backend process `pid` has spent."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def per_call(
    connection: asyncpg.Connection, call: Callable[[], Awaitable[object]], calls: int
) -> tuple[float, float]:
    """(server CPU, wall time) in microseconds per call, after a warm-up."""
    pid = await connection.fetchval("SELECT pg_backend_pid()")
    for _ in range(WARM_UP):
        await call()
    cpu, started = backend_cpu(pid), time.perf_counter()
    for _ in range(calls):
        await call()
    wall = time.perf_counter() - started
    return 1e6 * (backend_cpu(pid) - cpu) / calls, 1e6 * wall / calls


async def appends(app_dsn: str, size: int, calls: int) -> tuple[float, float]:
    connection = await asyncpg.connect(app_dsn)
    streams = [f"cost-{uuid.uuid4()}" for _ in range(size)]
    versions = [0] * size

    async def call() -> None:
        nonlocal versions
        await connection.fetch(
            APPEND, streams, versions, [1] * size, [None] * size, [None] * size,
            ["tile_played"] * size, [BODY] * size, ["{}"] * size, [None] * size,
        )  # fmt: skip
        versions = [v + 1 for v in versions]

    try:
        return await per_call(connection, call, calls)
    finally:
        await connection.close()


async def plain(owner_dsn: str, calls: int) -> tuple[float, float]:
    connection = await asyncpg.connect(owner_dsn)
    await connection.execute(
        "CREATE TABLE IF NOT EXISTS plain_inserts (id bigserial PRIMARY KEY, data jsonb)"
    )
    try:
        return await per_call(
            connection,
            lambda: connection.execute("INSERT INTO plain_inserts (data) VALUES ($1)", BODY),
            calls,
        )
    finally:
        await connection.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--calls", type=int, default=3000, help="calls of one append each")
    parser.add_argument("--sizes", type=int, nargs="+", default=[1, 4, 16, 64])
    args = parser.parse_args()
    with server() as admin:
        owner, app = fresh_database(admin, "bench_append_cost")
        print(f"{'call':>22} {'server CPU us':>14} {'per append':>11} {'wall us':>9}")
        cpu, wall = asyncio.run(plain(owner, args.calls))
        print(f"{'plain INSERT commit':>22} {cpu:>14.1f} {cpu:>11.1f} {wall:>9.1f}", flush=True)
        for size in args.sizes:
            calls = max(200, args.calls // size)
            cpu, wall = asyncio.run(appends(app, size, calls))
            label = f"append_events x{size}"
            print(f"{label:>22} {cpu:>14.1f} {cpu / size:>11.1f} {wall:>9.1f}", flush=True)


if __name__ == "__main__":
    main()

"""Load held: the API benchmark's simulated tables at 80% of the measured maximum for
5 minutes, printing throughput, latency, errors, the service's memory and projection lag.

    .venv/bin/python bench/soak.py [--tables 16] [--seconds 300] [--load 0.8]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

# Run as a script, this folder heads sys.path: the repository goes first, for `bench.api`
# and so that this folder's domain.py and projections.py do not hide those packages.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.api import (
    JSON,
    Http,
    Stats,
    play_games,
    register_seats,
    scripted_games,
    service_process,
)
from bench.common import fresh_database, percentile, server

PORT = 8783


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def lag() -> int:
    _, body = await Http(PORT).request("GET", "/health")
    return max((p["lag"] for p in JSON.decode(body).get("projections", [])), default=0)


async def run(tables: int, seconds: float, interval: float, pid: int) -> None:
    seats = await register_seats(PORT)
    games = scripted_games("dominoes", 24, seats)
    stats = Stats()
    start = time.perf_counter()
    deadline = start + seconds
    players = [
        asyncio.create_task(play_games(Http(PORT), games, deadline, start, stats, interval))
        for _ in range(tables)
    ]
    memory_start, lags = rss_mib(pid), []
    while time.perf_counter() < deadline:
        await asyncio.sleep(min(15.0, max(0.1, deadline - time.perf_counter())))
        lags.append(await lag())
        elapsed = time.perf_counter() - start
        print(
            f"  {elapsed:5.0f} s  {len(stats.latencies) / elapsed:7.0f} moves/s  "
            f"errors {stats.errors}  rss {rss_mib(pid):6.1f} MiB  lag {lags[-1]} events",
            flush=True,
        )
    await asyncio.gather(*players)
    memory_end = rss_mib(pid)
    print(
        f"throughput {len(stats.latencies) / seconds:,.0f} moves/s, "
        f"p50 {percentile(stats.latencies, 0.5) * 1000:.2f} ms, "
        f"p99 {percentile(stats.latencies, 0.99) * 1000:.2f} ms, errors {stats.errors}, "
        f"games {stats.games}"
    )
    print(
        f"service memory: {memory_start:.1f} MiB at start, {memory_end:.1f} MiB at end "
        f"({(memory_end / memory_start - 1) * 100:+.1f}%, target < +10%)"
    )
    print(f"projection lag: max {max(lags)} events, last {lags[-1]} events")


async def measure_max(tables: int) -> float:
    seats = await register_seats(PORT)
    games = scripted_games("dominoes", 24, seats)
    stats = Stats()
    start = time.perf_counter()
    await asyncio.gather(
        *(play_games(Http(PORT), games, start + 13, start + 3, stats) for _ in range(tables))
    )
    return len(stats.latencies) / 10


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=300.0)
    parser.add_argument("--load", type=float, default=0.8)
    args = parser.parse_args()
    with server() as admin:
        owner, _ = fresh_database(admin, "bench_soak")
        with service_process(owner, PORT) as child:
            maximum = asyncio.run(measure_max(args.tables))
            rate = maximum * args.load
            print(
                f"measured maximum {maximum:,.0f} moves/s; soaking at {rate:,.0f} moves/s "
                f"({args.load:.0%}) for {args.seconds:.0f} s with {args.tables} tables"
            )
            asyncio.run(run(args.tables, args.seconds, args.tables / rate, child.pid))


if __name__ == "__main__":
    main()

"""Complete random games played over HTTP by K concurrent tables against the service on
PostgreSQL, next to a bare Litestar endpoint inserting one row per request on the same
server, at the same concurrency, in the same run.

    .venv/bin/python bench/api.py [--tables 16] [--seconds 20] [--workers 1]

Prints moves/s with p50/p99 latency for the service, requests/s with p50/p99 for the bare
endpoint, and their ratios. Both run with the same number of uvicorn worker processes
(`domino serve --workers N`); the load generator is a minimal keep-alive HTTP/1.1 client
on the same machine.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import msgspec

# Run as a script, this folder heads sys.path: the repository goes first, for `bench.common`
# and so that this folder's domain.py and projections.py do not hide those packages.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import BENCH_DIR, fresh_database, percentile, server
from tests.simulate import next_request

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "bench-admin-token"
JSON = msgspec.json.Decoder()


class Http:
    """One keep-alive HTTP/1.1 connection; enough of the protocol for JSON bodies."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: object = None) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        payload = b"" if body is None else msgspec.json.encode(body)
        head = (f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {TOKEN}"
                f"\r\nContent-Type: application/json\r\nContent-Length: {len(payload)}\r\n\r\n")
        self.writer.write(head.encode() + payload)
        assert self.reader is not None
        status_line = await self.reader.readline()
        length = 0
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        return int(status_line.split()[1]), await self.reader.readexactly(length)


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    requests: int = 0
    errors: int = 0
    games: int = 0


async def play_games(http: Http, seats: list[str], deadline: float, measure_from: float,
                     stats: Stats, interval: float = 0.0) -> None:
    """Whole games, one write after another; `interval` paces the writes (seconds apart)."""
    next_at = time.perf_counter()
    while time.perf_counter() < deadline:
        preset = random.choice(["pontos", "cinquenta", "federacao"])
        status, body = await http.request("POST", "/v1/matches",
                                          {"rules": {"preset": preset}, "seats": seats})
        state = JSON.decode(body)
        match = state["id"]
        while (write := next_request(state)) and time.perf_counter() < deadline:
            if interval:
                next_at += interval
                await asyncio.sleep(max(0.0, next_at - time.perf_counter()))
            started = time.perf_counter()
            kind, body_out = write
            status, body = await http.request("POST", f"/v1/matches/{match}/{kind}", body_out)
            if kind == "moves" and started >= measure_from:
                stats.latencies.append(time.perf_counter() - started)
            if started >= measure_from:
                stats.requests += 1
            if status != 201:
                stats.errors += 1
                break
            state = JSON.decode(body)
        stats.games += 1


async def insert_rows(http: Http, deadline: float, measure_from: float, stats: Stats) -> None:
    while time.perf_counter() < deadline:
        started = time.perf_counter()
        status, _ = await http.request("POST", "/insert", {"seat": 2, "tile": "3-5"})
        if started >= measure_from:
            stats.latencies.append(time.perf_counter() - started)
            stats.requests += 1
            stats.errors += status != 201


@contextmanager
def process(args: list[str], env: dict[str, str], port: int) -> Iterator[subprocess.Popen[bytes]]:
    BENCH_DIR.mkdir(exist_ok=True)
    with (BENCH_DIR / f"process-{port}.log").open("ab") as log:
        child = subprocess.Popen(args, env={**os.environ, **env}, cwd=ROOT,
                                 stdout=subprocess.DEVNULL, stderr=log)
    try:
        asyncio.run(wait_for_port(port))
        yield child
    finally:
        child.terminate()
        child.wait(30)


async def wait_for_port(port: int) -> None:
    for _ in range(300):
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.close()
            return
        except OSError:
            await asyncio.sleep(0.1)
    raise RuntimeError(f"nothing listens on {port}")


async def register_seats(port: int) -> list[str]:
    setup = Http(port)
    seats = []
    for name in ("Zé", "Ana", "Tião", "Bia"):
        _, body = await setup.request("POST", "/v1/players", {"name": name})
        seats.append(JSON.decode(body)["id"])
    return seats


def service_process(
    owner_dsn: str, port: int, workers: int = 1
) -> AbstractContextManager[subprocess.Popen[bytes]]:
    env = {"DATABASE_URL": owner_dsn, "DOMINO_BOOTSTRAP_TOKEN": TOKEN,
           "DOMINO_DATA_DIR": str(BENCH_DIR / "service")}
    command = [sys.executable, "-m", "service", "serve", "--port", str(port),
               "--workers", str(workers)]
    return process(command, env, port)


async def run_service(port: int, tables: int, seconds: float) -> tuple[Stats, float]:
    seats = await register_seats(port)
    stats = Stats()
    now = time.perf_counter()
    measure_from, deadline = now + 3, now + 3 + seconds
    await asyncio.gather(*(play_games(Http(port), seats, deadline, measure_from, stats)
                           for _ in range(tables)))
    return stats, seconds


async def run_bare(port: int, tables: int, seconds: float) -> tuple[Stats, float]:
    stats = Stats()
    now = time.perf_counter()
    measure_from, deadline = now + 3, now + 3 + seconds
    await asyncio.gather(*(insert_rows(Http(port), deadline, measure_from, stats)
                           for _ in range(tables)))
    return stats, seconds


def report(name: str, stats: Stats, seconds: float) -> tuple[float, float, float]:
    rate = len(stats.latencies) / seconds
    p50 = percentile(stats.latencies, 0.5) * 1000
    p99 = percentile(stats.latencies, 0.99) * 1000
    print(f"{name:<28} {rate:>10,.0f}/s   p50 {p50:6.2f} ms   p99 {p99:6.2f} ms   "
          f"errors {stats.errors}   games {stats.games}", flush=True)
    return rate, p50, p99


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--workers", type=int, default=1, help="uvicorn processes, both sides")
    args = parser.parse_args()
    python = str(Path(sys.executable))
    with server() as admin:
        owner, _ = fresh_database(admin, "bench_api")
        bare_owner, _ = fresh_database(admin, "bench_bare")
        print(f"{args.tables} concurrent tables, {args.workers} worker process(es) each, "
              f"{args.seconds:.0f} s measured after 3 s warm-up")
        with service_process(owner, 8781, args.workers):
            service = report("service: moves", *asyncio.run(
                run_service(8781, args.tables, args.seconds)))
        with process([python, "-m", "uvicorn", "--app-dir", "bench", "bare_app:app",
                      "--port", "8782", "--no-access-log", "--log-level", "warning",
                      "--workers", str(args.workers)],
                     {"DATABASE_URL": bare_owner}, 8782):
            bare = report("bare endpoint: inserts", *asyncio.run(
                run_bare(8782, args.tables, args.seconds)))
        print(f"ratio: throughput {service[0] / bare[0]:.2f} (target >= 0.6), "
              f"p99 {service[2] / bare[2]:.2f}x (target < 3x)")


if __name__ == "__main__":
    main()

"""Projections: rebuild throughput, and the lag from an append to the ranking that shows it.

    .venv/bin/python bench/projections.py [--events 1000000] [--seconds 20] [--tables 32]
                                          [--rate 4000] [--reuse]

1. Generates random legal games with the domain (tests/projections/random_games.py: deals
   played move by move, results, penalties, annulments, abandonments, confirmations), on
   both cores, their commands interleaved as at a club with many tables, and writes them
   with COPY into `events` (the hash-chain trigger runs for every row), then VACUUMs it.
2. Rebuilds every projection from the first event (shadow tables, then the swap), each alone
   and then all side by side (each in its own process), and prints events/s, then how long
   the read models take to answer the main reads on that data.
3. Runs the service's projection runner while a separate process plays games at `--tables`
   tables (one append per command, as the HTTP API does, `--rate` appends/s in all), and
   prints the lag from each append's commit to the commit of the projection batch that
   folds it (the moment the ranking shows it): for the confirmations (they change the
   ranking) and for every event.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import resource
import sys
import threading
import time
import uuid
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import asyncpg
from tqdm import tqdm  # type: ignore[import-untyped]

# Run as a script, this folder heads sys.path and this file's name would hide the package:
# the repository goes first and this folder is left out (`common` is imported as
# `bench.common`), in spawned workers too.
HERE = Path(__file__).resolve().parent
sys.path[:] = [str(HERE.parent), *(p for p in sys.path if Path(p or ".").resolve() != HERE)]

from bench.common import BENCH_DIR, fresh_database, percentile, server  # noqa: E402
from domain import GAMES  # noqa: E402
from projections import all_projections, player_stats, rankings, records  # noqa: E402
from projections.batches import NOTIFY_CHANNEL  # noqa: E402
from projections.rankings import RankingQuery  # noqa: E402
from projections.rebuild import (  # noqa: E402
    fewer_collections,
    owner_connections,
    rebuild,
    rebuild_side_by_side,
)
from projections.runner import ProjectionRunner  # noqa: E402
from service.app import settled_heap  # noqa: E402
from service.policies import all_policies  # noqa: E402
from service.store.database import APP_ROLE, database_dsn, migrate, with_credentials  # noqa: E402
from service.store.encoding import new_event  # noqa: E402
from service.store.event_store import EventStore  # noqa: E402
from tests.projections.random_games import RandomGame  # noqa: E402

DATABASE = "bench_projections"
START = datetime(2025, 1, 1, 18, 0, tzinfo=UTC)
PLAYERS = [str(uuid.UUID(int=n + 1)) for n in range(240)]
SPACING = 25.0  # a game starts every 25 s: about 40 tables play at once
Row = tuple[str, int, str, str, str, str | None]  # stream, version, type, data, metadata, secret


Chunk = tuple[float, list[tuple[str, str, str, str | None]]]  # a command's time, its events


def play_games(first: int, count: int, spacing: float) -> list[list[Chunk]]:
    """Games number first .. first + count - 1, one starting every `spacing` seconds: for
    each, its commands' events as (type, data, metadata, secret), with the command's time."""
    rng = random.Random(first)
    games = []
    for n in range(first, first + count):
        game = RandomGame(rng, rng.sample(PLAYERS, 4), START + timedelta(seconds=spacing * n))
        meta: dict[str, object] = {"actor": game.seats[0]}
        chunks = []
        for chunk in game.chunks():
            encoded = [new_event(event, meta) for event in chunk]
            if any(e.openings for e in encoded):  # COPY writes the log's rows alone
                raise ValueError("a random game wrote a text: its openings would be lost")
            rows = [(e.type, e.data, e.metadata, e.secret) for e in encoded]
            chunks.append((chunk[0].at.timestamp(), rows))
        games.append(chunks)
    return games


def in_time_order(games: list[list[Chunk]]) -> list[Row]:
    """Every game's commands merged in the order they happened, as the log would hold them."""
    ids = [f"match-{uuid.uuid4()}" for _ in games]
    moments = sorted(
        (at, g, c) for g, chunks in enumerate(games) for c, (at, _) in enumerate(chunks)
    )
    versions = [0] * len(games)
    rows: list[Row] = []
    for _, g, c in moments:
        for kind, data, meta, secret in games[g][c][1]:
            versions[g] += 1
            rows.append((ids[g], versions[g], kind, data, meta, secret))
    return rows


def generate(events: int) -> list[Row]:
    rows: list[Row] = [
        (
            f"player-{p}",
            1,
            "player_registered",
            json.dumps({"type": "player_registered", "at": START.isoformat(), "name": f"P{n}"}),
            "{}",
            None,
        )
        for n, p in enumerate(PLAYERS)
    ]
    games: list[list[Chunk]] = []
    size = 0
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        while size < events:
            work = [(len(games) + k * 200, 200, SPACING) for k in range(2)]
            for part in pool.starmap(play_games, work):
                games += part
                size += sum(len(chunk[1]) for game in part for chunk in game)
            print(f"\r  generated {size:,} events", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return rows + in_time_order(games)


async def copy_events(owner_dsn: str, rows: list[Row]) -> None:
    connection = await asyncpg.connect(owner_dsn)
    try:
        base = await connection.fetchval("SELECT coalesce(max(position), 0) FROM events")
        for first in range(0, len(rows), 100_000):
            part = rows[first : first + 100_000]
            await connection.copy_records_to_table(
                "events",
                records=[(base + first + i + 1, *row) for i, row in enumerate(part)],
                columns=[
                    "position",
                    "stream_id",
                    "stream_version",
                    "event_type",
                    "data",
                    "metadata",
                    "secret",
                ],
            )
        # A log written over months has been vacuumed long since (autovacuum): rows copied
        # a moment ago would make the first rebuild pay for setting every row's hint bits.
        await connection.execute("VACUUM (ANALYZE) events")
    finally:
        await connection.close()


def cpu_seconds() -> float:
    """CPU of this process and of its children that have exited (a side-by-side rebuild's)."""
    own, children = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def own_cpu_seconds() -> float:
    """CPU of this process alone (the runner's, in the lag's run)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    return own.ru_utime + own.ru_stime


def server_cpu_seconds() -> float | None:
    """CPU of the embedded server's backends that have exited (each rebuild's connections
    close when it is done), from its postmaster's /proc entry; None for a DATABASE_URL."""
    try:
        pid = int((BENCH_DIR / "pg" / "postmaster.pid").read_text().split()[0])
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, ValueError, IndexError):
        return None
    return (int(fields[13]) + int(fields[14])) / os.sysconf("SC_CLK_TCK")


def cpu_line(total: int, python: float, server: tuple[float | None, float | None]) -> str:
    """CPU per million events, Python and PostgreSQL: on a shared machine, the figure that
    the other work on it moves least."""
    per = 1_000_000 / total
    line = f"CPU per 1M events: Python {python * per:.2f} s"
    if server[0] is not None and server[1] is not None:
        postgres = server[1] - server[0]
        line += f", PostgreSQL {postgres * per:.2f} s, both {(python + postgres) * per:.2f} s"
    return line


def rebuild_all(owner_dsn: str) -> None:
    """Each projection alone, one after another; then all of them side by side (each in its
    own process), as `domino projections rebuild` does: from this process's one thread,
    its event loops closed, so that the processes are forked as the command's are."""
    tqdm.monitor_interval = 0  # its monitor thread, started by the first bar, would stay
    total = asyncio.run(rebuild_alone(owner_dsn))
    if threading.active_count() > 1:
        print(
            f"note: {threading.enumerate()} run here: the side-by-side processes are spawned,"
            " not forked as the command's",
            flush=True,
        )
    names = [p.name for p in all_projections()]
    server_before, python_before = server_cpu_seconds(), cpu_seconds()
    began = time.perf_counter()
    rebuild_side_by_side(owner_dsn, names)
    elapsed = time.perf_counter() - began
    time.sleep(0.2)  # the backends exit and are reaped
    python, server = cpu_seconds() - python_before, (server_before, server_cpu_seconds())
    print(
        f"rebuild       all: {total:,} events in {elapsed:.1f} s ="
        f" {total / elapsed:,.0f} events/s (side by side: {', '.join(names)});"
        f" {cpu_line(total, python, server)}",
        flush=True,
    )


async def rebuild_alone(owner_dsn: str) -> int:
    """Each projection alone, as `domino projections rebuild <name>` does; answers the log's
    last position."""
    connection = await asyncpg.connect(owner_dsn)
    total = int(await connection.fetchval("SELECT max(position) FROM events"))
    await connection.close()
    for projection in all_projections():
        server_before, python_before = server_cpu_seconds(), cpu_seconds()
        began = time.perf_counter()
        async with owner_connections(owner_dsn) as (connection, reader):  # closed: CPU counted
            with fewer_collections():  # as the command has it
                await rebuild(connection, projection, reader=reader)
        elapsed = time.perf_counter() - began
        await asyncio.sleep(0.2)  # the backend exits and is reaped
        python, server = cpu_seconds() - python_before, (server_before, server_cpu_seconds())
        print(
            f"rebuild {projection.name:>9}: {total:,} events in {elapsed:.1f} s ="
            f" {total / elapsed:,.0f} events/s; {cpu_line(total, python, server)}",
            flush=True,
        )
    return total


async def read_times(owner_dsn: str) -> None:
    """The read models' answers on the rebuilt data: median of 5 runs of each."""
    connection = await asyncpg.connect(owner_dsn)
    try:
        games = await connection.fetchval("SELECT count(*) FROM proj_games")
        top = await connection.fetchval(
            "SELECT player_id FROM proj_player_totals ORDER BY games_played DESC LIMIT 1"
        )
        since = await connection.fetchval("SELECT min(finished_at) FROM proj_player_games")
        reads: dict[str, Callable[[], Awaitable[object]]] = {
            "records": lambda: records.all_time(connection, game=GAMES[0].name),
            "ranking": lambda: rankings.ranking(connection, RankingQuery()),
            "ranking since": lambda: rankings.ranking(connection, RankingQuery(since=since)),
            "ranking by team": lambda: rankings.ranking(connection, RankingQuery(by="teams")),
            "player totals": lambda: player_stats.totals(connection, top, RankingQuery()),
            "player partners": lambda: player_stats.partners(connection, top, RankingQuery()),
        }
        for name, read in reads.items():
            times = []
            for _ in range(5):
                began = time.perf_counter()
                await read()
                times.append(time.perf_counter() - began)
            print(
                f"read {name:>16}: {sorted(times)[2] * 1000:7.1f} ms"
                f" (median of 5, {games:,} games)",
                flush=True,
            )
    finally:
        await connection.close()


def load(app_dsn: str, seconds: float, tables: int, seed: int, out: str, rate: float) -> None:
    """In its own process: `tables` games at a time, one append per command, `rate` appends
    a second in all (0: as fast as they go)."""
    asyncio.run(_load(app_dsn, seconds, tables, seed, out, rate))


async def _load(
    app_dsn: str, seconds: float, tables: int, seed: int, out: str, rate: float
) -> None:
    pool = await asyncpg.create_pool(app_dsn, min_size=4, max_size=8)
    store = EventStore(pool)
    deadline = time.monotonic() + seconds
    appended: list[tuple[int, int, float]] = []  # (last position, confirmed?, commit time)

    pace = tables / rate if rate else 0.0  # seconds between one table's appends

    async def table(n: int) -> None:
        rng = random.Random(seed * 1000 + n)
        due = time.monotonic() + pace * n / tables  # the tables' appends spread evenly
        while time.monotonic() < deadline:
            game = RandomGame(rng, rng.sample(PLAYERS, 4), datetime.now(UTC), step_seconds=1)
            stream, version = f"match-{uuid.uuid4()}", 0
            for chunk in game.chunks():
                events = [new_event(e, {"actor": game.seats[0]}) for e in chunk]
                result = await store.append(stream, events, expected_version=version)
                version = result.last_version
                confirmed = int(any(e.type == "match_confirmed" for e in events))
                appended.append((result.last_position, confirmed, time.monotonic()))
                if time.monotonic() >= deadline:
                    break
                if pace:
                    due += pace
                    await asyncio.sleep(max(0.0, due - time.monotonic()))

    await asyncio.gather(*(table(n) for n in range(tables)))
    await pool.close()
    await asyncio.to_thread(Path(out).write_text, json.dumps(appended))


async def lag(owner_dsn: str, app_dsn: str, seconds: float, tables: int, rate: float) -> None:
    seen: list[tuple[int, float]] = []
    listener = await asyncpg.connect(owner_dsn)

    def folded(_: object, __: int, ___: str, payload: object) -> None:
        name, _, position = str(payload).partition(":")
        if name == "stats":
            seen.append((int(position), time.monotonic()))

    await listener.add_listener(NOTIFY_CHANNEL, folded)
    settled_heap()  # the collector as `domino serve` has it, whose runner this is
    folding = [*all_projections(), *all_policies()]
    runner = ProjectionRunner(app_dsn, folding)  # as served
    await runner.start()
    out = str(HERE.parent / ".bench" / "appended.json")
    process = multiprocessing.get_context("spawn").Process(
        target=load, args=(app_dsn, seconds, tables, 7, out, rate)
    )
    began, runner_cpu = time.monotonic(), own_cpu_seconds()
    process.start()
    await asyncio.get_running_loop().run_in_executor(None, process.join)
    elapsed, runner_cpu = time.monotonic() - began, own_cpu_seconds() - runner_cpu
    await asyncio.sleep(2)  # the last batches' notifications, for the lag of the last appends
    behind = await behind_after(owner_dsn, [p.name for p in folding], 30.0)
    await runner.stop()
    if behind:  # a projection that failed would have measured a lighter runner than served
        raise SystemExit(f"projections behind the log after the load: {behind}")
    await listener.close()
    text = await asyncio.to_thread(Path(out).read_text)
    appended = [(int(a[0]), int(a[1]), float(a[2])) for a in json.loads(text)]
    report(appended, seen, elapsed)
    print(
        f"the runner's CPU over the load (every projection and policy, as `domino serve`"
        f" folds): {runner_cpu:.2f} s, {runner_cpu / max(1, len(appended)) * 1e6:.0f} us an append",
        flush=True,
    )


async def behind_after(owner_dsn: str, names: list[str], seconds: float) -> dict[str, int]:
    """The checkpoints of `names` still short of the log's last position once `seconds` have passed
    (none: every projection and policy folded all the load)."""
    connection = await asyncpg.connect(owner_dsn)
    try:
        deadline = time.monotonic() + seconds
        while True:
            rows = await connection.fetch(
                "SELECT name, position FROM projection_checkpoints"
                " WHERE name = ANY($1::text[]) AND position < (SELECT max(position) FROM events)",
                names,
            )
            if not rows or time.monotonic() > deadline:
                return {r[0]: int(r[1]) for r in rows}
            await asyncio.sleep(0.5)
    finally:
        await connection.close()


def report(
    appended: list[tuple[int, int, float]], seen: list[tuple[int, float]], elapsed: float
) -> None:
    seen.sort()
    lags, confirmed = [], []
    k = 0
    for position, is_confirmation, committed in sorted(appended):
        while k < len(seen) and seen[k][0] < position:
            k += 1
        if k == len(seen):
            continue
        delay = max(0.0, seen[k][1] - committed)
        lags.append(delay)
        if is_confirmation:
            confirmed.append(delay)
    events = appended[-1][0] - appended[0][0] if appended else 0
    times = [committed for _, _, committed in appended]
    window = max(times) - min(times) if len(times) > 1 else 0.0
    rate = (len(times) - 1) / window if window else 0.0
    print(
        f"load: {len(appended):,} appends ({events:,} events) in {window:.1f} s from the first"
        f" commit to the last = {rate:,.0f} appends/s ({elapsed:.1f} s with the load process's"
        " start and end)",
        flush=True,
    )
    for name, values in (("confirmations", confirmed), ("every append", lags)):
        if values:
            print(
                f"lag to visible ranking, {name} ({len(values):,}): "
                f"p50 {percentile(values, 0.5) * 1000:.0f} ms, "
                f"p99 {percentile(values, 0.99) * 1000:.0f} ms, "
                f"max {max(values) * 1000:.0f} ms",
                flush=True,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=1_000_000)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--tables", type=int, default=32)
    parser.add_argument(
        "--rate", type=float, default=4000.0, help="appends/s of the lag's load (0: no cap)"
    )
    parser.add_argument(
        "--reuse",
        action="store_true",
        help="the events of the previous run, kept (to compare two versions of the code)",
    )
    args = parser.parse_args()
    with server() as admin:
        if args.reuse and asyncio.run(has_events(admin, DATABASE)):
            owner = database_dsn(admin, DATABASE)
            migrate(owner)
            app = with_credentials(owner, APP_ROLE, "bench-app-password")
            print("events: those of the previous run", flush=True)
        else:
            owner, app = generated_events(admin, args.events)
        rebuild_all(owner)
        asyncio.run(read_times(owner))
        asyncio.run(lag(owner, app, args.seconds, args.tables, args.rate))


async def has_events(admin_dsn: str, name: str) -> bool:
    connection = await asyncpg.connect(admin_dsn)
    try:
        if not await connection.fetchval("SELECT 1 FROM pg_database WHERE datname = $1", name):
            return False
    finally:
        await connection.close()
    connection = await asyncpg.connect(database_dsn(admin_dsn, name))
    try:
        return bool(await connection.fetchval("SELECT EXISTS (SELECT 1 FROM events)"))
    finally:
        await connection.close()


def generated_events(admin: str, events: int) -> tuple[str, str]:
    """A fresh database holding about `events` events of random games: (owner, app) DSNs."""
    owner, app = fresh_database(admin, DATABASE)
    began = time.perf_counter()
    rows = generate(events)
    generated = time.perf_counter()
    asyncio.run(copy_events(owner, rows))
    copied = time.perf_counter()
    print(
        f"events: {len(rows):,} generated in {generated - began:.0f} s,"
        f" written with COPY in {copied - generated:.0f} s",
        flush=True,
    )
    return owner, app


if __name__ == "__main__":
    main()

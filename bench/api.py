"""Complete random games played over HTTP by K concurrent tables against the service on
PostgreSQL, next to a bare Litestar endpoint inserting one row per request on the same
server, at the same concurrency, in the same run.

    .venv/bin/python bench/api.py [--tables 16] [--seconds 20] [--rounds 4] [--workers 1]
                                  [--game <a registered game>|all] [--readers 0]
                                  [--projections in|apart] [--profile]

Prints moves/s with p50/p99 latency for the service, requests/s with p50/p99 for the bare
endpoint, and their ratios. Both run with the same number of uvicorn worker processes
(`domino serve --workers N`); the load generator is a minimal keep-alive HTTP/1.1 client
on the same machine. Both servers stay up for the whole run and take turns, `--rounds`
times, each round measuring `--seconds / --rounds` of each after a warm-up: a machine
whose speed drifts (a shared virtual machine's does, by 30% over a minute) slows both
sides alike, and the ratio of the sums is the figure. Each round's ratio is printed too.

`--game` picks what the tables play: any registered game (dominoes by default), or `all`,
each in turn, a line of ratios a game at the end. The games are the domain's random players'
(tests/domain/round_trip_play.py: legal moves, every deal posted), made before the clock
starts and posted move by move by the scorekeeper, who posted the deals; only moves are
timed and counted in moves/s (deals, results and game creations are not; the last line also
gives the ratio of every write, as a table spends a share of its time on the others).
`--readers N` adds N clients reading a ranking, a player's statistics, a list of games and a
page of the feed in turn while the tables play, and prints each read's rate and latency.
`--profile` samples both servers with py-spy over each side's first measured round and prints
the CPU each part of a write took on each side, and what the service spends more
(bench/where.py).
`--projections apart` runs the service as `serve --no-projections` with `domino projections
run` beside it (the README's split deployment); the folding process's CPU counts as the
service's. Each side's CPU per write is printed with this client's and the machine's idle
cores: on a machine the run keeps nearly busy, the ratio follows the whole CPU per write.
Each game's last line, "the cores' ceiling", is what that whole CPU allows: the bare
endpoint's CPU a write over the service's, times the share of the service's writes that are
moves. A ratio near its ceiling is bound by the work a write does; one far below it, by the
waits of the serving loop.
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
from typing import Any

import asyncpg
import msgspec

# Run as a script, this folder heads sys.path: the repository goes first, for `bench.common`
# and so that this folder's domain.py and projections.py do not hide those packages.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import BENCH_DIR, fresh_database, percentile, server
from bench.where import Profile
from bench.where import report as report_where
from domain import BY_NAME
from service.http.web.rate_limits import NO_LIMITS
from tests.api.bodies_of import body_of
from tests.domain.round_trip_play import random_game

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "bench-admin-token"
JSON = msgspec.json.Decoder()
GAMES = tuple(BY_NAME)
SERVICE_PORT = int(os.environ.get("BENCH_SERVICE_PORT", "8781"))
BARE_PORT = SERVICE_PORT + 1
"""Another port (BENCH_SERVICE_PORT, and BENCH_PG_PORT for PostgreSQL: bench/common.py) lets
two of these run at once on one machine."""
SCRIPTS = 24
"""Random games made of each game before the clock starts; the tables play them in turn."""
PLAYERS = ("Zé", "Ana", "Tião", "Bia", "Rui", "Lia", "Caio", "Nina")
Json = dict[str, Any]
Write = tuple[str, Json]


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
        head = (
            f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {TOKEN}"
            f"\r\nContent-Type: application/json\r\nContent-Length: {len(payload)}\r\n\r\n"
        )
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
    first_error: str = ""
    """The first refused write: its path, status and answer."""
    app_cpu: float = 0.0
    """CPU seconds the server's processes used while measured (user and system)."""
    db_cpu: float = 0.0
    """CPU seconds PostgreSQL's processes used while measured."""
    client_cpu: float = 0.0
    """CPU seconds this load generator used while measured (it shares the machine)."""
    idle: float = 0.0
    """CPU seconds the machine's cores spent idle while measured."""
    measured: float = 0.0
    """Seconds measured."""


TICKS = os.sysconf("SC_CLK_TCK")
PIDS: dict[str, int] = {}
"""The root process of each side ("service", "bare"), the service's projections' process
("projections", with `--projections apart`) and PostgreSQL's postmaster ("db")."""


def cpu_seconds(root: int) -> float:
    """User and system CPU of a process and all its descendants, from /proc: unlike a rate,
    it hardly depends on what else the machine is doing."""
    parents: dict[int, int] = {}
    used: dict[int, float] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # gone meanwhile
        parents[int(entry.name)] = int(fields[1])
        # its own time and its reaped children's: a backend that exits meanwhile moves its
        # time into the postmaster's, so the sum never goes back
        used[int(entry.name)] = sum(int(f) for f in fields[11:15]) / TICKS
    tree, frontier = {root}, [root]
    while frontier:
        parent = frontier.pop()
        children = [pid for pid, ppid in parents.items() if ppid == parent]
        tree.update(children)
        frontier += children
    return sum(used.get(pid, 0.0) for pid in tree)


async def metered(side: str, stats: Stats, measure_from: float, deadline: float) -> None:
    """The CPU of `side`'s server and of PostgreSQL over the measured window."""
    await asyncio.sleep(max(0.0, measure_from - time.perf_counter()))
    app, db = side_cpu(side), cpu_seconds(PIDS["db"])
    client, idle, started = time.process_time(), idle_seconds(), time.perf_counter()
    await asyncio.sleep(max(0.0, deadline - time.perf_counter()))
    stats.app_cpu += side_cpu(side) - app
    stats.db_cpu += cpu_seconds(PIDS["db"]) - db
    stats.client_cpu += time.process_time() - client
    stats.idle += idle_seconds() - idle
    stats.measured += time.perf_counter() - started


def side_cpu(side: str) -> float:
    """The CPU of a side's server, and of its projections' process when it has one."""
    used = cpu_seconds(PIDS[side])
    if side == "service" and "projections" in PIDS:
        used += cpu_seconds(PIDS["projections"])
    return used


def idle_seconds() -> float:
    """Seconds all the machine's cores have spent idle (or waiting for I/O) since boot."""
    fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
    return (int(fields[3]) + int(fields[4])) / TICKS


@dataclass(frozen=True)
class Scripted:
    """A whole game of the domain's random players, as a client posts it."""

    create: Json
    writes: list[Write]


def scripted_games(game: str, count: int, seats: list[str], seed: int = 7) -> list[Scripted]:
    """`count` random legal games of `game`, each its creation's body and its writes."""
    games: list[Scripted] = []
    n = seed
    while len(games) < count:
        played = random_game(game, n)
        if any(getattr(command, "restock", None) for command in played.commands):
            # The service shuffles a new stock its own way, and the rest would not follow:
            # the same game without a posted stock, each draw naming its cards.
            played = random_game(game, n, known=False)
        n += 1
        rules = msgspec.to_builtins(played.created.rules)
        preset = rules.pop("preset")
        create = {
            "rules": {"preset": preset, "overrides": rules},
            "seats": seats[: len(played.created.seats)],
        }
        games.append(Scripted(create, [body_of(game, command) for command in played.commands]))
    return games


async def play_games(
    http: Http,
    games: list[Scripted],
    deadline: float,
    measure_from: float,
    stats: Stats,
    interval: float = 0.0,
) -> None:
    """Whole games, one write after another; `interval` paces the writes (seconds apart)."""
    next_at = time.perf_counter()
    rng = random.Random()
    while time.perf_counter() < deadline:
        script = rng.choice(games)
        created = time.perf_counter()
        status, body = await http.request("POST", "/v1/matches", script.create)
        if created >= measure_from:
            stats.requests += 1  # a write like the others: its CPU is counted too
        if status != 201:
            stats.errors += 1
            raise RuntimeError(f"a new game was refused ({status}): {body[:300]!r}")
        match = JSON.decode(body)["id"]
        for kind, body_out in script.writes:
            if time.perf_counter() >= deadline:
                break
            if interval:
                next_at += interval
                await asyncio.sleep(max(0.0, next_at - time.perf_counter()))
            started = time.perf_counter()
            status, body = await http.request("POST", f"/v1/matches/{match}/{kind}", body_out)
            if kind == "moves" and started >= measure_from:
                stats.latencies.append(time.perf_counter() - started)
            if started >= measure_from:
                stats.requests += 1
            if status not in (200, 201):
                stats.errors += 1
                stats.first_error = stats.first_error or f"{kind} {status}: {body[:300]!r}"
                break
        stats.games += 1


READS = {
    "ranking": "/v1/rankings",
    "player stats": "/v1/players/{player}/stats",
    "games list": "/v1/matches?limit=20",
    "feed page": "/v1/events?after=0&limit=100",
}
"""What the readers of `--readers` ask, in turn, while the tables play."""


async def read_views(
    http: Http, player: str, deadline: float, measure_from: float, reads: dict[str, Stats]
) -> None:
    while time.perf_counter() < deadline:
        for name, path in READS.items():
            started = time.perf_counter()
            status, _ = await http.request("GET", path.format(player=player))
            if started >= measure_from:
                stats = reads.setdefault(name, Stats())
                stats.latencies.append(time.perf_counter() - started)
                stats.errors += status != 200


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
        child = subprocess.Popen(
            args, env={**os.environ, **env}, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=log
        )
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
    for name in PLAYERS:
        _, body = await setup.request("POST", "/v1/players", {"name": name})
        answer = JSON.decode(body)
        if "id" not in answer:
            raise RuntimeError(f"{name} was not registered: {answer}")
        seats.append(answer["id"])
    return seats


def service_process(
    owner_dsn: str, port: int, workers: int = 1, apart: bool = False
) -> AbstractContextManager[subprocess.Popen[bytes]]:
    env = {
        "DATABASE_URL": owner_dsn,
        "DOMINO_BOOTSTRAP_TOKEN": TOKEN,
        "DOMINO_DATA_DIR": str(BENCH_DIR / "service"),
        **NO_LIMITS,
    }
    command = [
        sys.executable,
        "-m",
        "service",
        "serve",
        "--port",
        str(port),
        "--workers",
        str(workers),
        *(["--no-projections"] if apart else []),
    ]
    served = process(command, env, port)
    return with_projections(served, env) if apart else served


@contextmanager
def with_projections(
    served: AbstractContextManager[subprocess.Popen[bytes]], env: dict[str, str]
) -> Iterator[subprocess.Popen[bytes]]:
    """`served`, and `domino projections run` beside it (README: `--no-projections`)."""
    with served as child, (BENCH_DIR / "projections.log").open("ab") as log:
        folding = subprocess.Popen(
            [sys.executable, "-m", "service", "projections", "run"],
            env={**os.environ, **env},
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=log,
        )
        PIDS["projections"] = folding.pid
        try:
            yield child
        finally:
            folding.terminate()
            folding.wait(30)


WARM_UP_SECONDS = 3.0


async def run_service(
    port: int,
    seats: list[str],
    tables: int,
    seconds: float,
    warm_up: float,
    games: list[Scripted],
    readers: int = 0,
    profile: Profile | None = None,
) -> tuple[Stats, dict[str, Stats]]:
    stats = Stats()
    reads: dict[str, Stats] = {}
    now = time.perf_counter()
    measure_from, deadline = now + warm_up, now + warm_up + seconds
    await asyncio.gather(
        metered("service", stats, measure_from, deadline),
        profiled(profile, "service", measure_from, deadline),
        *(play_games(Http(port), games, deadline, measure_from, stats) for _ in range(tables)),
        *(read_views(Http(port), seats[0], deadline, measure_from, reads) for _ in range(readers)),
    )
    return stats, reads


async def profiled(
    profile: Profile | None, side: str, measure_from: float, deadline: float
) -> None:
    """py-spy on one side's server over the measured window (`--profile`: bench/where.py)."""
    if profile is None:
        return
    await asyncio.sleep(max(0.0, measure_from - time.perf_counter()))
    profile.start(PIDS[side], deadline - time.perf_counter())


async def run_bare(
    port: int, tables: int, seconds: float, warm_up: float, profile: Profile | None = None
) -> Stats:
    stats = Stats()
    now = time.perf_counter()
    measure_from, deadline = now + warm_up, now + warm_up + seconds
    await asyncio.gather(
        metered("bare", stats, measure_from, deadline),
        profiled(profile, "bare", measure_from, deadline),
        *(insert_rows(Http(port), deadline, measure_from, stats) for _ in range(tables)),
    )
    return stats


def merged(rounds: list[Stats]) -> Stats:
    whole = Stats()
    for part in rounds:
        whole.latencies += part.latencies
        whole.requests += part.requests
        whole.errors += part.errors
        whole.games += part.games
        whole.first_error = whole.first_error or part.first_error
        whole.app_cpu += part.app_cpu
        whole.db_cpu += part.db_cpu
        whole.client_cpu += part.client_cpu
        whole.idle += part.idle
        whole.measured += part.measured
    return whole


def report(name: str, stats: Stats, seconds: float) -> tuple[float, float, float]:
    rate = len(stats.latencies) / seconds
    p50 = percentile(stats.latencies, 0.5) * 1000
    p99 = percentile(stats.latencies, 0.99) * 1000
    print(
        f"{name:<28} {rate:>10,.0f}/s   p50 {p50:6.2f} ms   p99 {p99:6.2f} ms   "
        f"errors {stats.errors}   games {stats.games}",
        flush=True,
    )
    if stats.first_error:
        print(f"  first error: {stats.first_error}", flush=True)
    writes = max(1, stats.requests)
    print(
        f"  CPU per write (of {stats.requests:,}): server {stats.app_cpu / writes * 1000:.3f} ms,"
        f" PostgreSQL {stats.db_cpu / writes * 1000:.3f} ms, this client"
        f" {stats.client_cpu / writes * 1000:.3f} ms; the machine's cores idle"
        f" {stats.idle / max(stats.measured, 1e-9):.2f} of {os.cpu_count()}",
        flush=True,
    )
    return rate, p50, p99


def cpu_per_write(stats: Stats) -> float:
    """Seconds of the machine's CPU a write took on one side: its server's, PostgreSQL's and
    this client's."""
    return (stats.app_cpu + stats.db_cpu + stats.client_cpu) / max(1, stats.requests)


def cpu_ceiling(served: Stats, inserted: Stats) -> float:
    """The most the service's moves/s could be of the bare endpoint's inserts/s were both
    sides bound by the cores alone: the whole CPU a write takes on each side, and the share
    of the service's writes that are moves."""
    moves = len(served.latencies) / max(1, served.requests)
    return cpu_per_write(inserted) / max(cpu_per_write(served), 1e-12) * moves


def measure(
    game: str, seats: list[str], args: argparse.Namespace
) -> tuple[tuple[float, float, float], tuple[float, float, float], float]:
    """Rounds of the service's moves and of the bare inserts, in turn; each side's figures."""
    each = args.seconds / args.rounds
    scripts = scripted_games(game, SCRIPTS, seats)
    services: list[Stats] = []
    bares: list[Stats] = []
    reads: dict[str, list[Stats]] = {}
    profile = bare_profile = None
    if args.profile:
        profile = Profile(BENCH_DIR / f"profile-{game}.txt", workers=args.workers > 1)
        bare_profile = Profile(BENCH_DIR / f"profile-bare-{game}.txt", workers=args.workers > 1)
    for number in range(args.rounds):
        warm_up = WARM_UP_SECONDS if number == 0 else 1.0
        moves, read = asyncio.run(
            run_service(
                SERVICE_PORT, seats, args.tables, each, warm_up, scripts, args.readers, profile
            )
        )
        inserts = asyncio.run(run_bare(BARE_PORT, args.tables, each, warm_up, bare_profile))
        services.append(moves)
        bares.append(inserts)
        for name, stats in read.items():
            reads.setdefault(name, []).append(stats)
        print(
            f"  round {number + 1}: service {len(moves.latencies) / each:,.0f}/s, bare"
            f" {len(inserts.latencies) / each:,.0f}/s, ratio"
            f" {len(moves.latencies) / max(1, len(inserts.latencies)):.2f}",
            flush=True,
        )
    served = merged(services)
    service = report(f"service: {game} moves", served, args.seconds)
    for name, parts in reads.items():
        report(f"  while: {name} reads", merged(parts), args.seconds)
    inserted = merged(bares)
    bare = report("bare endpoint: inserts", inserted, args.seconds)
    if profile is not None and bare_profile is not None:
        report_where(
            profile.parts(),
            served.app_cpu / max(1, served.requests),
            bare_profile.parts(),
            inserted.app_cpu / max(1, inserted.requests),
        )
    print(
        f"ratio: throughput {service[0] / bare[0]:.2f} (target >= 0.9), "
        f"p99 {service[2] / bare[2]:.2f}x (target <= 1.5x); every write counted (creations,"
        f" deals, results: {1 - len(served.latencies) / max(1, served.requests):.0%} of them)"
        f" {served.requests / max(1, inserted.requests):.2f}",
        flush=True,
    )
    ceiling = cpu_ceiling(served, inserted)
    print(
        f"the cores' ceiling: a write took {cpu_per_write(served) * 1000:.3f} ms of CPU on the"
        f" service's side (server, PostgreSQL, this client) against"
        f" {cpu_per_write(inserted) * 1000:.3f} on the bare endpoint's; were both bound by the"
        f" cores alone, moves/s would reach at most {ceiling:.2f} of the bare endpoint's",
        flush=True,
    )
    return service, bare, ceiling


async def postmaster_pid(dsn: str) -> int:
    """PostgreSQL's postmaster: the parent of a backend (the server runs on this machine)."""
    connection = await asyncpg.connect(dsn)
    try:  # read while the backend lives: it exits as soon as its connection closes
        backend = int(await connection.fetchval("SELECT pg_backend_pid()"))
        stat = (Path("/proc") / str(backend) / "stat").read_text()
    finally:
        await connection.close()
    return int(stat.rsplit(")", 1)[1].split()[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=16)
    parser.add_argument(
        "--seconds", type=float, default=20.0, help="measured on each side, over all rounds"
    )
    parser.add_argument("--rounds", type=int, default=4, help="turns each side takes")
    parser.add_argument("--workers", type=int, default=1, help="uvicorn processes, both sides")
    parser.add_argument(
        "--game", choices=(*GAMES, "all"), default="dominoes", help="what the tables play"
    )
    parser.add_argument(
        "--readers", type=int, default=0, help="clients reading rankings, stats, lists, the feed"
    )
    parser.add_argument(
        "--projections",
        choices=("in", "apart"),
        default="in",
        help="fold the read models in the serving process (`domino serve`, the default) or in"
        " a process of its own (`serve --no-projections` and `domino projections run`)",
    )
    parser.add_argument(
        "--profile",
        action="store_true",
        help="sample the service with py-spy in each game's first round and print where its"
        " CPU went, part by part (bench/where.py)",
    )
    args = parser.parse_args()
    python = str(Path(sys.executable))
    games = GAMES if args.game == "all" else (args.game,)
    with server() as admin:
        owner, _ = fresh_database(admin, "bench_api")
        bare_owner, _ = fresh_database(admin, "bench_bare")
        print(
            f"{args.tables} concurrent tables, {args.workers} worker process(es) each"
            f"{' (the projections folded apart)' if args.projections == 'apart' else ''}, "
            f"{args.rounds} rounds of {args.seconds / args.rounds:.0f} s on each side after "
            f"{WARM_UP_SECONDS:.0f} s of warm-up, a game at a time: {', '.join(games)}",
            flush=True,
        )
        bare_command = [
            python, "-m", "uvicorn", "--app-dir", "bench", "bare_app:app", "--port", str(BARE_PORT),
            "--no-access-log", "--log-level", "warning", "--workers", str(args.workers),
        ]  # fmt: skip
        figures = {}
        PIDS["db"] = asyncio.run(postmaster_pid(admin))
        with (
            service_process(
                owner, SERVICE_PORT, args.workers, args.projections == "apart"
            ) as service_server,
            process(bare_command, {"DATABASE_URL": bare_owner}, BARE_PORT) as bare_server,
        ):
            PIDS["service"], PIDS["bare"] = service_server.pid, bare_server.pid
            seats = asyncio.run(register_seats(SERVICE_PORT))
            for game in games:
                print(f"{game}:", flush=True)
                figures[game] = measure(game, seats, args)
    if len(games) > 1:
        print(f"{'game':<14} {'moves/s':>9} {'ratio':>6} {'p99 ms':>8} {'p99 x':>6} {'ceiling':>8}")
        for game, (service, bare, ceiling) in figures.items():
            print(
                f"{game:<14} {service[0]:>9,.0f} {service[0] / bare[0]:>6.2f} "
                f"{service[2]:>8.2f} {service[2] / bare[2]:>6.2f} {ceiling:>8.2f}"
            )


if __name__ == "__main__":
    main()

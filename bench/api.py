"""Complete random games played over HTTP by K concurrent tables against the service on
PostgreSQL, next to a bare Litestar endpoint inserting one row per request on the same
server, at the same concurrency, in the same run.

    .venv/bin/python bench/api.py [--tables 16] [--seconds 20] [--rounds 4] [--workers 1]
                                  [--game dominoes|sueca|truco] [--readers 0]

Prints moves/s with p50/p99 latency for the service, requests/s with p50/p99 for the bare
endpoint, and their ratios. Both run with the same number of uvicorn worker processes
(`domino serve --workers N`); the load generator is a minimal keep-alive HTTP/1.1 client
on the same machine. Both servers stay up for the whole run and take turns, `--rounds`
times, each round measuring `--seconds / --rounds` of each after a warm-up: a machine
whose speed drifts (a shared virtual machine's does, by 30% over a minute) slows both
sides alike, and the ratio of the sums is the figure. Each round's ratio is printed too.

`--game` picks what the tables play: dominoes (the default: pontos, cinquenta or federacao
at random), or a card game, Sueca or Truco, whose deals the scorekeeper posts (it then sees
every hand in the answers) and whose cards are random legal ones of the seat in turn. Only
moves (tiles, passes, cards) are timed and counted; deals and game creations are not.
`--readers N` adds N clients reading a ranking, a player's statistics, a list of games and a
page of the feed in turn while the tables play, and prints each read's rate and latency.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

# Run as a script, this folder heads sys.path: the repository goes first, for `bench.common`
# and so that this folder's domain.py and projections.py do not hide those packages.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import BENCH_DIR, fresh_database, percentile, server
from domain import DECK_40
from service.http.web.rate_limits import NO_LIMITS
from tests.simulate import next_request

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "bench-admin-token"
JSON = msgspec.json.Decoder()
GAMES = ("dominoes", "sueca", "truco")
DOMINOES_PRESETS = ("pontos", "cinquenta", "federacao")
CARDS_PER_SEAT = {"sueca": 10, "truco": 3}
FIRST_DEALER = 3
"""Who deals a card game's first hand when nobody says (seat 0 then leads)."""
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


def next_dealer(state: Json) -> int:
    """The seat due to deal: the one after the last hand's dealer (the state does not show
    the next dealer; a finished hand shows its own)."""
    hands = state["hands"]
    last = hands[-1]["dealer"] if hands else None
    return FIRST_DEALER if last is None else (last + 1) % 4


def card_deal(state: Json, rng: random.Random) -> Json:
    """A shuffled deal by the seat due to deal: Sueca's trump card is the dealer's last card;
    Truco turns up the first card after the hands as its vira."""
    per_seat = CARDS_PER_SEAT[state["game"]]
    dealer = next_dealer(state)
    cards = list(DECK_40)
    rng.shuffle(cards)
    hands = [cards[s * per_seat : (s + 1) * per_seat] for s in range(4)]
    if state["game"] == "sueca":
        return {"dealer": dealer, "hands": hands, "trump_card": hands[dealer][-1]}
    return {"dealer": dealer, "hands": hands, "vira": cards[4 * per_seat]}


def legal_cards(state: Json) -> list[str]:
    """The cards the seat in turn may play: Sueca follows the suit led when it holds it."""
    hand = state["hand"]
    held: list[str] | None = hand["hands"][state["turn"]]
    if held is None:
        raise RuntimeError("the seat in turn's cards are hidden from the scorekeeper")
    if state["game"] == "sueca" and hand["trick"]:
        lead = hand["trick"][0]["card"][-1]
        return [card for card in held if card[-1] == lead] or held
    return held


def next_card_request(state: Json, rng: random.Random) -> Write | None:
    """The next write of a card game: a deal, or a random legal card; None once it is over."""
    if state["status"] != "in_progress":
        return None
    if state["hand"] is None:
        return "hands", card_deal(state, rng)
    return "moves", {"seat": state["turn"], "card": rng.choice(legal_cards(state))}


def new_game(game: str, seats: list[str]) -> Json:
    preset = random.choice(DOMINOES_PRESETS) if game == "dominoes" else game
    return {"rules": {"preset": preset}, "seats": seats}


async def play_games(
    http: Http,
    seats: list[str],
    deadline: float,
    measure_from: float,
    stats: Stats,
    interval: float = 0.0,
    game: str = "dominoes",
) -> None:
    """Whole games, one write after another; `interval` paces the writes (seconds apart)."""
    next_at = time.perf_counter()
    rng = random.Random()
    nexts: dict[str, Callable[[Json], Write | None]] = {
        "dominoes": next_request,
        "sueca": lambda state: next_card_request(state, rng),
        "truco": lambda state: next_card_request(state, rng),
    }
    next_write = nexts[game]
    while time.perf_counter() < deadline:
        status, body = await http.request("POST", "/v1/matches", new_game(game, seats))
        state = JSON.decode(body)
        if status != 201:
            stats.errors += 1
            raise RuntimeError(f"a new {game} game was refused ({status}): {state}")
        match = state["id"]
        while (write := next_write(state)) and time.perf_counter() < deadline:
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
                stats.first_error = stats.first_error or f"{kind} {status}: {body[:300]!r}"
                break
            state = JSON.decode(body)
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
    for name in ("Zé", "Ana", "Tião", "Bia"):
        _, body = await setup.request("POST", "/v1/players", {"name": name})
        seats.append(JSON.decode(body)["id"])
    return seats


def service_process(
    owner_dsn: str, port: int, workers: int = 1
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
    ]
    return process(command, env, port)


WARM_UP_SECONDS = 3.0


async def run_service(
    port: int,
    seats: list[str],
    tables: int,
    seconds: float,
    warm_up: float,
    game: str = "dominoes",
    readers: int = 0,
) -> tuple[Stats, dict[str, Stats]]:
    stats = Stats()
    reads: dict[str, Stats] = {}
    now = time.perf_counter()
    measure_from, deadline = now + warm_up, now + warm_up + seconds
    await asyncio.gather(
        *(
            play_games(Http(port), seats, deadline, measure_from, stats, game=game)
            for _ in range(tables)
        ),
        *(read_views(Http(port), seats[0], deadline, measure_from, reads) for _ in range(readers)),
    )
    return stats, reads


async def run_bare(port: int, tables: int, seconds: float, warm_up: float) -> Stats:
    stats = Stats()
    now = time.perf_counter()
    measure_from, deadline = now + warm_up, now + warm_up + seconds
    await asyncio.gather(
        *(insert_rows(Http(port), deadline, measure_from, stats) for _ in range(tables))
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
    return rate, p50, p99


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=16)
    parser.add_argument(
        "--seconds", type=float, default=20.0, help="measured on each side, over all rounds"
    )
    parser.add_argument("--rounds", type=int, default=4, help="turns each side takes")
    parser.add_argument("--workers", type=int, default=1, help="uvicorn processes, both sides")
    parser.add_argument("--game", choices=GAMES, default="dominoes", help="what the tables play")
    parser.add_argument(
        "--readers", type=int, default=0, help="clients reading rankings, stats, lists, the feed"
    )
    args = parser.parse_args()
    python = str(Path(sys.executable))
    each = args.seconds / args.rounds
    with server() as admin:
        owner, _ = fresh_database(admin, "bench_api")
        bare_owner, _ = fresh_database(admin, "bench_bare")
        print(
            f"{args.tables} concurrent tables of {args.game}, {args.workers} worker "
            f"process(es) each, {args.rounds} rounds of {each:.0f} s on each side after "
            f"{WARM_UP_SECONDS:.0f} s of warm-up",
            flush=True,
        )
        bare_command = [
            python, "-m", "uvicorn", "--app-dir", "bench", "bare_app:app", "--port", "8782",
            "--no-access-log", "--log-level", "warning", "--workers", str(args.workers),
        ]  # fmt: skip
        with (
            service_process(owner, 8781, args.workers),
            process(bare_command, {"DATABASE_URL": bare_owner}, 8782),
        ):
            seats = asyncio.run(register_seats(8781))
            services: list[Stats] = []
            bares: list[Stats] = []
            reads: dict[str, list[Stats]] = {}
            for number in range(args.rounds):
                warm_up = WARM_UP_SECONDS if number == 0 else 1.0
                moves, read = asyncio.run(
                    run_service(8781, seats, args.tables, each, warm_up, args.game, args.readers)
                )
                inserts = asyncio.run(run_bare(8782, args.tables, each, warm_up))
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
        service = report(f"service: {args.game} moves", merged(services), args.seconds)
        for name, parts in reads.items():
            report(f"  while: {name} reads", merged(parts), args.seconds)
        bare = report("bare endpoint: inserts", merged(bares), args.seconds)
        print(
            f"ratio: throughput {service[0] / bare[0]:.2f} (target >= 0.8), "
            f"p99 {service[2] / bare[2]:.2f}x (target <= 2x)"
        )


if __name__ == "__main__":
    main()

"""Benchmark of the pure domain: one move (decide + evolve) and the fold of a whole game.

Run: .venv/bin/python bench/domain.py [games]
Plays random legal 50-point (cinquenta) games, timing every play or pass, then folds
each finished game from its events.
"""

import random
import statistics
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

# Run as a script, this folder heads sys.path and this file's name would hide the package.
HERE = Path(__file__).resolve().parent
sys.path[:] = [str(HERE.parent), *(p for p in sys.path if Path(p or ".").resolve() != HERE)]

from domain import (  # noqa: E402
    ALL_TILES,
    INITIAL,
    CreateMatch,
    Event,
    Match,
    MatchCommand,
    Pass,
    PlayTile,
    StartHand,
    decide,
    evolve,
    fold,
    legal_plays,
)

START = datetime(2025, 5, 1, 20, 0, tzinfo=UTC)


def next_command(state: Match, rng: random.Random, at: datetime) -> MatchCommand:
    if state.hand is None:
        tiles = list(ALL_TILES)
        rng.shuffle(tiles)
        return StartHand(at=at, hands=[tiles[i * 7 : i * 7 + 7] for i in range(4)])
    plays = legal_plays(state)
    if not plays:
        return Pass(at=at, seat=state.turn or 0)
    tile, end = rng.choice(plays)
    return PlayTile(at=at, seat=state.turn or 0, tile=tile, end=end)


def play_game(seed: int, move_times: list[float]) -> list[Event]:
    """A whole game; appends the time of each move's decide + evolve, in microseconds."""
    rng = random.Random(seed)
    create = CreateMatch(at=START, preset="cinquenta", seats=["a", "b", "c", "d"], actor="a")
    events = decide(create, INITIAL)
    state = fold(events)
    at = START
    while state.status == "in_progress":
        at += timedelta(seconds=9)
        command = next_command(state, rng, at)
        began = time.perf_counter_ns()
        new = decide(command, state)
        for event in new:
            state = evolve(state, event)
        if not isinstance(command, StartHand):
            move_times.append((time.perf_counter_ns() - began) / 1000)
        events += new
    return events


def fold_ms(events: list[Event], repeats: int = 5) -> float:
    timings = []
    for _ in range(repeats):
        began = time.perf_counter_ns()
        fold(events)
        timings.append((time.perf_counter_ns() - began) / 1e6)
    return min(timings)


def main(games: int) -> None:
    for seed in range(20):  # warm up
        play_game(10_000 + seed, [])
    move_times: list[float] = []
    played = [play_game(seed, move_times) for seed in range(games)]
    folds = [fold_ms(events) for events in played]
    sizes = [len(events) for events in played]
    move_times.sort()
    median, p99 = statistics.median(move_times), move_times[int(len(move_times) * 0.99)]
    print(f"cinquenta games: {games}, moves timed: {len(move_times)}")
    print(f"move (decide + evolve): median {median:.1f} us, p99 {p99:.1f} us")
    print(f"fold of a whole game: median {statistics.median(folds):.3f} ms, max {max(folds):.3f}")
    print(f"events per game: median {statistics.median(sizes):.0f}, max {max(sizes)}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)

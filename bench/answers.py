"""What a game's answer costs the server as its session grows: the state as its reader may see
it and its JSON, at 10, 100 and 300 finished hands, for every registered game.

    .venv/bin/python bench/answers.py [--hands 10 100 300] [--seconds 0.3] [--only NAME ...]

Every answer of a game (each move's, each read of the game) lists all its finished hands
(design.md, `<match state>`), so a long session's answers grow with it: a Hold'em night of
300 hands answers every bet with all 300. Each game's hands are those of its longest random
game of a few (the tests' random players), repeated and numbered on to the count asked.
Two figures a count, medians of rounds of `--seconds`, taken in one run:
- served: the view and the JSON as the service writes them (`Answer.encoded`: each finished
  hand's JSON joined from what was encoded when it ended);
- whole: the same view and the whole state encoded at once, as every answer was before.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import msgspec
from litestar.serialization import encode_json

from domain import BY_NAME, Match
from service.http.matches.views import match_state, state_json
from tests.domain.round_trip_play import random_game

ROUNDS = 5


def longest(game: str, games: int = 6) -> Match:
    """The state of the longest of `games` random games of `game`, by finished hands."""
    states = [random_game(game, seed).state for seed in range(games)]
    return max(states, key=lambda s: len(s.hands))


def with_hands(state: Match, count: int) -> Match:
    """`state` with `count` finished hands: its own, repeated and numbered on."""
    own = state.hands
    hands = tuple(msgspec.structs.replace(own[n % len(own)], number=n + 1) for n in range(count))
    return msgspec.structs.replace(state, hands=hands)


def median_us(call: Callable[[], bytes], seconds: float) -> float:
    """The median, over `ROUNDS` rounds of `seconds`, of a call's microseconds."""
    rounds = []
    for _ in range(ROUNDS):
        calls, started = 0, time.perf_counter()
        while (elapsed := time.perf_counter() - started) < seconds:
            call()
            calls += 1
        rounds.append(elapsed / calls * 1e6)
    return statistics.median(rounds)


def measure(game: str, counts: list[int], seconds: float) -> None:
    state = longest(game)
    if not state.hands:
        print(f"{game:<14} no finished hand in its random games: skipped", flush=True)
        return
    for count in counts:
        grown = with_hands(state, count)

        def served(s: Match = grown, n: int = count) -> bytes:
            return state_json(match_state("bench", n, s, frozenset()), s.hands)

        def whole(s: Match = grown, n: int = count) -> bytes:
            return encode_json(match_state("bench", n, s, frozenset()))

        assert served() == whole()
        size = len(served())
        fast, slow = median_us(served, seconds), median_us(whole, seconds)
        print(
            f"{game:<14} {count:>6} {size:>12,} {fast:>10.1f} {slow:>10.1f} {slow / fast:>7.1f}x",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, nargs="+", default=[10, 100, 300])
    parser.add_argument("--seconds", type=float, default=0.3, help="each round of each figure")
    parser.add_argument("--only", nargs="+", choices=sorted(BY_NAME), help="these games alone")
    args = parser.parse_args()
    print(f"{'game':<14} {'hands':>6} {'answer bytes':>12} {'served us':>10} {'whole us':>10}")
    for game in args.only or sorted(BY_NAME):
        measure(game, args.hands, args.seconds)


if __name__ == "__main__":
    main()

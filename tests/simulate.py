"""A client that plays legal moves from a game's answered state, as the scorekeeper who
posted the deal (who sees every hand). Used by the fault tests and the API benchmarks."""

from __future__ import annotations

import random
from typing import Any

TILES = [f"{a}-{b}" for a in range(7) for b in range(a, 7)]


def random_deal(tiles_per_seat: int, rng: random.Random | None = None) -> dict[str, Any]:
    tiles = (rng or random.Random()).sample(TILES, 28)
    hands = [tiles[s * tiles_per_seat:(s + 1) * tiles_per_seat] for s in range(4)]
    return {"hands": hands, "dorme": tiles[4 * tiles_per_seat:]}


def next_request(state: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """The next write that moves the game on: a deal or a legal move; None once it is over."""
    if state["status"] != "in_progress":
        return None
    hand = state["hand"]
    if hand is None:
        return "hands", random_deal(state["rules"]["tiles_per_seat"])
    seat = state["turn"]
    tiles = hand["hands"][seat]
    if not hand["board"]:
        return "moves", {"seat": seat, "tile": hand["opening_tile"] or tiles[0]}
    ends = hand["open_ends"]
    for tile in tiles:
        numbers = (int(tile[0]), int(tile[2]))
        for end in ("left", "right"):
            if ends[end] in numbers:
                return "moves", {"seat": seat, "tile": tile, "end": end}
    return "moves", {"seat": seat, "pass": True}

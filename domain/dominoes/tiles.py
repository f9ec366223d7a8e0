"""Tiles of the double-six set, always written "a-b" with a <= b once inside the domain."""

from collections.abc import Iterable
from typing import Annotated

from msgspec import Meta

from domain.codes import tile_code

TILE_PATTERN = r"^(0-[0-6]|1-[1-6]|2-[2-6]|3-[3-6]|4-[4-6]|5-[5-6]|6-6)$"
Tile = Annotated[str, Meta(pattern=TILE_PATTERN, examples=["3-5", "6-6"])]

ALL_TILES: tuple[str, ...] = tuple(f"{a}-{b}" for a in range(7) for b in range(a, 7))
NUMBERS: dict[str, tuple[int, int]] = {t: (int(t[0]), int(t[2])) for t in ALL_TILES}
PIPS: dict[str, int] = {t: a + b for t, (a, b) in NUMBERS.items()}
# Bit n is set when the tile shows the number n; a tile fits an end when the bits meet.
MASK: dict[str, int] = {t: (1 << a) | (1 << b) for t, (a, b) in NUMBERS.items()}
DOUBLES: frozenset[str] = frozenset(t for t, (a, b) in NUMBERS.items() if a == b)


def normalise(text: str) -> str:
    """Accept "5-3" or "3-5" and answer "3-5"; anything else is `invalid-tile` (D1,
    domain/codes.py)."""
    return tile_code(text)


def parse_tile(text: str) -> tuple[int, int]:
    """The two numbers of a tile, smaller first."""
    return NUMBERS[normalise(text)]


def pips(tiles: Iterable[str]) -> int:
    return sum(PIPS[t] for t in tiles)


def rank(tile: str) -> tuple[int, int]:
    """Order for "the highest tile": pip sum, then the higher number."""
    return PIPS[tile], NUMBERS[tile][1]

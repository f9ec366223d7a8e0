"""Card codes for the posted deals, written here rather than imported from the domain (whose
modules the reshaping moves)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("C", "D", "H", "S")


def suit(letter: str, ranks: Iterable[str] = RANKS) -> list[str]:
    return [f"{rank}{letter}" for rank in ranks]


DECK_52 = [card for letter in SUITS for card in suit(letter)]
DECK_104 = DECK_52 * 2


def rest(deck: Iterable[str], *dealt: Iterable[str]) -> list[str]:
    """The deck's cards not dealt, in the deck's order (each copy once for each copy left)."""
    left = Counter(deck)
    left.subtract(card for cards in dealt for card in cards)
    assert all(n >= 0 for n in left.values()), [c for c, n in left.items() if n < 0]
    out: list[str] = []
    for card in deck:
        if left[card] > 0:
            out.append(card)
            left[card] -= 1
    return out

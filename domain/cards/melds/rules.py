"""What a game allows in a meld (`MeldRules`), and a meld as read (`Meld`): its kind, its
cards, its wilds, its lowest place and its canastra."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from domain.cards.cards import RANKS
from domain.cards.melds.decks import JOKER

VALUE = {rank: n for n, rank in enumerate(RANKS, start=1)}
"""A 1 ... K 13; an ace high is 14."""
CANASTRA = 7
Kind = Literal["run", "set"]
Canastra = Literal["limpa", "suja", "mil"]


@dataclass(frozen=True)
class MeldRules:
    """What a game allows in a meld."""

    wilds: frozenset[str]
    """The cards that are wild (a card code; `JOKER` when the deck has jokers)."""
    max_wilds: int | None = 1
    """Wilds a meld may hold (B3, MB2, T3: one); None: any number (K5)."""
    runs: bool = True
    sets: bool = False
    lowest: int = 1
    """The lowest rank a run may start at (1: the ace low)."""
    ace_high: bool = True
    ace_to_ace: bool = False
    """A run may hold both aces, A..K..A (B2)."""
    set_ranks: frozenset[int] | None = None
    """The ranks a set may be of (None: any)."""
    set_max: int | None = None
    """The most cards a set may hold (None: no limit)."""
    set_suits: int = 0
    """Different suits a set needs (a wild stands for a missing one)."""

    @property
    def highest(self) -> int:
        return 14 if self.ace_high else 13

    @property
    def longest(self) -> int:
        """The longest run: both aces only A..K..A."""
        return min(14 if self.ace_to_ace else 13, self.highest - self.lowest + 1)


@dataclass(frozen=True)
class Meld:
    kind: Kind
    cards: tuple[str, ...]
    wilds: int
    """How many of its cards stand for another."""
    low: int
    """A run's lowest place (1 to 14); a set's rank."""
    suit: str | None
    """A run's suit."""

    @property
    def canastra(self) -> Canastra | None:
        """Seven cards or more: limpa without a wild, suja with one; de mil, A to A clean."""
        if len(self.cards) < CANASTRA:
            return None
        if self.wilds:
            return "suja"
        return "mil" if self.kind == "run" and len(self.cards) == 14 else "limpa"


def is_wild(card: str, rules: MeldRules) -> bool:
    """A joker, or a card these rules make wild (which may still stand in its own place)."""
    return card == JOKER or card in rules.wilds

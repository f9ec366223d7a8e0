"""What tells the two betting games apart (`Variant`): their streets, their cards, their
deck and how hands rank; and the rules every betting table's state carries."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from domain.cards.betting.hand import Streets
from domain.cards.betting.rules import BettingRules
from domain.match.state import Match


@dataclass(frozen=True)
class Variant:
    name: str
    title: str
    streets: Streets
    hole: int
    """The cards each seat is dealt."""
    deck: Callable[[int], tuple[str, ...]]
    """The deck for this many seats dealt in."""
    low: Callable[[int], int]
    """The lowest rank of that deck (an ace-low straight sits just below it: P9, H8)."""
    stock_size: Callable[[int], int | None]
    """How many cards a posted stock holds for this many seats: the board's 5 (Hold'em),
    the rest of the deck (None)."""


def rules_of(state: Match) -> BettingRules:
    if not isinstance(state.rules, BettingRules):
        raise ValueError("not a betting game")
    return state.rules

"""Poker fechado to the betting engine (card-rules.md section 8): a short deck by the seats
dealt in (P1), five cards each, two betting rounds with the exchange between them, and an
ace-low straight just below the deck's lowest rank (P9)."""

from domain.cards.betting.hand import Streets
from domain.cards.betting.variant import Variant
from domain.cards.cards import DECK_52, rank_of

_ORDER = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def lowest_rank(seats: int) -> int:
    """P1: the deck's lowest rank for this many seats dealt in."""
    return 7 if seats <= 4 else 6 if seats <= 6 else 5 if seats == 7 else 4


_DECKS: dict[int, tuple[str, ...]] = {}
"""Each short deck by its lowest rank, built once: one tuple a deck, as `in_deck` expects
(it keeps each deck's set by the tuple's identity)."""


def deck_for(seats: int) -> tuple[str, ...]:
    low = lowest_rank(seats)
    deck = _DECKS.get(low)
    if deck is None:
        deck = _DECKS[low] = tuple(c for c in DECK_52 if _ORDER.index(rank_of(c)) + 2 >= low)
    return deck


POKER = Variant(
    name="poker",
    title="Poker fechado",
    streets=Streets(order=("bet1", "draw", "bet2"), board={}, draw="draw"),
    hole=5,
    deck=deck_for,
    low=lowest_rank,
    stock_size=lambda seats: None,
)

"""Sueca's cards: their order in a trick (the trump above every other suit) and their
points (120 in a deal)."""

from collections.abc import Sequence

from domain.cards.cards import DECK_40, rank_of
from domain.cards.sueca.hand import SuecaHand
from domain.cards.sueca.rules import SuecaRules
from domain.cards.tricks.hand import Played, TrickHand
from domain.match.state import Match

ORDER = ("2", "3", "4", "5", "6", "Q", "J", "K", "7", "A")
"""From the lowest to the highest, in every suit."""
VALUES = {"A": 11, "7": 10, "K": 4, "J": 3, "Q": 2}
DEAL_POINTS = 120
TRICKS = 10


def rules_of(state: Match) -> SuecaRules:
    if not isinstance(state.rules, SuecaRules):
        raise ValueError("not a Sueca game")
    return state.rules


# Per card, looked up on every card played: its place in the order, its points.
_RANK = {card: ORDER.index(rank_of(card)) + 1 for card in DECK_40}
_POINTS = {card: VALUES.get(rank_of(card), 0) for card in DECK_40}


def points_of(cards: Sequence[str]) -> int:
    return sum(_POINTS[card] for card in cards)


_BEST_FIRST = sorted(_POINTS.values(), reverse=True)


def most_in(tricks: int) -> int:
    """The most card points `tricks` tricks can hold: four cards each, the best of the deck
    (44 in one trick, 84 in two, 100 in three, 112 in four, 120 from five on)."""
    return sum(_BEST_FIRST[: 4 * tricks])


def strength(hand: TrickHand, played: Played, lead: str) -> int:
    """A trump beats any other suit; otherwise only the suit led can take the trick."""
    assert isinstance(hand, SuecaHand)
    card = played.card
    suit = card[-1]
    if suit == hand.trump:
        return 20 + _RANK[card]
    return _RANK[card] if suit == lead else 0


def trick_points(cards: Sequence[Played]) -> int:
    return sum(_POINTS[p.card] for p in cards)

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


def _sums_by_count() -> list[frozenset[int]]:
    """For each number of cards of the deck, every card-point total those cards can make."""
    sums: list[set[int]] = [{0}] + [set() for _ in DECK_40]
    for worth in _POINTS.values():  # each card once: a knapsack, the counts downwards
        for count in range(len(DECK_40), 0, -1):
            sums[count] |= {total + worth for total in sums[count - 1]}
    return [frozenset(totals) for totals in sums]


_SUMS = _sums_by_count()
TEAM_POINTS = frozenset().union(*_SUMS)
"""A team's card points in a deal: 0 to 120 but 1 and 119 (no card is worth 1)."""


def possible_in(tricks: int) -> frozenset[int]:
    """The card points `tricks` tricks can hold: four cards each (one trick: 0 to 44, but
    not 1, 38 or 39; two: up to 84, not 79 to 83...)."""
    return _SUMS[4 * tricks]


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

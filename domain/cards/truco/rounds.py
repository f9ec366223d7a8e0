"""Who takes a Truco round and a hand: the cards' order, the manilha, the rounds won, and
the mão de 11."""

from domain.cards.cards import DECK_40, rank_of
from domain.cards.tricks.hand import Played, TrickHand
from domain.cards.truco.hand import TrucoHand
from domain.cards.truco.rules import TrucoRules
from domain.match.state import Match
from domain.table import TEAMS, Team

ORDER = ("4", "5", "6", "7", "Q", "J", "K", "A", "2", "3")
"""From the lowest to the highest; the suit does not matter, except among manilhas."""
MANILHA_SUITS = ("D", "S", "H", "C")
"""Ouros < espadas < copas < paus."""
CARDS = 3


_RANK = {card: ORDER.index(rank_of(card)) + 1 for card in DECK_40}
_MANILHA = {suit: 20 + i for i, suit in enumerate(MANILHA_SUITS)}


def manilha_of(vira: str) -> str:
    """The rank after the vira's, round from 3 back to 4."""
    return ORDER[(ORDER.index(rank_of(vira)) + 1) % len(ORDER)]


def strength(hand: TrickHand, played: Played, lead: str) -> int:
    """A covered card is worth nothing; a manilha beats every other card (T1, T5)."""
    assert isinstance(hand, TrucoHand)
    if played.covered:
        return 0
    card = played.card
    if card[:-1] == hand.manilha:
        return _MANILHA[card[-1]]
    return _RANK[card]


def hand_outcome(rounds: list[Team | None]) -> tuple[bool, Team | None]:
    """(over, winner) from the rounds so far: two rounds won; a tie goes to the team that
    won another round (the first round's winner when each won one); three ties, nobody (T2)."""
    a, b = rounds.count("A"), rounds.count("B")
    if a == 2 or b == 2:
        return True, "A" if a == 2 else "B"
    if None in rounds and a + b == 1:
        return True, "A" if a else "B"
    if len(rounds) == CARDS:
        return True, rounds[0] if a == b == 1 else None
    return False, None


def eleven(rules: TrucoRules, state: Match) -> tuple[bool, bool]:
    """(mão de 11: a team is one point from the game, mão de ferro: both are)."""
    at = [state.score.get(t, 0) == rules.target - 1 for t in TEAMS]
    return any(at), all(at)


def rules_of(state: Match) -> TrucoRules:
    if not isinstance(state.rules, TrucoRules):
        raise ValueError("not a Truco game")
    return state.rules

"""The mechanics every trick-taking game shares: following suit, playing a card into the
trick, taking the trick, taking a move back. Each game gives the strength of a card."""

from collections.abc import Callable, Sequence
from typing import TypeVar

from msgspec.structs import replace

from domain.cards.cards import suit_of
from domain.cards.tricks.hand import Played, Trick, TrickHand
from domain.table import team_of

Strength = Callable[[TrickHand, Played, str], int]
"""How strong a card is in a trick whose lead suit is the last argument (higher wins;
0: it cannot win)."""
TrickPoints = Callable[[Sequence[Played]], int]


def trick_winner(hand: TrickHand, cards: Sequence[Played], strength: Strength) -> int | None:
    """The seat that takes the trick, or None when the strongest cards are of both teams
    (a Truco round tied; partners tying is no tie: the first of them takes it)."""
    lead = cards[0].card[-1]
    best, winner, tied = -1, cards[0].seat, False
    for played in cards:  # one loop: this runs on every fourth card
        value = strength(hand, played, lead)
        if value > best:
            best, winner, tied = value, played.seat, False
        elif value == best and (played.seat - winner) % 2:
            tied = True  # as strong as the best so far, and of the other team
    return None if best == 0 or tied else winner


def holds_suit(hand: TrickHand, seat: int, suit: str) -> bool:
    return any(suit_of(card) == suit for card in hand.hands[seat])


H = TypeVar("H", bound=TrickHand)


def play(
    hand: H,
    played: Played,
    strength: Strength,
    points: TrickPoints | None = None,
    teams: bool = True,
) -> H:
    """The hand once `played` is on the table; a fourth card closes the trick. `teams`:
    the tricks count for partnerships (False: each seat plays for itself)."""
    held = hand.hands[played.seat]
    i = held.index(played.card)
    hands = (*hand.hands[: played.seat], held[:i] + held[i + 1 :], *hand.hands[played.seat + 1 :])
    trick = (*hand.trick, played)
    if len(trick) < 4:
        return replace(hand, hands=hands, trick=trick)
    winner = trick_winner(hand, trick, strength)
    team = None if winner is None or not teams else team_of(winner)
    won, card_points = hand.won, hand.card_points
    if team is not None:
        won = won.plus(team, 1)
        if points is not None:
            card_points = card_points.plus(team, points(trick))
    return replace(
        hand,
        hands=hands,
        trick=(),
        tricks=(*hand.tricks, Trick(cards=trick, winner=winner, team=team)),
        won=won,
        card_points=card_points,
        leader=_next_leader(trick, winner),
    )


def _next_leader(trick: Sequence[Played], winner: int | None) -> int:
    """The trick's winner leads the next; after a tied Truco round, the seat that led the
    tied round leads again (T4)."""
    return trick[0].seat if winner is None else winner

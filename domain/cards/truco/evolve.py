"""Truco's fold: a deal starts the hand, a card or a raise moves it on, an undo plays it
again without its last move."""

from msgspec.structs import replace

from domain.cards.cards import parse_card
from domain.cards.tricks.events import CardPlayed, CardsDealt
from domain.cards.tricks.hand import Played
from domain.cards.tricks.play import take_back
from domain.cards.tricks.taking import play
from domain.cards.truco.events import RaiseAccepted, RaiseCalled
from domain.cards.truco.hand import TrucoHand
from domain.cards.truco.rounds import eleven, manilha_of, rules_of, strength
from domain.match.events import Event, MoveUndone
from domain.match.guards import hand_of
from domain.match.state import Match, Raise
from domain.table import next_seat, team_of


def start(event: CardsDealt, state: Match) -> TrucoHand:
    rules = rules_of(state)
    vira = parse_card(event.vira or "")
    is_eleven, iron = eleven(rules, state)
    return TrucoHand(
        number=event.number,
        opener=event.opener,
        started_at=event.at,
        dealer=event.dealer,
        dealt=event,
        hands=event.hands,
        leader=event.opener,
        vira=vira,
        manilha=manilha_of(vira),
        value=rules.eleven_value if is_eleven else 1,
        eleven=is_eleven,
        blind=iron,
    )


def apply(hand: TrucoHand, event: Event) -> TrucoHand:
    moves = (*hand.moves, event)
    match event:
        case CardPlayed():
            played = Played(seat=event.seat, card=event.card, covered=event.covered)
            return replace(play(hand, played, strength), moves=moves)
        case RaiseCalled():
            pending = hand.pending
            accepted = {} if pending is None else _accepted(pending)
            raised = Raise(seat=event.seat, value=event.value)
            return replace(
                hand, moves=moves, pending=raised, raises=(*hand.raises, raised), **accepted
            )
        case RaiseAccepted() if hand.pending is not None:
            return replace(hand, moves=moves, pending=None, **_accepted(hand.pending))
    return hand


def _accepted(pending: Raise) -> dict[str, object]:
    """A raise answered by accepting it (or by raising again): the hand is worth it now."""
    return {"value": pending.value, "last_raiser": team_of(pending.seat)}


def turn_of(hand: TrucoHand) -> int:
    """The seat to act: after a raise, the first of the other team to answer it."""
    return next_seat(hand.pending.seat) if hand.pending is not None else hand.to_play


def evolve(state: Match, event: Event) -> Match:
    match event:
        case CardsDealt():
            hand = start(event, state)
            return replace(
                state, hand=hand, turn=hand.opener, started_at=state.started_at or event.at
            )
        case CardPlayed() | RaiseCalled() | RaiseAccepted():
            hand = apply(hand_of(state, TrucoHand), event)
            return replace(state, hand=hand, turn=turn_of(hand))
        case MoveUndone():
            hand = take_back(hand_of(state, TrucoHand), state, start, apply)
            return replace(state, hand=hand, turn=turn_of(hand))
    return state

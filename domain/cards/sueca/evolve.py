"""Sueca's fold: a deal starts the hand, a card moves it on, a redeal voids it, an undo
plays it again without its last move."""

from msgspec.structs import replace

from domain.cards.cards import suit_of
from domain.cards.sueca.events import RedealAsked
from domain.cards.sueca.hand import SuecaHand
from domain.cards.sueca.points import strength, trick_points
from domain.cards.tricks.events import CardPlayed, CardsDealt
from domain.cards.tricks.hand import Played
from domain.cards.tricks.play import take_back
from domain.cards.tricks.taking import play
from domain.match.events import Event, MoveUndone
from domain.match.guards import hand_of
from domain.match.state import Match


def start(event: CardsDealt, state: Match) -> SuecaHand:
    trump_card = event.trump_card or ""
    return SuecaHand(
        number=event.number,
        opener=event.opener,
        started_at=event.at,
        dealer=event.dealer,
        dealt=event,
        hands=event.hands,
        leader=event.opener,
        trump=suit_of(trump_card) if trump_card else None,
        trump_card=event.trump_card,
    )


def apply(hand: SuecaHand, event: Event) -> SuecaHand:
    if isinstance(event, CardPlayed):
        after = play(hand, Played(seat=event.seat, card=event.card), strength, trick_points)
        return replace(after, moves=(*hand.moves, event))
    return hand


def evolve(state: Match, event: Event) -> Match:
    match event:
        case CardsDealt():
            hand = start(event, state)
            return replace(
                state, hand=hand, turn=hand.opener, started_at=state.started_at or event.at
            )
        case CardPlayed():
            hand = apply(hand_of(state, SuecaHand), event)
            return replace(state, hand=hand, turn=hand.to_play)
        case MoveUndone():
            hand = take_back(hand_of(state, SuecaHand), state, start, apply)
            return replace(state, hand=hand, turn=hand.to_play)
        case RedealAsked():
            dealer = hand_of(state, SuecaHand).dealer
            return replace(state, hand=None, turn=None, next_dealer=dealer)
    return state

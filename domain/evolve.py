"""evolve(state, event) -> state: the pure fold that rebuilds a game from its events.

It trusts the events (decide has checked them) and never raises on a valid stream.
"""

from collections.abc import Iterable

from msgspec.structs import replace

from domain import board
from domain.events import (
    ConfirmationRecorded,
    DealVoided,
    HandAnnulled,
    HandEnded,
    HandStarted,
    MatchAbandoned,
    MatchConfirmed,
    MatchCreated,
    MatchEvent,
    MatchFinished,
    MatchReopened,
    MoveUndone,
    Passed,
    TilePlayed,
)
from domain.state import INITIAL, Confirmation, Hand, Match
from domain.tally import count, recount


def evolve(state: Match, event: MatchEvent) -> Match:
    match event:
        case TilePlayed():
            hand = board.place(_hand(state), event.seat, event.tile, event.end)
            return replace(state, hand=hand, turn=(event.seat + 1) % 4)
        case Passed():
            hand = board.pass_turn(_hand(state), event.seat)
            return replace(state, hand=hand, turn=(event.seat + 1) % 4)
        case MoveUndone():
            hand = board.take_back(_hand(state))
            return replace(state, hand=hand, turn=board.turn_after(hand))
        case HandStarted():
            return _started(state, event)
        case HandEnded():
            started = state.started_at or event.started_at
            return replace(count(state, event), hand=None, turn=None, started_at=started)
        case DealVoided():
            return replace(state, started_at=state.started_at or event.at)
    return _game_evolve(state, event)


def _game_evolve(state: Match, event: MatchEvent) -> Match:
    """The events about the game as a whole (evolve handles those of a hand)."""
    match event:
        case MatchCreated():
            return _created(event)
        case MatchAbandoned():
            return replace(state, abandoned_by=event.team, hand=None, turn=None)
        case MatchFinished():
            return replace(state, status="finished", winner=event.winner, finished_at=event.at)
        case HandAnnulled():
            return recount(state, state.hands[:-1])
        case MatchReopened():
            return replace(
                state, status="in_progress", winner=None, finished_at=None, confirmations=()
            )
        case ConfirmationRecorded():
            done = Confirmation(by=event.by, actor=event.actor, at=event.at)
            return replace(state, confirmations=(*state.confirmations, done))
        case MatchConfirmed():
            return replace(state, status="confirmed")
    return state  # PenaltyRecorded: on record only; its consequences are events of their own


def fold(events: Iterable[MatchEvent], state: Match = INITIAL) -> Match:
    for event in events:
        state = evolve(state, event)
    return state


def _hand(state: Match) -> Hand:
    if state.hand is None:
        raise ValueError("a move event arrived with no hand in progress")
    return state.hand


def _created(event: MatchCreated) -> Match:
    return Match(
        status="in_progress",
        rules=event.rules,
        seats=event.seats,
        created_by=event.created_by,
        created_at=event.at,
        place=event.place,
        notes=event.notes,
        competition_id=event.competition_id,
        stage=event.stage,
    )


def _started(state: Match, event: HandStarted) -> Match:
    hand = Hand(
        number=event.number,
        opener=event.opener,
        opening_tile=event.opening_tile,
        started_at=event.at,
        deal=event.hands,
        dorme=event.dorme,
        hands=event.hands,
        tiles_left=tuple(len(h) for h in event.hands),
    )
    return replace(state, hand=hand, turn=event.opener, started_at=state.started_at or event.at)

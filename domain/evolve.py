"""evolve(state, event) -> state: the pure fold that rebuilds a game from its events.

It trusts the events (decide has checked them) and never raises on a valid stream. The
events every game shares are folded here; a game's own (deals, moves) by the game.
"""

from collections.abc import Iterable

from msgspec.structs import replace

from domain.disputes.events import DISPUTE_EVENTS
from domain.disputes.evolve import evolve_dispute
from domain.games import game_of
from domain.match.events import (
    ConfirmationRecorded,
    ConsentGiven,
    Event,
    HandAnnulled,
    HandEnded,
    MatchAbandoned,
    MatchCancelled,
    MatchConfirmed,
    MatchCreated,
    MatchFinished,
    MatchReopened,
    PenaltyRecorded,
    SharedEvent,
)
from domain.match.game import Game
from domain.match.rules import GameRules
from domain.match.state import INITIAL, Confirmation, Match
from domain.match.tally import count, recount

_SHARED = frozenset(SharedEvent.__args__)
_DISPUTES = frozenset(DISPUTE_EVENTS)


def evolve(state: Match, event: Event) -> Match:
    if type(event) not in _SHARED:  # a game's own event, most of them: no shared case to try
        if type(event) in _DISPUTES:
            return evolve_dispute(state, event)
        return _game(state).evolve(state, event)
    match event:
        case MatchCreated():
            return _created(event)
        case HandEnded():
            after = count(state, event, _game(state).after_hand)
            return replace(after, hand=None, turn=None)
        case MatchAbandoned():
            return replace(state, abandoned_by=event.team, hand=None, turn=None)
        case MatchFinished():
            places = event.places or _two_places(state, event.winner)
            return replace(
                state,
                status="finished",
                winner=event.winner,
                places=tuple(tuple(p) for p in places),
                finished_at=event.at,
            )
        case HandAnnulled():
            annulled = state.hands[-1]
            after = recount(state, state.hands[:-1], _game(state).after_hand)
            if annulled.dealer is not None:  # dealt again by its dealer (C2)
                after = replace(after, next_dealer=annulled.dealer)
            return replace(after, closing=())  # asked on the stacks the hand left (P17)
        case MatchReopened():
            return replace(
                state,
                status="in_progress",
                winner=None,
                places=(),
                finished_at=None,
                confirmations=(),
            )
        case ConfirmationRecorded():
            done = Confirmation(by=event.by, actor=event.actor, at=event.at)
            return replace(state, confirmations=(*state.confirmations, done))
        case MatchConfirmed():
            everyone = tuple(range(len(state.seats)))
            counted = everyone if event.counts_for is None else event.counts_for
            return replace(state, status="confirmed", counts_for=counted)
        case ConsentGiven():
            return replace(state, counts_for=tuple(sorted({*state.counts_for, *event.seats})))
        case MatchCancelled():
            return replace(state, status="cancelled", hand=None, turn=None)
        case PenaltyRecorded():
            return state  # on record only; its consequences are events of their own
    return _game(state).evolve(state, event)


def fold(events: Iterable[Event], state: Match = INITIAL) -> Match:
    for event in events:
        state = evolve(state, event)
    return state


def _game(state: Match) -> Game:
    if state.rules is None:
        raise ValueError("an event arrived for a game that was never created")
    return game_of(state.rules)


def _created(event: MatchCreated[GameRules]) -> Match:
    table = game_of(event.rules).table_for(len(event.seats))
    return Match(
        status="in_progress",
        rules=event.rules,
        seats=event.seats,
        table=table,
        score=dict.fromkeys(table.sides, 0),
        created_by=event.created_by,
        created_at=event.at,
        place=event.place,
        notes=event.notes,
        competition_id=event.competition_id,
        stage=event.stage,
        fixture_id=event.fixture_id,
    )


def _two_places(state: Match, winner: str | None) -> list[list[str]]:
    """The places of a game finished before they were kept: the winner, then the rest."""
    others = [s for s in state.table.sides if s != winner]
    return [[winner], others] if winner is not None else [others]

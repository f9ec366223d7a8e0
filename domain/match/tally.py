"""The game-level count kept across hands: score, pending tie bonus, and what the game's
own bookkeeping (the next opener, the next dealer) makes of each hand.

It is a function of the finished hands, so an annulment simply counts them again.
"""

from collections.abc import Callable, Iterable

import msgspec
from msgspec.structs import replace

from domain.match.events import HandEnded
from domain.match.rules import bonus_after
from domain.match.state import HandResult, Match, plus

_DETAILS = msgspec.json.Encoder(order="sorted")

AfterHand = Callable[[Match, HandResult], Match]
"""A game's own bookkeeping after a finished hand (who opens or deals the next one)."""


def result_of(event: HandEnded) -> HandResult:
    return HandResult(
        number=event.number,
        outcome=event.outcome,
        kind=event.kind,
        winner=event.winner,
        points=event.points,
        bonus_applied=event.bonus_applied,
        sums=event.sums,
        by_seat=event.by_seat,
        opener=event.opener,
        recorded_as=event.recorded_as,
        started_at=event.started_at,
        ended_at=event.at,
        dealer=event.dealer,
        card_points=event.card_points,
        tricks=event.tricks,
        raises=event.raises,
        scores=tuple(sorted(event.scores.items())) if event.scores else (),
        details=None if event.details is None else _DETAILS.encode(event.details).decode(),
    )


def count(state: Match, event: HandEnded, after_hand: AfterHand | None = None) -> Match:
    state = replace(state, started_at=state.started_at or event.started_at)
    return _add(state, result_of(event), after_hand)


def recount(state: Match, results: Iterable[HandResult], after_hand: AfterHand) -> Match:
    state = replace(
        state,
        score=dict.fromkeys(state.table.sides, 0),
        pending_bonus=0,
        next_opener=None,
        next_dealer=None,
        hands=(),
    )
    for result in results:
        state = _add(state, result, after_hand)
    return state


def _add(state: Match, result: HandResult, after_hand: AfterHand | None) -> Match:
    if state.rules is None:
        raise ValueError("a hand ended in a game that was never created")
    score = state.score
    for side, points in result.gains().items():
        score = plus(score, side, points)
    state = replace(
        state,
        score=score,
        hands=(*state.hands, result),
        pending_bonus=bonus_after(state.rules, state.pending_bonus, result.winner is not None),
    )
    return state if after_hand is None else after_hand(state, result)

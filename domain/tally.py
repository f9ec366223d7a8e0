"""The game-level count kept across hands: score, pending empate bonus, next opener.

It is a function of the finished hands, so an annulment simply counts them again.
"""

from collections.abc import Iterable

from msgspec.structs import replace

from domain.events import HandEnded
from domain.opener import opener_after
from domain.rules import Rules
from domain.scoring import bonus_after
from domain.state import HandResult, Match, PerTeam


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
    )


def count(state: Match, event: HandEnded) -> Match:
    return _add(state, _rules(state), result_of(event))


def recount(state: Match, results: Iterable[HandResult]) -> Match:
    rules = _rules(state)
    state = replace(state, score=PerTeam(), pending_bonus=0, next_opener=None, hands=())
    for result in results:
        state = _add(state, rules, result)
    return state


def _add(state: Match, rules: Rules, result: HandResult) -> Match:
    score = state.score
    if result.winner is not None:
        score = score.plus(result.winner, result.points)
    return replace(
        state,
        score=score,
        hands=(*state.hands, result),
        pending_bonus=bonus_after(rules, state.pending_bonus, result),
        next_opener=opener_after(rules, state.next_opener, result),
    )


def _rules(state: Match) -> Rules:
    if state.rules is None:
        raise ValueError("a hand ended in a game that was never created")
    return state.rules

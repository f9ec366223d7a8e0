"""The end of a hand and of a game, with the facts the rankings need, decided once."""

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from domain.match.events import Event, HandEnded, MatchFinished
from domain.match.state import HandResult, Match, Outcome, Scores, plus
from domain.match.tally import count
from domain.table import Side


def hand_ended(
    state: Match,
    *,
    outcome: Outcome,
    winner: Side | None,
    base: int,
    at: datetime,
    by_seat: int | None = None,
    started_at: datetime | None = None,
    **facts: Any,
) -> HandEnded:
    """The HandEnded event of the hand in progress (or of a hand recorded by its result);
    the winner also takes any pending tie bonus. `facts`: the game's own fields of it."""
    hand = state.hand
    bonus = state.pending_bonus if winner is not None else 0
    return HandEnded(
        at=at,
        number=len(state.hands) + 1,
        outcome=outcome,
        winner=winner,
        points=base + bonus if winner is not None else 0,
        bonus_applied=bonus,
        by_seat=by_seat,
        opener=facts.pop("opener", hand.opener if hand else None),
        recorded_as="plays" if hand else "result",
        started_at=hand.started_at if hand else started_at or at,
        **{"kind": None, "sums": None} | facts,
    )


def then_finish(state: Match, events: Sequence[Event], at: datetime) -> list[Event]:
    """`events`, plus MatchFinished when they bring a side to the target."""
    if state.rules is None:
        return list(events)
    target, score = state.rules.target, state.score
    for event in events:
        if isinstance(event, HandEnded) and event.winner is not None:
            score = plus(score, event.winner, event.points)
    if max(score.values(), default=0) < target:
        return list(events)  # nobody reaches the target: no need to count the hands
    after = state
    for event in events:
        if isinstance(event, HandEnded):
            after = count(after, event)
    for side in after.table.sides:
        if after.score.get(side, 0) >= target:
            return [*events, match_finished(after, side, at)]
    return list(events)


def match_finished(
    state: Match, winner: Side, at: datetime, abandoned: bool = False
) -> MatchFinished:
    """Duration runs from the first deal (else the creation) to `at` (D9). An abandoned
    game earns its winner no buchuda, buchuda de ré or virada (D11; at a table of two
    sides: the loser is the other)."""
    started = state.started_at or state.created_at or at
    others = [s for s in state.table.sides if s != winner]
    loser = others[0] if len(others) == 1 else None
    feats = not abandoned and loser is not None
    target = state.rules.target if state.rules else 0
    return MatchFinished(
        at=at,
        winner=winner,
        score=state.score,
        started_at=started,
        duration_seconds=int((at - started).total_seconds()),
        hands_played=len(state.hands),
        buchuda=feats and state.score.get(str(loser), 0) == 0,
        buchuda_de_re=feats and _led_to_nil(state.hands, winner, str(loser), target - 1),
        virada=feats and _first_scorer(state.hands) == loser,
        abandoned=abandoned,
    )


def _first_scorer(results: tuple[HandResult, ...]) -> Side | None:
    return next((r.winner for r in results if r.winner is not None and r.points > 0), None)


def _led_to_nil(
    results: tuple[HandResult, ...], winner: Side, loser: Side, threshold: int
) -> bool:
    """The loser led `threshold` (target - 1) to 0 at some point: rules.md's 5x0 (D10)."""
    score: Scores = {}
    for result in results:
        if result.winner is not None:
            score = plus(score, result.winner, result.points)
        if score.get(winner, 0) == 0 and score.get(loser, 0) >= max(threshold, 1):
            return True
    return False

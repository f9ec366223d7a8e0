"""The end of a hand and of a game, with the facts the rankings need, decided once."""

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from domain.match.events import Event, HandEnded, MatchFinished
from domain.match.state import HandResult, Match, Outcome, PerTeam
from domain.match.tally import count
from domain.table import TEAMS, Team, other


def hand_ended(
    state: Match,
    *,
    outcome: Outcome,
    winner: Team | None,
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
    """`events`, plus MatchFinished when they bring a team to the target."""
    if state.rules is None:
        return list(events)
    target, gained = state.rules.target, PerTeam()
    for event in events:
        if isinstance(event, HandEnded) and event.winner is not None:
            gained = gained.plus(event.winner, event.points)
    if max(state.score.A + gained.A, state.score.B + gained.B) < target:
        return list(events)  # nobody reaches the target: no need to count the hands
    after = state
    for event in events:
        if isinstance(event, HandEnded):
            after = count(after, event)
    if after.rules is None:
        return list(events)
    for team in TEAMS:
        if after.score.of(team) >= after.rules.target:
            return [*events, match_finished(after, team, at)]
    return list(events)


def match_finished(
    state: Match, winner: Team, at: datetime, abandoned: bool = False
) -> MatchFinished:
    """Duration runs from the first deal (else the creation) to `at` (D9). An abandoned
    game earns its winner no buchuda, buchuda de ré or virada (D11)."""
    started = state.started_at or state.created_at or at
    loser = other(winner)
    feats = not abandoned
    target = state.rules.target if state.rules else 0
    return MatchFinished(
        at=at,
        winner=winner,
        score=state.score,
        started_at=started,
        duration_seconds=int((at - started).total_seconds()),
        hands_played=len(state.hands),
        buchuda=feats and state.score.of(loser) == 0,
        buchuda_de_re=feats and _led_to_nil(state.hands, loser, target - 1),
        virada=feats and _first_scorer(state.hands) == loser,
        abandoned=abandoned,
    )


def _first_scorer(results: tuple[HandResult, ...]) -> Team | None:
    return next((r.winner for r in results if r.winner is not None and r.points > 0), None)


def _led_to_nil(results: tuple[HandResult, ...], loser: Team, threshold: int) -> bool:
    """The loser led `threshold` (target - 1) to 0 at some point: rules.md's 5x0 (D10)."""
    score = PerTeam()
    winner = other(loser)
    for result in results:
        if result.winner is not None:
            score = score.plus(result.winner, result.points)
        if score.of(winner) == 0 and score.of(loser) >= max(threshold, 1):
            return True
    return False

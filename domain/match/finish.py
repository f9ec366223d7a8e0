"""The end of a hand and of a game, with the facts the rankings need, decided once."""

from collections.abc import Callable, Sequence
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


Winner = Callable[[Match], Side | None]
"""Who has won the game once its hands are counted, or None while it goes on."""
Places = list[list[Side]]
"""The sides best first; a tie shares a place: [["1"], ["0", "3"], ["2"]]."""
Ranking = Callable[[Match], Places | None]
"""The places once its hands are counted, when the game is over; None while it goes on
(a game whose first place may be shared: Copas)."""


def first_to_target(state: Match) -> Side | None:
    """The first side (in the table's order) at or past the target: every game so far."""
    target = state.rules.target if state.rules else 0
    return next((s for s in state.table.sides if state.score.get(s, 0) >= target), None)


def then_finish(
    state: Match,
    events: Sequence[Event],
    at: datetime,
    winner_of: Winner = first_to_target,
    places_of: Ranking | None = None,
) -> list[Event]:
    """`events`, plus MatchFinished when they bring the game to its end (`winner_of`: the
    game's own rule, a side at the target by default; `places_of`, for a game that ranks
    every side and may end with its first place shared)."""
    if state.rules is None:
        return list(events)
    target, score = state.rules.target, state.score
    for event in events:
        if isinstance(event, HandEnded):
            gains = event.scores or ({event.winner: event.points} if event.winner else {})
            for side, points in gains.items():
                score = plus(score, side, points)
    if max(score.values(), default=0) < target:
        return list(events)  # nobody reaches the target: no need to count the hands
    after = state
    for event in events:
        if isinstance(event, HandEnded):
            after = count(after, event)
    if places_of is not None:
        places = places_of(after)
        if places is None:
            return list(events)
        winner = places[0][0] if len(places[0]) == 1 else None
        return [*events, match_finished(after, winner, at, places=places)]
    winner = winner_of(after)
    return list(events) if winner is None else [*events, match_finished(after, winner, at)]


def by_points(state: Match, lowest_first: bool = False) -> Places:
    """Every side of the table by its score, the highest first (the lowest, for a game whose
    points count against: Copas); equal scores share a place."""
    totals = sorted({state.score.get(s, 0) for s in state.table.sides}, reverse=not lowest_first)
    return [[s for s in state.table.sides if state.score.get(s, 0) == t] for t in totals]


def left_last(places: Places, side: Side) -> Places:
    """`places` with `side` taken out of its place and put last, alone: the places of a game
    that `side` abandoned (C12)."""
    others = [[s for s in tied if s != side] for tied in places]
    return [tied for tied in others if tied] + [[side]]


def abandoned_by_points(state: Match, side: Side) -> Places:
    """C12, by default: the abandoning side last, every other by its score as the game
    stands (the most first; equal scores share a place)."""
    return left_last(by_points(state), side)


def abandoned_by_fewest_points(state: Match, side: Side) -> Places:
    """C12 in a game whose points count against (Copas, Mau Mau): the fewest first."""
    return left_last(by_points(state, lowest_first=True), side)


def match_finished(
    state: Match,
    winner: Side | None,
    at: datetime,
    abandoned: bool = False,
    places: Places | None = None,
) -> MatchFinished:
    """Duration runs from the first deal (else the creation) to `at` (D9). An abandoned
    game earns its winner no buchuda, buchuda de ré or virada (D11; at a table of two
    sides: the loser is the other)."""
    started = state.started_at or state.created_at or at
    others = [s for s in state.table.sides if s != winner]
    loser = others[0] if len(others) == 1 and winner is not None else None
    if places is None:
        places = [[winner], others] if winner is not None else [list(state.table.sides)]
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
        buchuda_de_re=feats and _led_to_nil(state.hands, str(winner), str(loser), target - 1),
        virada=feats and _first_scorer(state.hands) == loser,
        abandoned=abandoned,
        places=places,
    )


def _first_scorer(results: tuple[HandResult, ...]) -> Side | None:
    return next((r.winner for r in results if r.winner is not None and r.points > 0), None)


def _led_to_nil(results: tuple[HandResult, ...], winner: Side, loser: Side, threshold: int) -> bool:
    """The loser led `threshold` (target - 1) to 0 at some point: rules.md's 5x0 (D10)."""
    score: Scores = {}
    for result in results:
        if result.winner is not None:
            score = plus(score, result.winner, result.points)
        if score.get(winner, 0) == 0 and score.get(loser, 0) >= max(threshold, 1):
            return True
    return False

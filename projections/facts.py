"""One game's facts, folded from its events: what rankings and statistics need of it.

Until the game is confirmed these facts may still change (an annulled hand, a reopened
game); they are kept whole per game so that its contribution is computed once, from the
final facts, when `MatchConfirmed` arrives.
"""

from __future__ import annotations

from datetime import datetime

import msgspec

from domain import (
    DEFAULT_GAME,
    ConsentGiven,
    Event,
    GameRules,
    HandAnnulled,
    HandEnded,
    MatchAbandoned,
    MatchCancelled,
    MatchConfirmed,
    MatchCreated,
    MatchFinished,
    MatchReopened,
    PenaltyRecorded,
    PerTeam,
    Rules,
    game_of,
)
from domain.disputes.events import DisputeSettled, MatchDisputed

# The match events a game's facts depend on; plays, passes and deals change none of them.
GAME_EVENT_TYPES = (
    "match_created",
    "hand_ended",
    "penalty_recorded",
    "match_abandoned",
    "match_finished",
    "hand_annulled",
    "match_reopened",
    "match_confirmed",
    "consent_given",
    "match_cancelled",
    "match_disputed",
    "dispute_settled",
)


class HandFact(msgspec.Struct, array_like=True, frozen=True):
    """A finished hand, as `HandEnded` told it, in the few fields the statistics use."""

    number: int
    outcome: str  # batida, bloqueio, empate, penalty
    kind: str | None  # the batida's kind
    winner: str | None  # "A", "B", or None for an empate
    points: int
    by_seat: int | None  # who went out, who blocked, who ran, or the offender
    at: datetime
    card_points: tuple[int, int] | None = None  # Sueca: (A, B)
    tricks: tuple[int, int] | None = None  # Sueca: tricks; Truco: rounds won (A, B)
    raises: tuple[tuple[int, int], ...] = ()  # Truco: (seat, value) of each raise
    scores: tuple[tuple[str, int], ...] = ()  # what each side scored, when more than one did
    details: str | None = None  # the game's own facts of the hand, JSON (Espadas: the bids)

    def gains(self) -> dict[str, int]:
        """Points per side this hand added to the score."""
        if self.scores:
            return dict(self.scores)
        return {} if self.winner is None else {self.winner: self.points}


class Finish(msgspec.Struct, array_like=True, frozen=True):
    """The facts of the game's (last) `MatchFinished`."""

    winner: str | None
    score_a: int
    score_b: int
    started_at: datetime
    at: datetime
    duration_seconds: int
    buchuda: bool
    buchuda_de_re: bool
    virada: bool
    abandoned: bool
    score: dict[str, int] = msgspec.field(default_factory=dict)
    """Points per side (empty: kept before 0013, in `score_a` and `score_b`)."""
    places: list[list[str]] = msgspec.field(default_factory=list)
    """Every side, best first (empty: kept before 0013, the winner then the other)."""

    def places_of(self, sides: tuple[str, ...]) -> list[list[str]]:
        if self.places:
            return self.places
        others = [s for s in sides if s != self.winner]
        return [[self.winner], others] if self.winner is not None else [others]

    def score_of(self, side: str) -> int:
        if self.score:
            return self.score.get(side, 0)
        return self.score_a if side == "A" else self.score_b if side == "B" else 0


class GameFacts(msgspec.Struct, kw_only=True):
    """Mutable on purpose: the runner folds thousands of events into these per batch."""

    match_id: str
    competition_id: str | None
    preset: str
    game: str = DEFAULT_GAME
    """The game (`domain.games`); stored before games were named: the default."""
    stage: str | None = None
    by_kind: bool  # scored by batida kind (pontos) rather than by pips
    target: int
    seats: tuple[str, ...]
    created_at: datetime
    status: str = "in_progress"  # in_progress, finished, confirmed, disputed, annulled
    hands: list[HandFact] = msgspec.field(default_factory=list)
    penalties: list[int] = msgspec.field(default_factory=lambda: [0, 0, 0, 0])
    abandoned_by: str | None = None
    finish: Finish | None = None
    confirmed_at: datetime | None = None
    counts_for: list[int] | None = None
    """Once confirmed: the seats whose players consented, for whom it counts."""
    partnerships: bool = True
    """Its seats play in two partnerships ("A", "B"); False: each seat alone ("0", "1"...)."""

    @property
    def sides(self) -> tuple[str, ...]:
        return ("A", "B") if self.partnerships else tuple(str(s) for s in range(len(self.seats)))

    def side_of(self, seat: int) -> str:
        if self.partnerships:
            return "A" if seat % 2 == 0 else "B"
        return str(seat)

    def seats_of(self, side: str) -> list[int]:
        return [s for s in range(len(self.seats)) if self.side_of(s) == side]

    @property
    def score(self) -> dict[str, int]:
        """Points per side, summed over its hands."""
        totals = dict.fromkeys(self.sides, 0)
        for hand in self.hands:
            for side, points in hand.gains().items():
                totals[side] = totals.get(side, 0) + points
        return totals

    def place_of(self, side: str) -> int:
        """The side's place once finished: 1 and the sides before it (1: first; sides tied
        share the better place, and the one after three tied for first is fourth, as a
        torneio's table places them)."""
        assert self.finish is not None
        before = 0
        for tied in self.finish.places_of(self.sides):
            if side in tied:
                return before + 1
            before += len(tied)
        return before

    def won_by(self, side: str) -> bool:
        """The side won the game: it is (alone or not) in the first place."""
        return self.finish is not None and self.place_of(side) == 1


FACTS_ENCODER = msgspec.json.Encoder()
_DETAILS = msgspec.json.Encoder(order="sorted")
FACTS_DECODER = msgspec.json.Decoder(GameFacts)


def created(match_id: str, event: MatchCreated[GameRules]) -> GameFacts:
    game = game_of(event.rules)
    return GameFacts(
        match_id=match_id,
        competition_id=event.competition_id,
        stage=event.stage,
        preset=event.rules.preset,
        game=game.name,
        by_kind=isinstance(event.rules, Rules) and event.rules.scoring == "by-kind",
        target=event.rules.target,
        seats=event.seats,
        created_at=event.at,
        penalties=[0] * len(event.seats),
        partnerships=game.table_for(len(event.seats)).partnerships,
    )


def fold_event(game: GameFacts, event: Event) -> tuple[int, ...]:
    """Apply one event to the game's facts; answers the seats for which the game now starts
    to count: all who consented when it is confirmed, a side that consents later.

    A confirmed game's facts never change again (the domain refuses every later command
    but a side's consent), so other events after the confirmation are ignored.
    """
    if isinstance(event, MatchDisputed):
        game.status, game.counts_for = "disputed", None
        return ()
    if isinstance(event, DisputeSettled):
        game.status = "annulled" if event.decision == "annul" else game.status
        return ()
    if game.status == "confirmed":
        if not isinstance(event, ConsentGiven) or game.counts_for is None:
            return ()
        new = tuple(s for s in event.seats if s not in game.counts_for)
        game.counts_for = sorted([*game.counts_for, *new])
        return new
    match event:
        case HandEnded():
            game.hands.append(_hand(event))
        case PenaltyRecorded():
            game.penalties[event.seat] += 1
        case MatchAbandoned():
            game.abandoned_by = event.team
        case MatchFinished():
            game.status = "finished"
            game.finish = _finish(event)
        case HandAnnulled():
            game.hands = [h for h in game.hands if h.number != event.number]
        case MatchReopened():
            game.status = "in_progress"
            game.finish = None
        case MatchCancelled():
            game.status = "cancelled"
            game.finish = None
        case MatchConfirmed():
            if game.finish is None:
                return ()  # not a valid history: a game is confirmed once finished
            game.status = "confirmed"
            game.confirmed_at = event.at
            everyone = tuple(range(len(game.seats)))
            game.counts_for = list(everyone if event.counts_for is None else event.counts_for)
            return tuple(game.counts_for)
    return ()


def _hand(event: HandEnded) -> HandFact:
    return HandFact(
        number=event.number,
        outcome=event.outcome,
        kind=event.kind,
        winner=event.winner,
        points=event.points,
        by_seat=event.by_seat,
        at=event.at,
        card_points=_pair(event.card_points),
        tricks=_pair(event.tricks),
        raises=tuple((r.seat, r.value) for r in event.raises),
        scores=tuple(sorted(event.scores.items())) if event.scores else (),
        details=None if event.details is None else _DETAILS.encode(event.details).decode(),
    )


def _pair(pair: PerTeam | None) -> tuple[int, int] | None:
    return None if pair is None else (pair.A, pair.B)


def _finish(event: MatchFinished) -> Finish:
    return Finish(
        winner=event.winner,
        score_a=event.score.get("A", 0),
        score_b=event.score.get("B", 0),
        started_at=event.started_at,
        at=event.at,
        duration_seconds=event.duration_seconds,
        buchuda=event.buchuda,
        buchuda_de_re=event.buchuda_de_re,
        virada=event.virada,
        abandoned=event.abandoned,
        score=dict(event.score),
        places=[list(p) for p in event.places] if event.places else [],
    )

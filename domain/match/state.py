"""The state of one game of any kind, as the API shows it: a small tree of frozen Structs.

What every game shares is here: seats and teams, the score, the finished hands, the
confirmations. The hand in progress is the game's own (`GameHand` subclasses, one per
family). `evolve` builds a new tree per event; the parts an event does not touch are shared.
"""

from datetime import datetime
from typing import Literal

import msgspec

from domain.match.rules import GameRules
from domain.table import PARTNERSHIPS, Table, Team

Status = Literal["new", "in_progress", "finished", "confirmed", "cancelled", "disputed", "annulled"]
Outcome = Literal[
    "batida",
    "bloqueio",
    "empate",
    "penalty",
    "tricks",
    "bandeirada",
    "run",
    "forfeit",
    "stock-out",
    "showdown",
    "fold",
]
"""How a hand ended: batida (a seat went out), bloqueio, empate (nobody won), penalty;
tricks (counted), bandeirada (every trick), run (a team ran from a raise), forfeit (a raise
called where none may be); stock-out (the stock ran out before anyone went out); showdown
(the hands still in were shown, or a hand recorded by its chips) and fold (every other seat
folded). Each game's package says which of them its hands end by."""
ConfirmedBy = str
""""organizer", or the side of the player who confirmed ("A", "B"; a seat's "0", "1", ...)."""


class PerTeam(msgspec.Struct, frozen=True):
    """A number per team: the score, the pips left in the partners' hands, card points."""

    A: int = 0
    B: int = 0

    def of(self, team: Team) -> int:
        return self.A if team == "A" else self.B

    def plus(self, team: Team, points: int) -> "PerTeam":
        return PerTeam(self.A + points, self.B) if team == "A" else PerTeam(self.A, self.B + points)


Scores = dict[str, int]
"""Points per side ("A" and "B", or each seat's "0", "1", ...)."""


def plus(scores: Scores, side: str, points: int) -> Scores:
    return {**scores, side: scores.get(side, 0) + points}


class Raise(msgspec.Struct, frozen=True, array_like=True):
    """A Truco raise: who called it and the value it asked for."""

    seat: int
    value: int


class GameHand(msgspec.Struct, frozen=True, kw_only=True):
    """The hand in progress; each family adds what its table holds."""

    number: int
    opener: int
    """The seat that leads the hand."""
    started_at: datetime


class HandResult(msgspec.Struct, frozen=True, kw_only=True):
    """A finished hand, as its `HandEnded` event told it."""

    number: int
    outcome: Outcome
    kind: str | None
    """The game's own kind of ending (dominoes: the batida's kind)."""
    winner: str | None
    points: int
    bonus_applied: int
    sums: PerTeam | None
    by_seat: int | None
    opener: int | None
    recorded_as: Literal["plays", "result"]
    started_at: datetime
    ended_at: datetime
    dealer: int | None = None
    card_points: PerTeam | None = None
    tricks: PerTeam | None = None
    raises: tuple[Raise, ...] = ()
    scores: tuple[tuple[str, int], ...] = ()
    """What each side scored, when more than one side scores a hand (its event's `scores`)."""
    details: str | None = None
    """The game's own facts of the hand, as JSON text (its event's `details`)."""

    def gains(self) -> dict[str, int]:
        """Points per side this hand adds to the score."""
        if self.scores:
            return dict(self.scores)
        return {} if self.winner is None else {self.winner: self.points}


class Confirmation(msgspec.Struct, frozen=True, kw_only=True):
    by: ConfirmedBy
    actor: str
    at: datetime


class DisputeRecord(msgspec.Struct, frozen=True, kw_only=True):
    """A game's dispute (domain.disputes): who raised it, why, and the ruling once settled."""

    seat: int
    actor: str
    reason: str
    at: datetime
    counted_before: tuple[int, ...] | None = None
    """The seats it counted for when it was disputed; None: it was not confirmed yet."""
    decision: str | None = None
    """"confirm" or "annul", once an organizer settled it."""
    note: str = ""
    settled_by: str | None = None
    settled_at: datetime | None = None


class Match(msgspec.Struct, frozen=True, kw_only=True):
    status: Status = "new"
    rules: GameRules | None = None
    seats: tuple[str, ...] = ()
    table: Table = PARTNERSHIPS
    """How its seats play (the game's table for this many seats)."""
    created_by: str = ""
    created_at: datetime | None = None
    place: str | None = None
    notes: str = ""
    competition_id: str | None = None
    stage: str | None = None
    fixture_id: str | None = None
    score: Scores = msgspec.field(default_factory=dict)
    """Points per side, every side of its table (0 before it scores)."""
    winner: str | None = None
    """The winning side, once finished (None: the first place is shared)."""
    places: tuple[tuple[str, ...], ...] = ()
    """Once finished: every side, best first; a tie shares a place."""
    abandoned_by: str | None = None
    turn: int | None = None
    hand: GameHand | None = None
    hands: tuple[HandResult, ...] = ()
    pending_bonus: int = 0
    next_opener: int | None = None
    """Dominoes: the seat that opens the next hand, or None when the deal decides."""
    next_dealer: int | None = None
    """Cards: the seat that deals the next hand, or None when any seat may (the first)."""
    confirmations: tuple[Confirmation, ...] = ()
    closing: tuple[int, ...] = ()
    """A betting table session: the seats whose players asked to close it since the last
    hand (P17)."""
    counts_for: tuple[int, ...] = ()
    """Once confirmed: the seats whose players consented, for whom the game counts."""
    started_at: datetime | None = None
    """When the first deal was made (or the first result recorded)."""
    finished_at: datetime | None = None
    dispute: DisputeRecord | None = None


INITIAL = Match()

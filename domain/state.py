"""The state of one game, as the API shows it: a small tree of frozen Structs.

`evolve` builds a new tree per event; the parts a move does not touch are shared.
"""

from datetime import datetime
from typing import Literal

import msgspec

from domain.rules import BatidaKind, Rules
from domain.table import End, Team
from domain.tiles import Tile

Status = Literal["new", "in_progress", "finished", "confirmed"]
Outcome = Literal["batida", "bloqueio", "empate", "penalty"]
ConfirmedBy = Literal["organizer", "A", "B"]


class PerTeam(msgspec.Struct, frozen=True):
    """A number per team: the score, or the pips left in the partners' hands."""

    A: int = 0
    B: int = 0

    def of(self, team: Team) -> int:
        return self.A if team == "A" else self.B

    def plus(self, team: Team, points: int) -> "PerTeam":
        return PerTeam(self.A + points, self.B) if team == "A" else PerTeam(self.A, self.B + points)


class Ends(msgspec.Struct, frozen=True):
    left: int
    right: int


class Move(msgspec.Struct, frozen=True, kw_only=True):
    """A play (`tile` set) or a pass (`tile` None) in the current hand."""

    seat: int
    tile: Tile | None = None
    end: End | None = None


class Hand(msgspec.Struct, frozen=True, kw_only=True):
    """The hand in progress. `hands` are secret at a real table: the service decides who
    sees them; `tiles_left` is the public part."""

    number: int
    opener: int
    opening_tile: Tile | None
    """The tile the opener must lead with, or None when any tile may open."""
    started_at: datetime
    deal: tuple[tuple[Tile, ...], ...]
    dorme: tuple[Tile, ...]
    hands: tuple[tuple[Tile, ...], ...]
    tiles_left: tuple[int, ...]
    board: tuple[Tile, ...] = ()
    """Tiles laid, in order from the left end to the right end."""
    ends: Ends | None = None
    moves: tuple[Move, ...] = ()


class HandResult(msgspec.Struct, frozen=True, kw_only=True):
    """A finished hand, as its `HandEnded` event told it."""

    number: int
    outcome: Outcome
    kind: BatidaKind | None
    winner: Team | None
    points: int
    bonus_applied: int
    sums: PerTeam | None
    by_seat: int | None
    opener: int | None
    recorded_as: Literal["plays", "result"]
    started_at: datetime
    ended_at: datetime


class Confirmation(msgspec.Struct, frozen=True, kw_only=True):
    by: ConfirmedBy
    actor: str
    at: datetime


class Match(msgspec.Struct, frozen=True, kw_only=True):
    status: Status = "new"
    rules: Rules | None = None
    seats: tuple[str, ...] = ()
    created_by: str = ""
    created_at: datetime | None = None
    place: str | None = None
    notes: str = ""
    competition_id: str | None = None
    stage: str | None = None
    score: PerTeam = PerTeam()
    winner: Team | None = None
    abandoned_by: Team | None = None
    turn: int | None = None
    hand: Hand | None = None
    hands: tuple[HandResult, ...] = ()
    pending_bonus: int = 0
    next_opener: int | None = None
    """The seat that opens the next hand, or None when the deal decides (highest double)."""
    confirmations: tuple[Confirmation, ...] = ()
    started_at: datetime | None = None
    """When the first deal was made (or the first result recorded)."""
    finished_at: datetime | None = None


INITIAL = Match()

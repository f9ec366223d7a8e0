"""What a client asks for. Time, the actor and any shuffled deal come in on the command:
`decide` has no clock and no random source."""

from datetime import datetime
from typing import Any, Literal

import msgspec

from domain.events import PenaltyKind
from domain.rules import BatidaKind
from domain.state import ConfirmedBy, PerTeam
from domain.table import End, Team


class Command(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    at: datetime
    """Must carry a time zone."""


class CreateMatch(Command, frozen=True, kw_only=True, tag="create_match"):
    preset: str
    overrides: dict[str, Any] = msgspec.field(default_factory=dict)
    seats: list[str]
    """Four distinct player ids in order of play: team A = seats 0, 2; team B = 1, 3."""
    actor: str
    place: str | None = None
    notes: str = ""
    competition_id: str | None = None
    stage: str | None = None
    """A torneio's stage, as its organizers name it: "grupo A", "quartas", "final"."""


class StartHand(Command, frozen=True, kw_only=True, tag="start_hand"):
    hands: list[list[str]]
    """Four hands in seat order; tiles "a-b" in either order."""
    dorme: list[str] = msgspec.field(default_factory=list)


class PlayTile(Command, frozen=True, kw_only=True, tag="play_tile"):
    seat: int
    tile: str
    end: End | None = None


class Pass(Command, frozen=True, kw_only=True, tag="pass"):
    seat: int


class RecordResult(Command, frozen=True, kw_only=True, tag="record_result"):
    """A whole hand written down at once, without its deal."""

    outcome: Literal["batida", "bloqueio"]
    seat: int | None = None
    """batida: who went out (required); bloqueio: who blocked (required on equal sums
    when the blocking team loses them)."""
    kind: BatidaKind | None = None
    sums: PerTeam | None = None
    started_at: datetime | None = None


class RecordPenalty(Command, frozen=True, kw_only=True, tag="record_penalty"):
    seat: int
    kind: PenaltyKind
    note: str = ""


class Abandon(Command, frozen=True, kw_only=True, tag="abandon"):
    """Give the team, or the seat of the player who left."""

    team: Team | None = None
    seat: int | None = None


class UndoLastMove(Command, frozen=True, kw_only=True, tag="undo_last_move"):
    pass


class AnnulHand(Command, frozen=True, kw_only=True, tag="annul_hand"):
    number: int


class Confirm(Command, frozen=True, kw_only=True, tag="confirm"):
    by: ConfirmedBy
    """"organizer" (the service checks the role), or the team of the confirming player."""
    actor: str


MatchCommand = (
    CreateMatch
    | StartHand
    | PlayTile
    | Pass
    | RecordResult
    | RecordPenalty
    | Abandon
    | UndoLastMove
    | AnnulHand
    | Confirm
)

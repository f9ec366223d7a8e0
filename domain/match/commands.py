"""What a client asks of any game. Time, the actor and any shuffled deal come in on the
command: `decide` has no clock and no random source."""

from datetime import datetime
from typing import Any

import msgspec

from domain.match.events import PenaltyKind
from domain.match.state import ConfirmedBy, PerTeam
from domain.table import Side


class Command(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    at: datetime
    """Must carry a time zone."""


class CreateMatch(Command, frozen=True, kw_only=True, tag="create_match"):
    preset: str
    overrides: dict[str, Any] = msgspec.field(default_factory=dict)
    seats: list[str]
    """Distinct player ids in order of play: team A = seats 0, 2; team B = 1, 3."""
    actor: str
    place: str | None = None
    notes: str = ""
    competition_id: str | None = None
    stage: str | None = None
    """A torneio's stage, as its organizers name it: "grupo A", "quartas", "final"."""
    fixture_id: str | None = None


class RecordPenalty(Command, frozen=True, kw_only=True, tag="record_penalty"):
    seat: int
    kind: PenaltyKind
    note: str = ""
    sums: PerTeam | None = None
    """Dominoes scored by pips, a hand lost with its tiles unknown: the pips left per team."""


class Abandon(Command, frozen=True, kw_only=True, tag="abandon"):
    """Give the team, or the seat of the player who left."""

    team: Side | None = None
    seat: int | None = None


class UndoLastMove(Command, frozen=True, kw_only=True, tag="undo_last_move"):
    pass


class AnnulHand(Command, frozen=True, kw_only=True, tag="annul_hand"):
    number: int


class Confirm(Command, frozen=True, kw_only=True, tag="confirm"):
    by: ConfirmedBy
    """"organizer" (the service checks the role), or the team of the confirming player."""
    actor: str
    members: tuple[int, ...] = ()
    """The seats whose players joined the game's competition (the service looks them up):
    an organizer's confirmation makes the game count for them (design.md, "Who may make a
    game count")."""


class Cancel(Command, frozen=True, kw_only=True, tag="cancel"):
    """Void a game created by mistake (before it is confirmed)."""

    actor: str


SharedCommand = CreateMatch | RecordPenalty | Abandon | UndoLastMove | AnnulHand | Confirm | Cancel

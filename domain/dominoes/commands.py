"""What a dominoes scorekeeper asks for: a deal, a tile, a pass, a hand's result."""

from datetime import datetime
from typing import Literal

import msgspec

from domain.dominoes.rules import BatidaKind
from domain.match.commands import Command
from domain.match.state import PerTeam
from domain.table import End


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
    played_at: datetime | None = None
    """When the hand ended, for a score sheet typed in later (D27); else `at`."""


DominoCommand = StartHand | PlayTile | Pass | RecordResult

DOMINO_COMMANDS = DominoCommand.__args__

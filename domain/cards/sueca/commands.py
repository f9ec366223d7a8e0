"""What a Sueca table's scorekeeper (or its players) ask for, beyond a deal and a card."""

from datetime import datetime

from domain.match.commands import Command
from domain.match.state import PerTeam


class AskRedeal(Command, frozen=True, kw_only=True, tag="ask_redeal"):
    seat: int


class RecordSuecaResult(Command, frozen=True, kw_only=True, tag="record_sueca_result"):
    points: PerTeam
    """Card points per team: 120 in all."""
    tricks: PerTeam | None = None
    """Tricks per team (10 in all); 10 to 0 is a bandeirada."""
    started_at: datetime | None = None
    played_at: datetime | None = None
    """When the hand ended, for a score sheet typed in later (D27); else `at`."""

"""What a Buraco scorekeeper (or its players) ask for beyond drawing and discarding."""

from datetime import datetime

from domain.match.commands import Command
from domain.match.requests import SideTally


class LayMeld(Command, frozen=True, kw_only=True, tag="lay_meld"):
    seat: int
    cards: list[str]


class AddToMeld(Command, frozen=True, kw_only=True, tag="add_to_meld"):
    seat: int
    to: int
    cards: list[str]


class RecordBuracoResult(Command, frozen=True, kw_only=True, tag="record_buraco_result"):
    ended_by: str | None = None
    """The side that went out (its final batida), or None: the stock ran out."""
    sides: dict[str, SideTally]
    started_at: datetime | None = None
    played_at: datetime | None = None

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


class TakePile(Command, frozen=True, kw_only=True, tag="take_pile"):
    """Tranca (T7): the pile taken with its top card melded at once: with cards of the hand
    as a new meld (`meld`), or onto the side's meld number `to`."""

    seat: int
    meld: list[str] | None = None
    to: int | None = None


class LayRedThree(Command, frozen=True, kw_only=True, tag="lay_red_three"):
    """Tranca (T5): a red 3 laid alone, and its replacement drawn from the stock (named when
    the stock is not known)."""

    seat: int
    card: str
    replacement: list[str] | None = None


class RecordBuracoResult(Command, frozen=True, kw_only=True, tag="record_buraco_result"):
    ended_by: str | None = None
    """The side that went out (its final batida), or None: the stock ran out."""
    sides: dict[str, SideTally]
    started_at: datetime | None = None
    played_at: datetime | None = None

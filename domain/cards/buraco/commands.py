"""What a Buraco scorekeeper (or its players) ask for beyond drawing and discarding."""

from datetime import datetime
from typing import Literal

import msgspec

from domain.match.commands import Command


class SideTally(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A side's count at the end of a rummy hand recorded by its result (Buraco)."""

    melded: int
    """The points of the cards it laid down."""
    limpa: int = 0
    suja: int = 0
    mil: int = 0
    """Its canastras of each kind."""
    in_hand: int = 0
    """The points of the cards left in its players' hands."""
    morto: bool = True
    """It took its morto."""
    red_threes: int = 0
    """Tranca: its red 3s (laid, or held at the end)."""


class LayMeld(Command, frozen=True, kw_only=True, tag="lay_meld"):
    seat: int
    cards: list[str]
    wild_as: str | None = None
    """The rank the meld's wild stands for, when it could stand for more than one (B5)."""


class AddToMeld(Command, frozen=True, kw_only=True, tag="add_to_meld"):
    seat: int
    to: int
    cards: list[str]
    wild_as: str | None = None
    """The rank an added wild stands for (B5, B23)."""
    wild_to: Literal["low", "high"] | None = None
    """Where the meld's wild goes when the card it stood for arrives and both ends are open
    (B5)."""


class TakePile(Command, frozen=True, kw_only=True, tag="take_pile"):
    """Tranca (T7): the pile taken with its top card melded at once: with cards of the hand
    as a new meld (`meld`), or onto the side's meld number `to`."""

    seat: int
    meld: list[str] | None = None
    to: int | None = None
    wild_as: str | None = None
    wild_to: Literal["low", "high"] | None = None
    """As a meld's or an addition's (B5)."""


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

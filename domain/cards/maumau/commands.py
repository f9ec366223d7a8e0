"""What a Mau Mau scorekeeper (or its players) ask for beyond drawing and discarding."""

from datetime import datetime

from domain.match.commands import Command


class CallMauMau(Command, frozen=True, kw_only=True, tag="call_mau_mau"):
    seat: int


class Accuse(Command, frozen=True, kw_only=True, tag="accuse"):
    seat: int


class RecordMauMauResult(Command, frozen=True, kw_only=True, tag="record_mau_mau_result"):
    """A whole hand at once: who went out (or that nobody did: a blocked table, M10), and
    what each other seat held (its cards, or their points)."""

    winner: int | None = None
    blocked: bool = False
    points: list[int] | None = None
    cards_left: list[list[str]] | None = None
    started_at: datetime | None = None
    played_at: datetime | None = None

"""What a Copas scorekeeper (or its players) ask for beyond a card game's deal and card."""

from datetime import datetime

from domain.match.commands import Command


class GiveCards(Command, frozen=True, kw_only=True, tag="give_cards"):
    seat: int
    cards: list[str]


class RecordCopasResult(Command, frozen=True, kw_only=True, tag="record_copas_result"):
    """A whole hand at once: the points each seat took, in seat order (26 in all)."""

    points: list[int]
    started_at: datetime | None = None
    played_at: datetime | None = None

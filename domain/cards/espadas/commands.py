"""What an Espadas scorekeeper (or its players) ask for beyond a card game's deal and card."""

from datetime import datetime

from domain.cards.espadas.events import Bid
from domain.match.commands import Command


class MakeBid(Command, frozen=True, kw_only=True, tag="make_bid"):
    seat: int
    bid: Bid


class RecordEspadasResult(Command, frozen=True, kw_only=True, tag="record_espadas_result"):
    """A whole hand at once: each seat's bid and the tricks it took, in seat order."""

    bids: list[Bid]
    tricks: list[int]
    started_at: datetime | None = None
    played_at: datetime | None = None

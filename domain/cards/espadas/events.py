"""What happens at an Espadas table beyond a card game's deals and cards: the bids."""

from typing import Annotated, Literal

from msgspec import Meta

from domain.match.events import Event
from domain.table import Seat

Bid = Annotated[int, Meta(ge=1, le=13)] | Literal["nil", "double_nil"]
"""Tricks a seat will take (1 to 13), or a nil (none), or a double nil (none, bid blind)."""


class BidMade(Event, frozen=True, kw_only=True, tag="bid_made"):
    seat: Seat
    bid: Bid

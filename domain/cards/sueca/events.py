"""Sueca's own events (tags fixed forever)."""

from domain.match.events import Event
from domain.table import Seat


class RedealAsked(Event, frozen=True, kw_only=True, tag="redeal_asked"):
    """Sueca: the opening player's cards are worth too little; the deal is void and the same
    dealer deals again."""

    number: int
    seat: Seat
    points: int
    """What the seat's cards were worth."""

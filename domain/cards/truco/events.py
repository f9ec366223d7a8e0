"""Truco's own events (tags fixed forever)."""

from domain.match.events import Event
from domain.table import Seat


class RaiseCalled(Event, frozen=True, kw_only=True, tag="raise_called"):
    """Truco: a seat asks for the hand to be worth `value` (3, 6, 9, 12)."""

    seat: Seat
    value: int


class RaiseAccepted(Event, frozen=True, kw_only=True, tag="raise_accepted"):
    """Truco: the other team accepts; the hand is worth `value` from now on."""

    seat: Seat
    value: int

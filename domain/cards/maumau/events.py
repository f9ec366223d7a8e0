"""What happens at a Mau Mau table beyond drawing and discarding: the MAU-MAU call and
the accusation of a seat that forgot it (M8, M16)."""

from domain.match.events import Event
from domain.table import Seat


class MauMauCalled(Event, frozen=True, kw_only=True, tag="mau_mau_called"):
    """A seat in turn says MAU-MAU before the discard that leaves it one card. A call that
    does not fit (more than two cards, or none of them playable) costs five cards."""

    seat: Seat
    wrong: bool = False


class MauMauAccused(Event, frozen=True, kw_only=True, tag="mau_mau_accused"):
    """Any other seat, out of turn, accuses the seat that discarded to one card without the
    call; the accused draws five. With nobody to accuse, the accuser draws them."""

    seat: Seat
    accused: Seat | None

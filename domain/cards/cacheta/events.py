"""What happens at a Cacheta table beyond drawing and discarding: "na boa" said, the
discard taken out of turn ("furar a fila"), a seat burned, a batida shown (K6-K8)."""

from domain.cards.stock.events import StockCard
from domain.match.events import Event
from domain.table import Seat


class NaBoaSaid(Event, frozen=True, kw_only=True, tag="na_boa_said"):
    """The seat says it needs one card to go out (K7: public, not checked)."""

    seat: Seat


class QueueJumped(Event, frozen=True, kw_only=True, tag="queue_jumped"):
    """Furar a fila: a seat na boa takes the last discard out of turn (K8); it goes out
    with it next, or burns."""

    seat: Seat
    card: StockCard


class SeatBurned(Event, frozen=True, kw_only=True, tag="seat_burned"):
    """The seat that jumped the queue could not go out: the card goes back on the pile,
    and the seat may not jump again this round (it may still go out in its turn)."""

    seat: Seat


class WentOut(Event, frozen=True, kw_only=True, tag="went_out"):
    """A batida: every card of the seat's hand in the groups shown (9 with a discard before
    it, or 10), public once made."""

    seat: Seat
    groups: tuple[tuple[StockCard, ...], ...]

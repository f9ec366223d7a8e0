"""An Espadas hand in progress: the trick engine's hand, the bids, spades broken."""

from domain.cards.cards import suit_of
from domain.cards.espadas.events import Bid
from domain.cards.tricks.hand import TrickHand

TRUMP = "S"


class EspadasHand(TrickHand, frozen=True, kw_only=True):
    bids: tuple[Bid | None, ...] = (None, None, None, None)
    """Each seat's bid, None until it bids."""

    @property
    def bidding(self) -> bool:
        return None in self.bids

    @property
    def next_bidder(self) -> int:
        made = sum(bid is not None for bid in self.bids)
        return (self.dealer + 1 + made) % 4

    @property
    def spades_broken(self) -> bool:
        """A spade has been played on a trick (led or not, E10)."""
        on_table = (*self.trick, *(p for t in self.tricks for p in t.cards))
        return any(suit_of(p.card) == TRUMP for p in on_table)

    @property
    def taken(self) -> tuple[int, ...]:
        """Tricks each seat has taken."""
        return tuple(sum(t.winner == seat for t in self.tricks) for seat in range(4))

"""What happens at a Buraco table beyond drawing and discarding: melds laid and added to,
a morto taken, a morto turned into the stock (B11, B19)."""

from domain.cards.melds.rules import Canastra
from domain.cards.stock.events import StockCard
from domain.match.events import Event
from domain.match.secrets import NO_SECRETS, Secret
from domain.table import Seat


class Melded(Event, frozen=True, kw_only=True, tag="melded"):
    """A new meld of the seat's side (numbered per side from 0 in the order laid, B23)."""

    seat: Seat
    cards: tuple[StockCard, ...]
    canastra: Canastra | None = None
    """What the meld is once laid: a canastra (limpa, suja, mil) or not yet."""
    low: int | None = None
    """A run's lowest place, 1 (the ace low) to 14 (the ace high); None for a set, and in
    the events written before the wilds kept their place (B5): read then with the fewest
    wilds, the wild at the highest place it may take."""
    wild_at: int | None = None
    """The place the run's wild stands for (B5; None: no wild, or a set)."""


class AddedToMeld(Event, frozen=True, kw_only=True, tag="added_to_meld"):
    seat: Seat
    to: int
    """The meld's number among its side's."""
    cards: tuple[StockCard, ...]
    canastra: Canastra | None = None
    """What the meld is with them: a canastra (limpa, suja, mil) or not yet."""
    low: int | None = None
    """The run's lowest place with them (as `Melded.low`; None: a set, or an event written
    before B5 was built)."""
    wild_at: int | None = None
    """The place the run's wild stands for with them: where it stayed, or where it moved
    when its card arrived (B5); None: no wild (a 2 may have come to its own place)."""


class MortoTaken(Event, frozen=True, kw_only=True, tag="morto_taken"):
    """The seat emptied its hand with its side's morto still there: the 11 cards are its
    new hand. Direta (by a meld): it plays on; indireta (by its discard): its turn ends,
    and it plays them next turn. The cards are the seat's secret; their count is public."""

    seat: Seat
    direct: bool
    cards: tuple[StockCard, ...]

    def secrets(self) -> tuple[Secret, ...]:
        return (Secret("cards", list(self.cards), self.seat),)


class RedThreeLaid(Event, frozen=True, kw_only=True, tag="red_three_laid"):
    """Tranca (T5): a red 3 laid alone in front of its side; the replacement follows."""

    seat: Seat
    card: StockCard


class MortoToStock(Event, frozen=True, kw_only=True, tag="morto_to_stock"):
    """The stock is spent at the start of a turn: an untaken morto becomes the stock (B11,
    B19: side A's, or seat 0's, first); its side counts as never having taken it."""

    side: int
    """0: side A's (seat 0's at a table of two); 1: side B's (seat 1's)."""
    stock: tuple[StockCard, ...] | None = None

    def secrets(self) -> tuple[Secret, ...]:
        return NO_SECRETS if self.stock is None else (Secret("stock", list(self.stock), None),)

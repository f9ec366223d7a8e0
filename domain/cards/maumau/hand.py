"""A Mau Mau hand in progress: the stock engine's hand, the direction of play, what a jack
asked for, the chain of 7s, the penalty cards owed, the MAU-MAU call and its accusation;
and what the cards are worth at the end (M3)."""

from domain.cards.cards import rank_of
from domain.cards.melds.decks import DECK_104
from domain.cards.stock.hand import StockHand

WHAT = "Mau Mau"
HAND_SIZE = 5
CALL_AT = 2
"""The cards a seat holds when it must say MAU-MAU before its discard."""
PENALTY_CARDS = 5
SEVEN_CARDS = 2
SEATS = (4, 5, 6, 7, 8)
VALUES = {"A": 1, "J": 30, "Q": 10, "K": 10}
"""M3; a number card is worth its number."""


def card_points(card: str) -> int:
    rank = rank_of(card)
    return VALUES.get(rank) or int(rank)


MOST_POINTS = sum(card_points(card) for card in DECK_104)
"""What every card of the two decks is worth: no table holds more."""


class MauMauHand(StockHand, frozen=True, kw_only=True):
    direction: int = 1
    """1 in order of play, -1 once a queen turned it round (an odd number of queens)."""
    demanded: str | None = None
    """The suit a jack asked for, until a card is played on it (M7, M15)."""
    pending: int = 0
    """Cards a chain of 7s makes the seat in turn draw, unless it answers with a 7 (M5)."""
    owed: tuple[int, ...]
    """Cards each seat must draw now: a 9's one, five for a wrong call or an accusation."""
    called: bool = False
    """The seat in turn has said MAU-MAU."""
    accusable: int | None = None
    """The seat that discarded to one card without the call, while it may be accused (M8)."""
    accused: int | None = None
    """The seat just accused: a second accusation of it is refused, not punished."""
    passes: int = 0
    """Passes in a row with nothing left to draw: a full round ends the hand (M10)."""
    drawn: tuple[int, ...]
    """Cards each seat has drawn this hand."""
    accusations: tuple[int, ...]
    """Times each seat was accused (or accused nobody) this hand."""
    longest_chain: int = 0
    """The most cards a chain of 7s has asked for this hand."""

    def step(self, seat: int, places: int = 1) -> int:
        return (seat + places * self.direction) % self.seats

    @property
    def nothing_to_draw(self) -> bool:
        return self.stock_count == 0 and self.pile_size < 2

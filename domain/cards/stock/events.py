"""What happens at a table that draws and discards (Mau Mau, the rummy family): the deal
with its stock, cards drawn, a card discarded, the stock made again from the pile, a turn
passed. The stock and every card drawn from it are secrets (design.md, "Secrets in the
history"); how many cards each draw took, the discard pile and the turns are public."""

from typing import Annotated, ClassVar, Literal

from msgspec import Meta

from domain.match.events import Event
from domain.match.secrets import NO_SECRETS, Secret, dealt
from domain.table import Seat

STOCK_CARD_PATTERN = r"^((A|[2-9]|10|J|Q|K)[CDHS]|JK)$"
StockCard = Annotated[str, Meta(pattern=STOCK_CARD_PATTERN, examples=["7H", "10S", "JK"])]
"""A card of a two-deck game: the codes repeat, and "JK" is a joker (a deck with jokers)."""
Suit = Literal["C", "D", "H", "S"]
Source = Literal["stock", "pile"]
DrawReason = Literal["turn", "seven", "penalty", "replacement"]
"""A seat's one draw of its turn; the cards a chain of 7s makes it take; the cards a
penalty makes it take (a 9, a wrong call, an accusation); a laid card's replacement."""


class StockDealt(Event, frozen=True, kw_only=True, tag="stock_dealt"):
    """A hand dealt from two decks: each seat's cards, the first card of the pile, and the
    stock in its order (top first) when it was posted or shuffled by the server; without
    it, each draw names its cards (a scorekeeper at a real table)."""

    starts_a_hand: ClassVar[bool] = True

    number: int
    dealer: Seat
    opener: Seat
    """The first player: the seat after the dealer (M1, B22)."""
    hands: tuple[tuple[StockCard, ...], ...]
    starter: StockCard | None = None
    """The card turned from the top of the stock to start the pile, where a game turns one."""
    stock: tuple[StockCard, ...] | None = None
    stock_count: int
    """How many cards the stock holds: public, whether or not its order is known."""
    mortos: tuple[tuple[StockCard, ...], ...] | None = None
    """The two mortos of a game that sets them aside, side A's (seat 0's) then side B's."""
    vira: StockCard | None = None
    """The card turned up and set aside, where a game turns one (it names the wilds)."""

    def secrets(self) -> tuple[Secret, ...]:
        parts = dealt(self.hands) if self.stock is None else dealt(self.hands, stock=self.stock)
        for side, morto in enumerate(self.mortos or ()):
            parts += (Secret(f"mortos.{side}", list(morto), None),)
        return parts


class CardsDrawn(Event, frozen=True, kw_only=True, tag="cards_drawn"):
    """A seat takes cards: from the stock (the cards are its secret; their number is
    public) or from the discard pile (public)."""

    seat: Seat
    source: Source = "stock"
    cards: tuple[StockCard, ...]
    count: int
    reason: DrawReason = "turn"

    def secrets(self) -> tuple[Secret, ...]:
        if self.source != "stock":
            return NO_SECRETS
        return (Secret("cards", list(self.cards), self.seat),)


class CardDiscarded(Event, frozen=True, kw_only=True, tag="card_discarded"):
    seat: Seat
    card: StockCard
    suit: Suit | None = None
    """The suit a discard asks for, where a game lets a card ask for one."""


class StockRestocked(Event, frozen=True, kw_only=True, tag="stock_restocked"):
    """The stock runs short: the discard pile but its top card, shuffled, goes under what is
    left of it (M10). With a known stock, its new order: shuffled by the service (M13), a
    secret of nobody's seat; without one, only the count."""

    stock: tuple[StockCard, ...] | None = None
    stock_count: int

    def secrets(self) -> tuple[Secret, ...]:
        return NO_SECRETS if self.stock is None else (Secret("stock", list(self.stock), None),)


class TurnPassed(Event, frozen=True, kw_only=True, tag="turn_passed"):
    seat: Seat


StockEvent = StockDealt | CardsDrawn | CardDiscarded | StockRestocked | TurnPassed

STOCK_EVENTS = StockEvent.__args__

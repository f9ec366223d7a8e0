"""What every client of a game that draws and discards posts (Mau Mau, Cacheta, the Buraco
family): a deal of hands with its dealer and, when known, its stock; a draw, from the stock
or the pile, naming its card(s) when the stock was not posted; a discard. Each game adds
its own fields and says which of them make one move (`StockMove.saying`)."""

from collections.abc import Sequence
from datetime import datetime
from typing import Annotated, ClassVar, Literal

from msgspec import Meta

from domain.cards.stock.commands import DrawCards
from domain.codes import StockCardCode as StockCardCode
from domain.match.bodies import DealBody, MalformedRequest, SeatMove

Dealer = Annotated[
    int,
    Meta(
        ge=0,
        le=7,
        description="The seat that deals (the seat due, or the first hand's: the table's last "
        "seat if not said); the seat after it plays first.",
    ),
]
Hands = Annotated[
    list[Annotated[list[StockCardCode], Meta(max_length=28)]],
    Meta(max_length=8, description="The posted deal: a hand per seat, in seat order."),
]
Stock = Annotated[
    list[StockCardCode],
    Meta(
        max_length=108,
        description="The stock, top first: the rest of the deck (optional: without it, each "
        "draw names its card).",
    ),
]
CardsNamed = Annotated[
    list[StockCardCode],
    Meta(max_length=108, description="The cards drawn, named when no stock was posted."),
]


class StockDeal(DealBody, frozen=True, kw_only=True):
    """A posted deal: each seat's hand, who dealt it, and the stock when it is known."""

    posted: ClassVar[tuple[str, ...]] = ("hands", "stock")

    hands: Hands | None = None
    dealer: Dealer | None = None
    stock: Stock | None = None

    def posted_hands(self, what: str) -> list[list[str]]:
        """The hands of a posted deal; `what`: the rest of the message, for a body with none."""
        if self.hands is None:
            raise MalformedRequest(f'post "hands"{what}, or "deal": "server"')
        return [list(hand) for hand in self.hands]


class StarterDeal(StockDeal, frozen=True, kw_only=True):
    """A deal that turns up the pile's first card (Mau Mau, Mega Buraco)."""

    posted: ClassVar[tuple[str, ...]] = ("hands", "stock", "starter")

    starter: (
        Annotated[
            StockCardCode, Meta(description="The card turned from the stock to start the pile.")
        ]
        | None
    ) = None


class StockMove(SeatMove, frozen=True, kw_only=True):
    """A move of a seat at a table that draws: a draw, from the stock or the pile, naming its
    card(s) when the stock was not posted; each game adds its other moves."""

    modifiers: ClassVar[frozenset[str]] = frozenset()
    """The fields that qualify the move another field makes (a suit asked with a discard), not
    moves of their own: `saying` leaves them out."""

    draw: Annotated[
        Literal["stock", "pile"] | None,
        Meta(description='Draw: "stock" (its top card) or "pile" (the discard pile).'),
    ] = None
    card: Annotated[
        StockCardCode | None,
        Meta(description='With "draw": the card drawn, named when no stock was posted.'),
    ] = None
    cards: CardsNamed | None = None

    def saying(self) -> frozenset[str]:
        """The things this move says, by their names in the body (`"pass"`): every field
        given (not null, not false) but the seat, the version and the `modifiers`."""
        names = zip(self.__struct_fields__, self.__struct_encode_fields__, strict=True)
        return frozenset(
            wire
            for field, wire in names
            if field not in _NOT_SAID
            and wire not in self.modifiers
            and (value := getattr(self, field)) is not None
            and value is not False
        )

    def named(self) -> list[str] | None:
        """The cards a draw names: `cards`, or the one `card`; None: it names none."""
        if self.cards is not None:
            return list(self.cards)
        return None if self.card is None else [self.card]

    def names_hidden_cards(self) -> bool:
        """A draw that names its cards: from a stock not posted, whether a card can come
        from it would tell what the other hands hold."""
        return self.draw is not None and self.named() is not None

    def drawn(self, at: datetime, restock: Sequence[str], refused: str) -> DrawCards:
        """The draw this move says, with the service's shuffle of a new stock should it need
        one (M13); `refused`: the message for a draw that says more than its cards."""
        if self.saying() - _DRAW:
            raise MalformedRequest(refused)
        return DrawCards(
            at=at,
            seat=self.seat,
            source=self.draw or "stock",
            cards=self.named(),
            restock=list(restock) or None,
        )


_NOT_SAID = frozenset({"seat", "expected_version"})
_DRAW = frozenset({"draw", "card", "cards"})


class DiscardMove(StockMove, frozen=True, kw_only=True):
    """A game whose turn ends with a card discarded by name (Cacheta, the Buraco family)."""

    discard: Annotated[
        StockCardCode | None, Meta(description="The card discarded: it ends the turn.")
    ] = None


def one_move(said: frozenset[str], moves: tuple[str, ...], game: str) -> str:
    """The one move of `moves` a body says, or `MalformedRequest` naming them."""
    if len(said) != 1 or not said <= set(moves):
        names = ", ".join(f'"{name}"' for name in moves)
        raise MalformedRequest(f"a {game} move sends exactly one of {names}")
    return next(iter(said))

"""What every trick game's client posts: a deal of hands with its dealer, a card played."""

from typing import Annotated

from msgspec import Meta

from domain.codes import CardCode
from domain.match.bodies import DealBody, OwnCard, SeatMove

Dealer = Annotated[
    int,
    Meta(
        ge=0,
        le=7,
        description="The seat that deals (the seat due, or the first hand's: the table's last "
        "seat if not said); the seat after it leads.",
    ),
]


class TrickDeal(DealBody, frozen=True, kw_only=True):
    """A posted deal: each seat's hand, in seat order, and who dealt it."""

    hands: (
        Annotated[
            list[Annotated[list[CardCode], Meta(max_length=13)]],
            Meta(max_length=4, description="The posted deal: a hand per seat, in seat order."),
        ]
        | None
    ) = None
    dealer: Dealer | None = None


class TrickMove(SeatMove, frozen=True, kw_only=True):
    """A card played; each game adds its other moves."""

    card: Annotated[CardCode | None, Meta(description="The card played.")] = None

    def own_card(self) -> OwnCard | None:
        return "named" if self.card is not None else None

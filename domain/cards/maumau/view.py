"""A Mau Mau hand in progress as a reader sees it: the stock engine's view, the pile's top
and what it asks for, the direction, the penalties owed, the call and the accusation
window: all public."""

from typing import Annotated

from msgspec import Meta

from domain.cards.maumau.hand import MauMauHand
from domain.cards.stock.view import StockHandView, stock_fields
from domain.match.bodies import Seen
from domain.match.state import GameHand


class MauMauView(StockHandView, frozen=True, kw_only=True, tag="mau-mau"):
    """A Mau Mau hand in progress (`"game": "mau-mau"`)."""

    top: Annotated[str | None, Meta(description="The top card of the pile.")]
    demanded_suit: Annotated[str | None, Meta(description="The suit a jack asked for, or null.")]
    direction: Annotated[
        int, Meta(description="1 in order of play, -1 once a queen turned it round.")
    ]
    pending_draw: Annotated[
        int, Meta(description="The cards a chain of 7s makes the seat in turn draw.")
    ]
    owed: Annotated[list[int], Meta(description="The penalty cards each seat must draw now.")]
    called: Annotated[bool, Meta(description="The seat in turn has said MAU-MAU.")]
    drew: Annotated[bool, Meta(description="The seat in turn has drawn its card.")]
    accusable: Annotated[
        int | None,
        Meta(description="The seat that may be accused of forgetting MAU-MAU, or null."),
    ]


def view(hand: GameHand, seen: Seen) -> MauMauView:
    assert isinstance(hand, MauMauHand)
    return MauMauView(
        **stock_fields(hand, seen),
        top=hand.top,
        demanded_suit=hand.demanded,
        direction=hand.direction,
        pending_draw=hand.pending,
        owed=list(hand.owed),
        called=hand.called,
        drew=hand.drew,
        accusable=hand.accusable,
    )

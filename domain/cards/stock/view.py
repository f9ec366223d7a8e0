"""What every game that draws and discards shows of a hand in progress: whose turn it is,
the cards each seat holds (to who may see them), the stock's count (its order only to who
sees every hand) and the discard pile. Each game's view adds its own."""

from typing import Annotated, Any, Literal

from msgspec import Meta

from domain.cards.stock.hand import StockHand
from domain.match.bodies import HandView, Seen


class StockHandView(HandView, frozen=True, kw_only=True):
    """A hand of a game that draws and discards (`"family": "stock"`). The stock and the
    cards drawn from it are secret; the pile and the counts public."""

    family: Annotated[Literal["stock"], Meta(description="A stock and a discard pile.")] = "stock"
    opener: Annotated[int, Meta(description="The first player: the seat after the dealer.")]
    dealer: Annotated[int, Meta(description="The seat that dealt it.")]
    turn: Annotated[int, Meta(description="The seat to play.")]
    cards_left: Annotated[list[int], Meta(description="How many cards each seat holds.")]
    hands: Annotated[
        list[list[str] | None],
        Meta(description="Each seat's cards, null where the reader may not see them."),
    ]
    stock_count: Annotated[int, Meta(description="How many cards the stock holds.")]
    stock: Annotated[
        list[str] | None,
        Meta(
            description="The stock, top first, to who posted it with the deal; null to "
            "everyone else, and when the deal posted none (each draw names its card)."
        ),
    ]
    stock_known: Annotated[
        bool, Meta(description="The deal posted the stock (or the service shuffled it).")
    ]
    pile: Annotated[list[str], Meta(description="The discard pile, its top card last.")]


def stock_fields(hand: StockHand, seen: Seen) -> dict[str, Any]:
    """The fields every stock game's view has, for its struct. The stock's order only to who
    sees every seat (who posted the deal), as dominoes' dorme."""
    everyone = len(seen) == hand.seats
    return {
        "number": hand.number,
        "opener": hand.opener,
        "started_at": hand.started_at,
        "dealer": hand.dealer,
        "turn": hand.turn,
        "cards_left": [len(cards) for cards in hand.hands],
        "hands": [list(cards) if seat in seen else None for seat, cards in enumerate(hand.hands)],
        "stock_count": hand.stock_count,
        "stock": list(hand.stock) if everyone and hand.stock is not None else None,
        "stock_known": hand.stock is not None,
        "pile": list(hand.pile),
    }

"""A Cacheta round in progress as a reader sees it: the stock engine's view, the vira and
its wilds, each seat's lives, who is na boa, burned or out, who took the discard out of
turn: all public."""

from typing import Annotated

from msgspec import Meta

from domain.cards.cacheta.hand import CachetaHand
from domain.cards.stock.view import StockHandView, stock_fields
from domain.match.bodies import Seen
from domain.match.state import GameHand


class CachetaView(StockHandView, frozen=True, kw_only=True, tag="cacheta"):
    """A Cacheta round in progress (`"game": "cacheta"`)."""

    vira: Annotated[str, Meta(description="The card turned up.")]
    wilds: Annotated[
        list[str], Meta(description="The wild cards (the rank after the vira, in its colour).")
    ]
    lives: Annotated[list[int], Meta(description="Each seat's lives as the round began (0: out).")]
    na_boa: Annotated[
        list[int], Meta(description="The seats that said they are one card from going out.")
    ]
    burned: Annotated[list[int], Meta(description="The seats burned this round.")]
    out: Annotated[list[int], Meta(description="The seats out of the game.")]
    jumper: Annotated[
        int | None,
        Meta(description="The seat that took the discard out of turn, to go out or burn."),
    ]


def view(hand: GameHand, seen: Seen) -> CachetaView:
    assert isinstance(hand, CachetaHand)
    return CachetaView(
        **stock_fields(hand, seen),
        vira=hand.vira,
        wilds=list(hand.wilds),
        lives=list(hand.lives),
        na_boa=sorted(hand.na_boa),
        burned=sorted(hand.burned),
        out=[s for s in range(len(hand.hands)) if s not in hand.playing],
        jumper=hand.jumper,
    )

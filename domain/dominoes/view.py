"""A dominoes hand in progress as a reader sees it: the line of tiles, the open ends, the
tiles each seat holds (to who may see them) and the dorme (to who sees every hand)."""

from typing import Annotated, Literal

from msgspec import Meta

from domain.dominoes.hand import Hand
from domain.match.bodies import HandView, Seen
from domain.match.state import GameHand


class DominoesHand(HandView, frozen=True, kw_only=True, tag="dominoes"):
    """A dominoes hand in progress (`"game": "dominoes"`)."""

    family: Annotated[Literal["dominoes"], Meta(description="A board of tiles.")] = "dominoes"
    opening_tile: Annotated[str | None, Meta(description="The tile it must open with, if any.")]
    board: Annotated[list[str], Meta(description="Tiles laid, from the left end to the right.")]
    open_ends: Annotated[
        dict[str, int] | None,
        Meta(description='The open numbers: {"left": n, "right": m}; null on an empty board.'),
    ] = None
    tiles_left: Annotated[list[int], Meta(description="How many tiles each seat still holds.")]
    hands: Annotated[
        list[list[str] | None],
        Meta(description="Each seat's tiles, null where the reader may not see them."),
    ]
    dorme: Annotated[list[str] | None, Meta(description="The undealt tiles, if visible.")]


def view(hand: GameHand, seen: Seen) -> DominoesHand:
    assert isinstance(hand, Hand)
    ends = None if hand.ends is None else {"left": hand.ends.left, "right": hand.ends.right}
    return DominoesHand(
        number=hand.number,
        opener=hand.opener,
        opening_tile=hand.opening_tile,
        board=list(hand.board),
        open_ends=ends,
        tiles_left=list(hand.tiles_left),
        hands=[list(tiles) if seat in seen else None for seat, tiles in enumerate(hand.hands)],
        dorme=list(hand.dorme) if len(seen) == len(hand.hands) else None,
        started_at=hand.started_at,
    )

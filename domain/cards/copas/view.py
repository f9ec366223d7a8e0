"""A Copas hand in progress as a reader sees it: the trick engine's view (each seat for
itself), the pass and its direction, whether hearts are broken, the points taken."""

from typing import Annotated

from msgspec import Meta

from domain.cards.copas.hand import CopasHand
from domain.cards.tricks.view import TrickHandView, trick_fields
from domain.match.bodies import Seen
from domain.match.state import GameHand


class CopasView(TrickHandView, frozen=True, kw_only=True, tag="copas"):
    """A Copas hand in progress (`"game": "copas"`)."""

    pass_direction: Annotated[
        str, Meta(description='Where this hand\'s cards go: "left", "right", "across", "none".')
    ]
    given: Annotated[list[int], Meta(description="The seats that have given their three cards.")]
    giving: Annotated[
        list[list[str] | None] | None,
        Meta(
            description="Before the exchange, the three cards each seat set aside, null where "
            "the reader may not see them (or the seat has not given)."
        ),
    ] = None
    hearts_broken: Annotated[bool, Meta(description="A heart has been played (they may be led).")]
    points_this_hand: Annotated[
        list[int], Meta(description="The points each seat has taken this hand.")
    ]


def view(hand: GameHand, seen: Seen) -> CopasView:
    """The pass: its direction, who has given, and what each seat set aside, to who sees
    that seat, until the exchange."""
    assert isinstance(hand, CopasHand)
    giving = None
    if hand.passing:
        giving = [
            list(c) if c is not None and s in seen else None for s, c in enumerate(hand.given)
        ]
    return CopasView(
        **trick_fields(hand, seen),
        pass_direction=hand.direction,
        given=[s for s, cards in enumerate(hand.given) if cards is not None],
        giving=giving,
        hearts_broken=hand.hearts_broken,
        points_this_hand=list(hand.taken),
    )

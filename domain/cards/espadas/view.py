"""An Espadas hand in progress as a reader sees it: the trick engine's view, each seat's
bid, and whether spades are broken."""

from typing import Annotated

from msgspec import Meta

from domain.cards.espadas.hand import EspadasHand
from domain.cards.tricks.view import PartnershipTrickView, team_tricks, trick_fields
from domain.match.bodies import Seen
from domain.match.state import GameHand


class EspadasView(PartnershipTrickView, frozen=True, kw_only=True, tag="espadas"):
    """An Espadas hand in progress (`"game": "espadas"`)."""

    bids: Annotated[
        list[int | str | None],
        Meta(description='Each seat\'s bid (1 to 13, "nil", "double_nil"); null: none yet.'),
    ]
    spades_broken: Annotated[bool, Meta(description="A spade has been played (they may be led).")]


def view(hand: GameHand, seen: Seen) -> EspadasView:
    assert isinstance(hand, EspadasHand)
    return EspadasView(
        **trick_fields(hand, seen),
        tricks=team_tricks(hand),
        bids=list(hand.bids),
        spades_broken=hand.spades_broken,
    )

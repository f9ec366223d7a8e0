"""A Sueca hand in progress as a reader sees it: the trick engine's view, the trump and the
card points taken so far."""

from typing import Annotated

from msgspec import Meta

from domain.cards.sueca.hand import SuecaHand
from domain.cards.tricks.view import PartnershipTrickView, team_tricks, trick_fields
from domain.match.bodies import Seen, TeamPair
from domain.match.state import GameHand


class SuecaView(PartnershipTrickView, frozen=True, kw_only=True, tag="sueca"):
    """A Sueca hand in progress (`"game": "sueca"`)."""

    trump: Annotated[str | None, Meta(description="The trump suit (C, D, H or S).")]
    trump_card: Annotated[str | None, Meta(description="The dealer's last card, shown to all.")]
    card_points: Annotated[TeamPair, Meta(description="Card points taken so far (120 in a deal).")]


def view(hand: GameHand, seen: Seen) -> SuecaView:
    assert isinstance(hand, SuecaHand)
    points = hand.card_points
    return SuecaView(
        **trick_fields(hand, seen),
        tricks=team_tricks(hand),
        trump=hand.trump,
        trump_card=hand.trump_card,
        card_points=TeamPair(points.A, points.B),
    )

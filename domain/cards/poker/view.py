"""A poker fechado hand in progress as a reader sees it: the betting engine's view, and how
many cards each seat exchanged."""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta

from domain.cards.betting.hand import BettingHand
from domain.cards.betting.view import BettingHandView, betting_fields
from domain.match.bodies import Seen
from domain.match.state import GameHand


class PokerHand(BettingHandView, frozen=True, kw_only=True, tag="poker"):
    """A poker fechado hand in progress (`"game": "poker"`)."""

    exchanged: Annotated[dict[str, int], Meta(description="How many cards each seat exchanged.")]


def view(hand: GameHand, seen: Seen) -> PokerHand:
    assert isinstance(hand, BettingHand)
    exchanged = {str(s): n for s, n in enumerate(hand.swapped) if n >= 0}
    return PokerHand(**betting_fields(hand, seen), exchanged=exchanged)

"""A Texas Hold'em hand in progress as a reader sees it: the betting engine's view, the
board turned so far and the seats of the blinds."""

from __future__ import annotations

from typing import Annotated

import msgspec
from msgspec import Meta

from domain.cards.betting.hand import BettingHand, blind_seats
from domain.cards.betting.view import BettingHandView, betting_fields
from domain.match.bodies import Seen
from domain.match.state import GameHand


class Blinds(msgspec.Struct, frozen=True, kw_only=True):
    small: Annotated[int, Meta(description="The seat that posted the small blind.")]
    big: Annotated[int, Meta(description="The seat that posted the big blind.")]


class HoldemHand(BettingHandView, frozen=True, kw_only=True, tag="texas-holdem"):
    """A Texas Hold'em hand in progress (`"game": "texas-holdem"`)."""

    board: Annotated[list[str], Meta(description="The board turned so far.")]
    blinds: Annotated[Blinds, Meta(description="The seats of the small and big blinds.")]


def view(hand: GameHand, seen: Seen) -> HoldemHand:
    assert isinstance(hand, BettingHand)
    small, big = blind_seats(hand.dealer, hand.dealt, len(hand.stacks))
    return HoldemHand(
        **betting_fields(hand, seen), board=list(hand.board), blinds=Blinds(small=small, big=big)
    )

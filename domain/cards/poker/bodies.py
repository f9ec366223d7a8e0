"""What a poker fechado client posts: the betting engine's deal with the rest of the short
deck (or none: each exchange names the cards received), a bet or an exchange, a hand by its
result."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Annotated, ClassVar

import msgspec
from msgspec import Meta

from domain.cards.betting import bodies as betting
from domain.cards.betting.bodies import (
    BettingDeal,
    BettingMove,
    BettingResult,
    Seat,
)
from domain.cards.betting.commands import SwapCards
from domain.cards.poker.variant import POKER
from domain.codes import CardCode
from domain.match.commands import Command
from domain.match.state import Match


class PokerDeal(BettingDeal, frozen=True, kw_only=True):
    """A posted deal, with the stock when it is posted."""

    posted: ClassVar[tuple[str, ...]] = ("hands", "stock")
    dealt: (
        Annotated[
            list[Seat],
            Meta(
                max_length=8,
                description="The seats dealt in (all with chips when not said); the deck "
                "follows their number (P1).",
            ),
        ]
        | None
    ) = msgspec.field(default=None, name="in")
    stock: (
        Annotated[
            list[CardCode],
            Meta(
                max_length=52,
                description="The rest of the short deck, top first (optional: without it, "
                "each exchange names the cards received).",
            ),
        ]
        | None
    ) = None


class PokerMove(BettingMove, frozen=True, kw_only=True):
    """A bet, or the seat's exchange."""

    seat: Annotated[int, Meta(ge=0, le=7, description="The seat that moves.")]
    exchange: (
        Annotated[
            list[CardCode],
            Meta(max_length=5, description="The cards thrown away (0 to 5; [] stands pat)."),
        ]
        | None
    ) = None
    received: (
        Annotated[
            list[CardCode],
            Meta(max_length=5, description="The cards received, named when no stock was posted."),
        ]
        | None
    ) = None

    def names_hidden_cards(self) -> bool:
        """Cards received named: whether they can come from the stock would tell what the
        other hands hold."""
        return bool(self.received)


class PokerResult(BettingResult, frozen=True, kw_only=True):
    """A poker fechado hand by the chips each seat dealt in won or lost (P18)."""


def dealt(body: PokerDeal, at: datetime) -> Command:
    return betting.dealt(body, at, stock=body.stock)


def served(state: Match, order: Sequence[str], at: datetime, body: PokerDeal) -> Command:
    return betting.served_deal(state, order, at, body, POKER)


def moved(body: PokerMove, at: datetime, restock: Sequence[str] = ()) -> Command:
    """A bet, or an exchange: with the service's shuffle of the cards thrown so far, should
    the stock run short (P2)."""
    said = betting.one_thing(body, {"exchange": body.exchange is not None}, POKER.title)
    if said == "exchange":
        return SwapCards(
            at=at,
            seat=body.seat,
            thrown=list(body.exchange or ()),
            received=body.received,
            restock=list(restock) if restock else None,
        )
    return betting.bet(body, said, at)


def recorded(body: PokerResult, at: datetime) -> Command:
    return betting.recorded(body, at)

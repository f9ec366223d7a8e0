"""What a Texas Hold'em client posts: the betting engine's deal with its board of five (or
none: the scorekeeper names each street), a bet or a street of the board named, a hand by
its result."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Annotated, ClassVar

from msgspec import Meta

from domain.cards.betting import bodies as betting
from domain.cards.betting.bodies import BettingDeal, BettingMove, BettingResult
from domain.cards.betting.commands import TurnBoard
from domain.cards.holdem.variant import HOLDEM
from domain.codes import CardCode
from domain.match.commands import Command
from domain.match.state import Match


class HoldemDeal(BettingDeal, frozen=True, kw_only=True):
    """A posted deal, with the board of five when it is posted."""

    posted: ClassVar[tuple[str, ...]] = ("hands", "board")
    board: (
        Annotated[
            list[CardCode],
            Meta(
                min_length=5,
                max_length=5,
                description="The five board cards in the order they turn (optional: without "
                "it, the scorekeeper names each street).",
            ),
        ]
        | None
    ) = None


class HoldemMove(BettingMove, frozen=True, kw_only=True):
    """A bet of a seat, or a street of the board named (sent without a seat)."""

    board: (
        Annotated[
            list[CardCode],
            Meta(
                min_length=1,
                max_length=3,
                description="The flop (three cards), the turn or the river (one), when no board "
                "was posted; sent without a seat.",
            ),
        ]
        | None
    ) = None

    def __post_init__(self) -> None:
        if self.seat is None and self.board is None:
            raise ValueError('a move names its "seat"')

    def names_hidden_cards(self) -> bool:
        """A board named: whether its cards can come from the deck would tell what the
        hands hold."""
        return self.board is not None


class HoldemResult(BettingResult, frozen=True, kw_only=True):
    """A Texas Hold'em hand by the chips each seat dealt in won or lost (P18)."""


def dealt(body: HoldemDeal, at: datetime) -> Command:
    return betting.dealt(body, at, stock=body.board)


def served(state: Match, order: Sequence[str], at: datetime, body: HoldemDeal) -> Command:
    return betting.served_deal(state, order, at, body, HOLDEM)


def moved(body: HoldemMove, at: datetime, restock: Sequence[str] = ()) -> Command:
    said = betting.one_thing(body, {"board": body.board is not None}, HOLDEM.title)
    if said == "board":
        return TurnBoard(at=at, cards=list(body.board or ()))
    return betting.bet(body, said, at)


def recorded(body: HoldemResult, at: datetime) -> Command:
    return betting.recorded(body, at)

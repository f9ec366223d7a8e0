"""What every betting game's client posts: a deal of the seats dealt in, with their stacks
and the dealer; a bet (check, bet or raise to a total, cover, fold, all-in); a hand by the
chips each seat won or lost (P18). Each variant adds its own: Hold'em's board, poker
fechado's stock and exchange."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Annotated

import msgspec
from msgspec import Meta

from domain.cards.betting.commands import Bet, DealBetting, RecordNet
from domain.cards.betting.deal import served
from domain.cards.betting.variant import Variant
from domain.codes import CardCode
from domain.match.bodies import DealBody, MalformedRequest, MoveBody, ResultBody
from domain.match.state import Match

Chips = Annotated[int, Meta(ge=0, le=1_000_000_000)]
Seat = Annotated[int, Meta(ge=0, le=7)]

MOVES = ("check", "bet_to", "cover", "fold", "all_in")
"""A bet's names, in the order a refusal lists them."""


class BettingDeal(DealBody, frozen=True, kw_only=True):
    """A posted deal: the hand of each seat dealt in, and the table's stacks and dealer."""

    hands: (
        Annotated[
            list[Annotated[list[CardCode], Meta(max_length=5)]],
            Meta(
                max_length=8,
                description="The posted deal: a hand per seat dealt in, in seat order.",
            ),
        ]
        | None
    ) = None
    dealer: (
        Annotated[
            int,
            Meta(
                ge=0,
                le=7,
                description="The seat with the button: the first hand's (the last seat dealt "
                "in if not said); then it moves to the next seat dealt in, as the service "
                "checks (P12, H6).",
            ),
        ]
        | None
    ) = None
    dealt: (
        Annotated[
            list[Seat],
            Meta(max_length=8, description="The seats dealt in (all with chips when not said)."),
        ]
        | None
    ) = msgspec.field(default=None, name="in")
    stacks: (
        Annotated[
            list[Chips],
            Meta(
                max_length=8,
                description="Every seat's chips: on the first hand, or to top a stack up.",
            ),
        ]
        | None
    ) = None


class BettingMove(MoveBody, frozen=True, kw_only=True):
    """A bet of one seat; each variant adds its seat's other moves."""

    seat: Annotated[int, Meta(ge=0, le=7, description="The seat that moves.")] | None = None
    check: Annotated[bool, Meta(description="Check (mesa), when there is nothing to call.")] = False
    bet_to: (
        Annotated[
            int,
            Meta(
                ge=1,
                le=1_000_000_000,
                description="Bet or raise: the seat's total in this betting round after the move.",
            ),
        ]
        | None
    ) = None
    cover: Annotated[
        bool, Meta(description="Call (cobrir); with too few chips, an all-in call.")
    ] = False
    fold: Annotated[bool, Meta(description="Fold (correr), allowed at any turn.")] = False
    all_in: Annotated[bool, Meta(description="Put every chip in (a bet, a raise or a call).")] = (
        False
    )

    def mover(self) -> int | None:
        return self.seat

    def bets(self) -> list[str]:
        """The bets this move says (a move says exactly one thing)."""
        said = {
            "check": self.check,
            "bet_to": self.bet_to is not None,
            "cover": self.cover,
            "fold": self.fold,
            "all_in": self.all_in,
        }
        return [name for name in MOVES if said[name]]


class BettingResult(ResultBody, frozen=True, kw_only=True):
    """A hand by the chips each seat dealt in won or lost (P18)."""

    net: Annotated[
        dict[
            Annotated[str, Meta(pattern="^[0-7]$")],
            Annotated[int, Meta(ge=-1_000_000_000, le=1_000_000_000)],
        ],
        Meta(
            max_length=8,
            description="The chips each seat dealt in won or lost, keyed by seat, summing to 0 "
            "(a chopped pot: every one 0); a seat left out sat the hand out.",
        ),
    ]
    stacks: (
        Annotated[
            list[Chips],
            Meta(
                max_length=8,
                description="Every seat's chips before the hand: on a session's first hand, or "
                "to top a stack up.",
            ),
        ]
        | None
    ) = None


def dealt(body: BettingDeal, at: datetime, stock: list[str] | None) -> DealBetting:
    """A posted deal, with what is still to come when posted: the board, the stock."""
    if body.hands is None:
        raise MalformedRequest('post "hands", or "deal": "server"')
    return DealBetting(
        at=at,
        hands=body.hands,
        dealer=body.dealer,
        dealt=body.dealt,
        stacks=body.stacks,
        stock=stock,
    )


def served_deal(
    state: Match, order: Sequence[str], at: datetime, body: BettingDeal, variant: Variant
) -> DealBetting:
    """The service's deal, of the seats, stacks and dealer the body asks for."""
    return served(
        state, order, at, variant, dealt=body.dealt, stacks=body.stacks, dealer=body.dealer
    )


def one_thing(body: BettingMove, own: Mapping[str, bool], game: str) -> str:
    """The one thing the move says: one of the bets, or one of the variant's own moves
    (`own`: each, and whether the body says it)."""
    said = [*body.bets(), *(name for name, yes in own.items() if yes)]
    if len(said) != 1:
        names = ", ".join(f'"{name}"' for name in (*MOVES, *own))
        raise MalformedRequest(f"a {game} move sends exactly one of {names}")
    return said[0]


def bet(body: BettingMove, said: str, at: datetime) -> Bet:
    if body.seat is None:
        raise MalformedRequest('a move names its "seat"')
    return Bet(at=at, seat=body.seat, action=said, to=body.bet_to)


def recorded(body: BettingResult, at: datetime) -> RecordNet:
    return RecordNet(
        at=at,
        net=dict(body.net),
        stacks=body.stacks,
        started_at=body.started_at,
        played_at=body.played_at,
    )

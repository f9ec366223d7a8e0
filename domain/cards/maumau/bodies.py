"""What a Mau Mau client posts: the deal with its starter, a discard (a jack naming a suit),
a draw, a pass, the MAU-MAU call or an accusation, and a hand's result: who went out and
what every other seat held."""

from collections.abc import Sequence
from datetime import datetime
from typing import Annotated, ClassVar, Literal

import msgspec
from msgspec import Meta

from domain.cards.maumau.commands import Accuse, CallMauMau, RecordMauMauResult
from domain.cards.maumau.hand import WHAT
from domain.cards.stock.bodies import (
    CardsNamed,
    StarterDeal,
    Stock,
    StockCardCode,
    StockMove,
    one_move,
)
from domain.cards.stock.commands import DealStock, DiscardCard, PassTurn
from domain.match.bodies import ResultBody
from domain.match.commands import Command


class MauMauDeal(StarterDeal, frozen=True, kw_only=True):
    starter: (
        Annotated[
            StockCardCode,
            Meta(
                description="The card turned from the stock to start the pile (it acts as the "
                "first player's discard)."
            ),
        ]
        | None
    ) = None
    stock: (
        Annotated[
            Stock,
            Meta(
                description="The stock, top first, the rest of the two decks (optional: without "
                "it, each draw names its card)."
            ),
        ]
        | None
    ) = None


class MauMauMove(StockMove, frozen=True, kw_only=True):
    modifiers: ClassVar[frozenset[str]] = frozenset({"suit"})

    card: Annotated[
        StockCardCode | None,
        Meta(
            description="The card discarded (of the top card's suit or rank; a jack on any card "
            'but a 7); with "draw", the card drawn, named when no stock was posted.'
        ),
    ] = None
    suit: Annotated[
        Literal["C", "D", "H", "S"] | None,
        Meta(description="With a jack: the suit the next seat must follow."),
    ] = None
    draw: Annotated[
        Literal["stock", "pile"] | None,
        Meta(
            description='"stock": draw a card; facing a chain of 7s, take all its cards; owing a '
            "penalty (a 9, a wrong call, an accusation), take it (out of turn)."
        ),
    ] = None
    cards: CardsNamed | None = None
    pass_: Annotated[bool, Meta(description="Pass, after drawing.")] = msgspec.field(
        default=False, name="pass"
    )
    mau_mau: Annotated[
        bool, Meta(description="Say MAU-MAU before the discard that leaves one card.")
    ] = False
    accuse: Annotated[
        bool,
        Meta(
            description="Accuse the seat that discarded to one card without saying MAU-MAU (any "
            "seat, out of turn, until the next discard, pass or chain draw)."
        ),
    ] = False


class MauMauResult(ResultBody, frozen=True, kw_only=True):
    winner: Annotated[int, Meta(ge=0, le=7, description="The seat that went out.")] | None = None
    blocked: Annotated[
        bool,
        Meta(
            description="Nobody went out: a full round passed with nothing left to draw "
            '(M10). Sent instead of "winner"; every seat holds cards, and the fewest points '
            "win the hand (a tie wins it for nobody)."
        ),
    ] = False
    points: (
        Annotated[
            list[Annotated[int, Meta(ge=0, le=1000)]],
            Meta(
                max_length=8,
                description="Each seat's points, in seat order (0 for the seat that went out).",
            ),
        ]
        | None
    ) = None
    cards_left: (
        Annotated[
            list[Annotated[list[StockCardCode], Meta(max_length=108)]],
            Meta(
                max_length=8,
                description="The cards each seat held, in seat order (none for the seat that "
                "went out).",
            ),
        ]
        | None
    ) = None


def dealt(body: MauMauDeal, at: datetime) -> DealStock:
    return DealStock(
        at=at,
        hands=body.posted_hands(' (and the "starter")'),
        dealer=body.dealer,
        starter=body.starter,
        stock=body.stock,
    )


_MOVES = ("card", "draw", "pass", "mau_mau", "accuse")


def moved(body: MauMauMove, at: datetime, restock: Sequence[str] = ()) -> Command:
    said = body.saying()
    if "draw" in said:
        return body.drawn(
            at, restock, 'a Mau Mau draw sends "draw" (and the "card" or "cards" drawn)'
        )
    seat = body.seat
    match one_move(said, _MOVES, WHAT):
        case "card":
            assert body.card is not None
            return DiscardCard(at=at, seat=seat, card=body.card, suit=body.suit)
        case "pass":
            return PassTurn(at=at, seat=seat)
        case "mau_mau":
            return CallMauMau(at=at, seat=seat)
    return Accuse(at=at, seat=seat)


def recorded(body: MauMauResult, at: datetime) -> RecordMauMauResult:
    return RecordMauMauResult(
        at=at,
        winner=body.winner,
        blocked=body.blocked,
        points=body.points,
        cards_left=body.cards_left,
        started_at=body.started_at,
        played_at=body.played_at,
    )

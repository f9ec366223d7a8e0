"""What an Espadas client posts: the deal, a bid or a card, each seat's bid and tricks."""

from collections.abc import Sequence
from datetime import datetime
from typing import Annotated, Literal

from msgspec import Meta

from domain.cards.espadas.commands import MakeBid, RecordEspadasResult
from domain.cards.tricks.bodies import TrickDeal, TrickMove
from domain.cards.tricks.commands import DealCards, PlayCard
from domain.match.bodies import MalformedRequest, ResultBody
from domain.match.commands import Command

BidValue = Annotated[int, Meta(ge=1, le=13)] | Literal["nil", "double_nil"]


class EspadasDeal(TrickDeal, frozen=True, kw_only=True):
    pass


class EspadasMove(TrickMove, frozen=True, kw_only=True):
    bid: Annotated[
        BidValue | None,
        Meta(description='The tricks the seat will take (1 to 13), "nil", "double_nil".'),
    ] = None


class EspadasResult(ResultBody, frozen=True, kw_only=True):
    bids: Annotated[
        list[BidValue],
        Meta(max_length=8, description="Each seat's bid, in seat order."),
    ]
    tricks: Annotated[
        list[Annotated[int, Meta(ge=0, le=13)]],
        Meta(
            max_length=8,
            description="The tricks each seat took, in seat order (13 in all).",
        ),
    ]


def dealt(body: EspadasDeal, at: datetime) -> DealCards:
    if body.hands is None:
        raise MalformedRequest('post "hands", or "deal": "server"')
    return DealCards(at=at, hands=body.hands, dealer=body.dealer)


def moved(body: EspadasMove, at: datetime, restock: Sequence[str] = ()) -> Command:
    if (body.bid is None) == (body.card is None):
        raise MalformedRequest('an Espadas move sends exactly one of "card", "bid"')
    if body.bid is not None:
        return MakeBid(at=at, seat=body.seat, bid=body.bid)
    assert body.card is not None
    return PlayCard(at=at, seat=body.seat, card=body.card)


def recorded(body: EspadasResult, at: datetime) -> RecordEspadasResult:
    return RecordEspadasResult(
        at=at,
        bids=body.bids,
        tricks=body.tricks,
        started_at=body.started_at,
        played_at=body.played_at,
    )

"""What a Copas client posts: the deal, three cards passed or a card played, the points each
seat took."""

from collections.abc import Sequence
from datetime import datetime
from typing import Annotated

from msgspec import Meta

from domain.cards.copas.commands import GiveCards, RecordCopasResult
from domain.cards.tricks.bodies import TrickDeal, TrickMove
from domain.cards.tricks.commands import DealCards, PlayCard
from domain.codes import CardCode
from domain.match.bodies import MalformedRequest, ResultBody
from domain.match.commands import Command


class CopasDeal(TrickDeal, frozen=True, kw_only=True):
    pass


class CopasMove(TrickMove, frozen=True, kw_only=True):
    give: (
        Annotated[
            list[CardCode],
            Meta(
                min_length=3,
                max_length=3,
                description="The three cards the seat passes (every seat at once; hidden from "
                "the others, and seen by their receiver once all four have given).",
            ),
        ]
        | None
    ) = None


class CopasResult(ResultBody, frozen=True, kw_only=True):
    points: Annotated[
        list[Annotated[int, Meta(ge=0, le=1000)]],
        Meta(
            max_length=8,
            description="The points each seat took, in seat order (26 in all; the service "
            "applies the moon).",
        ),
    ]


def dealt(body: CopasDeal, at: datetime) -> DealCards:
    if body.hands is None:
        raise MalformedRequest('post "hands", or "deal": "server"')
    return DealCards(at=at, hands=body.hands, dealer=body.dealer)


def moved(body: CopasMove, at: datetime, restock: Sequence[str] = ()) -> Command:
    if (body.give is None) == (body.card is None):
        raise MalformedRequest('a Copas move sends exactly one of "card", "give"')
    if body.give is not None:
        return GiveCards(at=at, seat=body.seat, cards=body.give)
    assert body.card is not None
    return PlayCard(at=at, seat=body.seat, card=body.card)


def recorded(body: CopasResult, at: datetime) -> RecordCopasResult:
    return RecordCopasResult(
        at=at, points=body.points, started_at=body.started_at, played_at=body.played_at
    )

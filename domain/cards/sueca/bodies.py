"""What a Sueca client posts: the deal with its trump card, a card or a redeal asked for,
a deal's card points and tricks."""

from collections.abc import Sequence
from datetime import datetime
from typing import Annotated

from msgspec import Meta

from domain.cards.sueca.commands import AskRedeal, RecordSuecaResult
from domain.cards.tricks.bodies import TrickDeal, TrickMove
from domain.cards.tricks.commands import DealCards, PlayCard
from domain.codes import CardCode
from domain.match.bodies import Body, MalformedRequest, ResultBody
from domain.match.commands import Command
from domain.match.state import HandResult, PerTeam


class SuecaDeal(TrickDeal, frozen=True, kw_only=True):
    trump_card: Annotated[
        CardCode | None, Meta(description="The dealer's last card, whose suit is the trump.")
    ] = None


class SuecaMove(TrickMove, frozen=True, kw_only=True):
    redeal: Annotated[
        bool, Meta(description="The opening player's cards are worth 10 or less: redeal.")
    ] = False


class TeamPoints(Body, frozen=True, kw_only=True):
    A: Annotated[int, Meta(ge=0, le=120, description="Team A's card points.")]
    B: Annotated[int, Meta(ge=0, le=120, description="Team B's card points.")]


class TeamTricks(Body, frozen=True, kw_only=True):
    A: Annotated[int, Meta(ge=0, le=10, description="Tricks team A took.")]
    B: Annotated[int, Meta(ge=0, le=10, description="Tricks team B took.")]


class SuecaResult(ResultBody, frozen=True, kw_only=True):
    points: Annotated[TeamPoints, Meta(description="Card points per team (120 in all).")]
    tricks: Annotated[
        TeamTricks | None, Meta(description="Tricks per team (10 to 0: a bandeirada).")
    ] = None


def dealt(body: SuecaDeal, at: datetime) -> DealCards:
    if body.hands is None:
        raise MalformedRequest('post "hands" (and the "trump_card"), or "deal": "server"')
    return DealCards(at=at, hands=body.hands, dealer=body.dealer, trump_card=body.trump_card)


def moved(body: SuecaMove, at: datetime, restock: Sequence[str] = ()) -> Command:
    if body.redeal == (body.card is not None):
        raise MalformedRequest('a Sueca move sends exactly one of "card", "redeal"')
    if body.redeal:
        return AskRedeal(at=at, seat=body.seat)
    assert body.card is not None
    return PlayCard(at=at, seat=body.seat, card=body.card)


def recorded(body: SuecaResult, at: datetime) -> RecordSuecaResult:
    tricks = None if body.tricks is None else PerTeam(body.tricks.A, body.tricks.B)
    return RecordSuecaResult(
        at=at,
        points=PerTeam(body.points.A, body.points.B),
        tricks=tricks,
        started_at=body.started_at,
        played_at=body.played_at,
    )


def result_body(result: HandResult) -> dict[str, object] | None:
    """A deal counted card by card or by its points (a penalty's has none)."""
    if result.card_points is None:
        return None
    body: dict[str, object] = {"points": {"A": result.card_points.A, "B": result.card_points.B}}
    if result.tricks is not None:
        body["tricks"] = {"A": result.tricks.A, "B": result.tricks.B}
    return body

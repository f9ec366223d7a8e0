"""What a Truco client posts: the deal with its vira, a card (face down from round 2), a
raise and its answer, a hand's winner and value."""

from collections.abc import Sequence
from datetime import datetime
from typing import Annotated, Literal

from msgspec import Meta

from domain.cards.tricks.bodies import TrickDeal, TrickMove
from domain.cards.tricks.commands import DealCards, PlayCard
from domain.cards.truco.commands import AnswerRaise, CallRaise, PlayByPosition, RecordTrucoResult
from domain.codes import CardCode
from domain.match.bodies import Body, MalformedRequest, OwnCard, ResultBody
from domain.match.commands import Command
from domain.match.state import HandResult, Raise


class TrucoDeal(TrickDeal, frozen=True, kw_only=True):
    vira: Annotated[
        CardCode | None, Meta(description="The card turned up: the rank after it is the manilha.")
    ] = None


class TrucoMove(TrickMove, frozen=True, kw_only=True):
    position: (
        Annotated[
            int,
            Meta(
                ge=0,
                le=2,
                description="In a mão de ferro dealt by the server, where nobody sees their "
                "own cards, the seat's player turns one over by its place among the cards it "
                "still holds (0 first, in the order dealt; `cards_left` says how many): in "
                'place of `"card"`, which only who sees the hand may name.',
            ),
        ]
        | None
    ) = None
    covered: Annotated[bool, Meta(description="The card is played face down (from round 2).")] = (
        False
    )
    call: Annotated[
        Literal["truco", "seis", "nove", "doze"] | None,
        Meta(description="Raise the hand to 3, 6, 9 or 12, before playing."),
    ] = None
    accept: Annotated[bool, Meta(description="Accept the other team's raise.")] = False
    run: Annotated[
        bool, Meta(description="Run from the raise; the raisers take the hand's value.")
    ] = False

    def own_card(self) -> OwnCard | None:
        return "by-position" if self.position is not None else super().own_card()


class TrucoRaise(Body, frozen=True, kw_only=True):
    """A raise of a hand recorded by its result: who called it and what it asked for."""

    seat: Annotated[int, Meta(ge=0, le=3, description="The seat that called it.")]
    value: Annotated[Literal[3, 6, 9, 12], Meta(description="What it asked: 3, 6, 9 or 12.")]


class TrucoResult(ResultBody, frozen=True, kw_only=True):
    winner: Annotated[Literal["A", "B"] | None, Meta(description="The team that won it.")] = None
    value: (
        Annotated[int, Meta(ge=1, le=12, description="What it was worth: 1, 3, 6, 9 or 12.")] | None
    ) = None
    tie: Annotated[bool, Meta(description="Every round tied; nobody scores.")] = False
    raises: (
        Annotated[
            list[TrucoRaise],
            Meta(
                max_length=4,
                description="The hand's raises in order, when the sheet noted them (T9): the "
                "value is the last one's, or the one before it when the other team ran (the "
                "raisers then won it).",
            ),
        ]
        | None
    ) = None


def dealt(body: TrucoDeal, at: datetime) -> DealCards:
    if body.hands is None:
        raise MalformedRequest('post "hands" (and the "vira"), or "deal": "server"')
    return DealCards(at=at, hands=body.hands, dealer=body.dealer, vira=body.vira)


def moved(body: TrucoMove, at: datetime, restock: Sequence[str] = ()) -> Command:
    said = [
        name
        for name, yes in (
            ("card", body.card is not None),
            ("position", body.position is not None),
            ("call", body.call is not None),
            ("accept", body.accept),
            ("run", body.run),
        )
        if yes
    ]
    if len(said) != 1 or (body.covered and said[0] not in ("card", "position")):
        raise MalformedRequest(
            'a Truco move sends exactly one of "card", "position", "call", "accept", "run"'
        )
    if body.card is not None:
        return PlayCard(at=at, seat=body.seat, card=body.card, covered=body.covered)
    if body.position is not None:
        return PlayByPosition(at=at, seat=body.seat, position=body.position, covered=body.covered)
    if body.call is not None:
        return CallRaise(at=at, seat=body.seat, call=body.call)
    return AnswerRaise(at=at, seat=body.seat, accept=body.accept)


def recorded(body: TrucoResult, at: datetime) -> RecordTrucoResult:
    return RecordTrucoResult(
        at=at,
        winner=body.winner,
        value=body.value,
        tie=body.tie,
        raises=tuple(Raise(seat=r.seat, value=r.value) for r in body.raises or ()),
        started_at=body.started_at,
        played_at=body.played_at,
    )


def result_body(result: HandResult) -> dict[str, object] | None:
    """A hand played out or tied, or run from (T9: the raisers' at the value before the
    last raise), with its raises; one forfeited or lost by a penalty has none."""
    body: dict[str, object]
    if result.outcome == "empate":
        body = {"tie": True}
    elif result.outcome in ("tricks", "run"):
        body = {"winner": result.winner, "value": result.points - result.bonus_applied}
    else:
        return None
    if result.raises:
        body["raises"] = [{"seat": r.seat, "value": r.value} for r in result.raises]
    return body

"""What a dominoes client posts: a deal, a tile or a pass, a hand's result (design.md, "Core
request and answer shapes")."""

from collections.abc import Sequence
from datetime import datetime
from typing import Annotated, ClassVar, Literal

import msgspec
from msgspec import Meta

from domain.codes import TileCode
from domain.dominoes.commands import Pass, PlayTile, RecordResult, StartHand
from domain.match.bodies import Body, DealBody, MalformedRequest, ResultBody, SeatMove
from domain.match.commands import Command
from domain.match.state import PerTeam


class DominoesDeal(DealBody, frozen=True, kw_only=True):
    posted: ClassVar[tuple[str, ...]] = ("hands", "dorme")

    hands: (
        Annotated[
            list[Annotated[list[TileCode], Meta(max_length=28)]],
            Meta(max_length=4, description="The posted deal: a hand per seat, in seat order."),
        ]
        | None
    ) = None
    dorme: (
        Annotated[list[TileCode], Meta(max_length=28, description="The undealt tiles (pontos: 4).")]
        | None
    ) = None


class DominoesMove(SeatMove, frozen=True, kw_only=True):
    tile: Annotated[TileCode | None, Meta(description="The tile played; omit to pass.")] = None
    end: Annotated[
        Literal["left", "right"] | None,
        Meta(
            description="The end the tile is laid on; optional when only one end fits or the "
            "board is empty."
        ),
    ] = None
    pass_: Annotated[bool, Meta(description="true: the seat passes.")] = msgspec.field(
        default=False, name="pass"
    )


class Sums(Body, frozen=True, kw_only=True):
    A: Annotated[int, Meta(ge=0, le=168, description="Pips left in team A's hands.")]
    B: Annotated[int, Meta(ge=0, le=168, description="Pips left in team B's hands.")]


class DominoesResult(ResultBody, frozen=True, kw_only=True):
    outcome: Annotated[Literal["batida", "bloqueio"], Meta(description="How the hand ended.")]
    seat: (
        Annotated[
            int,
            Meta(
                ge=0,
                le=3,
                description="batida: who went out; bloqueio: who blocked (needed on equal sums "
                "when the rule set makes the blocker lose).",
            ),
        ]
        | None
    ) = None
    kind: Annotated[
        Literal["simples", "carroca", "la-e-lo", "cruzada"] | None,
        Meta(description="batida: its kind."),
    ] = None
    sums: Annotated[
        Sums | None,
        Meta(
            description="Pips left per team; needed for a bloqueio, and for a batida when pips "
            "count."
        ),
    ] = None


def dealt(body: DominoesDeal, at: datetime) -> StartHand:
    if body.hands is None:
        raise MalformedRequest('post "hands" (and "dorme"), or "deal": "server"')
    return StartHand(at=at, hands=body.hands, dorme=body.dorme or [])


def moved(body: DominoesMove, at: datetime, restock: Sequence[str] = ()) -> Command:
    if body.pass_ == (body.tile is not None):
        raise MalformedRequest('a dominoes move sends exactly one of "tile", "pass"')
    if body.pass_:
        return Pass(at=at, seat=body.seat)
    assert body.tile is not None
    return PlayTile(at=at, seat=body.seat, tile=body.tile, end=body.end)


def recorded(body: DominoesResult, at: datetime) -> RecordResult:
    sums = None if body.sums is None else PerTeam(body.sums.A, body.sums.B)
    return RecordResult(
        at=at,
        outcome=body.outcome,
        seat=body.seat,
        kind=body.kind,
        sums=sums,
        started_at=body.started_at,
        played_at=body.played_at,
    )

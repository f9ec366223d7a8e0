"""What a Cacheta client posts: the deal of the seats still in with its vira, a draw, a
discard, a batida, na boa, furar a fila or a burn, and a round's result: who went out and
with how many cards, or a void round."""

from collections.abc import Sequence
from datetime import datetime
from typing import Annotated, ClassVar, Literal

from msgspec import Meta

from domain.cards.cacheta.commands import (
    Burn,
    DealCacheta,
    GoOut,
    JumpTheQueue,
    RecordCachetaRound,
    SayNaBoa,
)
from domain.cards.cacheta.hand import WHAT
from domain.cards.stock.bodies import DiscardMove, Hands, StockCardCode, StockDeal, one_move
from domain.cards.stock.commands import DiscardCard
from domain.codes import CARD_CODE
from domain.match.bodies import MalformedRequest, ResultBody
from domain.match.commands import Command

ViraCard = Annotated[
    str,
    Meta(
        pattern=CARD_CODE,
        description="The card turned up and set aside: the next rank of its colour is wild.",
        examples=["8C"],
    ),
]


class CachetaDeal(StockDeal, frozen=True, kw_only=True):
    posted: ClassVar[tuple[str, ...]] = ("hands", "stock", "vira")

    hands: (
        Annotated[Hands, Meta(description="The hands of the seats still in, in seat order.")] | None
    ) = None
    vira: ViraCard | None = None


class CachetaMove(DiscardMove, frozen=True, kw_only=True):
    draw: Annotated[
        Literal["stock", "pile"] | None,
        Meta(description='Draw: "stock" (its top card) or "pile" (the last discard).'),
    ] = None
    go_out: (
        Annotated[
            list[Annotated[list[StockCardCode], Meta(max_length=10)]],
            Meta(
                max_length=4,
                description="The batida's groups (trincas and runs), [] for the service to find "
                'them; with 9 cards, "discard" too.',
            ),
        ]
        | None
    ) = None
    na_boa: Annotated[bool, Meta(description="The seat says it needs one card to go out.")] = False
    furar: Annotated[
        bool,
        Meta(description="Take the last discard out of turn (a seat na boa, not burned)."),
    ] = False
    burned: Annotated[
        bool,
        Meta(description="The seat that took the discard could not go out: the card goes back."),
    ] = False


class CachetaResult(ResultBody, frozen=True, kw_only=True):
    winner: Annotated[int, Meta(ge=0, le=7, description="The seat that went out.")] | None = None
    cards: Annotated[
        Literal[9, 10] | None,
        Meta(description="9 (a discard; the others lose 1 life) or 10 (they lose 2)."),
    ] = None
    void: Annotated[bool, Meta(description="The stock ran out with nobody out: nobody loses.")] = (
        False
    )


def dealt(body: CachetaDeal, at: datetime) -> DealCacheta:
    return DealCacheta(
        at=at,
        hands=body.posted_hands(' (and the "vira")'),
        dealer=body.dealer,
        vira=body.vira,
        stock=body.stock,
    )


_MOVES = ("draw", "discard", "go_out", "na_boa", "furar", "burned")
_BATIDA = frozenset({"go_out", "discard"})


def moved(body: CachetaMove, at: datetime, restock: Sequence[str] = ()) -> Command:
    said = body.saying()
    seat = body.seat
    if "draw" in said:
        return body.drawn(at, restock, 'a Cacheta draw sends "draw" (and the "card" drawn)')
    if "go_out" in said:
        if said - _BATIDA:
            raise MalformedRequest(
                'a batida sends "go_out" (its groups, or []) and maybe "discard"'
            )
        return GoOut(at=at, seat=seat, groups=body.go_out or None, discard=body.discard)
    match one_move(said, _MOVES, WHAT):
        case "discard":
            assert body.discard is not None
            return DiscardCard(at=at, seat=seat, card=body.discard)
        case "na_boa":
            return SayNaBoa(at=at, seat=seat)
        case "furar":
            return JumpTheQueue(at=at, seat=seat)
    return Burn(at=at, seat=seat)


def recorded(body: CachetaResult, at: datetime) -> RecordCachetaRound:
    return RecordCachetaRound(
        at=at,
        winner=body.winner,
        cards=body.cards,
        void=body.void,
        started_at=body.started_at,
        played_at=body.played_at,
    )

"""A Truco hand in progress as a reader sees it: the trick engine's view (rounds), the vira
and the manilha, what the hand is worth, a raise waiting for its answer, a mão de 11."""

from typing import Annotated

import msgspec
from msgspec import Meta

from domain.cards.tricks.view import PartnershipTrickView, team_tricks, trick_fields
from domain.cards.truco.commands import RAISES
from domain.cards.truco.hand import TrucoHand
from domain.match.bodies import Seen
from domain.match.state import GameHand

CALL_NAMES = {value: name for name, value in RAISES.items()}


class PendingCall(msgspec.Struct, frozen=True, kw_only=True):
    seat: Annotated[int, Meta(description="Who raised.")]
    call: Annotated[str, Meta(description="truco, seis, nove or doze.")]
    value: Annotated[int, Meta(description="What the hand is worth if the raise is accepted.")]


class TrucoView(PartnershipTrickView, frozen=True, kw_only=True, tag="truco"):
    """A Truco hand in progress (`"game": "truco"`): its tricks are rounds."""

    vira: Annotated[str | None, Meta(description="The card turned up.")]
    manilha: Annotated[str | None, Meta(description="The rank of the four manilhas.")]
    hand_value: Annotated[int, Meta(description="What the hand is worth now.")]
    pending_call: Annotated[
        PendingCall | None, Meta(description="A raise waiting for its answer.")
    ] = None
    mao_de_onze: Annotated[bool, Meta(description="A team is on 11; raising loses the game.")] = (
        False
    )
    mao_de_ferro: Annotated[
        bool, Meta(description="Both teams are on 11; nobody sees their own cards.")
    ] = False


def view(hand: GameHand, seen: Seen) -> TrucoView:
    assert isinstance(hand, TrucoHand)
    pending = hand.pending
    call = None
    if pending is not None:
        call = PendingCall(seat=pending.seat, call=CALL_NAMES[pending.value], value=pending.value)
    return TrucoView(
        **trick_fields(hand, seen),
        tricks=team_tricks(hand),
        vira=hand.vira,
        manilha=hand.manilha,
        hand_value=hand.value,
        pending_call=call,
        mao_de_onze=hand.eleven,
        mao_de_ferro=hand.blind,
    )

"""What every betting game shows of a hand in progress: chips, bets and pots, all public;
each seat's cards only to who may see them, and a hand that folded to nobody else, ever.
Each variant's view adds its own: Hold'em's board and blinds, poker fechado's exchange."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta

from domain.cards.betting.hand import BettingHand
from domain.cards.betting.pots import Pot, pots_in_play
from domain.match.bodies import HandView, Seen


class PotOut(msgspec.Struct, frozen=True, kw_only=True):
    amount: Annotated[int, Meta(description="Its chips.")]
    seats: Annotated[list[int], Meta(description="The seats still in that may win it.")]


class BettingHandView(HandView, frozen=True, kw_only=True):
    """A hand at a betting table (`"family": "betting"`)."""

    family: Annotated[Literal["betting"], Meta(description="Chips bet.")] = "betting"
    number: Annotated[int, Meta(description="1 for the session's first hand.")]
    dealer: Annotated[int, Meta(description="The seat with the button.")]
    opener: Annotated[int, Meta(description="The first seat to act.")]
    turn: Annotated[
        int | None,
        Meta(description="The seat to act (bet or exchange); null while the board is due."),
    ] = None
    street: Annotated[
        str,
        Meta(
            description='"preflop", "flop", "turn", "river" (Hold\'em); "bet1", "draw", '
            '"bet2" (poker fechado).'
        ),
    ]
    waiting_for: Annotated[
        str,
        Meta(
            description='"bet", "board" (the next street\'s cards, to be named), "draw" '
            '(an exchange), or nothing more ("showdown", "won").'
        ),
    ]
    dealt: Annotated[list[int], Meta(description="The seats dealt in.")]
    hands: Annotated[
        list[list[str] | None],
        Meta(description="Each seat's cards, null where the reader may not see them."),
    ]
    stacks: Annotated[list[int], Meta(description="The chips behind each seat.")]
    pot: Annotated[int, Meta(description="Every chip put in this hand.")]
    pots: Annotated[list[PotOut], Meta(description="The main pot, then each side pot (P6).")]
    put: Annotated[list[int], Meta(description="What each seat has put in this hand.")]
    round_bets: Annotated[
        list[int], Meta(description="What each seat has put in this betting round.")
    ]
    to_call: Annotated[int, Meta(description="What the seat to act must add to cover.")]
    min_raise_to: Annotated[
        int, Meta(description="The least total a bet or raise may reach now (P4, H4).")
    ]
    folded: Annotated[list[int], Meta(description="The seats that folded.")]
    all_in: Annotated[list[int], Meta(description="The seats still in with no chip behind.")]
    stock_known: Annotated[
        bool, Meta(description="The deal posted the board or stock (or the service shuffled).")
    ]


def _pots(hand: BettingHand) -> list[Pot]:
    return pots_in_play(hand.put, hand.live, hand.stacks)


def betting_fields(hand: BettingHand, seen: Seen) -> dict[str, Any]:
    """The fields every betting game's view has, for its struct."""
    return {
        "number": hand.number,
        "opener": hand.opener,
        "started_at": hand.started_at,
        "dealer": hand.dealer,
        "turn": hand.turn,
        "street": hand.street,
        "waiting_for": hand.phase,
        "dealt": list(hand.dealt),
        "hands": [list(cards) if seat in seen else None for seat, cards in enumerate(hand.hands)],
        "stacks": list(hand.stacks),
        "pot": hand.pot,
        "pots": [PotOut(amount=p.amount, seats=list(p.seats)) for p in _pots(hand)],
        "put": list(hand.put),
        "round_bets": list(hand.bets),
        "to_call": hand.to_call(hand.turn) if hand.turn is not None else 0,
        "min_raise_to": hand.level + hand.full_raise,
        "folded": sorted(hand.folded),
        "all_in": [s for s in hand.live if hand.stacks[s] == 0],
        "stock_known": hand.deal.stock is not None,
    }

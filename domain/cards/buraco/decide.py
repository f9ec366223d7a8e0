"""What a Buraco table's commands decide: each by its concern's module; penalties noted as
warnings (B26); the last move taken back (B25)."""

from __future__ import annotations

from domain.cards.buraco.commands import (
    AddToMeld,
    LayMeld,
    LayRedThree,
    RecordBuracoResult,
    TakePile,
)
from domain.cards.buraco.deal import deal_hand
from domain.cards.buraco.discard import discard_card
from domain.cards.buraco.draws import draw_card, lay_red_three, take_pile
from domain.cards.buraco.events import MortoTaken, MortoToStock
from domain.cards.buraco.hand import BuracoHand, rules_of, variant_of
from domain.cards.buraco.melding import add_to_meld, lay_meld
from domain.cards.buraco.results import record_result
from domain.cards.stock.commands import DealStock, DiscardCard, DrawCards
from domain.cards.stock.events import CardDiscarded
from domain.cards.stock.hand import check_undoable
from domain.errors import InvalidInput, WrongStatus
from domain.match.commands import Command, RecordPenalty, UndoLastMove
from domain.match.events import Consequence, Event, HandEnded, MoveUndone
from domain.match.penalties import record_penalty
from domain.match.state import Match

PENALTIES: dict[str, Consequence] = {
    kind: "warning" for kind in ("slow-play", "out-of-turn", "cards-shown")
}


def decide(command: Command, state: Match) -> list[Event]:
    rules_of(state)
    match command:
        case DealStock():
            return deal_hand(command, state)
        case DrawCards():
            return draw_card(command, state)
        case LayMeld():
            return lay_meld(command, state)
        case AddToMeld():
            return add_to_meld(command, state)
        case DiscardCard():
            return discard_card(command, state)
        case TakePile():
            return take_pile(command, state)
        case LayRedThree():
            return lay_red_three(command, state)
        case RecordBuracoResult():
            return record_result(command, state)
        case RecordPenalty():
            return record_penalty(command, state, PENALTIES, _no_lost_hand)
        case UndoLastMove():
            return _undo(command, state)
    raise InvalidInput(
        "invalid-command", f"a {variant_of(state).title} game has no {type(command).__name__}"
    )


def _no_lost_hand(command: RecordPenalty, state: Match) -> HandEnded:
    raise ValueError("a Buraco infraction is only noted")


def _undo(command: UndoLastMove, state: Match) -> list[Event]:
    hand = state.hand
    if not isinstance(hand, BuracoHand) or hand.last is None:
        raise WrongStatus(
            "nothing-to-undo",
            "no move to undo in a hand in progress; a move that ended a hand is corrected "
            "by annulling the hand",
        )
    check_undoable(hand)
    last = hand.last[0]
    if isinstance(last, MortoTaken | MortoToStock):
        raise WrongStatus(
            "nothing-to-undo", "a morto taken or turned into the stock is not taken back"
        )
    card = last.card if isinstance(last, CardDiscarded) else None
    move = str(type(last).__struct_config__.tag)
    return [MoveUndone(at=command.at, seat=getattr(last, "seat", 0), move=move, card=card)]

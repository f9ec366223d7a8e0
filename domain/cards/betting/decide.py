"""The betting engine written once for Texas Hold'em and poker fechado (card-rules.md
sections 8 and 9): a table session of 2 to 8 seats and their stacks; blinds (heads-up: H1)
or the pingo; check ("mesa"), bet, cover, raise, fold ("correr") and all-in; minimum
raises, the table limit and the fixed-limit raise cap; short all-ins that do not reopen the
betting; side pots and their odd chips (P6, P7); the board street by street (Hold'em) or
the exchange (poker fechado); the showdown, or a hand won when every other seat folds,
whose cards nobody else ever sees. Chips are integers and every hand conserves them.

A `Variant` tells the two games apart: their streets, cards, deck and how hands rank. This
module dispatches a command to its concern: `deal`, `bets`, `board`, `exchange`,
`results`, `session` (closing); `showdown` follows a move by itself, `evolve` folds."""

from __future__ import annotations

from domain.cards.betting.bets import bet
from domain.cards.betting.board import turn_board
from domain.cards.betting.commands import (
    Bet,
    CloseSession,
    DealBetting,
    RecordNet,
    SwapCards,
    TurnBoard,
)
from domain.cards.betting.deal import deal
from domain.cards.betting.events import CardsSwapped
from domain.cards.betting.evolve import last_move
from domain.cards.betting.exchange import swap
from domain.cards.betting.hand import BettingHand
from domain.cards.betting.results import net
from domain.cards.betting.session import close
from domain.cards.betting.variant import Variant
from domain.errors import InvalidInput, WrongStatus
from domain.match.commands import Command, RecordPenalty, UndoLastMove
from domain.match.events import Consequence, Event, HandEnded, MoveUndone
from domain.match.penalties import record_penalty
from domain.match.state import Match

PENALTIES: dict[str, Consequence] = {
    kind: "warning" for kind in ("slow-play", "out-of-turn", "cards-shown", "signal")
}
"""The seed sets no penalty at a poker table: an infraction is noted."""


def decide(command: Command, state: Match, variant: Variant) -> list[Event]:
    match command:
        case DealBetting():
            return deal(command, state, variant)
        case Bet():
            return bet(command, state, variant)
        case TurnBoard():
            return turn_board(command, state, variant)
        case SwapCards():
            return swap(command, state, variant)
        case RecordNet():
            return net(command, state)
        case CloseSession():
            return close(command, state)
        case RecordPenalty():
            return record_penalty(command, state, PENALTIES, _no_lost_hand)
        case UndoLastMove():
            return undo(command, state)
    raise InvalidInput("invalid-command", f"a {variant.title} game has no {type(command).__name__}")


def _no_lost_hand(command: RecordPenalty, state: Match) -> HandEnded:
    raise ValueError("an infraction at a poker table is only noted")


def undo(command: UndoLastMove, state: Match) -> list[Event]:
    hand = state.hand
    last = last_move(hand) if isinstance(hand, BettingHand) else None
    if last is None:
        raise WrongStatus(
            "nothing-to-undo",
            "no move to undo in a hand in progress; a hand that ended is corrected by annulling it",
        )
    known = isinstance(hand, BettingHand) and hand.deal.stock is not None
    if isinstance(last, CardsSwapped) and last.count and known:
        raise WrongStatus(
            "nothing-to-undo",
            "cards received from the stock are not put back: it would show the stock's order",
        )
    move = str(type(last).__struct_config__.tag)
    return [MoveUndone(at=command.at, seat=getattr(last, "seat", 0), move=move)]

"""decide(command, state) -> new events, or a DomainError with a stable code.

Pure: no clock, no randomness, no I/O; everything it needs is on the command or in the state.
"""

from domain.commands import (
    Abandon,
    AnnulHand,
    Confirm,
    CreateMatch,
    MatchCommand,
    Pass,
    PlayTile,
    RecordPenalty,
    RecordResult,
    StartHand,
    UndoLastMove,
)
from domain.errors import InvalidInput, WrongStatus
from domain.events import MatchEvent
from domain.guards import check_time, rules_of
from domain.lifecycle import abandon, annul_hand, confirm, create_match
from domain.moves import pass_turn, play_tile, start_hand, undo
from domain.penalties import record_penalty
from domain.results import record_result
from domain.rules import Rules
from domain.state import Match

_AFTER_THE_END = (Confirm, AnnulHand)


def decide(command: MatchCommand, state: Match) -> list[MatchEvent]:
    check_time(command.at)
    if isinstance(command, CreateMatch):
        if state.status != "new":
            raise WrongStatus("match-already-created", "this game already exists")
        return create_match(command)
    rules = rules_of(state)
    if state.status == "confirmed":
        raise WrongStatus("match-confirmed", "the game is confirmed: its record is final")
    if state.status == "finished" and not isinstance(command, _AFTER_THE_END):
        raise WrongStatus("match-finished", "the game is over: confirm it, or annul its last hand")
    return _dispatch(command, state, rules)


def _dispatch(command: MatchCommand, state: Match, rules: Rules) -> list[MatchEvent]:
    match command:
        case PlayTile():
            return play_tile(command, state, rules)
        case Pass():
            return pass_turn(command, state)
        case StartHand():
            return start_hand(command, state, rules)
        case RecordResult():
            return record_result(command, state, rules)
        case RecordPenalty():
            return record_penalty(command, state, rules)
        case UndoLastMove():
            return undo(command, state)
        case AnnulHand():
            return annul_hand(command, state)
        case Confirm():
            return confirm(command, state)
        case Abandon():
            return abandon(command, state)
    raise InvalidInput("invalid-command", f"unknown command {type(command).__name__}")

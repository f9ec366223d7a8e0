"""decide(command, state) -> new events, or a DomainError with a stable code.

Pure: no clock, no randomness, no I/O; everything it needs is on the command or in the
state. What every game shares is decided here; the rest by the game's own rules.
"""

from domain.disputes.commands import DISPUTE_COMMANDS
from domain.disputes.decide import decide_dispute
from domain.errors import WrongStatus
from domain.games import game_of
from domain.match.commands import Abandon, AnnulHand, Cancel, Command, Confirm, CreateMatch
from domain.match.events import Event
from domain.match.guards import check_time, rules_of
from domain.match.lifecycle import (
    abandon,
    annul_hand,
    cancel,
    confirm,
    consent_after,
    create_match,
)
from domain.match.state import Match
from domain.rulesets import resolve_rules

_AFTER_THE_END = (Confirm, AnnulHand)
_SHARED = frozenset((Abandon, AnnulHand, Confirm))
"""The commands decided here; the others are the game's own (penalties and undo too)."""


def decide(command: Command, state: Match) -> list[Event]:
    check_time(command.at)
    if isinstance(command, CreateMatch):
        if state.status != "new":
            raise WrongStatus("match-already-created", "this game already exists")
        chosen = resolve_rules(command.preset, command.overrides)
        game_of(chosen).table_for(len(command.seats))
        return create_match(command, chosen)
    rules = rules_of(state)
    if isinstance(command, DISPUTE_COMMANDS):
        return decide_dispute(command, state)
    if state.status == "disputed":
        raise WrongStatus("match-disputed", "the game is disputed: an organizer settles it first")
    if state.status == "annulled":
        raise WrongStatus("match-annulled", "the game was annulled by a ruling: it counts nowhere")
    if state.status == "confirmed" and isinstance(command, Confirm):
        return consent_after(command, state)
    if state.status == "confirmed":
        raise WrongStatus("match-confirmed", "the game is confirmed: its record is final")
    if state.status == "cancelled":
        raise WrongStatus("match-cancelled", "the game was cancelled: it counts nowhere")
    if isinstance(command, Cancel):
        return cancel(command, state)
    if state.status == "finished" and not isinstance(command, _AFTER_THE_END):
        raise WrongStatus("match-finished", "the game is over: confirm it, or annul its last hand")
    if type(command) not in _SHARED:
        return game_of(rules).decide(command, state)
    match command:
        case Abandon():
            return abandon(command, state, game_of(rules))
        case AnnulHand():
            return annul_hand(command, state)
        case Confirm():
            return confirm(command, state)
    return game_of(rules).decide(command, state)

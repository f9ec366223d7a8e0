"""Checks shared by the decisions of every game: each raises a DomainError saying what to fix."""

from datetime import datetime
from typing import TypeVar

from domain.errors import IllegalMove, InvalidInput, WrongStatus
from domain.match.state import GameHand, Match
from domain.rulesets import RuleSet

H = TypeVar("H", bound=GameHand)


def check_time(at: datetime) -> datetime:
    if not isinstance(at, datetime) or at.utcoffset() is None:
        raise InvalidInput("invalid-time", f"time {at!r} needs a time zone, e.g. UTC")
    return at


def rules_of(state: Match) -> RuleSet:
    if state.rules is None:
        raise WrongStatus("match-not-created", "create the game first")
    return state.rules


def hand_of(state: Match, kind: type[H]) -> H:
    """The hand in progress, of this game's kind."""
    if not isinstance(state.hand, kind):
        raise WrongStatus("hand-not-started", "no hand in progress: start a hand with its deal")
    return state.hand


def no_hand_in_progress(state: Match) -> None:
    if state.hand is not None:
        raise WrongStatus(
            "hand-in-progress",
            f"hand {state.hand.number} is in progress: play it out (or record a penalty) first",
        )


def check_turn(state: Match, seat: int) -> None:
    if state.turn != seat:
        raise IllegalMove("not-your-turn", f"it is seat {state.turn}'s turn, not seat {seat}'s")

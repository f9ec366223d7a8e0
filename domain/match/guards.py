"""Checks shared by the decisions of every game: each raises a DomainError saying what to fix."""

from datetime import UTC, datetime, timedelta
from typing import TypeVar

from domain.errors import IllegalMove, InvalidInput, WrongStatus
from domain.match.rules import GameRules
from domain.match.state import GameHand, Match

H = TypeVar("H", bound=GameHand)


EARLIEST = datetime(1900, 1, 2, tzinfo=UTC)
LATEST = datetime(3001, 1, 1, tzinfo=UTC)
"""A time is recorded in the years 1900 to 3000 in every zone, as the reads' periods and
seasons (in Brazil's time) are: from 2 January 1900 to the end of 3000, UTC. Year 1 in
another zone is year 0 in UTC, which no list, page or read model could hold; 1 January 1900
at 00:30 UTC is 1899 in Brazil, which no season holds."""


def check_time(at: datetime) -> datetime:
    if not isinstance(at, datetime) or at.utcoffset() is None:
        raise InvalidInput("invalid-time", f"time {at!r} needs a time zone, e.g. UTC")
    if not EARLIEST.year <= at.year < LATEST.year or not EARLIEST <= at < LATEST:
        raise InvalidInput(
            "invalid-time",
            f"time {at.isoformat()} is not between 2 January 1900 and the end of 3000 (UTC)",
        )
    return at


CLOCK_SKEW = timedelta(minutes=5)
"""How far ahead of the service's clock a client's `played_at` may be (its clock is not ours)."""


def played_time(
    at: datetime, played_at: datetime | None, started_at: datetime | None, state: Match
) -> datetime:
    """When a hand written down by its result ended (D27): `played_at`, for a score sheet
    typed in after the game, else when it was recorded. Never ahead of the recording, never
    before the previous hand ended, never before its own start."""
    if started_at is not None:
        check_time(started_at)
    if played_at is None:
        ended = at
    else:
        ended = check_time(played_at)
        if ended > at + CLOCK_SKEW:
            raise InvalidInput("invalid-time", f"played_at {ended.isoformat()} is in the future")
    if state.hands and ended < state.hands[-1].ended_at:
        raise InvalidInput(
            "hands-out-of-order",
            f"this hand ended ({ended.isoformat()}) before the previous one did "
            f"({state.hands[-1].ended_at.isoformat()}): record the hands in the order played",
        )
    if started_at is not None and started_at > ended:
        raise InvalidInput("invalid-time", "a hand starts before it ends: started_at > played_at")
    return ended


def rules_of(state: Match) -> GameRules:
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

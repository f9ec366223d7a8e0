"""What a Truco table's scorekeeper (or its players) ask for, beyond a deal and a card."""

from datetime import datetime
from typing import Literal

from domain.match.commands import Command
from domain.match.state import Raise
from domain.table import Team

RaiseCall = Literal["truco", "seis", "nove", "doze"]
RAISES: dict[str, int] = {"truco": 3, "seis": 6, "nove": 9, "doze": 12}


class CallRaise(Command, frozen=True, kw_only=True, tag="call_raise"):
    seat: int
    call: RaiseCall


class PlayByPosition(Command, frozen=True, kw_only=True, tag="play_by_position"):
    """A card of a hand played blind (the mão de ferro, T3), chosen by its place among the
    cards the seat still holds, in the order dealt: its player sees none of them."""

    seat: int
    position: int
    covered: bool = False


class AnswerRaise(Command, frozen=True, kw_only=True, tag="answer_raise"):
    seat: int
    accept: bool
    """True: accept the raise; False: run (the raising team takes the hand's value)."""


class RecordTrucoResult(Command, frozen=True, kw_only=True, tag="record_truco_result"):
    winner: Team | None = None
    value: int | None = None
    """What the hand was worth: 1, 3, 6, 9 or 12."""
    tie: bool = False
    """Every round tied: nobody scores."""
    raises: tuple[Raise, ...] = ()
    """The hand's raises in order, when the sheet noted them (T9)."""
    started_at: datetime | None = None
    played_at: datetime | None = None
    """When the hand ended, for a score sheet typed in later (D27); else `at`."""

"""What a card table's scorekeeper (or its players) ask for."""

from datetime import datetime
from typing import Literal

from domain.cards.copas.commands import GiveCards, RecordCopasResult
from domain.cards.espadas.commands import MakeBid, RecordEspadasResult
from domain.match.commands import Command
from domain.match.state import PerTeam
from domain.table import Team

RaiseCall = Literal["truco", "seis", "nove", "doze"]
RAISES: dict[str, int] = {"truco": 3, "seis": 6, "nove": 9, "doze": 12}


class DealCards(Command, frozen=True, kw_only=True, tag="deal_cards"):
    hands: list[list[str]]
    """One hand per seat, in seat order."""
    dealer: int | None = None
    """Who deals: the seat due to deal; the first hand, any seat (3 if not said)."""
    trump_card: str | None = None
    """Sueca: the dealer's last card, whose suit is the trump."""
    vira: str | None = None
    """Truco: the card turned up."""


class PlayCard(Command, frozen=True, kw_only=True, tag="play_card"):
    seat: int
    card: str
    covered: bool = False


class AskRedeal(Command, frozen=True, kw_only=True, tag="ask_redeal"):
    seat: int


class CallRaise(Command, frozen=True, kw_only=True, tag="call_raise"):
    seat: int
    call: RaiseCall


class AnswerRaise(Command, frozen=True, kw_only=True, tag="answer_raise"):
    seat: int
    accept: bool
    """True: accept the raise; False: run (the raising team takes the hand's value)."""


class RecordSuecaResult(Command, frozen=True, kw_only=True, tag="record_sueca_result"):
    points: PerTeam
    """Card points per team: 120 in all."""
    tricks: PerTeam | None = None
    """Tricks per team (10 in all); 10 to 0 is a bandeirada."""
    started_at: datetime | None = None
    played_at: datetime | None = None
    """When the hand ended, for a score sheet typed in later (D27); else `at`."""


class RecordTrucoResult(Command, frozen=True, kw_only=True, tag="record_truco_result"):
    winner: Team | None = None
    value: int | None = None
    """What the hand was worth: 1, 3, 6, 9 or 12."""
    tie: bool = False
    """Every round tied: nobody scores."""
    started_at: datetime | None = None
    played_at: datetime | None = None
    """When the hand ended, for a score sheet typed in later (D27); else `at`."""


CardCommand = (
    DealCards
    | PlayCard
    | AskRedeal
    | CallRaise
    | AnswerRaise
    | RecordSuecaResult
    | RecordTrucoResult
    | MakeBid
    | RecordEspadasResult
    | GiveCards
    | RecordCopasResult
)

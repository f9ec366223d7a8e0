"""What happened in a game: frozen Structs in one tagged union, tags fixed forever.

New fields must get defaults, so stored history keeps decoding.
"""

from datetime import datetime
from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from domain.rules import BatidaKind, Rules
from domain.state import ConfirmedBy, Outcome, PerTeam
from domain.table import End, Seat, Team
from domain.tiles import Tile

At = Annotated[datetime, Meta(tz=True)]
PenaltyKind = Literal[
    "wrong-tile-shown", "slow-play", "irregular-pass", "out-of-turn", "tiles-shown"
]
Consequence = Literal["warning", "turn-lost", "hand-lost"]


class Event(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    at: At


class MatchCreated(Event, frozen=True, kw_only=True, tag="match_created"):
    rules: Rules
    seats: tuple[str, str, str, str]
    created_by: str
    place: str | None = None
    notes: str = ""
    competition_id: str | None = None
    stage: str | None = None


class HandStarted(Event, frozen=True, kw_only=True, tag="hand_started"):
    number: int
    opener: Seat
    opening_tile: Tile | None
    hands: tuple[tuple[Tile, ...], ...]
    dorme: tuple[Tile, ...] = ()


class DealVoided(Event, frozen=True, kw_only=True, tag="deal_voided"):
    """A deal refused by the rules (a seat with too many doubles); the hand did not start."""

    number: int
    seat: Seat
    doubles: tuple[Tile, ...]
    hands: tuple[tuple[Tile, ...], ...]
    dorme: tuple[Tile, ...] = ()


class TilePlayed(Event, frozen=True, kw_only=True, tag="tile_played"):
    seat: Seat
    tile: Tile
    end: End | None
    """None only for the opening tile."""


class Passed(Event, frozen=True, kw_only=True, tag="passed"):
    seat: Seat


class MoveUndone(Event, frozen=True, kw_only=True, tag="move_undone"):
    """The last play or pass of the hand in progress is taken back."""

    seat: Seat
    tile: Tile | None


class HandEnded(Event, frozen=True, kw_only=True, tag="hand_ended"):
    """However the hand was recorded (`recorded_as`); `at` is when it ended."""

    number: int
    outcome: Outcome
    kind: BatidaKind | None
    winner: Team | None
    points: int
    """Points the winner scores, `bonus_applied` included."""
    bonus_applied: int
    sums: PerTeam | None
    by_seat: Seat | None
    """Who went out, who blocked, or the offender."""
    opener: Seat | None
    recorded_as: Literal["plays", "result"]
    started_at: At


class PenaltyRecorded(Event, frozen=True, kw_only=True, tag="penalty_recorded"):
    seat: Seat
    kind: PenaltyKind
    consequence: Consequence
    note: str = ""


class MatchAbandoned(Event, frozen=True, kw_only=True, tag="match_abandoned"):
    team: Team
    seat: Seat | None


class MatchFinished(Event, frozen=True, kw_only=True, tag="match_finished"):
    winner: Team
    score: PerTeam
    started_at: At
    """The first deal (or first result recorded), else the game's creation."""
    duration_seconds: int
    hands_played: int
    buchuda: bool
    buchuda_de_re: bool
    virada: bool
    abandoned: bool


class HandAnnulled(Event, frozen=True, kw_only=True, tag="hand_annulled"):
    number: int


class MatchReopened(Event, frozen=True, kw_only=True, tag="match_reopened"):
    """The last `MatchFinished` no longer holds: an annulment put the game back in play."""


class ConfirmationRecorded(Event, frozen=True, kw_only=True, tag="confirmation_recorded"):
    by: ConfirmedBy
    actor: str


class MatchConfirmed(Event, frozen=True, kw_only=True, tag="match_confirmed"):
    """The result is final: nothing in this game can change any more."""


MatchEvent = (
    MatchCreated
    | HandStarted
    | DealVoided
    | TilePlayed
    | Passed
    | MoveUndone
    | HandEnded
    | PenaltyRecorded
    | MatchAbandoned
    | MatchFinished
    | HandAnnulled
    | MatchReopened
    | ConfirmationRecorded
    | MatchConfirmed
)
EVENT_TYPES: tuple[type[Event], ...] = MatchEvent.__args__
DECODER: msgspec.json.Decoder[MatchEvent] = msgspec.json.Decoder(MatchEvent)
ENCODER = msgspec.json.Encoder()


def encode(event: Event) -> bytes:
    return ENCODER.encode(event)


def decode(data: bytes | str) -> MatchEvent:
    return DECODER.decode(data)

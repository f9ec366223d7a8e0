"""What happens to any game: frozen Structs tagged by type, tags fixed forever.

Each family adds the events of its table (dominoes: deals, tiles, passes; cards: deals,
cards, calls); `domain.events` joins them all in one union. New fields must get defaults,
so stored history keeps decoding.
"""

from datetime import datetime
from typing import Annotated, Any, ClassVar, Generic, Literal, TypeVar

import msgspec
from msgspec import Meta

from domain.match.rules import GameRules
from domain.match.secrets import NO_SECRETS, Secret
from domain.match.state import ConfirmedBy, Outcome, PerTeam, Raise
from domain.table import Seat, Side

At = Annotated[datetime, Meta(tz=True)]
PenaltyKind = Literal[
    "wrong-tile-shown",
    "slow-play",
    "irregular-pass",
    "out-of-turn",
    "tiles-shown",
    "signal",
    "cards-shown",
    "renounce",
]
"""Dominoes: wrong-tile-shown, slow-play, irregular-pass, out-of-turn, tiles-shown, signal.
Cards: slow-play, out-of-turn, cards-shown, renounce (not following suit), signal."""
Consequence = Literal["warning", "turn-lost", "hand-lost"]


class Event(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    starts_a_hand: ClassVar[bool] = False
    """A deal: the events from it on are the hand in progress, whose secrets are kept."""
    kept: ClassVar[bool] = False
    """Its secrets outlive the hand: once it ends, only what the game reveals is shown
    (`Game.revealed`: a showdown); the rest stays hidden for good."""
    revealable: ClassVar[tuple[str, ...]] = ()
    """A kept event's parts that a finished hand may reveal, by the start of their path
    ("hands.": the cards dealt; never "thrown.", cards thrown away)."""

    at: At

    def secrets(self) -> tuple[Secret, ...]:
        """What this event keeps out of the public history (`domain.match.secrets`)."""
        return NO_SECRETS


R = TypeVar("R", bound=GameRules)


class MatchCreated(Event, Generic[R], frozen=True, kw_only=True, tag="match_created"):
    """A game's first event. Its rules are any registered game's: the registry decodes it as
    `MatchCreated[RuleSet]`, the union of every game's rules (`domain.events`)."""

    rules: R
    seats: tuple[str, ...]
    created_by: str
    place: str | None = None
    notes: str = ""
    competition_id: str | None = None
    stage: str | None = None
    fixture_id: str | None = None
    """The torneio fixture this game decides, when the service runs the torneio."""


class MoveUndone(Event, frozen=True, kw_only=True, tag="move_undone"):
    """The last move of the hand in progress is taken back."""

    seat: Seat
    tile: str | None = None
    """Dominoes: the tile taken back (None: a pass)."""
    move: str | None = None
    """Cards: the type of the event taken back (card_played, raise_called, ...)."""
    card: str | None = None
    """Cards: the card taken back, when the move was a card."""


class HandEnded(Event, frozen=True, kw_only=True, tag="hand_ended"):
    """However the hand was recorded (`recorded_as`); `at` is when it ended."""

    number: int
    outcome: Outcome
    kind: str | None
    """The game's own kind of ending (dominoes: the batida's kind: simples, carroca,
    la-e-lo, cruzada)."""
    winner: Side | None
    points: int
    """Points the winner scores, `bonus_applied` included."""
    bonus_applied: int
    sums: PerTeam | None
    """Dominoes: the pips left per team."""
    by_seat: Seat | None
    """Who went out, who blocked, who ran, or the offender."""
    opener: Seat | None
    """Who led the hand."""
    recorded_as: Literal["plays", "result"]
    started_at: At
    dealer: Seat | None = None
    """Cards: who dealt the hand."""
    card_points: PerTeam | None = None
    """The points of the cards each team took, where cards are worth points."""
    tricks: PerTeam | None = None
    """The tricks (or rounds) each team took, at a trick game of two partnerships."""
    raises: tuple[Raise, ...] = ()
    """Every raise of the hand, in order (seat, value asked), where hands are raised."""
    scores: dict[str, int] | None = None
    """What each side scored in this hand, when more than one side scores one (Espadas:
    both teams, a failed contract below zero); None: the winner scores `points`."""
    details: dict[str, Any] | None = None
    """The game's own facts of the hand, as its package reads them (Espadas: the bids, the
    tricks by seat, the bags)."""


class PenaltyRecorded(Event, frozen=True, kw_only=True, tag="penalty_recorded"):
    seat: Seat
    kind: PenaltyKind
    consequence: Consequence
    note: str = ""


class MatchAbandoned(Event, frozen=True, kw_only=True, tag="match_abandoned"):
    team: Side
    seat: Seat | None


class MatchFinished(Event, frozen=True, kw_only=True, tag="match_finished"):
    winner: Side | None
    """The side that won; None when the first place is shared (Copas: equal totals)."""
    score: dict[str, int]
    """Points per side (stored before 0012 as {"A": n, "B": m}: the same JSON)."""
    started_at: At
    """The first deal (or first result recorded), else the game's creation."""
    duration_seconds: int
    hands_played: int
    buchuda: bool
    buchuda_de_re: bool
    virada: bool
    abandoned: bool
    places: list[list[Side]] | None = None
    """Every side, best first; a tie shares a place. None: stored before places were kept
    (a game of two sides: the winner, then the other)."""


class HandAnnulled(Event, frozen=True, kw_only=True, tag="hand_annulled"):
    number: int


class MatchReopened(Event, frozen=True, kw_only=True, tag="match_reopened"):
    """The last `MatchFinished` no longer holds: an annulment put the game back in play."""


class ConfirmationRecorded(Event, frozen=True, kw_only=True, tag="confirmation_recorded"):
    by: ConfirmedBy
    actor: str


class MatchConfirmed(Event, frozen=True, kw_only=True, tag="match_confirmed"):
    """The result is final: nothing in this game can change any more."""

    counts_for: tuple[Seat, ...] | None = None
    """The seats whose players consented, for whom it counts (rankings, statistics,
    ratings): their side confirmed it, or an organizer of a competition they joined did.
    None: confirmed before consent was asked, when a confirmed game counted for all four."""


class ConsentGiven(Event, frozen=True, kw_only=True, tag="consent_given"):
    """A side confirms a game already confirmed without its consent: from now on the game
    counts for these seats too. The result does not change."""

    seats: tuple[Seat, ...]


class MatchCancelled(Event, frozen=True, kw_only=True, tag="match_cancelled"):
    """Created by mistake: the game is void before its confirmation, and counts nowhere."""

    by: str


SharedEvent = (
    MatchCreated  # type: ignore[type-arg]  # the registry decodes it with every rule set
    | MoveUndone
    | HandEnded
    | PenaltyRecorded
    | MatchAbandoned
    | MatchFinished
    | HandAnnulled
    | MatchReopened
    | ConfirmationRecorded
    | MatchConfirmed
    | ConsentGiven
    | MatchCancelled
)

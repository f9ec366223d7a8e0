"""What happens to a torneio run by the service, in its own stream (`competition-<id>`,
after its `CompetitionCreated`). Tags are fixed forever."""

from datetime import datetime
from typing import Annotated

import msgspec
from msgspec import Meta

At = Annotated[datetime, Meta(tz=True)]


class FixtureSpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    id: str
    group: int | None
    home: int
    """A team's index in the torneio's teams: it sits in seats 0 and 2 (team A)."""
    away: int | None
    """The other team (seats 1 and 3), or None: a bye, won by `home`."""
    entrants: tuple[int, ...] = ()
    """Tables of players alone: every entrant at the table (`home` is the first, `away`
    None); one alone is a bye."""
    table: int | None = None
    """A tournament of chips: the table's number, kept while the table plays."""
    chips: tuple[int, ...] = ()
    """A table of chips: the session: each entrant's chips when it starts."""
    level: int | None = None
    """A table of chips: the level (from 0) its session starts at."""


class TournamentEvent(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    at: At


class FixturesScheduled(TournamentEvent, frozen=True, kw_only=True, tag="fixtures_scheduled"):
    stage: int
    """The stage's index in the format, from 0."""
    round: int
    """From 1, within the stage."""
    fixtures: tuple[FixtureSpec, ...]


class FixtureGameAttached(TournamentEvent, frozen=True, kw_only=True, tag="fixture_game_attached"):
    fixture_id: str
    match_id: str


class FixtureGameCancelled(
    TournamentEvent, frozen=True, kw_only=True, tag="fixture_game_cancelled"
):
    fixture_id: str
    match_id: str


class FixtureDecided(TournamentEvent, frozen=True, kw_only=True, tag="fixture_decided"):
    fixture_id: str
    winner: int
    match_id: str | None
    """The confirmed game that decided it; None for a walkover."""
    hands: tuple[int, int] = (0, 0)
    """Hands won by home, away."""
    points: tuple[int, int] = (0, 0)
    """Points scored by home, away."""
    walkover: bool = False
    abandoned: bool = False
    places: tuple[int, ...] = ()
    """Tables of players alone: each entrant's place at the table, in the fixture's order
    (1 = first; equal results share the better place)."""


class StageCompleted(TournamentEvent, frozen=True, kw_only=True, tag="stage_completed"):
    stage: int
    qualified: tuple[int, ...]
    """The teams that go through, in the order they are seeded into the next stage."""


class TournamentFinished(TournamentEvent, frozen=True, kw_only=True, tag="tournament_finished"):
    champion: int
    places: tuple[tuple[int, int], ...]
    """(team, place), best first; teams out in the same round share a place."""


class TableHandPlayed(TournamentEvent, frozen=True, kw_only=True, tag="table_hand_played"):
    """A hand at a table of a tournament of chips, by the chips each entrant at it won or lost."""

    fixture_id: str
    table: int
    hand: int
    """Hands dealt at this table number so far, this one included."""
    level: int
    """The level it was dealt at (from 0), by the hands dealt at this table before it."""
    net: tuple[int, ...]
    """Chips won (+) or lost (-) by each entrant of the fixture, in its order; sums to 0."""


class PlayerOut(TournamentEvent, frozen=True, kw_only=True, tag="player_out"):
    """An entrant of a tournament of chips without chips: out, placed (players still in + 1)."""

    entrant: int
    place: int
    table: int
    hand: int


class TableMoved(TournamentEvent, frozen=True, kw_only=True, tag="table_moved"):
    """Players change tables: a balance (largest to smallest) or a table broken up. The
    sessions of the tables touched are decided and new ones scheduled after this event."""

    reason: str
    """"balance" or "merge"."""
    moves: tuple[tuple[int, int, int], ...]
    """(entrant, from table, to table)."""


AnyTournamentEvent = (
    FixturesScheduled
    | FixtureGameAttached
    | FixtureGameCancelled
    | FixtureDecided
    | StageCompleted
    | TournamentFinished
    | TableHandPlayed
    | PlayerOut
    | TableMoved
)
TOURNAMENT_DECODER = msgspec.json.Decoder(AnyTournamentEvent)

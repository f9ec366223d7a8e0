"""What happens to a torneio run by the service, in its own stream (`competition-<id>`,
after its `CompetitionCreated`). Tags are fixed forever."""

from datetime import datetime
from typing import Annotated

import msgspec
from msgspec import Meta

At = Annotated[datetime, Meta(tz=True)]


class FixtureSpec(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    group: int | None
    home: int
    """A team's index in the torneio's teams: it sits in seats 0 and 2 (team A)."""
    away: int | None
    """The other team (seats 1 and 3), or None: a bye, won by `home`."""


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


class StageCompleted(TournamentEvent, frozen=True, kw_only=True, tag="stage_completed"):
    stage: int
    qualified: tuple[int, ...]
    """The teams that go through, in the order they are seeded into the next stage."""


class TournamentFinished(TournamentEvent, frozen=True, kw_only=True, tag="tournament_finished"):
    champion: int
    places: tuple[tuple[int, int], ...]
    """(team, place), best first; teams out in the same round share a place."""


AnyTournamentEvent = (
    FixturesScheduled
    | FixtureGameAttached
    | FixtureGameCancelled
    | FixtureDecided
    | StageCompleted
    | TournamentFinished
)
TOURNAMENT_DECODER = msgspec.json.Decoder(AnyTournamentEvent)

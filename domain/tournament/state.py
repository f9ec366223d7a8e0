"""A torneio as its events leave it: every fixture with its status, the stage in play, the
teams that went through each stage, and once finished the champion and the places."""

from collections.abc import Iterable
from datetime import datetime
from typing import Literal

import msgspec
from msgspec.structs import replace

from domain.competitions import CompetitionCreated
from domain.tournament.events import (
    FixtureDecided,
    FixtureGameAttached,
    FixtureGameCancelled,
    FixtureSpec,
    FixturesScheduled,
    PlayerOut,
    StageCompleted,
    TableHandPlayed,
    TournamentEvent,
    TournamentFinished,
)

FixtureStatus = Literal["pending", "playing", "decided"]


class Fixture(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    stage: int
    round: int
    group: int | None
    home: int
    away: int | None
    match_id: str | None = None
    status: FixtureStatus = "pending"
    attached_at: datetime | None = None
    """When its game (`match_id`, while "playing") took the fixture."""
    winner: int | None = None
    hands: tuple[int, int] = (0, 0)
    points: tuple[int, int] = (0, 0)
    walkover: bool = False
    abandoned: bool = False
    entrants: tuple[int, ...] = ()
    """Tables of players alone: everyone at the table."""
    places: tuple[int, ...] = ()
    """Tables of players alone, once decided: each entrant's place, in `entrants` order."""
    table: int | None = None
    chips: tuple[int, ...] = ()
    level: int | None = None

    @property
    def teams(self) -> tuple[int, ...]:
        if self.entrants:
            return self.entrants
        return (self.home,) if self.away is None else (self.home, self.away)

    @property
    def loser(self) -> int | None:
        if self.winner is None or self.away is None:
            return None
        return self.away if self.winner == self.home else self.home


class Tournament(msgspec.Struct, frozen=True, kw_only=True):
    created: CompetitionCreated
    fixtures: tuple[Fixture, ...] = ()
    entered: tuple[tuple[int, ...], ...] = ()
    """The teams that entered each stage so far, in seed order."""
    champion: int | None = None
    places: tuple[tuple[int, int], ...] = ()
    chips: dict[int, int] = msgspec.field(default_factory=dict)
    """A tournament of chips: each entrant's chips now."""
    out: tuple[PlayerOut, ...] = ()
    """A tournament of chips: who went out, in order."""
    hands_at: dict[int, int] = msgspec.field(default_factory=dict)
    """A tournament of chips: the hands dealt at each table number."""

    @property
    def stage(self) -> int:
        """The stage in play (the last one entered)."""
        return len(self.entered) - 1

    @property
    def finished(self) -> bool:
        return self.champion is not None

    def fixture(self, fixture_id: str) -> Fixture | None:
        return next((f for f in self.fixtures if f.id == fixture_id), None)

    def of_stage(self, stage: int) -> list[Fixture]:
        return [f for f in self.fixtures if f.stage == stage]


def started(created: CompetitionCreated) -> Tournament:
    """A torneio before its first fixtures: every team enters the first stage."""
    entrants = tuple(range(len(created.teams)))
    stage = created.format.chips if created.format is not None else None
    chips = {e: stage.stack for e in entrants} if stage is not None else {}
    return Tournament(created=created, entered=(entrants,), chips=chips)


def evolve(tournament: Tournament, event: TournamentEvent) -> Tournament:
    match event:
        case FixturesScheduled():
            new = tuple(
                Fixture(
                    id=spec.id,
                    stage=event.stage,
                    round=event.round,
                    group=spec.group,
                    home=spec.home,
                    away=spec.away,
                    status="decided" if _bye(spec) else "pending",
                    winner=spec.home if _bye(spec) else None,
                    entrants=spec.entrants,
                    places=(1,) if _bye(spec) and spec.entrants else (),
                    table=spec.table,
                    chips=spec.chips,
                    level=spec.level,
                )
                for spec in event.fixtures
            )
            return replace(tournament, fixtures=(*tournament.fixtures, *new))
        case FixtureGameAttached():
            return _changed(
                tournament,
                event.fixture_id,
                match_id=event.match_id,
                status="playing",
                attached_at=event.at,
            )
        case FixtureGameCancelled():
            return _changed(
                tournament, event.fixture_id, match_id=None, status="pending", attached_at=None
            )
        case FixtureDecided():
            return _changed(
                tournament,
                event.fixture_id,
                status="decided",
                match_id=event.match_id,
                winner=event.winner,
                hands=event.hands,
                points=event.points,
                walkover=event.walkover,
                abandoned=event.abandoned,
                places=event.places,
            )
        case StageCompleted():
            return replace(tournament, entered=(*tournament.entered, event.qualified))
        case TournamentFinished():
            return replace(tournament, champion=event.champion, places=event.places)
        case TableHandPlayed():
            fixture = tournament.fixture(event.fixture_id)
            assert fixture is not None
            chips = dict(tournament.chips)
            for entrant, won in zip(fixture.entrants, event.net, strict=True):
                chips[entrant] += won
            hands_at = {**tournament.hands_at, event.table: event.hand}
            return replace(tournament, chips=chips, hands_at=hands_at)
        case PlayerOut():
            return replace(tournament, out=(*tournament.out, event))
    return tournament


def _bye(spec: FixtureSpec) -> bool:
    """A bye: a pair's fixture without a second team, a table with one entrant (a session
    at a table of chips is never one)."""
    if spec.table is not None:
        return False
    return len(spec.entrants) == 1 if spec.entrants else spec.away is None


def fold(tournament: Tournament, events: Iterable[TournamentEvent]) -> Tournament:
    for event in events:
        tournament = evolve(tournament, event)
    return tournament


def _changed(tournament: Tournament, fixture_id: str, **changes: object) -> Tournament:
    fixtures = tuple(
        replace(f, **changes) if f.id == fixture_id else f for f in tournament.fixtures
    )
    return replace(tournament, fixtures=fixtures)


_KNOCKOUT_ROUNDS = {1: "final", 2: "semifinal", 4: "quartas", 8: "oitavas"}


def stage_label(tournament: Tournament, fixture: Fixture) -> str:
    """How the table names the fixture's stage: "grupo A", "rodada 2", "quartas", "final"."""
    format_ = tournament.created.format
    kind = None if format_ is None else format_.stages[fixture.stage].__struct_config__.tag
    if fixture.table is not None:
        return f"mesa {fixture.table}"
    if kind == "knockout" and fixture.entrants:
        final = len([f for f in tournament.of_stage(fixture.stage) if f.round == fixture.round])
        return "mesa final" if final == 1 else f"mata-mata, rodada {fixture.round}"
    if kind == "groups":
        return f"grupo {chr(ord('A') + (fixture.group or 0))}"
    if kind == "swiss":
        return f"rodada {fixture.round}"
    if fixture.id.endswith("-3rd"):
        return "terceiro lugar"
    same = [
        f
        for f in tournament.of_stage(fixture.stage)
        if f.round == fixture.round and not f.id.endswith("-3rd")
    ]
    return _KNOCKOUT_ROUNDS.get(len(same), f"mata-mata, rodada {fixture.round}")

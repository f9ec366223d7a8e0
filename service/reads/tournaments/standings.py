"""A torneio run by the service as it is read: its fixtures and standings, folded from its
own stream (a few hundred events at most)."""

from __future__ import annotations

import msgspec
from litestar.datastructures import State

from domain.tournament.chips import level_at, open_tables, still_in
from domain.tournament.decide import stage_standings
from domain.tournament.standings import Row
from domain.tournament.state import Fixture, Tournament
from service.reads.tournaments.schemas import (
    FixtureOut,
    Fixtures,
    GroupStandings,
    Placed,
    StageStandings,
    StandingRow,
    Standings,
    TableNow,
    TournamentEventOut,
    TournamentEvents,
)
from service.store.registry import parse_id
from service.store.tournaments import Tournaments, stream_of


def _kind(tournament: Tournament, stage: int) -> str:
    format_ = tournament.created.format
    assert format_ is not None
    return str(format_.stages[stage].__struct_config__.tag)


def fixture_out(tournament: Tournament, fixture: Fixture) -> FixtureOut:
    return FixtureOut(
        id=fixture.id,
        stage=fixture.stage + 1,
        stage_kind=_kind(tournament, fixture.stage),
        round=fixture.round,
        group=fixture.group,
        teams=list(fixture.entrants) if fixture.entrants else [fixture.home, fixture.away],
        match_id=fixture.match_id,
        status=fixture.status,
        winner=fixture.winner,
        walkover=fixture.walkover,
        abandoned=fixture.abandoned,
        hands=list(fixture.hands),
        points=list(fixture.points),
        places=list(fixture.places) if fixture.entrants and fixture.places else None,
        table=fixture.table,
        chips=list(fixture.chips) if fixture.chips else None,
    )


def _row(tournament: Tournament, row: Row) -> StandingRow:
    return StandingRow(
        team=row.team,
        players=list(tournament.created.teams[row.team]),
        place=row.place,
        played=row.played,
        won=row.won,
        lost=row.lost,
        byes=row.byes,
        hands_for=row.hands_for,
        hands_against=row.hands_against,
        points_for=row.points_for,
        points_against=row.points_against,
        tie_breakers=dict(row.values),
        points=row.points,
        out_at=next((o.hand for o in tournament.out if o.entrant == row.team), None),
        chips=_chips(tournament, row.team),
    )


def _chips(tournament: Tournament, entrant: int) -> int | None:
    """A tournament of chips: the chips of a player still in."""
    if not tournament.chips or any(o.entrant == entrant for o in tournament.out):
        return None
    return tournament.chips[entrant]


def _stage(tournament: Tournament, stage: int) -> StageStandings:
    kind = _kind(tournament, stage)
    fixtures = tournament.of_stage(stage)
    groups = sorted({f.group for f in fixtures}, key=lambda g: -1 if g is None else g)
    tables = stage_standings(tournament, stage)
    bracket = None
    if kind == "knockout":
        rounds = sorted({f.round for f in fixtures})
        bracket = [[fixture_out(tournament, f) for f in fixtures if f.round == r] for r in rounds]
    return StageStandings(
        stage=stage + 1,
        kind=kind,
        groups=[
            GroupStandings(group=group, rows=[_row(tournament, r) for r in table])
            for group, table in zip(groups or [None], tables, strict=False)
        ],
        bracket=bracket,
    )


def _prize(tournament: Tournament, place: int) -> str | None:
    format_ = tournament.created.format
    stage = format_.chips if format_ is not None else None
    if stage is not None:
        return str(stage.prizes[place - 1]) if place <= len(stage.prizes) else None
    return tournament.created.prizes.get(str(place))


def _tables(tournament: Tournament) -> list[TableNow] | None:
    format_ = tournament.created.format
    if format_ is None or format_.chips is None:
        return None
    rows = []
    for number, fixture in sorted(open_tables(tournament).items()):
        dealt = tournament.hands_at.get(number, 0)
        level = level_at(format_.chips, dealt)
        blinds = format_.chips.levels[level]
        rows.append(
            TableNow(
                table=number,
                fixture=fixture.id,
                players=still_in(tournament, fixture),
                hands=dealt,
                level=level + 1,
                small_blind=blinds.small_blind,
                big_blind=blinds.big_blind,
            )
        )
    return rows


def standings_out(tournament: Tournament) -> Standings:
    return Standings(
        status="finished" if tournament.finished else "in_progress",
        champion=tournament.champion,
        stages=[_stage(tournament, stage) for stage in range(len(tournament.entered))],
        final=[
            Placed(
                team=team,
                players=list(tournament.created.teams[team]),
                place=place,
                prize=_prize(tournament, place),
            )
            for team, place in tournament.places
        ],
        tables=_tables(tournament),
    )


def fixtures_out(tournament: Tournament) -> Fixtures:
    return Fixtures(fixtures=[fixture_out(tournament, f) for f in tournament.fixtures])


async def read_fixtures(state: State, competition_id: str) -> Fixtures:
    tournaments: Tournaments = state.tournaments
    tournament, _ = await tournaments.load(competition_id)
    return fixtures_out(tournament)


async def read_standings(state: State, competition_id: str) -> Standings:
    tournaments: Tournaments = state.tournaments
    tournament, _ = await tournaments.load(competition_id)
    return standings_out(tournament)


async def read_events(state: State, competition_id: str) -> TournamentEvents:
    """The torneio's own events, for an audit or a replay."""
    tournaments: Tournaments = state.tournaments
    await tournaments.load(competition_id)
    stream = stream_of(parse_id(competition_id, "competition"))
    created, *recorded = await tournaments.store.read_stream(stream)
    return TournamentEvents(
        events=[
            TournamentEventOut(
                version=e.version,
                type=e.type,
                data=msgspec.json.decode(e.data),
                recorded_at=e.recorded_at.isoformat(),
                hash=e.hash,
            )
            for e in recorded
        ],
        created_hash=created.hash,
    )

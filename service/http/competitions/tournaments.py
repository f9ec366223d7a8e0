"""/v1/competitions/{id}/fixtures and /standings of a torneio run by the service, and the
organizer's walkover. Folded from the torneio's own stream at each read: a torneio is a
few hundred events at most."""

from __future__ import annotations

from litestar import Controller, get, post
from litestar.datastructures import State
from litestar.di import NamedDependency, Provide
from litestar.params import FromPath, JSONBody

from domain.tournament.decide import stage_standings, walkover
from domain.tournament.standings import Row
from domain.tournament.state import Fixture, Tournament
from service.http.auth import Principal, provide_principal
from service.http.competitions.tournament_schemas import (
    FixtureOut,
    Fixtures,
    GroupStandings,
    NewWalkover,
    Placed,
    StageStandings,
    StandingRow,
    Standings,
)
from service.http.matches.writes import now
from service.http.problems import ApiError
from service.store.tournaments import Tournaments


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
        teams=[fixture.home, fixture.away],
        match_id=fixture.match_id,
        status=fixture.status,
        winner=fixture.winner,
        walkover=fixture.walkover,
        abandoned=fixture.abandoned,
        hands=list(fixture.hands),
        points=list(fixture.points),
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
    )


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


def standings_out(tournament: Tournament) -> Standings:
    prizes = tournament.created.prizes
    return Standings(
        status="finished" if tournament.finished else "in_progress",
        champion=tournament.champion,
        stages=[_stage(tournament, stage) for stage in range(len(tournament.entered))],
        final=[
            Placed(
                team=team,
                players=list(tournament.created.teams[team]),
                place=place,
                prize=prizes.get(str(place)),
            )
            for team, place in tournament.places
        ],
    )


class TournamentController(Controller):
    path = "/v1/competitions/{competition_id:str}"
    tags = ["competitions"]
    dependencies = {"principal": Provide(provide_principal)}

    @get(
        "/fixtures",
        operation_id="listFixtures",
        summary="A torneio's fixtures, with their status",
        description="Every fixture scheduled so far, in order: the next round or stage is "
        "scheduled by the service once the last one is decided.",
    )
    async def fixtures(self, state: State, competition_id: FromPath[str]) -> Fixtures:
        tournaments: Tournaments = state.tournaments
        tournament, _ = await tournaments.load(competition_id)
        return Fixtures(fixtures=[fixture_out(tournament, f) for f in tournament.fixtures])

    @get(
        "/standings",
        operation_id="getStandings",
        summary="A torneio's standings, bracket, champion and prizes",
        description="Per stage and group, every tie-breaker's value shown; a knock-out's "
        "bracket; once finished, every team's place with its prize.",
    )
    async def standings(self, state: State, competition_id: FromPath[str]) -> Standings:
        tournaments: Tournaments = state.tournaments
        tournament, _ = await tournaments.load(competition_id)
        return standings_out(tournament)

    @post(
        "/fixtures/{fixture_id:str}/walkover",
        operation_id="recordWalkover",
        summary="A team did not show up: it loses the fixture",
        status_code=201,
        description="By an organizer, on a fixture without a game (cancel a game first).",
    )
    async def walkover(
        self,
        state: State,
        competition_id: FromPath[str],
        fixture_id: FromPath[str],
        data: JSONBody[NewWalkover],
        principal: NamedDependency[Principal],
    ) -> Fixtures:
        tournaments: Tournaments = state.tournaments
        tournament, _ = await tournaments.load(competition_id)
        if not (principal.admin or principal.player_id in tournament.created.organizers):
            raise ApiError(403, "forbidden", "only the torneio's organizers record a walkover")
        after = await tournaments.execute(
            competition_id,
            lambda current: walkover(current, fixture_id, data.absent, now()),
            {"actor": principal.actor},
        )
        return Fixtures(fixtures=[fixture_out(after, f) for f in after.fixtures])

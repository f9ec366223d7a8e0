"""/v1/competitions/{id}/fixtures and /standings of a torneio run by the service, and the
organizer's walkover. Folded from the torneio's own stream at each read: a torneio is a
few hundred events at most."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from litestar import Controller, Request, get, post
from litestar.datastructures import State
from litestar.di import NamedDependency, Provide
from litestar.params import FromPath, JSONBody

from domain.errors import InvalidInput
from domain.tournament.chips import hand
from domain.tournament.decide import walkover
from domain.tournament.state import Tournament
from service.http.auth import Principal, provide_principal
from service.http.competitions.tournament_schemas import NewTableHand, NewWalkover
from service.http.marks import marks_of
from service.http.problems import ApiError
from service.http.web.idempotency import fingerprint, idempotency_key
from service.reads.tournaments.schemas import Fixtures, Standings, TournamentEvents
from service.reads.tournaments.standings import (
    fixtures_out,
    read_events,
    read_fixtures,
    read_standings,
    standings_out,
)
from service.store.tournaments import Tournaments


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
        return await read_fixtures(state, competition_id)

    @get(
        "/standings",
        operation_id="getStandings",
        summary="A torneio's standings, bracket, champion and prizes",
        description="Per stage and group, every tie-breaker's value shown; a knock-out's "
        "bracket; once finished, every team's place with its prize.",
    )
    async def standings(self, state: State, competition_id: FromPath[str]) -> Standings:
        return await read_standings(state, competition_id)

    @get(
        "/events",
        operation_id="listTournamentEvents",
        summary="A torneio's own events, to audit or replay it",
        description="Every fixture scheduled and decided, every hand at a table of chips, "
        "every player out and every move between tables, in order, with the hash chain.",
    )
    async def events(self, state: State, competition_id: FromPath[str]) -> TournamentEvents:
        return await read_events(state, competition_id)

    @post(
        "/fixtures/{fixture_id:str}/walkover",
        operation_id="recordWalkover",
        summary="A team did not show up: it loses the fixture",
        status_code=201,
        description="By an organizer, on a fixture without a game (cancel a game first). "
        "`Idempotency-Key`: a retry records nothing again and answers the fixtures as the "
        "first left them (without one, a retry finds the fixture decided: 409).",
    )
    async def walkover(
        self,
        request: Request[Any, Any, Any],
        state: State,
        competition_id: FromPath[str],
        fixture_id: FromPath[str],
        data: JSONBody[NewWalkover],
        principal: NamedDependency[Principal],
    ) -> Fixtures:
        tournaments: Tournaments = state.tournaments
        tournament, _ = await tournaments.load(competition_id)
        _organizer(principal, tournament, "record a walkover")
        key = idempotency_key(request, principal)
        never_created = await tournaments.never_created(tournament.fixture(fixture_id))
        after = await tournaments.execute(
            competition_id,
            lambda current: walkover(
                current, fixture_id, data.absent, datetime.now(UTC), never_created=never_created
            ),
            {"actor": principal.actor, **marks_of(principal)},
            key,
            await fingerprint(request) if key is not None else None,
        )
        return fixtures_out(after)

    @post(
        "/tables/{table:int}/hands",
        operation_id="recordTableHand",
        summary="A hand at a table of a tournament of chips",
        status_code=201,
        description="By an organizer: the chips each player at the table won or lost. The "
        "level follows the hands dealt at that table; a player left without chips is out, "
        "placed after those still in; tables are balanced and merged by the service, and "
        "the last player with chips is the champion. `Idempotency-Key`: a retry records "
        "nothing again and answers the standings as the first left them.",
    )
    async def table_hand(
        self,
        request: Request[Any, Any, Any],
        state: State,
        competition_id: FromPath[str],
        table: FromPath[int],
        data: JSONBody[NewTableHand],
        principal: NamedDependency[Principal],
    ) -> Standings:
        tournaments: Tournaments = state.tournaments
        tournament, _ = await tournaments.load(competition_id)
        _organizer(principal, tournament, "record a hand")
        entrant_of = {team[0]: n for n, team in enumerate(tournament.created.teams)}
        unknown = [p for p in data.net if p not in entrant_of]
        if unknown:
            raise InvalidInput("invalid-hand-result", f"{unknown[0]!r} is not in this tournament")
        net = {entrant_of[p]: chips for p, chips in data.net.items()}
        key = idempotency_key(request, principal)
        after = await tournaments.execute(
            competition_id,
            lambda current: hand(current, table, net, datetime.now(UTC)),
            {"actor": principal.actor, **marks_of(principal)},
            key,
            await fingerprint(request) if key is not None else None,
        )
        return standings_out(after)


def _organizer(principal: Principal, tournament: Tournament, what: str) -> None:
    if not (principal.admin or principal.player_id in tournament.created.organizers):
        raise ApiError(403, "forbidden", f"only the torneio's organizers {what}")

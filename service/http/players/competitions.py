"""/v1/competitions: an amistoso or a torneio created, found, listed with its games.

It sits beside the players' controller, not in service/http/competitions/, while its bodies
(NewCompetition, CompetitionOut) are in service/http/matches/schemas.py, being reshaped
(issue 30): that module imports competitions/tournament_schemas.py, so a controller there
that imports it back would make the two packages a cycle."""

from __future__ import annotations

import secrets
from typing import Any

import msgspec
from litestar import Controller, Request, get, post
from litestar.datastructures import State
from litestar.di import NamedDependency, Provide
from litestar.params import FromPath, JSONBody

from domain.competitions import create_competition
from domain.competitions.format import TournamentFormat
from domain.competitions.mesa import MesaRules
from domain.tournament.decide import opening
from domain.tournament.state import started
from service.http.auth import Principal, provide_principal
from service.http.directory.params import KindFilter, Limit, Offset, StageFilter, StatusFilter
from service.http.marks import marks_of
from service.http.matches.schemas import CompetitionOut, NewCompetition
from service.http.matches.writes import fingerprint, idempotency_key, now
from service.http.problems import ApiError
from service.reads.competitions.competition import competition_out, read_competition
from service.reads.directory.listing import list_competitions, list_matches
from service.reads.directory.schemas import CompetitionList, MatchList
from service.store.registry import Registry, parse_id

_random = secrets.SystemRandom()


def _format(data: NewCompetition) -> TournamentFormat | None:
    if data.format is None:
        return None
    asked = msgspec.to_builtins(data.format)
    if asked.get("tie_breakers") is None:
        asked.pop("tie_breakers", None)
    return msgspec.convert(asked, TournamentFormat)


class CompetitionController(Controller):
    path = "/v1/competitions"
    tags = ["competitions"]
    dependencies = {"principal": Provide(provide_principal)}

    @post(
        "/",
        operation_id="createCompetition",
        summary="Create an amistoso or a torneio",
        status_code=201,
        description="A torneio fixes its rule set and its teams now: its games must use them.",
    )
    async def create(
        self,
        request: Request[Any, Any, Any],
        state: State,
        data: JSONBody[NewCompetition],
        principal: NamedDependency[Principal],
    ) -> CompetitionOut:
        registry: Registry = state.registry
        for player in [*data.organizers, *(p for pair in data.teams for p in pair)]:
            await registry.player(player)
        organizers = [parse_id(p, "player") for p in data.organizers]
        if principal.player_id is not None:
            organizers.insert(0, principal.player_id)
        event = create_competition(
            name=data.name,
            kind=data.kind,
            preset=data.rules.preset,
            overrides=data.rules.settings(),
            organizers=organizers,
            teams=[[parse_id(p, "player") for p in pair] for pair in data.teams],
            actor=principal.actor,
            at=now(),
            format_=_format(data),
            prizes=data.prizes,
            lot=_random.sample(range(len(data.teams)), len(data.teams)),
            mesa=None if data.mesa is None else MesaRules(draw=data.mesa.draw),
        )
        if not event.organizers:
            raise ApiError(422, "invalid-command", "a competition needs at least one organizer")
        key = idempotency_key(request, principal)
        first = opening(started(event), event.at) if event.format is not None else []
        competition_id = await registry.add_competition(
            event,
            principal.actor,
            key,
            await fingerprint(request) if key else None,
            then=first,
            more=marks_of(principal),
        )
        return await competition_out(
            state, competition_id, await registry.competition(competition_id)
        )

    @get(
        "/",
        operation_id="listCompetitions",
        summary="Competitions, newest first",
        description="From the projections: a competition shows here a moment after it is created.",
    )
    async def competitions(
        self, state: State, kind: KindFilter = None, limit: Limit = 50, offset: Offset = 0
    ) -> CompetitionList:
        return await list_competitions(state, kind, limit, offset)

    @get("/{competition_id:str}", operation_id="getCompetition", summary="A competition")
    async def competition(self, state: State, competition_id: FromPath[str]) -> CompetitionOut:
        return await read_competition(state, competition_id)

    @get(
        "/{competition_id:str}/matches",
        operation_id="listCompetitionMatches",
        summary="A competition's games, newest first",
        description="From the projections: a game shows here a moment after it is written.",
    )
    async def matches(
        self,
        state: State,
        competition_id: FromPath[str],
        status: StatusFilter = None,
        stage: StageFilter = None,
        limit: Limit = 50,
        offset: Offset = 0,
    ) -> MatchList:
        await state.registry.competition(competition_id)
        return await list_matches(state, None, competition_id, status, limit, offset, stage)

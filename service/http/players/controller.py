"""/v1/players and /v1/competitions."""

from __future__ import annotations

import secrets
from typing import Any

import msgspec
from litestar import Controller, Request, Response, delete, get, post
from litestar.datastructures import State
from litestar.di import NamedDependency, Provide
from litestar.params import FromPath, JSONBody

from domain.competitions import CompetitionCreated, create_competition, register_player
from domain.tournament.decide import opening
from domain.tournament.format import TournamentFormat
from domain.tournament.state import started
from service.http.auth import Issued, Principal, provide_principal
from service.http.directory.listing import (
    CompetitionList,
    KindFilter,
    Limit,
    MatchList,
    NameFilter,
    Offset,
    PlayerList,
    StageFilter,
    StatusFilter,
    list_competitions,
    list_matches,
    list_players,
)
from service.http.matches.schemas import CompetitionOut, NewCompetition, NewPlayer, PlayerOut
from service.http.matches.writes import fingerprint, idempotency_key, now
from service.http.problems import ApiError
from service.store.registry import Registry, parse_id
from service.store.tournaments import Tournaments


def player_out(player_id: str, name: str, issued: Issued | None) -> PlayerOut:
    if issued is None:
        return PlayerOut(id=player_id, name=name)
    return PlayerOut(
        id=player_id, name=name, token=issued.token, token_expires_at=issued.expires_at
    )


class PlayerController(Controller):
    path = "/v1/players"
    tags = ["players"]
    dependencies = {"principal": Provide(provide_principal)}

    @post(
        "/",
        operation_id="registerPlayer",
        summary="Register a player",
        status_code=201,
        description="Answers the player's id and, this once, its bearer token. A retry with "
        "the same Idempotency-Key answers the same id without the token, unless the first "
        "attempt failed before its token was stored: then the retry carries it.",
    )
    async def register(
        self,
        request: Request[Any, Any, Any],
        state: State,
        data: JSONBody[NewPlayer],
        principal: NamedDependency[Principal],
    ) -> Response[PlayerOut]:
        event = register_player(data.name, now())
        registry: Registry = state.registry
        key = idempotency_key(request, principal)
        player_id, _ = await registry.add_player(
            event, principal.actor, key, await fingerprint(request) if key else None
        )
        issued = await state.tokens.issue_first(player_id)
        return Response(
            player_out(player_id, event.name, issued),
            status_code=201,
            headers={"Cache-Control": "no-store"},
        )

    @get(
        "/",
        operation_id="listPlayers",
        summary="Find players by name",
        description="From the projections: a player shows here a moment after registering.",
    )
    async def players(
        self, state: State, name: NameFilter = None, limit: Limit = 50, offset: Offset = 0
    ) -> PlayerList:
        return await list_players(state, name, limit, offset)

    @get("/{player_id:str}", operation_id="getPlayer", summary="A player")
    async def player(self, state: State, player_id: FromPath[str]) -> PlayerOut:
        registry: Registry = state.registry
        found = await registry.player(player_id)
        return PlayerOut(id=parse_id(player_id, "player"), name=found.name)

    @get(
        "/{player_id:str}/matches",
        operation_id="listPlayerMatches",
        summary="A player's games, newest first",
        description="From the projections: a game shows here a moment after it is written.",
    )
    async def matches(
        self,
        state: State,
        player_id: FromPath[str],
        status: StatusFilter = None,
        limit: Limit = 50,
        offset: Offset = 0,
    ) -> MatchList:
        await state.registry.player(player_id)
        return await list_matches(state, player_id, None, status, limit, offset)

    @post(
        "/{player_id:str}/tokens",
        operation_id="issuePlayerToken",
        summary="A new token for a player (shown once)",
        status_code=201,
        description="For the player themself or an administrator: a lost or rotated token. "
        "Revoke the old one with DELETE /v1/tokens/current. A player holds at most "
        "`DOMINO_MAX_TOKENS_PER_PLAYER` live tokens (10 by default): past it, 409 "
        "`too-many-tokens` (an administrator may still issue one, to a player who lost theirs).",
    )
    async def issue_token(
        self, state: State, player_id: FromPath[str], principal: NamedDependency[Principal]
    ) -> Response[PlayerOut]:
        registry: Registry = state.registry
        found = await registry.player(player_id)
        player_id = parse_id(player_id, "player")
        if not (principal.admin or principal.player_id == player_id):
            raise ApiError(403, "forbidden", "only the player or an administrator may do this")
        issued = await state.tokens.issue(player_id, capped=not principal.admin)
        return Response(
            player_out(player_id, found.name, issued),
            status_code=201,
            headers={"Cache-Control": "no-store"},
        )


_random = secrets.SystemRandom()


def _format(data: NewCompetition) -> TournamentFormat | None:
    if data.format is None:
        return None
    asked = msgspec.to_builtins(data.format)
    if asked.get("tie_breakers") is None:
        asked.pop("tie_breakers", None)
    return msgspec.convert(asked, TournamentFormat)


async def competition_out(
    state: State, competition_id: str, event: CompetitionCreated
) -> CompetitionOut:
    """The competition; a torneio run by the service with its status and champion."""
    status, champion = None, None
    if event.format is not None:
        tournaments: Tournaments = state.tournaments
        tournament, _ = await tournaments.load(competition_id)
        status = "finished" if tournament.finished else "in_progress"
        champion = tournament.champion
    return CompetitionOut(
        id=competition_id,
        name=event.name,
        kind=event.kind,
        rules=msgspec.to_builtins(event.rules),
        organizers=list(event.organizers),
        teams=[list(pair) for pair in event.teams],
        created_at=event.at,
        format=None if event.format is None else msgspec.to_builtins(event.format),
        prizes=dict(event.prizes),
        status=status,
        champion=champion,
    )


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
        )
        if not event.organizers:
            raise ApiError(422, "invalid-command", "a competition needs at least one organizer")
        key = idempotency_key(request, principal)
        first = opening(started(event), event.at) if event.format is not None else []
        competition_id = await registry.add_competition(
            event, principal.actor, key, await fingerprint(request) if key else None, then=first
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
        registry: Registry = state.registry
        found = await registry.competition(competition_id)
        return await competition_out(state, parse_id(competition_id, "competition"), found)

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


class TokenController(Controller):
    path = "/v1/tokens"
    tags = ["players"]
    dependencies = {"principal": Provide(provide_principal)}

    @delete(
        "/current",
        operation_id="revokeToken",
        summary="Revoke the token this request carries",
        description="It stops working at once, on every instance of the service.",
    )
    async def revoke(
        self, request: Request[Any, Any, Any], state: State, principal: NamedDependency[Principal]
    ) -> None:
        if principal.player_id is None:
            raise ApiError(
                422, "token-not-revocable", "the bootstrap token is configuration: change it there"
            )
        header = request.headers.get("authorization", "")
        await state.tokens.revoke(header.partition(" ")[2].strip())

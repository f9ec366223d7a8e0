"""/v1/players: a player registered (with their first token), found, listed by name, their
games; a new token for a player, and every other revoked."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any

import msgspec
from litestar import Controller, Request, Response, delete, get, patch, post
from litestar.datastructures import State
from litestar.di import NamedDependency, Provide
from litestar.params import FromPath, JSONBody
from msgspec import Meta

from domain.competitions import register_player, rename_player
from service.http.auth import Issued, Principal, bearer_token, provide_principal
from service.http.directory.params import Limit, NameFilter, Offset, StatusFilter
from service.http.marks import marks_of
from service.http.matches.schemas import NewPlayer, PlayerOut
from service.http.matches.writes import fingerprint, idempotency_key, now
from service.http.players.data import allowed
from service.http.problems import ApiError
from service.reads.directory.listing import list_matches, list_players
from service.reads.directory.schemas import MatchList, PlayerList
from service.store.registry import Registry, parse_id


def player_out(player_id: str, name: str, issued: Issued | None) -> PlayerOut:
    if issued is None:
        return PlayerOut(id=player_id, name=name)
    return PlayerOut(
        id=player_id, name=name, token=issued.token, token_expires_at=issued.expires_at
    )


class TokensRevoked(msgspec.Struct, frozen=True):
    revoked: Annotated[int, Meta(description="How many live tokens stopped working.")]


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
            event,
            principal.actor,
            key,
            await fingerprint(request) if key else None,
            marks_of(principal),
        )
        issued = await state.tokens.issue_first(player_id, principal)
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
        found, _, erased = await registry.player_now(player_id)
        player_id = parse_id(player_id, "player")
        if not (principal.admin or principal.player_id == player_id):
            raise ApiError(403, "forbidden", "only the player or an administrator may do this")
        if erased:
            raise ApiError(409, "player-erased", "this player's data was erased: no new token")
        issued = await state.tokens.issue(player_id, principal, capped=not principal.admin)
        return Response(
            player_out(player_id, found.name, issued),
            status_code=201,
            headers={"Cache-Control": "no-store"},
        )

    @delete(
        "/{player_id:str}/tokens",
        operation_id="revokePlayerTokens",
        summary="Revoke every token of a player but the one this request carries",
        status_code=200,
        description="For the player themself or an administrator: a token lost or stolen "
        "stops working at once, on every instance. To replace a token that may be the one "
        "you hold, issue a new one first (POST, above), then revoke the others with it. "
        "Charged to the sender's address alone (a thief spending a token's allowance does "
        "not stop its revocation).",
    )
    async def revoke_tokens(
        self,
        request: Request[Any, Any, Any],
        state: State,
        player_id: FromPath[str],
        principal: NamedDependency[Principal],
    ) -> TokensRevoked:
        await state.registry.player(player_id)
        player_id = parse_id(player_id, "player")
        if not (principal.admin or principal.player_id == player_id):
            raise ApiError(403, "forbidden", "only the player or an administrator may do this")
        carried = bearer_token(request.headers.get("authorization"))
        return TokensRevoked(revoked=await state.tokens.revoke_all(player_id, keep=carried))

    @patch(
        "/{player_id:str}",
        operation_id="renamePlayer",
        summary="Change a player's name",
        description="The player (own token) or an administrator. Every read shows the new "
        "name; the history says a rename happened, and only the player sees (in "
        "`/data`) what the name was.",
    )
    async def rename(
        self,
        state: State,
        player_id: FromPath[str],
        data: JSONBody[NewPlayer],
        principal: NamedDependency[Principal],
    ) -> PlayerOut:
        registry: Registry = state.registry
        _, version, erased = await registry.player_now(player_id)
        player_id = parse_id(player_id, "player")
        allowed(principal, player_id)
        if erased:
            raise ApiError(409, "player-erased", "this player's data was erased")
        event = rename_player(data.name, datetime.now(UTC))
        await registry.append_to_player(
            player_id, event, principal.actor, version, marks_of(principal)
        )
        return PlayerOut(id=player_id, name=event.name)

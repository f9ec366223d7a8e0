"""/v1/competitions/{id}/members: joining a competition is each player's own act, and only
then do its organizers' confirmations make a game count for them (design.md, "Who may make
a game count")."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

import msgspec
from litestar import Controller, Response, delete, get, post
from litestar.datastructures import State
from litestar.di import NamedDependency, Provide
from litestar.params import FromPath
from msgspec import Meta

from service.http.auth import Principal, provide_principal
from service.http.marks import marks_of
from service.http.problems import ApiError
from service.store.members import Memberships
from service.store.registry import Registry, parse_id


class MemberOut(msgspec.Struct, frozen=True, kw_only=True):
    competition_id: Annotated[str, Meta(description="The competition.")]
    player_id: Annotated[str, Meta(description="The member.")]
    joined_at: Annotated[datetime, Meta(description="When they joined.")]


class MemberList(msgspec.Struct, frozen=True, kw_only=True):
    members: Annotated[list[MemberOut], Meta(description="Every member, first joined first.")]


def _own(principal: Principal, what: str) -> str:
    if principal.player_id is None:
        raise ApiError(403, "forbidden", f"only a player {what}, for themselves")
    return principal.player_id


class MemberController(Controller):
    path = "/v1/competitions/{competition_id:str}/members"
    tags = ["competitions"]

    @post(
        "/",
        operation_id="joinCompetition",
        summary="Join a competition (the token's player)",
        description="From then on, a game of this competition confirmed by its organizer "
        "counts for this player (rankings, statistics, ratings); without joining, only the "
        "player's own side's confirmation does. Joining twice answers the first (200).",
        dependencies={"principal": Provide(provide_principal)},
        status_code=201,
    )
    async def join(
        self, state: State, principal: NamedDependency[Principal], competition_id: FromPath[str]
    ) -> Response[MemberOut]:
        player_id = _own(principal, "joins a competition")
        competition_id = await _competition(state, competition_id)
        memberships: Memberships = state.memberships
        joined_at, new = await memberships.join(
            competition_id, player_id, datetime.now(UTC), marks_of(principal)
        )
        member = MemberOut(competition_id=competition_id, player_id=player_id, joined_at=joined_at)
        return Response(member, status_code=201 if new else 200)

    @get("/", operation_id="getCompetitionMembers", summary="A competition's members")
    async def members(self, state: State, competition_id: FromPath[str]) -> MemberList:
        competition_id = await _competition(state, competition_id)
        memberships: Memberships = state.memberships
        members = await memberships.members(competition_id)
        return MemberList(
            members=[
                MemberOut(competition_id=competition_id, player_id=p, joined_at=at)
                for p, at in sorted(members.items(), key=lambda item: item[1])
            ]
        )

    @delete(
        "/{player_id:str}",
        operation_id="leaveCompetition",
        summary="Leave a competition (the member themselves)",
        description="The organizers' later confirmations no longer count for this player; "
        "games already counted stay counted.",
        dependencies={"principal": Provide(provide_principal)},
        status_code=204,
    )
    async def leave(
        self,
        state: State,
        principal: NamedDependency[Principal],
        competition_id: FromPath[str],
        player_id: FromPath[str],
    ) -> None:
        if _own(principal, "leaves a competition") != parse_id(player_id, "player"):
            raise ApiError(403, "forbidden", "only the member themselves leaves a competition")
        competition_id = await _competition(state, competition_id)
        memberships: Memberships = state.memberships
        left = await memberships.leave(
            competition_id, principal.player_id or "", datetime.now(UTC), marks_of(principal)
        )
        if not left:
            raise ApiError(404, "not-a-member", "this player is not a member of the competition")


async def _competition(state: State, competition_id: str) -> str:
    registry: Registry = state.registry
    competition_id = parse_id(competition_id, "competition")
    await registry.competition(competition_id)  # 404 for an unknown one
    return competition_id

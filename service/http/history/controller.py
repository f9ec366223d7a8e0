"""History: a game's events (`/v1/matches/{id}/events`), the global feed (`/v1/events`) and
the hash-chain check, with the secrets of hands in progress hidden (service/reads/history)."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, get
from litestar.datastructures import State
from litestar.di import NamedDependency, Provide
from litestar.params import QueryParameter

from service.http.auth import Principal, provide_viewer
from service.http.matches.schemas import MatchIdPath
from service.reads.history.paging import EventsPage, read_feed, read_match_events
from service.reads.history.verification import Verification, verify_match

Limit = Annotated[int, QueryParameter(ge=1, le=1000, description="Page size.")]
After = Annotated[int, QueryParameter(ge=0, le=2**62, description="Start after this number.")]


class HistoryController(Controller):
    tags = ["history"]
    dependencies = {"viewer": Provide(provide_viewer)}

    @get(
        "/v1/matches/{match_id:str}/events",
        operation_id="getMatchEvents",
        summary="A game's full history, in order",
        description="Paginated by version. `at=N` also answers the state after event N.",
    )
    async def match_events(
        self,
        state: State,
        viewer: NamedDependency[Principal | None],
        match_id: MatchIdPath,
        after: After = 0,
        limit: Limit = 100,
        at: Annotated[
            int | None,
            QueryParameter(
                ge=1, le=2**31 - 1, description="Stop at event N and show the state then."
            ),
        ] = None,
    ) -> EventsPage:
        actor = viewer.actor if viewer else None
        return await read_match_events(state, match_id, actor, after, limit, at)

    @get(
        "/v1/events",
        operation_id="getEvents",
        summary="The global feed, in order",
        description="Every event of every stream after a global position, for other services.",
    )
    async def feed(self, state: State, after: After = 0, limit: Limit = 100) -> EventsPage:
        return await read_feed(state, after, limit)

    @get(
        "/v1/matches/{match_id:str}/verify",
        operation_id="verifyMatch",
        summary="Check a game's hash chain",
    )
    async def verify(self, state: State, match_id: MatchIdPath) -> Verification:
        return await verify_match(state, match_id)

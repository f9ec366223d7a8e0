"""`GET /health`: is the database up, and at which schema revision."""

from __future__ import annotations

from typing import Annotated

import asyncpg
import msgspec
from litestar import Controller, Response, get
from litestar.datastructures import State
from msgspec import Meta

from service.database import current_revision, head_revision


class Health(msgspec.Struct, frozen=True):
    status: Annotated[str, Meta(description='"ok", or "degraded" when something is wrong.')]
    database: Annotated[str, Meta(description='"up" or "down".')]
    schema_revision: Annotated[str | None, Meta(description="The database's Alembic revision.")]
    expected_revision: Annotated[str, Meta(description="The revision this code needs.")]
    last_position: Annotated[int | None, Meta(description="The last event's global position.")]


class HealthController(Controller):
    path = "/health"
    tags = ["health"]

    @get(operation_id="health", summary="Database state and schema revision")
    async def health(self, state: State) -> Response[Health]:
        pool: asyncpg.Pool = state.pool
        try:
            async with pool.acquire(timeout=2) as connection:
                revision = await current_revision(connection)
                position = await connection.fetchval(
                    "SELECT coalesce(max(position), 0) FROM events"
                )
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, TimeoutError):
            body = Health("degraded", "down", None, head_revision(), None)
            return Response(body, status_code=503)
        status = "ok" if revision == head_revision() else "degraded"
        body = Health(status, "up", revision, head_revision(), int(position))
        return Response(body, status_code=200 if status == "ok" else 503)

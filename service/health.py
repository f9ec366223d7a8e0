"""`GET /health`: is the database up, and at which schema revision."""

from __future__ import annotations

import asyncpg
import msgspec
from litestar import Controller, Response, get
from litestar.datastructures import State

from service.database import current_revision, head_revision


class Health(msgspec.Struct, frozen=True):
    status: str  # "ok" or "degraded"
    database: str  # "up" or "down"
    schema_revision: str | None
    expected_revision: str
    last_position: int | None


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

"""`GET /health`: is the database up, and at which schema revision."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

import asyncpg
import msgspec
from litestar import Controller, Response, get
from litestar.datastructures import State
from msgspec import Meta

from service.database import current_revision, head_revision


class ProjectionHealth(msgspec.Struct, frozen=True):
    name: Annotated[str, Meta(description="The projection (read model).")]
    position: Annotated[int, Meta(description="The last event folded into its tables.")]
    lag: Annotated[int, Meta(description="Events appended after that one, not yet folded.")]
    updated_at: Annotated[datetime, Meta(description="When its checkpoint last moved.")]


class Health(msgspec.Struct, frozen=True):
    status: Annotated[str, Meta(description='"ok", or "degraded" when something is wrong.')]
    database: Annotated[str, Meta(description='"up" or "down".')]
    schema_revision: Annotated[str | None, Meta(description="The database's Alembic revision.")]
    expected_revision: Annotated[str, Meta(description="The revision this code needs.")]
    last_position: Annotated[int | None, Meta(description="The last event's global position.")]
    projections: Annotated[
        list[ProjectionHealth], Meta(description="Each projection's position and lag.")
    ] = []


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
                checkpoints = await _checkpoints(connection, int(position))
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, TimeoutError):
            body = Health("degraded", "down", None, head_revision(), None)
            return Response(body, status_code=503)
        status = "ok" if revision == head_revision() else "degraded"
        body = Health(status, "up", revision, head_revision(), int(position), checkpoints)
        return Response(body, status_code=200 if status == "ok" else 503)


async def _checkpoints(
    connection: asyncpg.pool.PoolConnectionProxy, last: int
) -> list[ProjectionHealth]:
    try:
        rows = await connection.fetch(
            "SELECT name, position, updated_at FROM projection_checkpoints"
            " WHERE name NOT LIKE '%\\_shadow' ORDER BY name"
        )
    except asyncpg.UndefinedTableError:  # a schema older than the projections
        return []
    return [ProjectionHealth(r[0], r[1], max(0, last - r[1]), r[2]) for r in rows]

"""`GET /health`: is the database up, at which schema revision, and are the projections
keeping up with the log."""

from __future__ import annotations

import os
from datetime import datetime
from typing import Annotated

import asyncpg
import msgspec
from litestar import Controller, Response, get
from litestar.datastructures import State
from msgspec import Meta

from projections import all_projections
from service.policies import all_policies
from service.store.database import current_revision, head_revision
from service.store.reads import Reads, ReplicaStatus
from service.store.supervisor import STATUS_VARIABLE, SupervisorStatus, read_status


class ProjectionHealth(msgspec.Struct, frozen=True):
    name: Annotated[str, Meta(description="The projection (read model).")]
    position: Annotated[int, Meta(description="The last event folded into its tables.")]
    lag: Annotated[int, Meta(description="Events appended after that one, not yet folded.")]
    updated_at: Annotated[
        datetime | None,
        Meta(description="When its checkpoint last moved; null if no runner has started it."),
    ]
    stale: Annotated[
        bool,
        Meta(
            description="The next event to fold has waited too long (60 s unless "
            "DOMINO_STALE_AFTER says otherwise): no runner is folding (every instance's "
            "runner down, or a batch that keeps failing), or it is far behind a backlog."
        ),
    ]


class Health(msgspec.Struct, frozen=True):
    status: Annotated[
        str,
        Meta(
            description='"ok", or "degraded": with 503 when this instance cannot serve (database '
            "down, schema not at the expected revision), with 200 when it serves but a "
            "projection is stale (reads of rankings and statistics fall behind) or the read "
            "replica is down or lagging (its reads go to the primary)."
        ),
    ]
    database: Annotated[str, Meta(description='"up" or "down".')]
    schema_revision: Annotated[str | None, Meta(description="The database's Alembic revision.")]
    expected_revision: Annotated[str, Meta(description="The revision this code needs.")]
    last_position: Annotated[int | None, Meta(description="The last event's global position.")]
    projections: Annotated[
        list[ProjectionHealth], Meta(description="Each projection's position and lag.")
    ] = []
    read_replica: Annotated[
        ReplicaStatus | None,
        Meta(
            description='The streaming replica set by DOMINO_READ_URL: "up" (reads of the '
            'projections, histories and the feed go there), "lagging" (further behind than '
            'DOMINO_READ_MAX_LAG: reads go to the primary) or "down" (the same), its lag, and '
            "how many reads each side served; null without a replica."
        ),
    ] = None
    embedded_postgres: Annotated[
        SupervisorStatus | None,
        Meta(
            description="The embedded PostgreSQL that `domino serve` started and keeps "
            'running: "running" or "restarting", how often it was started again after it '
            "died, when, and how long each recovery took; null when the service uses "
            "DATABASE_URL."
        ),
    ] = None


class HealthController(Controller):
    path = "/health"
    tags = ["health"]

    @get(operation_id="health", summary="Database state and schema revision")
    async def health(self, state: State) -> Response[Health]:
        pool: asyncpg.Pool = state.pool
        supervised = read_status(os.environ.get(STATUS_VARIABLE))
        reads: Reads = state.reads
        replica = reads.status() if reads.replica is not None else None
        try:
            async with pool.acquire(timeout=2) as connection:
                revision = await current_revision(connection)
                position = await connection.fetchval(
                    "SELECT coalesce(max(position), 0) FROM events"
                )
                checkpoints = await _checkpoints(connection, int(position), state.stale_after)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, TimeoutError):
            body = Health(
                "degraded",
                "down",
                None,
                head_revision(),
                None,
                read_replica=replica,
                embedded_postgres=supervised,
            )
            return Response(body, status_code=503)
        serving = revision == head_revision()
        replica_off = replica is not None and replica.state != "up"
        stale = any(p.stale for p in checkpoints)
        status = "ok" if serving and not stale and not replica_off else "degraded"
        body = Health(
            status,
            "up",
            revision,
            head_revision(),
            int(position),
            checkpoints,
            read_replica=replica,
            embedded_postgres=supervised,
        )
        return Response(body, status_code=200 if serving else 503)


async def _checkpoints(
    connection: asyncpg.pool.PoolConnectionProxy, last: int, stale_after: float
) -> list[ProjectionHealth]:
    try:
        rows = await connection.fetch(
            # Every projection of this code, also one no runner has started yet.
            "SELECT n.name, coalesce(c.position, 0), c.updated_at,"
            " coalesce(extract(epoch FROM clock_timestamp() - e.recorded_at) > $2, false)"
            " FROM unnest($1::text[]) AS n(name)"
            " LEFT JOIN projection_checkpoints c ON c.name = n.name"
            " LEFT JOIN events e ON e.position = coalesce(c.position, 0) + 1"
            " ORDER BY n.name",
            [projection.name for projection in [*all_projections(), *all_policies()]],
            stale_after,
        )
    except asyncpg.UndefinedTableError:  # a schema older than the projections
        return []
    return [
        ProjectionHealth(r[0], r[1], lag := max(0, last - r[1]), r[2], stale=lag > 0 and r[3])
        for r in rows
    ]

"""One consistent view of the read models for a read, and how far the projections have
folded the log."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from litestar.datastructures import State

from projections.base import Connection
from service.store.reads import Reads


@asynccontextmanager
async def snapshot(state: State) -> AsyncIterator[Connection]:
    """One consistent read-only view of the read models: on the replica when one serves
    (service/store/reads.py), else on the primary."""
    reads: Reads = state.reads
    async with reads.snapshot() as connection:
        yield connection


async def folded_up_to(connection: Connection, projection: str = "stats") -> int:
    """The last event the projection has folded: a read's `as_of_position`."""
    value = await connection.fetchval(
        "SELECT position FROM projection_checkpoints WHERE name = $1", projection
    )
    return int(value or 0)

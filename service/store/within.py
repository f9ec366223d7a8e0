"""An append in the caller's own transaction (a policy whose checkpoint commits with what it
appends), through the database function every append goes through."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from service.store.event_store import APPEND, IdempotencyKeyReused, NewEvent, openings_of
from service.store.openings import insert_openings


async def append_within(
    connection: asyncpg.Connection | PoolConnectionProxy,
    stream_id: str,
    events: Sequence[NewEvent],
    *,
    expected_version: int,
    idempotency_key: str,
) -> str:
    """Append in the caller's own transaction (a policy whose checkpoint commits with what
    it appends): the database function every append goes through, alone. Answers its
    outcome: "appended", "replayed" (the key's first append stands) or "conflict"."""
    row = await connection.fetchrow(
        APPEND,
        [stream_id],
        [expected_version],
        [len(events)],
        [idempotency_key],
        [hashlib.sha256(idempotency_key.encode()).digest()],  # the key says it all: kept plain (L9)
        [e.type for e in events],
        [e.data for e in events],
        [e.metadata for e in events],
        [e.secret for e in events],
    )
    assert row is not None
    if row[0] == "key-reused":
        raise IdempotencyKeyReused(idempotency_key)
    if row[0] == "appended":
        await insert_openings(connection, [(stream_id, openings_of(events))])
    return str(row[0])

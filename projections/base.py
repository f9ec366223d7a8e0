"""What a projection is: a name, the read-model tables it owns, the event types it reads,
and one function that folds a batch of events into set-based writes on those tables."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple, Protocol

import asyncpg

Connection = asyncpg.Connection | asyncpg.pool.PoolConnectionProxy


class StoredEvent(NamedTuple):
    """An event as a projection sees it: its place in the global order and its body."""

    position: int
    stream_id: str
    type: str
    data: str  # JSON text


class Projection(Protocol):
    name: str
    tables: tuple[str, ...]
    """The tables it writes, as named in the migrations; a rebuild swaps all of them."""
    event_types: tuple[str, ...]
    """The only event types `apply` is given; the others just move the checkpoint."""

    narrowed: Mapping[str, str]
    """Event type -> a key of its stream's first event: an event of that type matters only
    when its game's creation names that key (not null). The runner's scout passes over the
    others without waking the worker; `apply` may still be given them (a worker's batch
    reads every event of its types) and must pass over them as well. Mostly `NOT_NARROWED`."""

    def writing_to(self, suffix: str) -> Projection:
        """The same projection writing into `<table><suffix>` (the rebuild's shadow tables)."""
        ...

    async def apply(self, connection: Connection, events: list[StoredEvent]) -> None:
        """Fold `events` (in global order) into the tables, inside the caller's transaction."""
        ...


NOT_NARROWED: Mapping[str, str] = MappingProxyType({})
"""Every event of the projection's types matters to it."""

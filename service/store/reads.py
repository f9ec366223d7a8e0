"""Where a read goes: a streaming replica when one is set, else the primary.

The replica serves reads of the projections, the histories and the feed while it is up and
not lagging past a bound. A reader that carries the position its own write reached
(`Domino-Read-After`) never sees the world from before it: a history or the feed is served
by the replica once it has replayed that position; a read of the read models (rankings,
statistics, lists, search) once the projections have folded it there. Either waits up to a
bounded moment on the replica, then on the primary; a read model still behind the position
then is an error (`ReadModelsBehind`, 503 with Retry-After), never an older answer.
Writes, and the game state that decides them, always use the primary.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator
from typing import Annotated, Literal

import asyncpg
import msgspec
from msgspec import Meta

from service.store.event_store import EventStore
from service.store.trace import TRACE

log = logging.getLogger("domino.reads")


CONNECTION_LOST = (
    OSError,
    asyncpg.InterfaceError,
    asyncpg.PostgresConnectionError,
    asyncpg.AdminShutdownError,
    asyncpg.CannotConnectNowError,
    asyncpg.exceptions.TargetServerAttributeNotMatched,
    TimeoutError,
)
"""What a replica that went away raises under a read (the read is run on the primary)."""

ReplicaState = Literal["none", "up", "lagging", "down"]


class ReadModelsBehind(Exception):
    """The read models have not folded a reader's position within the wait."""

    def __init__(self, wanted: int, folded: int) -> None:
        super().__init__(f"the read models have folded position {folded}, not yet {wanted}")
        self.wanted = wanted
        self.folded = folded


_FOLDED = (
    "SELECT coalesce(min(coalesce(c.position, 0)), 0) FROM unnest($1::text[]) AS n(name)"
    " LEFT JOIN projection_checkpoints c ON c.name = n.name"
)
"""The position every live read model has folded (one never started: 0)."""
POLL_SECONDS = 0.005


class ReplicaStatus(msgspec.Struct, frozen=True, kw_only=True):
    state: Annotated[ReplicaState, Meta(description='"up", "lagging" or "down".')]
    lag_events: Annotated[
        int | None, Meta(description="Events the primary has that the replica lacks.")
    ] = None
    lag_seconds: Annotated[
        float | None, Meta(description="How old the replica's view is, when it lags.")
    ] = None
    reads_on_replica: Annotated[int, Meta(description="Reads the replica served.")] = 0
    reads_on_primary: Annotated[
        int,
        Meta(description="Reads that went to the primary: replica down, lagging or behind."),
    ] = 0


class Reads:
    def __init__(
        self,
        primary: asyncpg.Pool,
        replica: asyncpg.Pool | None = None,
        *,
        max_lag_seconds: float = 5.0,
        wait_seconds: float = 1.0,
        check_every: float = 0.5,
        read_models: tuple[str, ...] = (),
    ) -> None:
        """`read_models`: the projections (and policies) whose tables the reads read."""
        self.primary = primary
        self.read_models = list(read_models)
        self.replica = replica
        self.primary_store = EventStore(primary)
        self.replica_store = EventStore(replica) if replica is not None else None
        self.max_lag_seconds = max_lag_seconds
        self.wait_seconds = wait_seconds
        self._check_every = check_every
        self._state: ReplicaState = "none" if replica is None else "down"
        self._replayed = 0  # the last position the replica was seen to have
        self._lag: tuple[int | None, float | None] = (None, None)
        self._counts = {"replica": 0, "primary": 0}
        self._monitor: asyncio.Task[None] | None = None

    async def start(self) -> None:
        if self.replica is not None:
            await self._check()
            self._monitor = asyncio.create_task(self._watch())

    async def stop(self) -> None:
        if self._monitor is not None:
            self._monitor.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._monitor

    def status(self) -> ReplicaStatus:
        lag_events, lag_seconds = self._lag
        return ReplicaStatus(
            state=self._state,
            lag_events=lag_events,
            lag_seconds=lag_seconds,
            reads_on_replica=self._counts["replica"],
            reads_on_primary=self._counts["primary"],
        )

    def replica_failed(self) -> None:
        """A read on the replica lost its connection: reads go to the primary until the
        monitor sees the replica answer again."""
        if self._state != "down":
            log.warning("read replica lost: reads go to the primary")
        self._state = "down"

    async def pool(self, models: bool = False) -> asyncpg.Pool:
        """The pool this request's reads use; `models`: they read the read models."""
        if await self._replica_serves(models):
            self._counts["replica"] += 1
            if (trace := TRACE.get()) is not None:
                trace.used_replica = True
            assert self.replica is not None
            return self.replica
        self._counts["primary"] += 1
        if models:
            await self._folded_on_primary()
        return self.primary

    async def store(self) -> EventStore:
        """An event store reading from the chosen pool (histories, the feed)."""
        pool = await self.pool()
        if pool is self.replica and self.replica_store is not None:
            return self.replica_store
        return self.primary_store

    @contextlib.asynccontextmanager
    async def snapshot(self) -> AsyncIterator[asyncpg.pool.PoolConnectionProxy]:
        """One consistent, read-only view for a read of the read models."""
        pool = await self.pool(models=True)
        async with (
            pool.acquire() as connection,
            connection.transaction(isolation="repeatable_read", readonly=True),
        ):
            yield connection

    async def _replica_serves(self, models: bool) -> bool:
        trace = TRACE.get()
        if self.replica is None or self._state != "up" or (trace and trace.primary_only):
            return False
        wanted = trace.read_after if trace else None
        if wanted is None or (wanted <= self._replayed and not models):
            return True
        if trace is not None:
            trace.used_replica = True  # a failure from here on is the replica's: run again
            trace.deadline = time.monotonic() + self.wait_seconds
        query = _FOLDED if models else "SELECT coalesce(max(position), 0) FROM events"
        args = (self.read_models,) if models else ()
        try:
            return await self._reached(self.replica, query, args, wanted, replica=True)
        except (*CONNECTION_LOST, asyncpg.PostgresError):
            self.replica_failed()
            return False

    async def _folded_on_primary(self) -> None:
        """A reader's position, folded by the read models on the primary within what is
        left of the wait; else `ReadModelsBehind`."""
        trace = TRACE.get()
        wanted = trace.read_after if trace else None
        if wanted is None or trace is None:
            return
        if trace.deadline is None:
            trace.deadline = time.monotonic() + self.wait_seconds
        if not await self._reached(self.primary, _FOLDED, (self.read_models,), wanted):
            folded = await self.primary.fetchval(_FOLDED, self.read_models)
            raise ReadModelsBehind(wanted, int(folded))

    async def _reached(
        self,
        pool: asyncpg.Pool,
        query: str,
        args: tuple[object, ...],
        wanted: int,
        replica: bool = False,
    ) -> bool:
        """Whether `query` (a position) reaches `wanted` before this request's deadline."""
        trace = TRACE.get()
        deadline = trace.deadline if trace and trace.deadline else time.monotonic()
        while True:
            left = max(deadline - time.monotonic(), 0.05)
            position = int(await pool.fetchval(query, *args, timeout=left))
            if replica and query is not _FOLDED:
                self._replayed = max(self._replayed, position)
            if position >= wanted:
                return True
            if time.monotonic() >= deadline:
                return False
            await asyncio.sleep(POLL_SECONDS)

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(self._check_every)
            await self._check()

    async def _check(self) -> None:
        """Is the replica up, and how far behind the primary?"""
        assert self.replica is not None
        try:
            row = await self.replica.fetchrow(
                "SELECT coalesce(max(position), 0),"
                " extract(epoch FROM clock_timestamp() - pg_last_xact_replay_timestamp())"
                " FROM events",
                timeout=2,
            )
            assert row is not None
            replayed, age = row
            last = await self.primary.fetchval(
                "SELECT coalesce(max(position), 0) FROM events", timeout=2
            )
        except (*CONNECTION_LOST, asyncpg.PostgresError) as error:
            if self._state != "down":
                log.warning("read replica unreachable (%s): reads go to the primary", error)
            self._state, self._lag = "down", (None, None)
            return
        self._replayed = max(self._replayed, int(replayed))
        behind = max(0, int(last) - int(replayed))
        seconds = float(age) if behind and age is not None else 0.0
        lagging = seconds > self.max_lag_seconds
        state: ReplicaState = "lagging" if lagging else "up"
        if state != self._state:
            log.info("read replica %s (%d events, %.1f s behind)", state, behind, seconds)
        self._state, self._lag = state, (behind, round(seconds, 3))

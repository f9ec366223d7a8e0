"""Where a read goes: a streaming replica when one is set, else the primary.

The replica serves reads of the projections, the histories and the feed while it is up and
not lagging past a bound. A reader that carries the position its own write reached
(`Domino-Read-After`) is served by the replica only once the replica has replayed that
position, waiting a bounded moment for it; else by the primary. Writes, and the game state
that decides them, always use the primary.
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
    TimeoutError,
)
"""What a replica that went away raises under a read (the read is run on the primary)."""

ReplicaState = Literal["none", "up", "lagging", "down"]


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
    ) -> None:
        self.primary = primary
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

    async def pool(self) -> asyncpg.Pool:
        """The pool this request's reads use."""
        if await self._replica_serves():
            self._counts["replica"] += 1
            if (trace := TRACE.get()) is not None:
                trace.used_replica = True
            assert self.replica is not None
            return self.replica
        self._counts["primary"] += 1
        return self.primary

    async def store(self) -> EventStore:
        """An event store reading from the chosen pool (histories, the feed)."""
        pool = await self.pool()
        if pool is self.replica and self.replica_store is not None:
            return self.replica_store
        return self.primary_store

    @contextlib.asynccontextmanager
    async def snapshot(self) -> AsyncIterator[asyncpg.pool.PoolConnectionProxy]:
        """One consistent, read-only view for a read of several tables."""
        pool = await self.pool()
        async with (
            pool.acquire() as connection,
            connection.transaction(isolation="repeatable_read", readonly=True),
        ):
            yield connection

    async def _replica_serves(self) -> bool:
        trace = TRACE.get()
        if self.replica is None or self._state != "up" or (trace and trace.primary_only):
            return False
        wanted = trace.read_after if trace else None
        if wanted is None or wanted <= self._replayed:
            return True
        deadline = time.monotonic() + self.wait_seconds
        if trace is not None:
            trace.used_replica = True  # a failure from here on is the replica's: run again
        while True:
            try:
                replayed = await self.replica.fetchval(
                    "SELECT coalesce(max(position), 0) FROM events", timeout=self.wait_seconds
                )
            except (*CONNECTION_LOST, asyncpg.PostgresError):
                self.replica_failed()
                return False
            self._replayed = max(self._replayed, int(replayed))
            if self._replayed >= wanted:
                return True
            if time.monotonic() >= deadline:
                return False
            await asyncio.sleep(0.01)

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

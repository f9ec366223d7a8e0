"""The runner inside the service: one worker per projection, and a scout, woken by
LISTEN/NOTIFY.

Each worker holds its projection's lease, a session advisory lock on its own connection,
and writes its batches on that same connection: while it can commit, it holds the lease, so
of several service instances only one applies a projection's events (the others wait for
the lease). The checkpoint row, locked in every batch, is the second fence (batches.py).

Wake-ups: every append NOTIFYs `domino_events`, which wakes the scout. It waits a moment
(`settle_seconds`, so that a burst is one batch), then in one statement moves the
checkpoint of every projection held here over the events none of them reads (most are
tiles, cards and passes), and wakes the worker of each projection whose events it found. A
round trip is most of what a batch costs the service: one for all of them, not one each.
A missed notification (a dropped listener connection) costs at most `poll_seconds`, since
the scout and the workers also poll. After any reconnect a worker catches up from its
checkpoint.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import zlib
from collections.abc import Awaitable, Callable, Sequence

import asyncpg

from projections.base import Projection
from projections.batches import ensure_checkpoint, skip_unread, step

log = logging.getLogger("domino.projections")

EVENTS_CHANNEL = "domino_events"
APPLICATION_NAME = "domino-projections"  # in pg_stat_activity: "listener", "scout" or the name
LEASE_CLASS = 70231  # the first key of the two-key advisory locks that are leases
_LOST = (
    OSError,
    asyncpg.PostgresError,
    asyncpg.InterfaceError,
    TimeoutError,
    asyncpg.exceptions.TargetServerAttributeNotMatched,  # a failover: no node takes writes yet
)


def lease_key(name: str) -> int:
    return zlib.crc32(name.encode()) & 0x7FFFFFFF


class ProjectionRunner:
    def __init__(
        self,
        dsn: str,
        projections: Sequence[Projection],
        *,
        batch_size: int = 5000,
        poll_seconds: float = 1.0,
        retry_seconds: float = 1.0,
        settle_seconds: float = 0.005,
        channel: str = EVENTS_CHANNEL,
    ) -> None:
        self.dsn = dsn
        self.projections = list(projections)
        self.batch_size = batch_size
        self.poll_seconds = poll_seconds
        self.retry_seconds = retry_seconds
        self.settle_seconds = settle_seconds
        self.channel = channel
        self.leased: dict[str, bool] = {p.name: False for p in self.projections}
        self._arrived = asyncio.Event()  # new events: the scout's wake-up
        self._wake = {p.name: asyncio.Event() for p in self.projections}
        self._found: set[str] = set()  # the projections the scout found events for
        self._tasks: list[asyncio.Task[None]] = []

    async def start(self) -> None:
        self._tasks = [
            asyncio.create_task(self._listen(), name="projections-listener"),
            asyncio.create_task(self._scout(), name="projections-scout"),
        ]
        self._tasks += [
            asyncio.create_task(self._work(p), name=f"projection-{p.name}")
            for p in self.projections
        ]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._tasks = []

    def wake(self, *_: object) -> None:
        self._arrived.set()

    async def _connect(self, role: str) -> asyncpg.Connection:
        return await asyncpg.connect(
            self.dsn, server_settings={"application_name": f"{APPLICATION_NAME} {role}"}
        )

    async def _listen(self) -> None:
        while True:
            lost = asyncio.Event()
            on_lost = _setter(lost)
            try:
                connection = await self._connect("listener")
            except _LOST as error:
                log.warning("projections: cannot listen (%r); polling meanwhile", error)
                await asyncio.sleep(self.retry_seconds)
                continue
            try:
                connection.add_termination_listener(on_lost)
                await connection.add_listener(self.channel, self.wake)
                self.wake()  # anything appended while we were not listening
                while not lost.is_set() and not connection.is_closed():
                    await waited(lost, self.poll_seconds * 5)
            except _LOST as error:
                log.warning("projections: listener lost (%r)", error)
            finally:
                connection.terminate()
            await asyncio.sleep(self.retry_seconds)

    async def _scout(self) -> None:
        await self._on_connection("scout", self._scout_on)

    async def _scout_on(self, connection: asyncpg.Connection) -> None:
        while True:
            await waited(self._arrived, self.poll_seconds)
            self._arrived.clear()
            # Under load every append wakes us (and events arrive while a batch runs): a
            # moment's wait folds the next ones in the same batch, which costs the service
            # far less CPU for a few ms of lag.
            await asyncio.sleep(self.settle_seconds)
            held = [p for p in self.projections if self.leased[p.name]]
            if not held:
                continue
            found = await skip_unread(connection, held, self.batch_size)
            if not found:
                continue
            # The batch starts at the checkpoint furthest behind: when it is full, the others
            # may have events past its end, which their workers look for themselves.
            low = min(skipped.after for skipped in found)
            full = max(skipped.last or 0 for skipped in found) - low >= self.batch_size
            for skipped in found:
                if skipped.waiting:
                    self._found.add(skipped.name)
                    self._wake[skipped.name].set()
                elif full and not skipped.moved:
                    self._wake[skipped.name].set()
            if full:
                self._arrived.set()  # more are waiting

    async def _work(self, projection: Projection) -> None:
        def released() -> None:
            self.leased[projection.name] = False

        await self._on_connection(
            projection.name, lambda c: self._hold_and_run(c, projection), released
        )

    async def _on_connection(
        self,
        role: str,
        run: Callable[[asyncpg.Connection], Awaitable[None]],
        after: Callable[[], None] = lambda: None,
    ) -> None:
        """Run `run` on a connection of its own, again on a new one whenever it is lost or
        fails (a bug, or an event a projection cannot fold: its lag shows it)."""
        while True:
            try:
                connection = await self._connect(role)
            except _LOST as error:
                log.warning("projections, %s: cannot connect (%r)", role, error)
                await asyncio.sleep(self.retry_seconds)
                continue
            try:
                await run(connection)
            except _LOST as error:
                log.warning("projections, %s: connection lost (%r); resuming", role, error)
            except Exception:
                log.exception("projections, %s: failed; retrying", role)
            finally:
                after()
                connection.terminate()
            await asyncio.sleep(self.retry_seconds)

    async def _hold_and_run(self, connection: asyncpg.Connection, projection: Projection) -> None:
        name = projection.name
        await ensure_checkpoint(connection, name)
        key = lease_key(name)
        while True:
            if await connection.fetchval("SELECT pg_try_advisory_lock($1, $2)", LEASE_CLASS, key):
                break
            await asyncio.sleep(self.poll_seconds)  # another instance holds the lease
        self.leased[name] = True
        log.info("projection %s: lease taken, catching up", name)
        wake = self._wake[name]
        while True:
            wake.clear()
            found = name in self._found
            self._found.discard(name)
            if await step(connection, projection, self.batch_size, unread=not found) >= (
                self.batch_size
            ):
                continue  # a full batch: more are waiting
            await waited(wake, self.poll_seconds)  # the scout's call, or a poll


async def waited(event: asyncio.Event, seconds: float) -> None:
    """Wait for `event`, at most `seconds`. Not `asyncio.wait_for`: in Python 3.11 it loses a
    cancellation that arrives just as the event is set (gh-86296), and a stopped runner's
    loop went on forever."""
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(seconds):
            await event.wait()


def _setter(event: asyncio.Event) -> Callable[[object], None]:
    return lambda _: event.set()

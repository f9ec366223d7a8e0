"""The append-only event store on PostgreSQL (asyncpg).

Global order without skipped events: every append transaction takes one advisory lock
(`APPEND_LOCK`) before it reads the last position, and holds it until its commit is
visible. Positions are therefore assigned, and become visible, strictly in order, with no
gaps: a reader polling `position > last` can never miss an event that commits late,
because no later position can commit before it. The price of serializing writers is paid
back by group commit: concurrent appends in one process are gathered into one
transaction (one WAL flush), each still checked and answered on its own.

A version conflict is decided under the lock, before any position is taken, so a losing
writer writes and burns nothing.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from service.store.errors import IdempotencyKeyReused as IdempotencyKeyReused
from service.store.errors import VersionConflict as VersionConflict
from service.store.events import AppendResult as AppendResult
from service.store.events import NewEvent as NewEvent
from service.store.events import RecordedEvent as RecordedEvent
from service.store.events import fingerprint_of as fingerprint_of
from service.store.fingerprint_key import Seals, process_key
from service.store.hash_chain import first_broken_link
from service.store.openings import Opening, insert_openings, refusal
from service.store.trace import written

log = logging.getLogger("domino.store")

MAX_BATCH_EVENTS = 2000
ACQUIRE_TIMEOUT = 5.0  # seconds: a full or unreachable pool answers, it does not hang


@dataclass
class _Append:
    stream_id: str
    expected: int | None
    events: Sequence[NewEvent]
    key: str | None
    fingerprint: bytes
    plain: bytes = b""  # the fingerprint before its seal, for a key an older version kept
    done: asyncio.Future[AppendResult] = field(default_factory=lambda: _future())


def _future() -> asyncio.Future[AppendResult]:
    return asyncio.get_running_loop().create_future()


APPEND = "SELECT * FROM append_events($1, $2, $3, $4, $5, $6, $7, $8, $9)"

OPENED_DATA = "CASE WHEN data ? 'texts' THEN open_texts(data, stream_id)::text ELSE data::text END"
"""An event's body with its texts put back from their openings (migration 0015)."""

_SELECT = (
    f"SELECT position, stream_id, stream_version, event_type, {OPENED_DATA}, metadata::text,"
    " recorded_at, encode(hash, 'hex'), secret::text,"
    " CASE WHEN data ? 'texts' THEN text_openings(data, stream_id, stream_version)::text END"
    " FROM events"
)


def _recorded(row: asyncpg.Record) -> RecordedEvent:
    return RecordedEvent(
        position=row[0],
        stream_id=row[1],
        version=row[2],
        type=row[3],
        data=row[4],
        metadata=row[5],
        recorded_at=row[6],
        hash=row[7],
        secret=row[8],
        texts=row[9],
    )


class EventStore:
    """Append, read and verify streams. One instance per process, shared by all requests."""

    def __init__(self, pool: asyncpg.Pool, fingerprint_key: bytes | None = None) -> None:
        """`fingerprint_key` seals the fingerprints keys keep (L9); None: a key of this
        store's own (tests, benches), so that a retry through another store is refused."""
        self.pool = pool
        self.seals = Seals(fingerprint_key or process_key())
        self._pending: list[_Append] = []
        self._committer: asyncio.Task[None] | None = None

    async def append(
        self,
        stream_id: str,
        events: Sequence[NewEvent],
        *,
        expected_version: int | None,
        idempotency_key: str | None = None,
        fingerprint: bytes | None = None,
    ) -> AppendResult:
        """Append `events` at the end of the stream if it is at `expected_version`.

        `expected_version=None` appends whatever the version. With an idempotency key, a
        retry with the same fingerprint (by default: stream, expected version and events)
        answers the first append's result; another fingerprint raises IdempotencyKeyReused.
        """
        if not events:
            raise ValueError("append needs at least one event")
        plain = b""
        if idempotency_key is not None:
            plain = fingerprint or fingerprint_of(stream_id, expected_version, events)
        sealed = self.seals.sealed(plain) if plain else b""
        request = _Append(stream_id, expected_version, events, idempotency_key, sealed, plain)
        self._pending.append(request)
        if self._committer is None or self._committer.done():
            self._committer = asyncio.create_task(self._commit_pending())
        # A caller cancelled while waiting leaves its append to the batch: it may still be
        # written, as with any request whose answer is lost; the committer skips its future.
        result: AppendResult = await request.done
        written(result.last_position)
        return result

    async def _commit_pending(self) -> None:
        while self._pending:
            try:
                connection = await self.pool.acquire(timeout=ACQUIRE_TIMEOUT)
            except BaseException as error:
                # No connection now: every waiting append fails at once (503), rather than
                # each batch in turn waiting out its own acquire timeout.
                waiting, self._pending = self._pending, []
                _fail(waiting, error)
                if not isinstance(error, Exception):
                    raise
                return
            try:
                await self._commit_burst(connection)
            finally:
                try:
                    await self.pool.release(connection)
                except Exception as error:  # the pool terminates a connection it cannot reset
                    log.warning("event store: releasing a connection failed: %r", error)

    async def _commit_burst(self, connection: PoolConnectionProxy) -> None:
        """Batches one after another on one connection: giving it back to the pool costs a
        reset round trip, as much as an append. A connection that breaks fails only the
        batch it carried (its outcome is unknown); the next batch gets a new connection."""
        batch: list[_Append] = []
        try:
            while self._pending:
                batch = self._take_batch()
                await self._commit_batch(connection, batch)
                batch = []
                await asyncio.sleep(0)  # callers just answered may append again
        except Exception as error:
            _fail(batch, error)
        except BaseException as error:
            _fail(batch + self._pending, error)
            self._pending = []
            raise

    def _take_batch(self) -> list[_Append]:
        """The oldest pending appends, at most one per stream and per key (the database
        function checks each request against the stream as it was before the batch)."""
        batch: list[_Append] = []
        streams: set[str] = set()
        keys: set[str] = set()
        waiting: list[_Append] = []
        size = 0
        for request in self._pending:
            fits = size + len(request.events) <= MAX_BATCH_EVENTS or not batch
            if fits and request.stream_id not in streams and request.key not in keys:
                batch.append(request)
                size += len(request.events)
            else:
                waiting.append(request)
            streams.add(request.stream_id)
            if request.key is not None:
                keys.add(request.key)
        self._pending = waiting
        return batch

    async def _commit_batch(self, connection: PoolConnectionProxy, batch: list[_Append]) -> None:
        try:
            await self._commit(connection, batch)
        except asyncpg.PostgresError as error:
            if _connection_lost(connection, error):
                raise  # the outcome is unknown: never retry it here
            # The server refused and rolled back the whole batch: nothing was written, so
            # each request may be tried alone and one bad request sinks no neighbour.
            if len(batch) == 1:
                _fail(batch, refusal(error))
                return
            for request in batch:
                try:
                    await self._commit(connection, [request])
                except asyncpg.PostgresError as alone:
                    if _connection_lost(connection, alone):
                        raise
                    _fail([request], refusal(alone))

    async def _commit(self, connection: PoolConnectionProxy, batch: list[_Append]) -> None:
        if not any(e.openings for request in batch for e in request.events):
            rows = await self._append(connection, batch)  # one statement: its own transaction
        else:
            async with connection.transaction():
                rows = await self._append(connection, batch)
        reused = []
        for request, row in zip(batch, rows, strict=True):
            if row[0] == "key-reused" and request.plain:
                reused.append((request, row))
            elif not request.done.done():
                _settle(request, row)
        for n, (request, row) in enumerate(reused):
            # The batch is written: an error here must not let _commit_batch retry it.
            try:
                kept = await self._kept_plain(connection, request)
            except asyncpg.PostgresError as error:
                if _connection_lost(connection, error):
                    _settle_all(reused[n:])
                    raise
                kept = None  # answered as the function did: the key was used otherwise
            except BaseException:
                _settle_all(reused[n:])
                raise
            if not request.done.done():
                _settle(request, kept or row)

    async def _kept_plain(
        self, connection: PoolConnectionProxy, request: _Append
    ) -> asyncpg.Record | None:
        """The first answer of a key whose fingerprint is still plain and this request's: an
        older version's process wrote it after this one sealed the others at its start (a
        rolling upgrade, L9); it is sealed at the next start."""
        return await connection.fetchrow(
            "SELECT 'replayed', stream_id, first_version, last_version, first_position,"
            " last_position, NULL::bigint FROM idempotency_keys"
            " WHERE key = $1 AND fingerprint = $2 AND octet_length(fingerprint) = 32",
            request.key,
            request.plain,
        )

    async def _append(
        self, connection: PoolConnectionProxy, batch: list[_Append]
    ) -> list[asyncpg.Record]:
        events = [event for request in batch for event in request.events]
        rows = await connection.fetch(
            APPEND,
            [r.stream_id for r in batch],
            [r.expected for r in batch],
            [len(r.events) for r in batch],
            [r.key for r in batch],
            [r.fingerprint for r in batch],
            [e.type for e in events],
            [e.data for e in events],
            [e.metadata for e in events],
            [e.secret for e in events],
        )
        appended = zip(batch, rows, strict=True)
        await insert_openings(
            connection,
            [(r.stream_id, openings_of(r.events)) for r, row in appended if row[0] == "appended"],
        )
        return rows

    async def read_stream(
        self, stream_id: str, after_version: int = 0, limit: int | None = None
    ) -> list[RecordedEvent]:
        rows = await self.pool.fetch(
            f"{_SELECT} WHERE stream_id = $1 AND stream_version > $2"
            " ORDER BY stream_version LIMIT $3",
            stream_id,
            after_version,
            limit,
        )
        return [_recorded(row) for row in rows]

    async def stream_version(self, stream_id: str) -> int:
        version = await self.pool.fetchval(
            "SELECT stream_version FROM events WHERE stream_id = $1"
            " ORDER BY stream_version DESC LIMIT 1",
            stream_id,
        )
        return int(version or 0)

    async def read_all(self, after_position: int = 0, limit: int = 1000) -> list[RecordedEvent]:
        """Events after a global position, in order; never skips one that commits late."""
        rows = await self.pool.fetch(
            f"{_SELECT} WHERE position > $1 ORDER BY position LIMIT $2", after_position, limit
        )
        return [_recorded(row) for row in rows]

    async def last_position(self) -> int:
        return int(await self.pool.fetchval("SELECT coalesce(max(position), 0) FROM events"))

    async def idempotent_result(self, key: str, fingerprint: bytes) -> AppendResult | None:
        """The first append's result for this key, None if unused; raises if used otherwise."""
        row = await self.pool.fetchrow(
            "SELECT fingerprint, stream_id, first_version, last_version, first_position,"
            " last_position FROM idempotency_keys WHERE key = $1",
            key,
        )
        if row is None:
            return None
        if not self.seals.is_kept(bytes(row[0]), fingerprint):
            raise IdempotencyKeyReused(key)
        written(row[5])
        return AppendResult(row[1], row[2], row[3], row[4], row[5], replayed=True)

    async def key_records(self, keys: Sequence[str]) -> dict[str, tuple[bytes, str]]:
        """The fingerprint (sealed) and stream of each of these idempotency keys used."""
        rows = await self.pool.fetch(
            "SELECT key, fingerprint, stream_id FROM idempotency_keys WHERE key = ANY($1::text[])",
            list(keys),
        )
        return {row[0]: (bytes(row[1]), row[2]) for row in rows}

    async def verify_stream(self, stream_id: str) -> int | None:
        """Recompute the stream's hash chain; answer the first bad version, or None."""
        async with (
            self.pool.acquire() as connection,
            connection.transaction(isolation="repeatable_read", readonly=True),
        ):
            rows = await connection.fetch(
                "SELECT stream_version, event_type, data::text, hash FROM events"
                " WHERE stream_id = $1 ORDER BY stream_version",
                stream_id,
            )
        return first_broken_link(stream_id, [(r[0], r[1], r[2], bytes(r[3])) for r in rows])


def openings_of(events: Sequence[NewEvent]) -> list[Opening]:
    return [opening for event in events for opening in event.openings]


def _settle_all(answered: list[tuple[_Append, asyncpg.Record]]) -> None:
    for request, row in answered:
        if not request.done.done():
            _settle(request, row)


def _settle(request: _Append, row: asyncpg.Record) -> None:
    outcome, stream_id, first_version, last_version, first_position, last_position, current = row
    if outcome == "conflict":
        assert request.expected is not None
        request.done.set_exception(VersionConflict(stream_id, request.expected, current))
    elif outcome == "key-reused":
        assert request.key is not None
        request.done.set_exception(IdempotencyKeyReused(request.key))
    else:
        request.done.set_result(
            AppendResult(
                stream_id,
                first_version,
                last_version,
                first_position,
                last_position,
                replayed=outcome == "replayed",
            )
        )


def _connection_lost(connection: PoolConnectionProxy, error: asyncpg.PostgresError) -> bool:
    if isinstance(
        error, asyncpg.PostgresConnectionError | asyncpg.exceptions.OperatorInterventionError
    ):
        return True
    try:
        return connection.is_closed()
    except asyncpg.InterfaceError:  # the pool already took back a connection that broke
        return True


def _fail(batch: list[_Append], error: BaseException) -> None:
    for request in batch:
        if not request.done.done():
            request.done.set_exception(error)

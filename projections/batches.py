"""One batch, exactly once: lock the checkpoint, read the events after it, apply them and
move the checkpoint, all in one transaction.

Reading `position > checkpoint` never skips an event that commits late: the event store
makes positions visible strictly in order (README, "Why readers never skip an event"), so
the events a reader sees are always a prefix of the log. The checkpoint row is locked
(`FOR UPDATE`) before anything is read, so two writers of one projection (two instances,
or a rebuild's swap) cannot both apply the same events: the second waits, then reads the
moved checkpoint. A crash before the commit leaves neither rows nor checkpoint behind.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from projections.base import Connection, Projection, StoredEvent

NOTIFY_CHANNEL = "domino_projections"
"""After each batch commits, `<name>:<position>` is sent here (tests and benchmarks wait on it)."""

# The end of the batch (an index-only walk of the primary key), then only the events the
# projection reads, with their bodies. Every position up to `last` was already visible when
# `last` was, so the second statement sees the same events up to it as the first.
_LAST = (
    "SELECT max(position) FROM"
    " (SELECT position FROM events WHERE position > $1 ORDER BY position LIMIT $2) batch"
)
OPENED = "CASE WHEN data ? 'texts' THEN open_texts(data, stream_id)::text ELSE data::text END"
"""A body with its names and free texts put back from their openings (migration 0015)."""
_READ = (
    f"SELECT position, stream_id, event_type, {OPENED} FROM events"
    " WHERE position > $1 AND position <= $2 AND event_type = ANY($3::text[]) ORDER BY position"
)


async def ensure_checkpoint(connection: Connection, name: str) -> None:
    await connection.execute(
        "INSERT INTO projection_checkpoints (name) VALUES ($1) ON CONFLICT (name) DO NOTHING",
        name,
    )


async def checkpoint(connection: Connection, name: str) -> int:
    value = await connection.fetchval(
        "SELECT position FROM projection_checkpoints WHERE name = $1", name
    )
    return int(value or 0)


async def read_after(
    connection: Connection, after: int, limit: int, types: Sequence[str]
) -> tuple[list[StoredEvent], int | None]:
    """The events of `types` among the next `limit` events after `after`, and the position
    of the last of those `limit` (None when there is no event after `after`)."""
    last = await connection.fetchval(_LAST, after, limit)
    if last is None:
        return [], None
    rows = await connection.fetch(_READ, after, last, list(types))
    return [StoredEvent(r[0], r[1], r[2], r[3]) for r in rows], int(last)


# Most events (a tile, a card, a pass) are of no type a projection reads: a batch of only
# those just moves the checkpoint. One statement finds the batch and, when none of its
# events is of the projection's types, moves the checkpoint and notifies, without a
# transaction (a round trip is most of a batch's cost). It moves it only from where it
# found it: a rebuild's swap or another writer that moved it first (the UPDATE waits for
# their lock, then finds the row changed) leaves it alone, and the batch is read again
# under the lock.
_SKIP = """
WITH checkpoint AS (SELECT position FROM projection_checkpoints WHERE name = $1),
batch AS (
    SELECT max(position) AS last FROM (
        SELECT position FROM events WHERE position > (SELECT position FROM checkpoint)
        ORDER BY position LIMIT $2) next),
relevant AS (
    SELECT EXISTS (SELECT 1 FROM events, checkpoint, batch
        WHERE events.position > checkpoint.position AND events.position <= batch.last
        AND event_type = ANY($3::text[])) AS found),
moved AS (
    UPDATE projection_checkpoints c SET position = batch.last, updated_at = clock_timestamp()
    FROM checkpoint, batch, relevant
    WHERE c.name = $1 AND c.position = checkpoint.position
      AND batch.last IS NOT NULL AND NOT relevant.found
    RETURNING c.position)
SELECT checkpoint.position, batch.last,
    (SELECT count(pg_notify($4, $1 || ':' || moved.position)) FROM moved) AS moved
FROM checkpoint, batch
"""
_MOVE = (
    "UPDATE projection_checkpoints SET position = $2, updated_at = clock_timestamp()"
    " WHERE name = $1 RETURNING pg_notify($3, $4)"
)


# The same for several projections at once: the runner's scout asks it of every projection
# it holds, once per wake-up, and wakes only those whose events it found. A checkpoint row
# locked by someone else (a worker's batch, a rebuild's swap) is skipped, not waited for:
# its projection is left to its worker. A narrowed type (`Projection.narrowed`: the policy's
# `hand_ended`, which matters only in a torneio's games) counts only when its stream's first
# event names the key: a hand ends every few moves in every game, and each woke the policy's
# worker for a batch (five round trips) that changed nothing but its checkpoint. The game's
# creation is looked for in the event's own partition first (where a game's hands mostly
# are), which the bounds on `position` let PostgreSQL pick alone; in every partition only
# when it is not there.
_SKIP_ALL = """
WITH wanted AS (
    SELECT * FROM unnest($1::text[], $2::text[], $5::text[]) AS w(name, event_type, only_with)),
checkpoint AS (SELECT name, position FROM projection_checkpoints WHERE name = ANY($1::text[])),
next AS (
    SELECT position, stream_id, event_type FROM events
    WHERE position > (SELECT min(position) FROM checkpoint) ORDER BY position LIMIT $3),
batch AS (SELECT max(position) AS last FROM next),
plan AS (
    SELECT c.name, c.position AS after, b.last,
        EXISTS (SELECT 1 FROM next n JOIN wanted w ON w.event_type = n.event_type
            WHERE w.name = c.name AND n.position > c.position
            AND (w.only_with IS NULL OR coalesce(
                (SELECT first.data ->> w.only_with IS NOT NULL FROM events first
                 WHERE first.stream_id = n.stream_id AND first.stream_version = 1
                   AND first.position >= n.position / l.span * l.span
                   AND first.position <= n.position),
                (SELECT first.data ->> w.only_with IS NOT NULL FROM events first
                 WHERE first.stream_id = n.stream_id AND first.stream_version = 1
                   AND first.position <= n.position))))
            AS relevant
    FROM checkpoint c, batch b, events_layout l),
lockable AS (
    SELECT p.name FROM projection_checkpoints p JOIN plan ON p.name = plan.name
    WHERE p.position = plan.after AND plan.last > plan.after AND NOT plan.relevant
    FOR UPDATE OF p SKIP LOCKED),
moved AS (
    UPDATE projection_checkpoints p SET position = plan.last, updated_at = clock_timestamp()
    FROM plan, lockable
    WHERE p.name = plan.name AND p.name = lockable.name AND p.position = plan.after
    RETURNING p.name, p.position)
SELECT plan.name, plan.after, plan.last,
    (SELECT count(pg_notify($4, m.name || ':' || m.position)) FROM moved m
     WHERE m.name = plan.name) AS moved
FROM plan
"""


class Skipped(NamedTuple):
    name: str
    after: int
    last: int | None
    moved: bool

    @property
    def waiting(self) -> bool:
        """Events of its types are waiting for the projection (or another writer was first)."""
        return self.last is not None and self.last > self.after and not self.moved


def skip_all_arguments(projections: Sequence[Projection], limit: int) -> tuple[object, ...]:
    """`_SKIP_ALL`'s parameters: each projection's types (and the key narrowing each)."""
    wanted = [(p.name, t, p.narrowed.get(t)) for p in projections for t in p.event_types]
    return (
        [name for name, _, _ in wanted],
        [event_type for _, event_type, _ in wanted],
        limit,
        NOTIFY_CHANNEL,
        [only_with for _, _, only_with in wanted],
    )


async def skip_unread(
    connection: Connection, projections: Sequence[Projection], limit: int
) -> list[Skipped]:
    """Move the checkpoints of `projections` over the next events that none of them reads
    (narrowed types of other games included), in one statement; answer, for each, where it
    was, the batch's end, and whether it moved."""
    rows = await connection.fetch(_SKIP_ALL, *skip_all_arguments(projections, limit))
    return [Skipped(r[0], int(r[1]), None if r[2] is None else int(r[2]), r[3] > 0) for r in rows]


async def step(
    connection: Connection, projection: Projection, limit: int, *, unread: bool = True
) -> int:
    """Apply the next batch; answer how many positions it covered (0: caught up).
    `unread=False`: events of the projection's types are known to wait (the scout saw them),
    so the batch goes straight to the locked path."""
    name = projection.name
    if unread:
        found = await connection.fetchrow(
            _SKIP, name, limit, list(projection.event_types), NOTIFY_CHANNEL
        )
        if found is None:
            raise LookupError(f"projection {name!r} has no checkpoint row")
        after, last, moved = found
        if last is None:
            return 0
        if moved:
            return int(last) - int(after)
    async with connection.transaction():
        after, last, events = await _locked_batch(connection, projection, limit)
        if last is None:
            return 0
        await _apply(connection, projection, events, last)
        return last - after


async def apply_events(
    connection: Connection, projection: Projection, events: list[StoredEvent], last: int
) -> int:
    """Apply events read earlier, up to position `last`, skipping those the checkpoint
    already covers: applying the same events twice changes nothing. Answers the positions
    newly covered. The events must follow the checkpoint without a hole."""
    async with connection.transaction():
        after = await _lock(connection, projection.name)
        if last <= after:
            return 0
        await _apply(connection, projection, [e for e in events if e.position > after], last)
        return last - after


# The locked path's read in one round trip: lock the checkpoint row, then the batch's end
# and its events of the projection's types. A writer that moved the checkpoint while this
# waited for the row is seen (the locked row is read again at its newest version); the
# events after it are read from the statement's snapshot, a prefix of the log like any.
_LOCKED_BATCH = """
WITH checkpoint AS (
    SELECT position FROM projection_checkpoints WHERE name = $1 FOR UPDATE),
batch AS (
    SELECT max(position) AS last FROM (
        SELECT position FROM events WHERE position > (SELECT position FROM checkpoint)
        ORDER BY position LIMIT $2) next)
SELECT c.position, b.last, e.position, e.stream_id, e.event_type,
    CASE WHEN e.data ? 'texts' THEN open_texts(e.data, e.stream_id)::text ELSE e.data::text END
FROM checkpoint c CROSS JOIN batch b
LEFT JOIN events e ON e.position > c.position AND e.position <= b.last
    AND e.event_type = ANY($3::text[])
ORDER BY e.position
"""


async def _locked_batch(
    connection: Connection, projection: Projection, limit: int
) -> tuple[int, int | None, list[StoredEvent]]:
    """(the checkpoint, the batch's last position or None, its events of the types read)."""
    rows = await connection.fetch(
        _LOCKED_BATCH, projection.name, limit, list(projection.event_types)
    )
    if not rows:
        raise LookupError(f"projection {projection.name!r} has no checkpoint row")
    after, last = int(rows[0][0]), rows[0][1]
    events = [StoredEvent(r[2], r[3], r[4], r[5]) for r in rows if r[2] is not None]
    return after, None if last is None else int(last), events


async def _lock(connection: Connection, name: str) -> int:
    value = await connection.fetchval(
        "SELECT position FROM projection_checkpoints WHERE name = $1 FOR UPDATE", name
    )
    if value is None:
        raise LookupError(f"projection {name!r} has no checkpoint row")
    return int(value)


async def _apply(
    connection: Connection, projection: Projection, events: list[StoredEvent], last: int
) -> None:
    if events:
        await projection.apply(connection, events)
    name = projection.name
    await connection.execute(_MOVE, name, last, NOTIFY_CHANNEL, f"{name}:{last}")


async def catch_up(connection: Connection, projection: Projection, batch_size: int = 5000) -> int:
    """Apply batches until no event is left after the checkpoint; answer the positions covered."""
    await ensure_checkpoint(connection, projection.name)
    covered = 0
    while moved := await step(connection, projection, batch_size):
        covered += moved
    return covered

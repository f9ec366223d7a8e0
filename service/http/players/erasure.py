"""A player's erasure (LGPD art. 18; design.md, "A player's data"), and the erasure list
that brings it back after a restore.

Erasing deletes the openings the player owns (their name, every name and text they wrote:
migration 0015's `erase_owner`), clears what the read models copied of them (names, the
stages of games), records the erasure, revokes their tokens, and appends
`player_erased` to their stream, in that order; each step is a no-op when done already,
so an erasure cut short is completed by the next one, or at the next start. The erasure
list (a file outside the database, `DOMINO_ERASURE_LIST`, one JSON line a player: ids and
times only) is replayed at every start: a database restored from a backup taken before an
erasure is erased again before the service answers (docs/reliability.md).
"""

from __future__ import annotations

import asyncio
import json
import logging
from datetime import UTC, datetime
from pathlib import Path
from typing import NamedTuple

import asyncpg

from domain.competitions import PlayerErased
from projections.base import Connection
from projections.directory import Directory
from projections.stats import Stats
from service.http.auth import ERASED_PREFIX, REVOKED_CHANNEL
from service.http.marks import DELEGATED, marks_for
from service.store.errors import Busy, NotFound
from service.store.event_store import VersionConflict
from service.store.registry import Metadata, Registry

log = logging.getLogger("domino.erasure")
FOLD_POLLS = 500  # 5 s of 10 ms
DEADLOCK_RETRIES = 3
FOLDING = ("directory", "stats")
"""The read models that hold a text an erasure deletes: names, and games' stages."""


class Erasure(NamedTuple):
    now: bool
    """This call erased (False: erased already, or by an erasure at the same time)."""
    listed: bool
    """The erasure list must have it (this call erased, or completed an erasure)."""
    revoked: list[str]
    """The digests of the tokens this call revoked."""


async def erase(
    pool: asyncpg.Pool, registry: Registry, player_id: str, by: str, marks: Metadata | None = None
) -> Erasure:
    """Erase the player (each step a no-op when done already); `marks`: those of the token
    that asked it, on its `player_erased`."""
    _, version, erased = await registry.player_now(player_id)
    delegated = DELEGATED in (marks or {})
    done = await _in_one_transaction(pool, player_id, by, erased, delegated)
    appended = False
    if not erased:
        event = PlayerErased(at=datetime.now(UTC), competitions=done.named, staged=done.staged)
        actor, more = by, marks
        if done.asked is not None:  # completing an erasure cut short: who asked it, and how
            actor, asked_delegated = done.asked
            more = {**marks_for(asked_delegated), "completed_by": by}
        position = await _recorded(registry, player_id, event, actor, version, more)
        appended = position > 0
        await _folded(pool, position)
    # "Now" is the call whose `erase_owner` deleted: of erasures at once, one. The list is
    # written by it, and by a call that completes an erasure cut short before `player_erased`
    # (twice at worst, when two race: replaying a line twice changes nothing).
    now = done.gone is not None
    return Erasure(now, now or appended, done.revoked)


class _Done(NamedTuple):
    gone: list[str] | None
    """The commitments whose openings this call deleted (None: erased already)."""
    named: tuple[str, ...]
    staged: tuple[str, ...]
    revoked: list[str]
    asked: tuple[str, bool] | None = None
    """Completing an erasure cut short: who asked it, and whether with a token an
    administrator issued in the player's name (False where not known)."""


async def _in_one_transaction(
    pool: asyncpg.Pool, player_id: str, by: str, erased: bool, delegated: bool
) -> _Done:
    """The openings deleted, the read models' copies cleared and the tokens revoked, at
    once. The read models' rows are locked in the order the erasure reaches them, and a
    projection's batch may hold some of them in another: a deadlock undoes the whole
    transaction, which is then tried again."""
    for _ in range(DEADLOCK_RETRIES):
        try:
            async with pool.acquire() as connection, connection.transaction():
                return await _erased_now(connection, player_id, by, erased, delegated)
        except asyncpg.DeadlockDetectedError:
            log.warning("erasure: a deadlock with a projection's batch; trying again")
    raise Busy("player")


async def _erased_now(
    connection: Connection, player_id: str, by: str, erased: bool, delegated: bool
) -> _Done:
    await connection.execute("SELECT pg_advisory_xact_lock(erasure_lock($1))", player_id)
    named, staged = await _written_by(connection, player_id)
    gone = await connection.fetchval("SELECT erase_owner($1, $2)", player_id, by)
    asked: tuple[str, bool] | None = None
    if gone is not None:  # this call erased: its row says with what token (migration 0028)
        await connection.execute(
            "UPDATE erasures SET by_administrators_token = $2 WHERE player_id = $1",
            player_id,
            delegated,
        )
    elif not erased:  # completing an erasure cut short: openings gone
        named, staged = await _erased_in(connection, player_id)
        row = await connection.fetchrow(
            "SELECT erased_by, by_administrators_token FROM erasures WHERE player_id = $1",
            player_id,
        )
        asked = None if row is None else (str(row[0]), bool(row[1]))
    # The read models show it now, not once they fold `player_erased`.
    await Directory().erased(connection, player_id, named)
    await Stats().erased(connection, staged)
    revoked = await connection.fetch(
        "UPDATE tokens SET expires_at = now() WHERE player_id = $1"
        " AND (expires_at IS NULL OR expires_at > now()) RETURNING encode(token_hash, 'hex')",
        player_id,
    )
    for row in revoked:
        await connection.execute("SELECT pg_notify($1, $2)", REVOKED_CHANNEL, row[0])
    await connection.execute("SELECT pg_notify($1, $2)", REVOKED_CHANNEL, ERASED_PREFIX + player_id)
    return _Done(gone, named, staged, [r[0] for r in revoked], asked)


async def _written_by(
    connection: Connection, player_id: str
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The competitions the player named and the games they staged, from their openings
    (read before the erasure deletes them)."""
    rows = await connection.fetch(
        "SELECT DISTINCT path = 'stage', substr(stream_id, strpos(stream_id, '-') + 1)"
        " FROM openings WHERE owner = $1 AND ((starts_with(stream_id, 'competition-')"
        " AND path = 'name') OR (starts_with(stream_id, 'match-') AND path = 'stage'))",
        player_id,
    )
    return _split(rows)


_ERASED_IN = """
SELECT e.event_type = 'match_created', substr(e.stream_id, strpos(e.stream_id, '-') + 1)
  FROM events e, erasures x
 WHERE x.player_id = $1
   AND ((e.event_type = 'competition_created' AND e.data -> 'texts' ->> 'name' = ANY(x.commitments))
     OR (e.event_type = 'match_created' AND e.data -> 'texts' ->> 'stage' = ANY(x.commitments)))
"""


async def _erased_in(
    connection: Connection, player_id: str
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The competitions named and the games staged by an erased player, from the erasure's
    record of its commitments (its openings, which said so, are gone): for an erasure cut
    short before `player_erased`, completed now. A scan of the log's creations, on this
    rare path alone."""
    return _split(await connection.fetch(_ERASED_IN, player_id))


def _split(rows: list[asyncpg.Record]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(the competitions, the games) of rows (is it a game's, its id)."""
    named = tuple(sorted(r[1] for r in rows if not r[0]))
    return named, tuple(sorted(r[1] for r in rows if r[0]))


async def _recorded(
    registry: Registry,
    player_id: str,
    event: PlayerErased,
    by: str,
    version: int,
    more: Metadata | None,
) -> int:
    """`player_erased` appended once, whatever was appended to the stream meanwhile (a
    rename that committed before the erasure, another erasure)."""
    for _ in range(5):
        try:
            return await registry.append_to_player(player_id, event, by, version, more)
        except VersionConflict:
            _, version, erased = await registry.player_now(player_id)
            if erased:
                return 0
    raise Busy("player")


async def _folded(pool: asyncpg.Pool, position: int) -> None:
    """Until the directory and the stats have folded `player_erased`: a batch they read
    before the erasure (a name or a stage still opened) may write it back after the
    erasure's own update; their fold of `player_erased`, which comes after, clears it for
    good. Bounded: without a projection runner answering, the fold follows later."""
    for _ in range(FOLD_POLLS):
        folded = await pool.fetch(
            "SELECT position FROM projection_checkpoints WHERE name = ANY($1::text[])",
            list(FOLDING),
        )
        if len(folded) == len(FOLDING) and min(r[0] for r in folded) >= position:
            return
        await asyncio.sleep(0.01)
    log.warning("erasure: %s have not folded position %d yet", " and ".join(FOLDING), position)


def listed(path: Path | None, player_id: str, by: str) -> None:
    """The erasure written down outside the database (ids and a time: nothing erased)."""
    if path is None:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    line = {"player_id": player_id, "erased_at": datetime.now(UTC).isoformat(), "by": by}
    with path.open("a", encoding="utf-8") as file:
        file.write(json.dumps(line) + "\n")


def _listed_ids(path: Path) -> list[str]:
    if not path.exists():
        return []
    lines = path.read_text(encoding="utf-8").splitlines()
    return [str(json.loads(line)["player_id"]) for line in lines if line.strip()]


async def replay_list(path: Path | None, pool: asyncpg.Pool, registry: Registry) -> int:
    """Every erasure on the list applied again (after a restore); how many were missing."""
    if path is None:
        return 0
    again = 0
    for player_id in await asyncio.to_thread(_listed_ids, path):
        try:
            if (await erase(pool, registry, player_id, "erasure-list")).listed:
                again += 1
        except NotFound:
            continue  # registered after the backup this database came from: nothing held
    if again:
        log.warning("erasure list: %d erasure(s) applied again (a restored database?)", again)
    return again

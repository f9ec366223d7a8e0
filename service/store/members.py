"""Who joined each competition (a stream `members-<competition id>` of its own, beside the
competition's, which its torneio's fixtures share): joining and leaving are each player's
own acts, appended with the stream's version so that two at once never both count."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from datetime import datetime

import asyncpg

from domain.competitions import MEMBERSHIP_DECODER, MemberJoined, MemberLeft, members_of
from service.store.encoding import new_event
from service.store.errors import Busy
from service.store.event_store import EventStore, VersionConflict

ATTEMPTS = 5
Marks = Mapping[str, object]
"""What a membership event's metadata says beside its actor (a token's marks)."""
_NONE: Marks = {}
STEADY_CLASS = 70233
"""The first key of the advisory locks that keep a competition's members steady (the
projections' leases take 70231, a player's token issue 70232)."""
STEADY_WAIT = 5.0  # seconds: then 503, as a full pool answers
LOCK_CONNECTIONS = 4
"""The connections `steady`'s locks are held on, per process: as many competitions' member
writes at once (each a few milliseconds); the others wait their turn, up to STEADY_WAIT."""


def stream_of(competition_id: str) -> str:
    return f"members-{competition_id}"


class Memberships:
    def __init__(self, store: EventStore, locks: asyncpg.Pool) -> None:
        """`locks`: the connections that hold `steady`'s locks, a pool of their own: a
        holder's write takes the store's connections, which a holder of one of those must
        never wait for (a burst of holders would take every one and wait for good)."""
        self.store = store
        self.locks = locks

    @asynccontextmanager
    async def steady(self, competition_id: str | None) -> AsyncIterator[None]:
        """Nobody leaves the competition meanwhile, on any instance: a write that counts a
        game for its members (an organizer's confirmation, a settlement) reads them and
        appends under it, and so does a leave, so that a game is never counted for a
        player whose leave the log holds before it. None: nothing to hold. The lock is
        tried, not waited for on a connection, so that waiters never take the pool's
        connections from the holder's own append; its connection is one of `locks`'."""
        if competition_id is None:
            yield
            return
        pool = self.locks
        deadline = time.monotonic() + STEADY_WAIT
        pause = 0.002
        while True:
            try:
                connection = await pool.acquire(timeout=max(0.01, deadline - time.monotonic()))
            except TimeoutError:
                raise Busy("competition members") from None
            try:
                held = await connection.fetchval(_TRY, STEADY_CLASS, stream_of(competition_id))
            except BaseException:
                await pool.release(connection)
                raise
            if held:
                break
            await pool.release(connection)
            if time.monotonic() > deadline:
                raise Busy("competition members")
            await asyncio.sleep(pause)
            pause = min(pause * 2, 0.05)
        try:
            yield
        finally:
            try:
                await connection.execute(_UNLOCK, STEADY_CLASS, stream_of(competition_id))
            finally:  # a pool's reset unlocks too, and a lost session lets go by itself
                await pool.release(connection)

    async def members(self, competition_id: str) -> dict[str, datetime]:
        stored = await self.store.read_stream(stream_of(competition_id))
        return members_of([MEMBERSHIP_DECODER.decode(e.data) for e in stored])

    async def join(
        self, competition_id: str, player_id: str, at: datetime, marks: Marks = _NONE
    ) -> tuple[datetime, bool]:
        """When the player joined, and whether it is now (False: already a member).
        `marks`: what the event's metadata says of the token that sent it."""
        for _ in range(ATTEMPTS):
            stored = await self.store.read_stream(stream_of(competition_id))
            members = members_of([MEMBERSHIP_DECODER.decode(e.data) for e in stored])
            if player_id in members:
                return members[player_id], False
            event = MemberJoined(at=at, player_id=player_id)
            try:
                await self.store.append(
                    stream_of(competition_id),
                    [new_event(event, {"actor": player_id, **marks})],
                    expected_version=len(stored),
                )
            except VersionConflict:
                continue
            return at, True
        raise VersionConflict(stream_of(competition_id), len(stored), -1)

    async def leave(
        self, competition_id: str, player_id: str, at: datetime, marks: Marks = _NONE
    ) -> bool:
        """False when the player was not a member."""
        async with self.steady(competition_id):
            return await self._leave(competition_id, player_id, at, marks)

    async def _leave(self, competition_id: str, player_id: str, at: datetime, marks: Marks) -> bool:
        for _ in range(ATTEMPTS):
            stored = await self.store.read_stream(stream_of(competition_id))
            if player_id not in members_of([MEMBERSHIP_DECODER.decode(e.data) for e in stored]):
                return False
            event = MemberLeft(at=at, player_id=player_id)
            try:
                await self.store.append(
                    stream_of(competition_id),
                    [new_event(event, {"actor": player_id, **marks})],
                    expected_version=len(stored),
                )
            except VersionConflict:
                continue
            return True
        raise VersionConflict(stream_of(competition_id), len(stored), -1)


_TRY = "SELECT pg_try_advisory_lock($1, hashtext($2))"
_UNLOCK = "SELECT pg_advisory_unlock($1, hashtext($2))"

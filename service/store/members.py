"""Who joined each competition (a stream `members-<competition id>` of its own, beside the
competition's, which its torneio's fixtures share): joining and leaving are each player's
own acts, appended with the stream's version so that two at once never both count."""

from __future__ import annotations

from datetime import datetime

from domain.competitions import MEMBERSHIP_DECODER, MemberJoined, MemberLeft, members_of
from service.store.encoding import new_event
from service.store.event_store import EventStore, VersionConflict

ATTEMPTS = 5


def stream_of(competition_id: str) -> str:
    return f"members-{competition_id}"


class Memberships:
    def __init__(self, store: EventStore) -> None:
        self.store = store

    async def members(self, competition_id: str) -> dict[str, datetime]:
        stored = await self.store.read_stream(stream_of(competition_id))
        return members_of([MEMBERSHIP_DECODER.decode(e.data) for e in stored])

    async def join(
        self, competition_id: str, player_id: str, at: datetime
    ) -> tuple[datetime, bool]:
        """When the player joined, and whether it is now (False: already a member)."""
        for _ in range(ATTEMPTS):
            stored = await self.store.read_stream(stream_of(competition_id))
            members = members_of([MEMBERSHIP_DECODER.decode(e.data) for e in stored])
            if player_id in members:
                return members[player_id], False
            event = MemberJoined(at=at, player_id=player_id)
            try:
                await self.store.append(
                    stream_of(competition_id),
                    [new_event(event, {"actor": player_id})],
                    expected_version=len(stored),
                )
            except VersionConflict:
                continue
            return at, True
        raise VersionConflict(stream_of(competition_id), len(stored), -1)

    async def leave(self, competition_id: str, player_id: str, at: datetime) -> bool:
        """False when the player was not a member."""
        for _ in range(ATTEMPTS):
            stored = await self.store.read_stream(stream_of(competition_id))
            if player_id not in members_of([MEMBERSHIP_DECODER.decode(e.data) for e in stored]):
                return False
            event = MemberLeft(at=at, player_id=player_id)
            try:
                await self.store.append(
                    stream_of(competition_id),
                    [new_event(event, {"actor": player_id})],
                    expected_version=len(stored),
                )
            except VersionConflict:
                continue
            return True
        raise VersionConflict(stream_of(competition_id), len(stored), -1)

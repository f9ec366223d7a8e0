"""Players and competitions: their streams. A competition is cached (its rules never
change; its name is read afresh, as an erasure may replace it); a player is read afresh each
time, being renamed or erased from any instance."""

from __future__ import annotations

import re
import uuid
from collections.abc import Mapping, Sequence
from typing import TypeVar

import msgspec

from domain.competitions import (
    REGISTRY_DECODER,
    CompetitionCreated,
    PlayerErased,
    PlayerRegistered,
    PlayerRenamed,
)
from service.store.encoding import new_event
from service.store.errors import NotFound
from service.store.event_store import EventStore, NewEvent

T = TypeVar("T", PlayerRegistered, CompetitionCreated)

BOOTSTRAP_ACTOR = "admin"
"""Who a write by the bootstrap token (DOMINO_BOOTSTRAP_TOKEN) is recorded as: an actor that
is no registered player."""


Metadata = Mapping[str, object]
"""More of a write's metadata, beside its actor: what it says of the token that sent it
(`service/http/marks.py`), and who completed an erasure cut short."""


def _new_event(event: msgspec.Struct, actor: str, more: Metadata | None) -> NewEvent:
    return new_event(event, {"actor": actor, **(more or {})})


_CANONICAL_ID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def parse_id(text: str, what: str) -> str:
    """The canonical form of an id (any form `uuid` reads), or a 404 naming `what`."""
    if _CANONICAL_ID.fullmatch(text):  # the usual case, on every request: no uuid object
        return text
    try:
        return str(uuid.UUID(text))
    except ValueError:
        raise NotFound(what, text) from None


KNOWN_PLAYERS = 100_000
"""At most this many registered players' ids kept (then forgotten all at once)."""


class Registry:
    def __init__(self, store: EventStore) -> None:
        self.store = store
        self._competitions: dict[str, CompetitionCreated] = {}
        self._players: set[str] = set()
        """Players known to be registered (`check_players`)."""

    async def add_player(
        self,
        event: PlayerRegistered,
        actor: str,
        idempotency_key: str | None,
        fingerprint: bytes | None = None,
        more: Metadata | None = None,
    ) -> tuple[str, bool]:
        """The new player's id, or with a key already used for this request (`fingerprint`:
        the request, since the event's id and time are new each time) the first one's."""
        player_id = str(uuid.uuid4())
        result = await self.store.append(
            f"player-{player_id}",
            [_new_event(event, actor, more)],
            expected_version=0,
            idempotency_key=idempotency_key,
            fingerprint=fingerprint,
        )
        player_id = result.stream_id.removeprefix("player-")
        return player_id, result.replayed

    async def add_competition(
        self,
        event: CompetitionCreated,
        actor: str,
        idempotency_key: str | None = None,
        fingerprint: bytes | None = None,
        then: Sequence[msgspec.Struct] = (),
        more: Metadata | None = None,
    ) -> str:
        """The new competition's id, or the first one's for a retried request (as players).
        `then`: what follows its creation in its stream (a run torneio's first fixtures)."""
        competition_id = str(uuid.uuid4())
        result = await self.store.append(
            f"competition-{competition_id}",
            [_new_event(e, actor, more) for e in (event, *then)],
            expected_version=0,
            idempotency_key=idempotency_key,
            fingerprint=fingerprint,
        )
        if result.replayed:
            return result.stream_id.removeprefix("competition-")
        self._competitions[competition_id] = event
        return competition_id

    async def player(self, player_id: str) -> PlayerRegistered:
        """The player as registered, under the name they go by now (a pseudonym once
        erased)."""
        return (await self.player_now(player_id))[0]

    async def check_players(self, player_ids: Sequence[str]) -> list[str]:
        """The players' canonical ids, when each is registered; else the 404 of the first
        that is not (an id that is no id included), as `player` would raise, in order.
        One indexed query for those not seen before, no body read: a game's creation asks
        it of every seat. A player, once registered, stays so (an erasure keeps the stream):
        the ids found are kept."""
        parsed: list[str] = []
        for text in player_ids:
            try:
                parsed.append(parse_id(text, "player"))
            except NotFound:
                break  # raised below, once the players before it are known to exist
        unknown = [p for p in parsed if p not in self._players]
        if unknown:
            rows = await self.store.pool.fetch(
                "SELECT stream_id FROM events WHERE stream_id = ANY($1::text[])"
                " AND stream_version = 1 AND event_type = 'player_registered'",
                [f"player-{p}" for p in unknown],
            )
            for row in rows:
                self._remember_player(row[0].removeprefix("player-"))
        for player_id in parsed:
            if player_id not in self._players:
                raise NotFound("player", player_id)
        if len(parsed) < len(player_ids):
            parse_id(player_ids[len(parsed)], "player")  # its 404
        return parsed

    def _remember_player(self, player_id: str) -> None:
        if len(self._players) >= KNOWN_PLAYERS:
            self._players.clear()
        self._players.add(player_id)

    async def player_now(self, player_id: str) -> tuple[PlayerRegistered, int, bool]:
        """The player (their name now), their stream's version, and whether erased."""
        player_id = parse_id(player_id, "player")
        events = await self.store.read_stream(f"player-{player_id}")
        first = REGISTRY_DECODER.decode(events[0].data) if events else None
        if not isinstance(first, PlayerRegistered):
            raise NotFound("player", player_id)
        name, erased = first.name, False
        for stored in events[1:]:
            event = REGISTRY_DECODER.decode(stored.data)
            if isinstance(event, PlayerRenamed):
                name = event.name
            elif isinstance(event, PlayerErased):
                erased = True
        return msgspec.structs.replace(first, name=name), len(events), erased

    async def names(self, player_ids: Sequence[str]) -> dict[str, str]:
        """Each registered player's name now (a pseudonym once erased), in one query."""
        rows = await self.store.pool.fetch(
            "SELECT DISTINCT ON (stream_id) stream_id, open_texts(data, stream_id) ->> 'name'"
            " FROM events WHERE stream_id = ANY($1::text[])"
            " AND event_type IN ('player_registered', 'player_renamed')"
            " ORDER BY stream_id, stream_version DESC",
            [f"player-{p}" for p in player_ids],
        )
        return {row[0].removeprefix("player-"): row[1] for row in rows}

    async def append_to_player(
        self,
        player_id: str,
        event: msgspec.Struct,
        actor: str,
        expected: int,
        more: Metadata | None = None,
    ) -> int:
        """The event appended to the player's stream: its position."""
        result = await self.store.append(
            f"player-{player_id}", [_new_event(event, actor, more)], expected_version=expected
        )
        return result.last_position

    async def competition_now(self, competition_id: str) -> CompetitionCreated:
        """The competition with its texts now (its name, its prizes: erased with their
        writer's data), read again; the cache keeps the rest, which never changes."""
        competition_id = parse_id(competition_id, "competition")
        return await self._first(f"competition-{competition_id}", CompetitionCreated, "competition")

    async def competition_name(self, competition_id: str) -> str:
        """Its name now: a pseudonym once its creator's data was erased."""
        competition_id = parse_id(competition_id, "competition")
        return (await self._first(f"competition-{competition_id}", CompetitionCreated, "x")).name

    async def competition(self, competition_id: str) -> CompetitionCreated:
        competition_id = parse_id(competition_id, "competition")
        found = self._competitions.get(competition_id)
        if found is None:
            found = await self._first(
                f"competition-{competition_id}", CompetitionCreated, "competition"
            )
            self._competitions[competition_id] = found
        return found

    async def _first(self, stream: str, kind: type[T], what: str) -> T:
        events = await self.store.read_stream(stream, limit=1)
        event = REGISTRY_DECODER.decode(events[0].data) if events else None
        if not isinstance(event, kind):
            raise NotFound(what, stream.split("-", 1)[1])
        return event

"""Amistoso mesas (domain.competitions.mesa): each folded from its competition's stream
(`competition-<id>`: its `CompetitionCreated`, then the mesa's events), decided, appended
with the version it was read at. A pile the service shuffles is committed in the public
history (`commitment`) and kept apart (the `secret` column, never hashed) until revealed."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import datetime

import msgspec

from domain.competitions import REGISTRY_DECODER, CompetitionCreated
from domain.competitions.mesa import (
    MESA_DECODER,
    MESA_TYPES,
    Mesa,
    MesaEvent,
    PileRevealed,
    PileShuffled,
    fold,
    needs_pile,
)
from domain.dominoes.tiles import ALL_TILES
from service.store.errors import Busy, NotFound, Refused
from service.store.event_store import EventStore, NewEvent, VersionConflict
from service.store.registry import parse_id
from service.store.secrets import PUBLIC, SALT_BYTES, commitment

RETRIES = 5
_random = secrets.SystemRandom()


class _Kept(msgspec.Struct, frozen=True):
    salt: str
    pile: tuple[str, ...]


_KEPT = msgspec.json.Decoder(_Kept)


class Loaded(msgspec.Struct, frozen=True):
    created: CompetitionCreated
    mesa: Mesa
    version: int
    salt: str | None
    """The salt of the committed pile not yet revealed."""
    commitment: str | None


def stream_of(competition_id: str) -> str:
    return f"competition-{competition_id}"


class Mesas:
    def __init__(self, store: EventStore) -> None:
        self.store = store

    async def load(self, competition_id: str) -> Loaded:
        """404 when there is no such competition; 409 `not-a-mesa` when it is no mesa."""
        competition_id = parse_id(competition_id, "competition")
        events = await self.store.read_stream(stream_of(competition_id))
        if not events:
            raise NotFound("competition", competition_id)
        created = REGISTRY_DECODER.decode(events[0].data)
        if not isinstance(created, CompetitionCreated) or created.mesa is None:
            raise Refused("not-a-mesa", "this competition is not an amistoso played as a mesa")
        mesa, salt, committed = Mesa(rules=created.mesa), None, None
        for recorded in events[1:]:
            if recorded.type not in MESA_TYPES:
                continue
            event = MESA_DECODER.decode(recorded.data)
            if isinstance(event, PileShuffled) and recorded.secret is not None:
                kept = _KEPT.decode(recorded.secret)
                event = msgspec.structs.replace(event, pile=kept.pile)
                salt, committed = kept.salt, event.commitment
            mesa = fold(mesa, [event])
        return Loaded(created, mesa, len(events), salt, committed)

    async def execute(
        self,
        competition_id: str,
        decide: Callable[[Loaded], list[MesaEvent]],
        metadata: dict[str, object],
        idempotency_key: str | None = None,
        fingerprint: bytes | None = None,
    ) -> Loaded:
        """Decide against the mesa as it is; reveal the pile its draws used, and commit a
        new one whenever someone waits without one; append; answer the mesa after. A retry
        of a write with an idempotency key (the same request) appends nothing."""
        for _ in range(RETRIES):
            loaded = await self.load(competition_id)
            # After the load: a retry of a request written meanwhile is answered, never
            # decided again against the mesa the first one changed.
            if await self._written(idempotency_key, fingerprint):
                return loaded
            events = decide(loaded)
            after = fold(loaded.mesa, events)
            pile = loaded.mesa.pile
            if pile is not None and after.seated != loaded.mesa.seated and after.pile_used:
                assert loaded.salt is not None
                reveal = PileRevealed(at=events[-1].at, salt=loaded.salt, pile=pile)
                events.append(reveal)
                after = fold(after, [reveal])
            rows = [_row(e, metadata) for e in events]
            if needs_pile(after) and events:
                shuffled, row = _shuffled(events[-1].at, metadata)
                rows.append(row)
                events.append(shuffled)
            try:
                await self.store.append(
                    stream_of(parse_id(competition_id, "competition")),
                    rows,
                    expected_version=loaded.version,
                    idempotency_key=idempotency_key,
                    fingerprint=fingerprint,
                )
            except VersionConflict:
                continue
            return await self.load(competition_id)
        raise Busy("mesa")

    async def _written(self, key: str | None, fingerprint: bytes | None) -> bool:
        if key is None or fingerprint is None:
            return False
        return await self.store.idempotent_result(key, fingerprint) is not None


def _row(event: MesaEvent, metadata: dict[str, object]) -> NewEvent:
    tag = str(type(event).__struct_config__.tag)
    return NewEvent(tag, PUBLIC.encode(event).decode(), PUBLIC.encode(metadata).decode())


def _shuffled(at: datetime, metadata: dict[str, object]) -> tuple[PileShuffled, NewEvent]:
    """The 28 tiles in an order of the service's random source, committed now."""
    pile = tuple(_random.sample(ALL_TILES, len(ALL_TILES)))
    salt = secrets.token_bytes(SALT_BYTES)
    event = PileShuffled(at=at, commitment=commitment(salt, list(pile)), pile=pile)
    public = PUBLIC.encode(msgspec.structs.replace(event, pile=None)).decode()
    kept = PUBLIC.encode(_Kept(salt.hex(), pile)).decode()
    return event, NewEvent("mesa_pile_shuffled", public, PUBLIC.encode(metadata).decode(), kept)

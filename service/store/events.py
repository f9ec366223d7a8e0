"""What the event store takes and gives back: a new event, an append's result, an event as
recorded, and an append's fingerprint (its refusals are service/store/errors.py's)."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from datetime import datetime

import msgspec

from service.store.openings import Opening


class NewEvent(msgspec.Struct, frozen=True):
    type: str
    data: str  # JSON text of the event's public body: what the hash chain covers
    metadata: str = "{}"  # JSON text: actor, request id, idempotency key, client time
    secret: str | None = None  # JSON text of its salted secret parts (service.store.secrets)
    openings: tuple[Opening, ...] = ()
    """Its texts (service.store.texts), stored with it in the same transaction. In a
    player's stream they are that player's, whoever wrote them."""
    plain: str | None = None
    """Its body before its texts were committed (with fresh salts each time): what a retry's
    fingerprint compares."""


class AppendResult(msgspec.Struct, frozen=True):
    stream_id: str
    first_version: int
    last_version: int
    first_position: int
    last_position: int
    replayed: bool = False  # True when an idempotent retry answered the first append


class RecordedEvent(msgspec.Struct, frozen=True):
    position: int
    stream_id: str
    version: int
    type: str
    data: str
    metadata: str
    recorded_at: datetime
    hash: str
    secret: str | None = None
    """Its salted secret parts (service.store.secrets), never hashed; None: none."""
    texts: str | None = None
    """Its texts' openings (`text_openings` in SQL): {"salts": {"<path>": salt or null once
    erased}, "earlier": a player's name a later rename replaced}; None: no text."""


def fingerprint_of(stream_id: str, expected: int | None, events: Sequence[NewEvent]) -> bytes:
    digest = hashlib.sha256(f"{stream_id}\n{expected}\n".encode())
    for event in events:
        digest.update(f"{event.type}\n{event.plain or event.data}\n".encode())
    return digest.digest()

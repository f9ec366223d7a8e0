"""Events as a reader may see them: a secret (a hand, the dorme, a covered card) null while
hidden from the reader, with its salt once shown, and the hash chain's link withheld where
it would let anyone test a guess of a hidden hand."""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import Annotated, Any

import msgspec
from msgspec import Meta

from domain import SECRET_TYPES
from service.reads.history.sight import Sight, sight
from service.store.event_store import RecordedEvent
from service.store.matches import Matches
from service.store.secrets import open_for

_OBJECT = msgspec.json.Decoder(dict[str, Any])
_HIDDEN_METADATA = ("idempotency_key",)


class EventOut(msgspec.Struct, frozen=True, kw_only=True):
    stream: Annotated[str, Meta(description="The stream: match-<id>, player-<id>, ...")]
    version: Annotated[int, Meta(description="Its number in the stream, from 1.")]
    position: Annotated[int, Meta(description="Its number in the global order, from 1.")]
    type: Annotated[str, Meta(description="The event type, e.g. tile_played.")]
    data: Annotated[
        dict[str, Any],
        Meta(
            description="The event's body. A secret (a hand, the dorme, a covered card) is "
            "null while hidden from the reader; its commitment is in `data.commitments`."
        ),
    ]
    salts: Annotated[
        dict[str, str] | None,
        Meta(
            description="The salt of each secret shown (by its path in `data`, e.g. "
            '"hands.2"): sha256(salt || canonical JSON of the value) is its commitment.'
        ),
    ] = None
    text_salts: Annotated[
        dict[str, str | None] | None,
        Meta(
            description="The salt of each name or free text (by its field, committed in "
            "`data.texts`): sha256(salt || canonical JSON of the text) is its commitment. "
            "null: its owner's data was erased (the text shows as a pseudonym or empty). A "
            "player's earlier name (renamed since) is null in `data` and has no salt here."
        ),
    ] = None
    metadata: Annotated[dict[str, Any], Meta(description="Who sent it and when (client).")]
    recorded_at: Annotated[datetime, Meta(description="When the service stored it.")]
    hash: Annotated[
        str | None,
        Meta(
            description="Hex SHA-256 link of the stream's hash chain; null only while a hand "
            "dealt before secrets were kept apart (an older game) is in progress."
        ),
    ]


def event_out(stored: RecordedEvent, seen: Sight | None = None) -> EventOut:
    data: dict[str, Any]
    salts: dict[str, str] = {}
    hash_: str | None = stored.hash
    if stored.type in SECRET_TYPES:
        opened = open_for(stored.data, stored.secret, seen.shows if seen else _everything)
        data, salts = opened.data, opened.salts
    else:
        data = _OBJECT.decode(stored.data)
    if seen is not None and not seen.sealed and len(seen.seats) < seen.table:
        # A deal stored before secrets were kept apart: its hash, and every link after it
        # (each covers the one before), would let anyone test a guess of a hidden hand.
        hash_ = None
    text_salts = _text_salts(stored, data)
    metadata = {
        k: v for k, v in _OBJECT.decode(stored.metadata).items() if k not in _HIDDEN_METADATA
    }
    return EventOut(
        stream=stored.stream_id,
        version=stored.version,
        position=stored.position,
        type=stored.type,
        data=data,
        salts=salts or None,
        text_salts=text_salts,
        metadata=metadata,
        recorded_at=stored.recorded_at,
        hash=hash_,
    )


class _Texts(msgspec.Struct, frozen=True):
    salts: dict[str, str | None]
    earlier: bool = False


_TEXTS = msgspec.json.Decoder(_Texts)


def _text_salts(stored: RecordedEvent, data: dict[str, Any]) -> dict[str, str | None] | None:
    """Each text's salt; a player's earlier name hidden (said renamed, not what it was)."""
    if stored.texts is None:
        return None
    texts = _TEXTS.decode(stored.texts)
    salts = dict(texts.salts)
    if texts.earlier and "name" in salts:
        data["name"] = None
        del salts["name"]
    return salts


def _everything(_: str, __: int | None, ___: object) -> bool:
    return True


async def public_events(matches: Matches, stored: list[RecordedEvent]) -> list[EventOut]:
    """Events as anyone may see them: the secrets of a hand in progress hidden. Each game
    with an event of a hand in the page is brought up to date once, all at the same time."""
    games = list({e.stream_id for e in stored if e.stream_id.startswith("match-")})
    latest = await asyncio.gather(*(matches.latest(g.removeprefix("match-")) for g in games))
    records = dict(zip(games, latest, strict=True))
    nobody: frozenset[int] = frozenset()
    return [
        event_out(e, sight(records[e.stream_id], e, nobody) if e.stream_id in records else None)
        for e in stored
    ]

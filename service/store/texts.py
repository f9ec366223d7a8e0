"""Names and free texts kept out of the hashed history (design.md, "A player's data").

A text a person writes or that names them (a player's name, a competition's name and a
torneio's prizes, a game's place, notes and torneio stage, a penalty's note, a dispute's
reason and its settlement's note) is
committed like a secret: the event's public body holds null in its place and
`"texts": {"<field>": sha256hex(salt || canonical JSON of the text)}`;
the text and its salt go to the `openings` table (migration 0015), with its owner. Reads put
each text back from its opening (`open_texts` in SQL); an erasure deletes the openings of its
owner, and reads then show a pseudonym or an empty text, while the hash chain, which never
covered the text, verifies as before.
"""

from __future__ import annotations

import secrets
from typing import Any

import msgspec

from service.store.openings import Opening
from service.store.secrets import commitment

TEXT_FIELDS: dict[str, tuple[str, ...]] = {
    "player_registered": ("name",),
    "player_renamed": ("name",),
    "competition_created": ("name", "prizes"),
    "match_created": ("place", "notes", "stage"),
    "penalty_recorded": ("note",),
    "match_disputed": ("reason",),
    "dispute_settled": ("note",),
}
"""The event types that carry texts, and their fields (as migration 0015 re-anchors them;
a torneio's prizes, a place to its prize, since migration 0024: one text, the whole map;
a game's stage since migration 0025)."""

SERVICE_WRITTEN: dict[tuple[str, str], str] = {("match_created", "stage"): "fixture_id"}
"""A field that is nobody's text when the body holds the key named here: the stage of a
fixture's game is the service's label ("grupo A", "final"), from the torneio's format."""

_BODY = msgspec.json.Decoder(dict[str, Any])
_ENCODE = msgspec.json.Encoder()


def pseudonym(player_id: str) -> str:
    """How an erased player shows: stable, and telling nothing but their public id."""
    return f"Jogador {player_id[:4]}"


def owner_of(body: dict[str, Any], metadata: dict[str, object]) -> str:
    """Who a text belongs to: a game's or competition's creator, else who wrote it. (A
    player's stream gives its texts to its player: see `EventStore`.)"""
    return str(body.get("created_by") or metadata.get("actor") or "admin")


def commit_texts(
    tag: str, data: str, metadata: dict[str, object]
) -> tuple[str, tuple[Opening, ...]]:
    """The public body with its texts committed, and their openings."""
    fields = TEXT_FIELDS.get(tag)
    if not fields:
        return data, ()
    body = _BODY.decode(data)
    texts: dict[str, str] = {}
    openings: list[Opening] = []
    owner = owner_of(body, metadata)
    for field in fields:
        value = body.get(field)
        if not value or not isinstance(value, str | dict):
            continue
        marker = SERVICE_WRITTEN.get((tag, field))
        if marker is not None and body.get(marker) is not None:
            continue
        salt = secrets.token_bytes(16)
        digest = commitment(salt, value)
        body[field] = None
        texts[field] = digest
        openings.append(Opening(digest, field, owner, salt.hex(), _ENCODE.encode(value).decode()))
    if not texts:
        return data, ()
    body["texts"] = texts
    return _ENCODE.encode(body).decode(), tuple(openings)

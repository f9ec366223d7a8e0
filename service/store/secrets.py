"""Secrets kept out of the hashed history (design.md, "Secrets in the history").

An event names its secret parts (`Event.secrets()`: a seat's hand, the dorme, a card played
face down). Sealing it for the store puts, in each part's place in the public body, null,
and adds `"commitments": {"<path>": sha256hex(salt || canonical JSON of the part)}`, with a
fresh 128-bit salt per part; the parts themselves, with their salts, go to the event's
`secret` column, which the hash chain never covers. So the chain verifies for everyone at
every moment, and a public hash tells nothing of a hidden hand: guessing the hand is not
enough to match its commitment without the salt (2^128 candidates).

Canonical JSON: no whitespace, object keys sorted, UTF-8; for a part (a list of tiles or
cards, or one card) Python's `json.dumps(value, separators=(",", ":"), sort_keys=True,
ensure_ascii=False)` writes the same bytes.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from typing import Any

import msgspec

from domain import DECODER, Event, MatchEvent
from service.store.event_store import NewEvent

SALT_BYTES = 16
PUBLIC = msgspec.json.Encoder()
CANONICAL = msgspec.json.Encoder(order="sorted")
_BODY = msgspec.json.Decoder(dict[str, Any])


class Part(msgspec.Struct, frozen=True):
    """One secret part as stored in the `secret` column."""

    salt: str
    value: Any
    seat: int | None = None


_PARTS = msgspec.json.Decoder(dict[str, Part])


def commitment(salt: bytes, value: object) -> str:
    return hashlib.sha256(salt + CANONICAL.encode(value)).hexdigest()


def sealed(event: Event, metadata: dict[str, object]) -> NewEvent:
    """The event as the store keeps it: its public body, and its secrets apart."""
    tag = str(type(event).__struct_config__.tag)
    meta = PUBLIC.encode(metadata).decode()
    parts = event.secrets()
    if not parts:
        return NewEvent(tag, PUBLIC.encode(event).decode(), meta)
    body = _BODY.decode(PUBLIC.encode(event))
    commitments: dict[str, str] = {}
    kept: dict[str, Part] = {}
    for part in parts:
        salt = secrets.token_bytes(SALT_BYTES)
        put(body, part.path, None)
        commitments[part.path] = commitment(salt, part.value)
        kept[part.path] = Part(salt.hex(), part.value, part.seat)
    body["commitments"] = commitments
    return NewEvent(tag, PUBLIC.encode(body).decode(), meta, PUBLIC.encode(kept).decode())


def opened(data: str, secret: str | None) -> MatchEvent:
    """The whole event, its secrets back in place, for the domain to fold."""
    if secret is None:
        return DECODER.decode(data)
    body = _BODY.decode(data)
    for path, part in _PARTS.decode(secret).items():
        put(body, path, part.value)
    del body["commitments"]
    return DECODER.decode(PUBLIC.encode(body))


Shows = Callable[[str, int | None, object], bool]
"""Whether a reader sees the part at this path that belongs to this seat (None: no seat's,
a stock), of this value (a showdown may show some of a seat's cards, not all)."""


class Opened(msgspec.Struct, frozen=True):
    """An event's body as one reader may see it."""

    data: dict[str, Any]
    salts: dict[str, str]
    """The salt of each part shown, to check it against its commitment."""
    hidden: bool
    """Some part stays hidden from this reader."""
    legacy: bool
    """Stored before secrets were kept apart: its hash covers them (withhold it if hidden)."""


def open_for(data: str, secret: str | None, shows: Shows) -> Opened:
    """The public body of an event of a type that may hold secrets (`SECRET_TYPES`), with
    each part this reader may see put back, and its salt."""
    body = _BODY.decode(data)
    if secret is not None:
        salts: dict[str, str] = {}
        hidden = False
        for path, part in _PARTS.decode(secret).items():
            if shows(path, part.seat, part.value):
                put(body, path, part.value)
                salts[path] = part.salt
            else:
                hidden = True
        return Opened(body, salts, hidden, legacy=False)
    inline = DECODER.decode(data).secrets()  # stored before secrets were kept apart
    hidden = False
    for secret_part in inline:
        if not shows(secret_part.path, secret_part.seat, secret_part.value):
            put(body, secret_part.path, None)
            hidden = True
    return Opened(body, {}, hidden, legacy=bool(inline))


def put(body: dict[str, Any], path: str, value: object) -> None:
    """Set the value at a dotted path: "card", "hands.2" (a list's index), "dorme"."""
    *steps, last = path.split(".")
    node: Any = body
    for step in steps:
        node = node[int(step)] if isinstance(node, list) else node[step]
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value


class Checked(msgspec.Struct, frozen=True):
    """Secrets of a history checked against their commitments."""

    matched: int = 0
    """Shown, and matching the commitment published when they were recorded."""
    hidden: int = 0
    """Still hidden from the reader: nothing to check yet."""
    wrong: tuple[str, ...] = ()
    """Where a shown secret does not match its commitment (event version: path)."""


def check_shown(events: list[tuple[int, dict[str, Any], dict[str, str]]]) -> Checked:
    """(version, body as shown, salts shown) of each event: every shown secret checked."""
    matched, hidden, wrong = 0, 0, []
    for version, body, salts in events:
        for path, published in body.get("commitments", {}).items():
            if path not in salts:
                hidden += 1
            elif commitment(bytes.fromhex(salts[path]), at(body, path)) == published:
                matched += 1
            else:
                wrong.append(f"{version}: {path}")
    return Checked(matched, hidden, tuple(wrong))


def at(body: Any, path: str) -> Any:
    for step in path.split("."):
        body = body[int(step)] if isinstance(body, list) else body[step]
    return body

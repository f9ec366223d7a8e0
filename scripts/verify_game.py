#!/usr/bin/env python3
"""Check a game's history yourself, with nothing but Python's standard library.

    python3 verify_game.py http://127.0.0.1:8000 <match id> [token]

Reads the game's events from the public API and checks two things:

1. The hash chain: hash(v) = sha256(hash(v-1) || utf8(stream "\\n" v "\\n" type "\\n" data)),
   hash(0) empty, where `data` is the event's public body (each secret replaced by null)
   written as PostgreSQL writes jsonb: keys shorter first, then bytewise; ", " and ": ".
2. Every secret shown (a hand, the dorme, a covered card, once its hand has ended, or to
   its own seat before): sha256(salt || canonical JSON of the value) is the commitment the
   event published when it was recorded, before anyone saw a card. Canonical JSON: no
   whitespace, keys sorted, UTF-8.

3. Every name and free text shown (place, notes, a penalty's note) against the commitment
   in `data.texts`, with its salt from `text_salts`; one whose owner's data was erased
   (salt null) is listed: the chain covers its commitment, nothing else is kept of it.

So a deal made by the server is provably fair: its commitments were public from the hand's
first event, and the cards revealed at its end are the ones committed to.
"""

from __future__ import annotations

import hashlib
import json
import sys
import urllib.request
from typing import Any

Json = dict[str, Any]


def jsonb_text(value: Any) -> str:
    """`value` as PostgreSQL's jsonb prints it (`data::text`)."""
    if isinstance(value, dict):
        keys = sorted(value, key=lambda k: (len(k.encode()), k.encode()))
        return "{" + ", ".join(f"{_string(k)}: {jsonb_text(value[k])}" for k in keys) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(jsonb_text(v) for v in value) + "]"
    if isinstance(value, str):
        return _string(value)
    return json.dumps(value)  # null, true, false, numbers


def _string(text: str) -> str:
    escapes = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r"}
    escapes["\t"] = "\\t"
    out = (escapes.get(c) or (f"\\u{ord(c):04x}" if ord(c) < 32 else c) for c in text)
    return '"' + "".join(out) + '"'


def canonical(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":"), sort_keys=True, ensure_ascii=False).encode()


def commitment(salt_hex: str, value: Any) -> str:
    return hashlib.sha256(bytes.fromhex(salt_hex) + canonical(value)).hexdigest()


def _at(body: Any, path: str) -> Any:
    for step in path.split("."):
        body = body[int(step)] if isinstance(body, list) else body[step]
    return body


def _with_null_at(body: Any, path: str) -> Any:
    *steps, last = path.split(".")
    node = body
    for step in steps:
        node = node[int(step)] if isinstance(node, list) else node[step]
    node[int(last) if isinstance(node, list) else last] = None
    return body


def public_body(event: Json) -> Json:
    """The body the hash covers: each secret, name and free text back to null, whatever this
    reader was shown."""
    body: Json = json.loads(json.dumps(event["data"]))
    for path in [*body.get("commitments", {}), *body.get("texts", {})]:
        _with_null_at(body, path)
    return body


def check_chain(events: list[Json]) -> int | None:
    """The first version whose link does not hold (None: the chain holds). An event whose
    hash is withheld (null) ends what can be checked."""
    previous = b""
    for event in events:
        if event["hash"] is None:
            return None
        text = jsonb_text(public_body(event))
        link = f"{event['stream']}\n{event['version']}\n{event['type']}\n{text}"
        computed = hashlib.sha256(previous + link.encode()).digest()
        if computed.hex() != event["hash"]:
            return int(event["version"])
        previous = computed
    return None


def check_secrets(events: list[Json]) -> tuple[int, int, list[str]]:
    """(secrets shown and matching their commitment, secrets still hidden, mismatches)."""
    matched, hidden, wrong = 0, 0, []
    for event in events:
        commitments = event["data"].get("commitments", {})
        salts = event.get("salts") or {}
        for path, published in commitments.items():
            if path not in salts:
                hidden += 1
            elif commitment(salts[path], _at(event["data"], path)) == published:
                matched += 1
            else:
                wrong.append(f"version {event['version']}: {path}")
    return matched, hidden, wrong


def check_texts(events: list[Json]) -> tuple[int, list[str], list[str]]:
    """(names and free texts shown and matching their commitment, those erased with their
    owner's data, mismatches)."""
    matched, erased, wrong = 0, [], []
    for event in events:
        salts = event.get("text_salts") or {}
        for path, published in event["data"].get("texts", {}).items():
            where = f"version {event['version']}: {path}"
            if path not in salts:
                continue  # a player's earlier name: hidden
            if salts[path] is None:
                erased.append(where)
            elif commitment(salts[path], event["data"][path]) == published:
                matched += 1
            else:
                wrong.append(where)
    return matched, erased, wrong


def fetch_events(base: str, match_id: str, token: str | None = None) -> list[Json]:
    events: list[Json] = []
    after: int | None = 0
    while after is not None:
        url = f"{base.rstrip('/')}/v1/matches/{match_id}/events?limit=1000&after={after}"
        request = urllib.request.Request(url)
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        with urllib.request.urlopen(request) as answer:
            page = json.load(answer)
        events += page["events"]
        after = page["next_after"]
    return events


def main(argv: list[str]) -> int:
    if len(argv) not in (3, 4):
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    events = fetch_events(argv[1], argv[2], argv[3] if len(argv) == 4 else None)
    broken = check_chain(events)
    matched, hidden, wrong = check_secrets(events)
    print(
        f"{len(events)} events; hash chain: {'holds' if broken is None else f'BROKEN at {broken}'}"
    )
    print(f"secrets: {matched} revealed and matching their commitments, {hidden} still hidden")
    texts, erased, wrong_texts = check_texts(events)
    print(f"texts: {texts} shown and matching their commitments, {len(erased)} erased")
    for mismatch in wrong + wrong_texts:
        print(f"  DOES NOT MATCH its commitment: {mismatch}")
    for gone in erased:
        print(f"  erased with its owner's data (the chain still covers it): {gone}")
    return 0 if broken is None and not wrong and not wrong_texts else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))

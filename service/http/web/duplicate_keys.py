"""JSON objects that carry a key twice are refused: `{"seat": 0, "seat": 3}` says two
things, and the record must not pick one (msgspec, like most parsers, keeps the last).

msgspec cannot report a repeated key, and a parser that can (Python's `json` with
`object_pairs_hook`) costs a dozen times a move's decoding. So the check counts instead:
every member of an object is written with one `:` outside strings, so a body's colons are
its members plus the colons inside its strings. The same body decoded (where a repeated
key leaves one member, and its other value is gone with it) must account for every colon;
if it does not, or a colon may hide as the escape `\\u003a`, the slow parser finds the key.
A move's body costs about a microsecond more (docs/reliability.md).
"""

from __future__ import annotations

import json
from typing import Any

import msgspec

_decode = msgspec.json.Decoder().decode
_encode = msgspec.json.Encoder().encode


def duplicate_key(body: bytes) -> str | None:
    """The first key found twice in one object of `body`, else None. `body` is JSON:
    msgspec.DecodeError (or RecursionError) when it is not."""
    colons = body.count(b":")
    if colons < 2:  # one member at most: nothing to repeat
        return None
    # Encoded again, compactly, the decoded body shows each member's colon once and the
    # colons of its strings as they are (msgspec escapes no colon).
    accounted_for = _encode(_decode(body)).count(b":")
    if colons == accounted_for and b"\\u003" not in body:
        return None
    return _first_repeated(body)


class _Repeated(Exception):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _refuse_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Repeated(key)
            seen.add(key)
    return found


def _first_repeated(body: bytes) -> str | None:
    try:
        json.loads(body, object_pairs_hook=_refuse_repeats)
    except _Repeated as repeated:
        return repeated.key
    except ValueError as error:  # JSON to msgspec, not to Python's parser: say so alike
        raise msgspec.DecodeError(str(error)) from error
    return None

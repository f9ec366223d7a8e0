"""The per-stream hash chain, recomputed independently of the database trigger.

hash(v) = sha256(hash(v-1) || utf8(stream_id "\\n" v "\\n" type "\\n" data)), hash(0) = b"",
where `data` is the event's body in PostgreSQL's canonical jsonb text form. Anyone holding
a stream's events can recompute it.
"""

from collections.abc import Iterable
from hashlib import sha256


def link(previous: bytes, stream_id: str, version: int, event_type: str, data: str) -> bytes:
    return sha256(previous + f"{stream_id}\n{version}\n{event_type}\n{data}".encode()).digest()


def first_broken_link(stream_id: str, rows: Iterable[tuple[int, str, str, bytes]]) -> int | None:
    """Rows are (version, type, data, stored hash) in version order; the first bad version."""
    previous = b""
    expected_version = 1
    for version, event_type, data, stored in rows:
        if version != expected_version:
            return expected_version
        computed = link(previous, stream_id, version, event_type, data)
        if computed != stored:
            return version
        previous = stored
        expected_version += 1
    return None

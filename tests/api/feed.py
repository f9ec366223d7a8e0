"""The live feed (`/v1/events/stream`, Server-Sent Events) driven through the app's own
ASGI interface: the stream never ends, so a test reads what it needs and stops it."""

from __future__ import annotations

from typing import Any


def feed_scope(query: bytes = b"", headers: tuple[tuple[bytes, bytes], ...] = ()) -> dict[str, Any]:
    """An ASGI request for the feed, with these query string and headers beside its host."""
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": "/v1/events/stream",
        "raw_path": b"/v1/events/stream",
        "query_string": query,
        "root_path": "",
        "client": ("127.0.0.1", 50000),
        "server": ("testserver.local", 80),
        "headers": [(b"host", b"testserver.local"), *headers],
    }

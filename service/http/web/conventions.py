"""What browser and mobile clients expect of an API (GitHub's and Lichess's conventions), as
one ASGI middleware around every route:

- **CORS.** Reads are public, so any origin may read (`Access-Control-Allow-Origin: *`).
  Writes from a browser on another origin are let through only for the origins listed in
  `DOMINO_CORS_ORIGINS` (`*` for any); a preflight for a write from any other origin gets
  no CORS headers, and the browser stops the write. Tokens travel in `Authorization`, never
  in cookies, so credentials are never allowed.
- **Conditional reads.** Every 200 answer to a GET carries a strong `ETag` (a game's own
  version, or a hash of the body before compression), `Cache-Control: no-cache` (revalidate
  every time) and `Vary`; a GET whose `If-None-Match` matches (weak comparison, `*`, lists)
  answers 304 with no body: a board polling a ranking every few seconds costs one hash, and
  nothing on the wire, while nothing changed.
- **Compression.** Answers of 1 KiB or more are gzipped for clients that accept it. A strong
  tag names one sequence of bytes, so the gzipped answer's tag is the plain one's with
  `-gzip` (`"abc"`, `"abc-gzip"`: RFC 9110's own example, 8.8.3.3, as Apache does).

Streams (the live feed, the NDJSON export) pass through untouched: their bodies come in
several parts, and each part must reach the client as it is sent.
"""

from __future__ import annotations

import gzip
import hashlib
from collections.abc import Iterable

from litestar.enums import ScopeType
from litestar.types import ASGIApp, HTTPResponseStartEvent, Message, Receive, Scope, Send

MIN_COMPRESSED = 1024
GZIP_LEVEL = 6
GZIP_TAG_SUFFIX = "-gzip"
READ_METHODS = frozenset({"GET", "HEAD"})
WRITE_METHODS = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS"
STREAMED_TYPES = (b"text/event-stream", b"application/x-ndjson")
ALLOWED_HEADERS = (
    "Authorization, Content-Type, Idempotency-Key, If-Match, If-None-Match, "
    "Domino-Read-After, X-Client-Time"
)
EXPOSED_HEADERS = (
    "ETag, Location, Retry-After, Domino-Position, "
    "RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset"
)
PREFLIGHT_MAX_AGE = "600"

Headers = list[tuple[bytes, bytes]]
MIDDLEWARE_APPLIED = "domino.middleware_applied"
"""Set on a request that the lean path for writes (lean_writes.py) hands on to Litestar:
its middlewares already ran around it, and must not run twice (each limit counted once)."""


class WebConventions:
    def __init__(self, app: ASGIApp, write_origins: Iterable[str] = ()) -> None:
        self.app = app
        self.write_origins = frozenset(write_origins)

    def writes_allowed_from(self, origin: str) -> bool:
        return "*" in self.write_origins or origin in self.write_origins

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.HTTP or scope.get(MIDDLEWARE_APPLIED):
            await self.app(scope, receive, send)
            return
        request = dict(scope["headers"])
        method = scope["method"]
        origin = request.get(b"origin", b"").decode("latin-1")
        if method == "OPTIONS" and origin and b"access-control-request-method" in request:
            await self._preflight(send, origin, request[b"access-control-request-method"])
            return
        cors = self._cors_headers(origin, method)
        if method in READ_METHODS:
            await self.app(scope, receive, _ConditionalRead(send, request, cors).send)
        else:
            await self.app(scope, receive, _with_headers(send, cors))

    def _cors_headers(self, origin: str, method: str) -> Headers:
        if not origin:
            return []
        exposed = [(b"access-control-expose-headers", EXPOSED_HEADERS.encode())]
        if method in READ_METHODS and not self.writes_allowed_from(origin):
            return [(b"access-control-allow-origin", b"*"), *exposed]
        if self.writes_allowed_from(origin):
            return [
                (b"access-control-allow-origin", origin.encode()),
                (b"vary", b"Origin"),
                *exposed,
            ]
        return []  # a write from an origin not listed: the browser refuses the answer

    async def _preflight(self, send: Send, origin: str, asked: bytes) -> None:
        headers: Headers = [(b"vary", b"Origin")]
        if asked.decode("latin-1").upper() in READ_METHODS:
            headers += [
                (b"access-control-allow-origin", b"*"),
                (b"access-control-allow-methods", b"GET, HEAD, OPTIONS"),
            ]
        elif self.writes_allowed_from(origin):
            headers += [
                (b"access-control-allow-origin", origin.encode()),
                (b"access-control-allow-methods", WRITE_METHODS.encode()),
            ]
        if len(headers) > 1:
            headers += [
                (b"access-control-allow-headers", ALLOWED_HEADERS.encode()),
                (b"access-control-max-age", PREFLIGHT_MAX_AGE.encode()),
            ]
        await send({"type": "http.response.start", "status": 204, "headers": headers})
        await send({"type": "http.response.body", "body": b"", "more_body": False})


def _with_headers(send: Send, extra: Headers) -> Send:
    if not extra:
        return send

    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            message = {**message, "headers": [*message.get("headers", ()), *extra]}
        await send(message)

    return sending


class _ConditionalRead:
    """Holds a read's answer until its body is whole, then answers it (tagged, maybe
    gzipped) or 304; a stream (an event stream or NDJSON, or any body that comes in parts)
    passes as it comes."""

    def __init__(self, send: Send, request: dict[bytes, bytes], cors: Headers) -> None:
        self._send = send
        self._request = request
        self._cors = cors
        self._start: HTTPResponseStartEvent | None = None
        self._streaming = False

    async def send(self, message: Message) -> None:
        if self._streaming:
            await self._send(message)
        elif message["type"] == "http.response.start":
            if _content_type(message).startswith(STREAMED_TYPES):  # headers go at once
                self._streaming = True
                await self._send(_add(message, self._cors))
            else:
                self._start = message
        elif message["type"] == "http.response.body":
            assert self._start is not None
            if message.get("more_body", False):
                self._streaming = True
                await self._send(_add(self._start, self._cors))
                await self._send(message)
            else:
                await self._answer(self._start, message.get("body", b""))
        else:
            await self._send(message)

    async def _answer(self, start: HTTPResponseStartEvent, body: bytes) -> None:
        headers: Headers = [(bytes(n), bytes(v)) for n, v in start.get("headers", ())]
        names = {name.lower() for name, _ in headers}
        if start["status"] != 200 or b"content-encoding" in names:
            await self._send(_add(start, self._cors))
            await self._send({"type": "http.response.body", "body": body, "more_body": False})
            return
        gzipped = len(body) >= MIN_COMPRESSED and _accepts_gzip(
            self._request.get(b"accept-encoding")
        )
        tag = next((v for n, v in headers if n.lower() == b"etag"), None)
        if tag is None:
            tag = b'"' + hashlib.blake2b(body, digest_size=12).hexdigest().encode() + b'"'
        if gzipped and tag.endswith(b'"'):
            tag = tag[:-1] + GZIP_TAG_SUFFIX.encode() + b'"'
        headers = [(n, v) for n, v in headers if n.lower() != b"etag"]
        headers += [
            (b"etag", tag),
            (b"cache-control", b"no-cache"),
            (b"vary", b"Accept-Encoding, Authorization, Origin"),
            *self._cors,
        ]
        if _matches(self._request.get(b"if-none-match"), tag):
            kept = [(n, v) for n, v in headers if n.lower() != b"content-length"]
            await self._send(_start(304, kept))
            await self._send({"type": "http.response.body", "body": b"", "more_body": False})
            return
        if gzipped:
            body = gzip.compress(body, compresslevel=GZIP_LEVEL, mtime=0)
            headers = [(n, v) for n, v in headers if n.lower() != b"content-length"]
            headers += [
                (b"content-encoding", b"gzip"),
                (b"content-length", str(len(body)).encode()),
            ]
        await self._send(_start(start["status"], headers))
        await self._send({"type": "http.response.body", "body": body, "more_body": False})


def _start(status: int, headers: Headers) -> HTTPResponseStartEvent:
    return {"type": "http.response.start", "status": status, "headers": headers}


def _add(start: HTTPResponseStartEvent, extra: Headers) -> HTTPResponseStartEvent:
    if not extra:
        return start
    return _start(start["status"], [*start.get("headers", ()), *extra])


def _content_type(start: HTTPResponseStartEvent) -> bytes:
    headers = start.get("headers", ())
    return next((bytes(v).lower() for n, v in headers if bytes(n).lower() == b"content-type"), b"")


def _matches(if_none_match: bytes | None, tag: bytes) -> bool:
    """RFC 9110's weak comparison: `W/"x"` and `"x"` match; `*` matches any."""
    if not if_none_match:
        return False
    if if_none_match.strip() == b"*":
        return True
    ours = tag.removeprefix(b"W/")
    return any(t.strip().removeprefix(b"W/") == ours for t in if_none_match.split(b","))


def _accepts_gzip(accept_encoding: bytes | None) -> bool:
    for part in (accept_encoding or b"").lower().split(b","):
        coding, _, params = part.strip().partition(b";")
        if coding.strip() in (b"gzip", b"*"):
            return params.replace(b" ", b"") not in (b"q=0", b"q=0.0", b"q=0.00", b"q=0.000")
    return False

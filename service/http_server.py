"""The HTTP server's guard against slow clients: uvicorn's own protocol, with deadlines.

uvicorn closes a keep-alive connection that stays idle after an answer, but has no
deadline for a request on its way in: a client that connects and sends nothing, or half
its headers, or headers and half the body it announced, holds its connection (and a task
waiting on the body) for good; 300 of them stayed open in issue 18's probe. Here:

- a request's headers must arrive whole within `header_timeout` of the connection being
  opened (or of the previous answer on it): a fixed deadline, so trickling bytes does not
  extend it;
- its body must keep coming: at most `body_timeout` between two of its parts, and, past
  the first `body_timeout`, at 8 KiB/s on average (so that a byte every few seconds does not
  hold a connection for days); while the app is not reading it (as when it has not asked
  for it yet), the clock waits;
- a request's line and headers may take 64 KiB at most, else 400 as any malformed
  request (httptools, which uvicorn runs, had no limit: 2 MB of headers were read whole).

One more difference: a response's head (status line and headers) leaves with its first body
part, in one send (`_HeadWithBody`): uvicorn writes them apart, two system calls and two
TCP segments for every answer, which on loopback cost as much CPU as the rest of writing
a move's answer (issue 34's profile).

On shutdown (SIGTERM, Ctrl-C) uvicorn waits for every open response, up to its graceful
timeout; a live feed never ends by itself, so each one held a stopping service for the
whole timeout and was then cut mid-chunk. Each request's scope carries the server's
`SERVER_CLOSING` event (an ASGI extension), set when the shutdown begins: the feed ends
its response there, cleanly, and the client resumes elsewhere with `Last-Event-ID`.

A connection past a deadline is closed, nothing answered (a client that sends nothing in
time gets nothing), and the app, if it was waiting on the body, sees the client leave. The
cap on open connections is uvicorn's `limit_concurrency`: past it, a request is answered
503 (plain text). Both are settings (README); service/cli.py runs uvicorn with them.
"""

from __future__ import annotations

import asyncio
import weakref
from dataclasses import dataclass
from typing import Any

import uvicorn
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

MAX_HEADER_BYTES = 64 * 1024
MIN_BODY_RATE = 8 * 1024  # bytes a second, on average, past the first body_timeout
SERVER_CLOSING = "domino.server_closing"
"""The scope's extension: `{"event": asyncio.Event}`, set when the server begins to shut down."""


@dataclass(frozen=True)
class ClientDeadlines:
    header_timeout: float = 10.0
    body_timeout: float = 10.0


class ServerConfig(uvicorn.Config):
    """uvicorn's configuration, carrying the deadlines to each connection's protocol (and,
    pickled, to each worker process)."""

    def __init__(self, app: Any, *, deadlines: ClientDeadlines, **options: Any) -> None:
        super().__init__(app, **options)
        self.deadlines = deadlines


_HEADERS, _BODY = "headers", "body"


class _HeadersTooLarge(Exception):
    """Raised in httptools' callback: uvicorn answers it as any malformed request (400)."""


class GuardedProtocol(HttpToolsProtocol):
    """httptools' protocol, as uvicorn chooses it (uvicorn[standard] installs httptools),
    with the deadline of the part of a request the connection waits for."""

    def __init__(self, config: uvicorn.Config, *args: Any, **kwargs: Any) -> None:
        super().__init__(config, *args, **kwargs)
        self._deadlines = (
            config.deadlines if isinstance(config, ServerConfig) else ClientDeadlines()
        )
        self._timer: asyncio.TimerHandle | None = None
        self._waiting_for: str | None = None
        self._header_bytes = 0
        self._body_since = 0.0  # when its headers were in
        self._body_bytes = 0  # received since (about: the headers' last packet is not)
        self._server_closing = _closing(self.server_state)

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._follow()

    def data_received(self, data: bytes) -> None:
        receiving_body = self._waiting_for == _BODY
        super().data_received(data)
        if receiving_body:
            self._body_bytes += len(data)
        self._follow()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._follow()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel()
        super().connection_lost(exc)

    def on_headers_complete(self) -> None:
        super().on_headers_complete()
        cycle = self.cycle
        if cycle is not None and cycle.transport is self.transport:
            cycle.transport = _HeadWithBody(self.transport, cycle)  # type: ignore[assignment]

    def on_message_begin(self) -> None:
        self._header_bytes = 0
        super().on_message_begin()
        self.scope["extensions"] = {SERVER_CLOSING: {"event": self._server_closing}}

    def shutdown(self) -> None:
        self._server_closing.set()
        super().shutdown()

    def on_url(self, url: bytes) -> None:
        self._count(len(url))
        super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        self._count(len(name) + len(value))
        super().on_header(name, value)

    def _count(self, size: int) -> None:
        self._header_bytes += size
        if self._header_bytes > MAX_HEADER_BYTES:
            raise _HeadersTooLarge(f"a request line and headers over {MAX_HEADER_BYTES} bytes")

    def _follow(self) -> None:
        """What the connection waits for now, and its deadline."""
        if self.transport.is_closing():
            self._cancel()
            return
        cycle = self.cycle
        if cycle is None or cycle.response_complete:  # the next request's headers
            if self._waiting_for != _HEADERS:  # a fixed deadline: trickling does not move it
                self._waiting_for = _HEADERS
                self._arm(self._deadlines.header_timeout)
        elif cycle.more_body and not cycle.disconnected:  # the body: each part moves it
            now = self.loop.time()
            if self._waiting_for != _BODY:
                self._waiting_for = _BODY
                self._body_since, self._body_bytes = now, 0
            timeout = self._deadlines.body_timeout
            earned = self._body_since + timeout + self._body_bytes / MIN_BODY_RATE - now
            self._arm(min(timeout, earned))
        else:  # the whole request is in: the app's time is its own
            self._waiting_for = None
            self._cancel()

    def _arm(self, seconds: float) -> None:
        self._cancel()
        self._timer = self.loop.call_later(max(0.0, seconds), self._expired)

    def _cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _expired(self) -> None:
        self._timer = None
        if self.transport.is_closing():
            return
        if self._waiting_for == _BODY and (
            self.flow.read_paused or self.cycle.waiting_for_100_continue
        ):  # the app is not reading the body yet: not the client's delay, nor its rate
            self._body_since, self._body_bytes = self.loop.time(), 0
            self._arm(self._deadlines.body_timeout)
            return
        self.transport.close()


def _closing(server_state: Any) -> asyncio.Event:
    """The server's one closing event, kept on the state its connections share."""
    event: asyncio.Event | None = getattr(server_state, "domino_closing", None)
    if event is None:
        event = server_state.domino_closing = asyncio.Event()
    return event


class _HeadWithBody:
    """The connection's transport as one response's cycle writes to it: the head of the
    response (its first write once the response started) is held until the next write,
    the body's first part, and both are sent at once. A head whose body does not follow
    at once (a stream that waits) leaves at the event loop's next turn, and before a
    close. Everything else is the transport's own.

    It knows its cycle by a weak reference: the cycle holds it as its transport, and a strong
    one each way made every request's cycle (its scope, headers, body and answer) garbage
    only the collector could free, a young collection of about 3 ms every few hundred
    requests."""

    def __init__(self, transport: asyncio.Transport, cycle: Any) -> None:
        self._transport = transport
        self._cycle = weakref.ref(cycle)
        self._head: bytes | None = None
        self._head_seen = False

    def write(self, data: bytes) -> None:
        cycle = self._cycle()
        if not self._head_seen and cycle is not None and cycle.response_started:
            self._head_seen = True
            self._head = data
            asyncio.get_running_loop().call_soon(self._flush)
            return
        if self._head is not None:
            data, self._head = self._head + data, None
        self._transport.write(data)

    def _flush(self) -> None:
        if self._head is not None:
            head, self._head = self._head, None
            if not self._transport.is_closing():
                self._transport.write(head)

    def close(self) -> None:
        self._flush()
        self._transport.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)

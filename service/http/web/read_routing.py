"""Read-your-writes across a replica, in the HTTP layer.

Every answer to a write carries `Domino-Position`: the global position its events reached.
A read that sends it back as `Domino-Read-After` is served by the replica only once the
replica has replayed that position (service/store/reads.py waits a bounded moment), else by
the primary. A read the replica fails under (it went down mid-query, or cancelled the
query for a conflict with recovery) is run again on the primary before anything is sent, so
a replica's fall costs a reader nothing but time.
"""

from __future__ import annotations

from typing import Any

from litestar.enums import ScopeType
from litestar.types import ASGIApp, Message, Receive, Scope, Send

from service.http.problems import send_problem
from service.http.web.conventions import MIDDLEWARE_APPLIED
from service.store.reads import Reads
from service.store.trace import TRACE, RequestTrace

POSITION_HEADER = "domino-position"
READ_AFTER_HEADER = "domino-read-after"
MAX_POSITION = 2**62


class ReadRouting:
    """ASGI middleware: traces each request for the stores (see service/store/trace.py)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.HTTP or scope.get(MIDDLEWARE_APPLIED):
            await self.app(scope, receive, send)
            return
        trace = RequestTrace()
        try:
            trace.read_after = _read_after(scope)
        except ValueError as error:
            await send_problem(send, 400, "invalid-read-after", str(error))
            return
        TRACE.set(trace)
        if scope["method"] not in ("GET", "HEAD"):
            await self.app(scope, receive, _answering_position(send, trace))
            return
        failed_on_replica = await _attempt(self.app, scope, receive, send, trace)
        if failed_on_replica:
            reads: Reads = scope["litestar_app"].state.reads
            reads.replica_failed()
            trace.primary_only = True
            await self.app(scope, _no_body, send)


async def _attempt(
    app: ASGIApp, scope: Scope, receive: Receive, send: Send, trace: RequestTrace
) -> bool:
    """Run a read; True (nothing sent) when the replica failed under it."""
    withheld = False

    async def sending(message: Message) -> None:
        nonlocal withheld
        if message["type"] == "http.response.start":
            # 503: the replica went away under the read; 500: it cancelled the query (a
            # standby cancels reads that conflict with what it replays). The primary has
            # neither trouble.
            withheld = message["status"] in (500, 503) and trace.used_replica
        if not withheld:
            await send(message)

    await app(scope, receive, sending)
    return withheld


def _answering_position(send: Send, trace: RequestTrace) -> Send:
    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start" and trace.position is not None:
            headers = [*message.get("headers", ()), (b"domino-position", b"%d" % trace.position)]
            message = {**message, "headers": headers}
        await send(message)

    return sending


async def _no_body() -> Any:
    return {"type": "http.request", "body": b"", "more_body": False}


def _read_after(scope: Scope) -> int | None:
    for name, value in scope["headers"]:
        if name == READ_AFTER_HEADER.encode():
            text = value.decode("latin-1").strip()
            if not (text.isdigit() and int(text) <= MAX_POSITION):
                raise ValueError(
                    f"Domino-Read-After must be a position (0 to 2^62) that a write answered"
                    f" in Domino-Position, not {text[:40]!r}"
                )
            return int(text)
    return None

"""`GET /v1/events/stream`: the global feed as Server-Sent Events, for other services.

Each event is sent as `id: <position>`, `event: <type>`, `data: <EventOut JSON>`; a client
that reconnects with `Last-Event-ID` (or `?after=`) resumes right after the last one it saw.
The feed ends, its response complete, when the server begins to shut down
(`service/http_server.py`): a stopping service is not held open by its followers.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator
from typing import Annotated

import msgspec
from litestar import Controller, Request, get
from litestar.datastructures import State
from litestar.params import QueryParameter
from litestar.response import ServerSentEvent, ServerSentEventMessage

from service.http_server import SERVER_CLOSING
from service.reads.history.events import public_events
from service.store.event_store import RecordedEvent
from service.store.matches import Matches
from service.store.reads import CONNECTION_LOST, Reads

POLL_SECONDS = 0.25
_ENCODER = msgspec.json.Encoder()


async def _stream(
    reads: Reads,
    matches: Matches,
    after: int,
    closing: asyncio.Event,
) -> AsyncGenerator[ServerSentEventMessage, None]:
    while not closing.is_set():
        stored = await _next_events(reads, after)
        for event in await public_events(matches, stored):
            yield ServerSentEventMessage(
                data=_ENCODER.encode(event).decode(), event=event.type, id=str(event.position)
            )
        if stored:
            after = stored[-1].position
        else:
            yield ServerSentEventMessage(comment="keep-alive")
            await asyncio.sleep(POLL_SECONDS)  # a stop is seen at the next poll


async def _next_events(reads: Reads, after: int) -> list[RecordedEvent]:
    """From the replica while it serves; a replica lost mid-feed hands over to the primary
    at the same position (positions are gap-free on both)."""
    store = await reads.store()
    try:
        return await store.read_all(after, 500)
    except CONNECTION_LOST:
        if store is reads.primary_store:
            raise
        reads.replica_failed()
        return await reads.primary_store.read_all(after, 500)


class LiveFeedController(Controller):
    tags = ["history"]

    @get(
        "/v1/events/stream",
        operation_id="streamEvents",
        summary="The global feed, live (Server-Sent Events)",
        description="Every event after a position as it is appended; resume with Last-Event-ID.",
    )
    async def stream(
        self,
        request: Request[object, object, State],
        state: State,
        after: Annotated[
            int, QueryParameter(ge=0, le=2**62, description="Start after this position.")
        ] = 0,
    ) -> ServerSentEvent:
        last_seen = request.headers.get("last-event-id", "")
        ascii_digits = last_seen.isascii() and last_seen.isdigit()  # "²".isdigit() too
        start = int(last_seen) if ascii_digits and len(last_seen) < 19 else after
        extension = (request.scope.get("extensions") or {}).get(SERVER_CLOSING) or {}
        closing = extension.get("event")
        if not isinstance(closing, asyncio.Event):
            closing = asyncio.Event()  # served by another server (the tests' client): never
        return ServerSentEvent(_stream(state.reads, state.matches, start, closing))

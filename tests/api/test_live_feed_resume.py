"""The live feed resumes from a Last-Event-ID of ASCII digits; any other header value is
no position, never an error."""

from __future__ import annotations

import asyncio
from typing import Any, cast

import httpx
import pytest

from tests.api.feed import feed_scope


async def stream_status(client: httpx.AsyncClient, last_event_id: bytes) -> int:
    """The status `/v1/events/stream` answers with this `Last-Event-ID` (the stream never
    ends: only its start is awaited, through the app's own ASGI interface)."""
    app = cast(Any, client._transport).app
    scope = feed_scope(headers=((b"last-event-id", last_event_id),))
    started: asyncio.Future[int] = asyncio.get_running_loop().create_future()

    async def receive() -> dict[str, Any]:
        await asyncio.Event().wait()
        raise AssertionError("never reached")

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start" and not started.done():
            started.set_result(int(message["status"]))

    task = asyncio.create_task(app(scope, receive, send))
    try:
        return await asyncio.wait_for(started, 10)
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)


@pytest.mark.parametrize("header", [b"\xb2", b"1\xb9", b"12", b"x", b"9" * 30])
async def test_any_last_event_id_opens_the_feed(
    shared_client: httpx.AsyncClient, header: bytes
) -> None:
    """A latin-1 superscript ("²", 0xB2) passed `str.isdigit` and failed `int`: a 500 (a
    review found it, 2026-11-29)."""
    assert await stream_status(shared_client, header) == 200

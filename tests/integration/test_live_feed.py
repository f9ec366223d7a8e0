"""The live feed: every event once, in order, as SSE messages; resumable after any id."""

from __future__ import annotations

import asyncio

from service.http.history.live_feed import _stream
from service.store.event_store import EventStore, NewEvent
from service.store.matches import Matches
from service.store.reads import Reads


async def take(
    store: EventStore, after: int, count: int, closing: asyncio.Event | None = None
) -> list[tuple[int | str, str]]:
    messages = []
    closing = closing or asyncio.Event()
    async for message in _stream(Reads(store.pool), Matches(store), after, closing):
        if message.id is not None:
            messages.append((message.id, str(message.event)))
        if len(messages) == count:
            break
    return messages


async def test_the_stream_sends_every_event_in_order_and_waits_for_new_ones(
    store: EventStore,
) -> None:
    await store.append("player-1", [NewEvent("a", "{}"), NewEvent("b", "{}")], expected_version=0)
    reader = asyncio.create_task(take(store, 0, 3))
    await asyncio.sleep(0.5)
    assert not reader.done()  # it waits for the third event

    await store.append("player-2", [NewEvent("c", "{}")], expected_version=0)

    assert await asyncio.wait_for(reader, 5) == [("1", "a"), ("2", "b"), ("3", "c")]


async def test_a_reconnecting_reader_resumes_after_its_last_event(store: EventStore) -> None:
    await store.append("player-1", [NewEvent(t, "{}") for t in "abcd"], expected_version=0)

    assert await asyncio.wait_for(take(store, 2, 2), 5) == [("3", "c"), ("4", "d")]


async def test_the_stream_ends_when_the_server_begins_to_close(store: EventStore) -> None:
    """Waiting for new events, or sending the ones it has, a stream ends once its server's
    closing event is set (service/http_server.py sets it when the shutdown begins)."""
    await store.append("player-1", [NewEvent("a", "{}")], expected_version=0)
    closing = asyncio.Event()
    reader = asyncio.create_task(take(store, 0, 3, closing))
    await asyncio.sleep(0.5)
    assert not reader.done()  # it waits for more events

    closing.set()

    assert await asyncio.wait_for(reader, 5) == [("1", "a")]  # ended: no third event came

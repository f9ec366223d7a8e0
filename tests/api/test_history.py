"""A game's history (GET /v1/matches/{id}/events, ?at=N) and the global feed (GET /v1/events)."""

from __future__ import annotations

import re

import httpx

from tests.api.conftest import Table
from tests.api.play import Game, Headers, Json, prepared


async def test_a_history_lists_every_event_in_order_with_its_hash(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await prepared(shared_client, shared_table, "0|4")

    events = await game.events()

    assert [e["version"] for e in events] == [1, 2, 3, 4]
    assert [e["type"] for e in events] == [
        "match_created",
        "hand_started",
        "tile_played",
        "tile_played",
    ]
    positions = [e["position"] for e in events]
    assert positions == sorted(set(positions))
    assert all(re.fullmatch(r"[0-9a-f]{64}", e["hash"]) for e in events)
    assert all(e["stream"] == f"match-{game.id}" for e in events)


async def test_history_pages_follow_next_after_to_the_end(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await prepared(shared_client, shared_table, "0|4")
    pages, after = [], 0

    while after is not None:
        page = await shared_client.get(game.url("events"), params={"after": after, "limit": 3})
        pages.append([e["version"] for e in page.json()["events"]])
        after = page.json()["next_after"]

    assert pages == [[1, 2, 3], [4]]


async def test_the_history_at_n_stops_at_event_n_and_answers_the_state_then(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await prepared(shared_client, shared_table, "0|4")

    page = (await shared_client.get(game.url("events"), params={"at": 3})).json()

    assert [e["version"] for e in page["events"]] == [1, 2, 3]
    assert page["next_after"] is None
    assert page["state"]["version"] == 3
    assert page["state"]["hand"]["board"] == ["4-4"]
    assert page["state"] == await game.state(at=3)


async def test_the_state_at_a_version_past_the_end_is_the_game_now(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await prepared(shared_client, shared_table, "opened")

    assert await game.state(at=99) == await game.state()


async def test_a_past_state_in_a_hand_that_has_ended_since_shows_every_hand(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await prepared(shared_client, shared_table, "opened")
    during = await game.state(at=3)
    await game.ok("penalties", {"seat": 0, "kind": "tiles-shown"})

    after = await game.state(at=3)

    assert during["hand"]["hands"] == [None] * 4
    assert all(h is not None for h in after["hand"]["hands"])
    assert after["hand"]["dorme"] is not None


async def test_event_metadata_tells_who_and_the_clients_ids_but_not_the_idempotency_key(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await prepared(shared_client, shared_table, "dealt")
    headers = Headers({"X-Request-Id": "req-42", "X-Client-Time": "2025-05-01T20:00:00-03:00"})
    await game.ok("moves", {"seat": 3, "tile": "4-4"}, **(headers | {"Idempotency-Key": "k1"}))

    metadata = (await game.events())[-1]["metadata"]

    assert metadata["actor"] == shared_table.scorekeeper.id
    assert metadata["request_id"] == "req-42"
    assert metadata["client_time"] == "2025-05-01T20:00:00-03:00"
    assert "idempotency_key" not in metadata


async def feed(client: httpx.AsyncClient, after: int, limit: int) -> Json:
    return dict((await client.get("/v1/events", params={"after": after, "limit": limit})).json())


async def test_the_feed_pages_every_stream_in_global_order(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    start = await end_of_feed(shared_client)
    one: Game = await prepared(shared_client, shared_table, "dealt")
    two: Game = await prepared(shared_client, shared_table, "new")
    await one.ok("moves", {"seat": 3, "tile": "4-4"})

    first = await feed(shared_client, start, 2)
    rest = await feed(shared_client, int(first["next_after"]), 100)

    seen = [(e["stream"], e["version"]) for e in [*first["events"], *rest["events"]]]
    assert seen == [
        (f"match-{one.id}", 1),
        (f"match-{one.id}", 2),
        (f"match-{two.id}", 1),
        (f"match-{one.id}", 3),
    ]
    assert rest["next_after"] is None


async def end_of_feed(client: httpx.AsyncClient) -> int:
    after = 0
    while True:
        page = await feed(client, after, 1000)
        events = page["events"]
        if events:
            after = events[-1]["position"]
        if page["next_after"] is None:
            return after

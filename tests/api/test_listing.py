"""A player's and a competition's games: newest first, filtered and paged."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx

from tests.api.conftest import Table, new_match


async def listed(client: httpx.AsyncClient, path: str, expected: int, **query: Any
                 ) -> dict[str, Any]:
    """The listing once the projections have caught up with `expected` games."""
    body: dict[str, Any] = {}
    for _ in range(100):
        body = dict((await client.get(path, params=query)).json())
        if body["total"] >= expected:
            return body
        await asyncio.sleep(0.05)
    raise AssertionError(f"the listing never showed {expected} games: {body}")


async def test_a_player_finds_their_games_newest_first(client: httpx.AsyncClient, table: Table):
    first = await new_match(client, table)
    second = await new_match(client, table, "cinquenta")

    body = await listed(client, f"/v1/players/{table.players[2].id}/matches", 2)

    assert [m["id"] for m in body["matches"]] == [second["id"], first["id"]]
    assert body["matches"][0]["preset"] == "cinquenta"
    assert body["matches"][0]["seats"] == [p.id for p in table.players]
    assert body["matches"][0]["status"] == "in_progress"


async def test_someone_who_never_played_finds_nothing(client: httpx.AsyncClient, table: Table):
    await new_match(client, table)
    await listed(client, f"/v1/players/{table.players[0].id}/matches", 1)

    body = (await client.get(f"/v1/players/{table.outsider.id}/matches")).json()

    assert body["total"] == 0
    assert body["matches"] == []


async def test_games_page_and_filter_by_status(client: httpx.AsyncClient, table: Table):
    for _ in range(3):
        await new_match(client, table)
    path = f"/v1/players/{table.players[1].id}/matches"
    await listed(client, path, 3)

    page = (await client.get(path, params={"limit": 2, "offset": 2})).json()
    finished = (await client.get(path, params={"status": "finished"})).json()

    assert page["total"] == 3
    assert len(page["matches"]) == 1
    assert finished["total"] == 0


async def test_a_competition_lists_only_its_games(client: httpx.AsyncClient, table: Table):
    created = await client.post("/v1/competitions", headers=table.scorekeeper.auth, json={
        "name": "Copa do Bar", "kind": "amistoso", "rules": {"preset": "pontos"}})
    competition = created.json()["id"]
    inside = await client.post("/v1/matches", headers=table.scorekeeper.auth, json={
        "seats": [p.id for p in table.players], "competition_id": competition})
    assert inside.status_code == 201, inside.text
    await new_match(client, table)  # a friendly game outside it
    await listed(client, f"/v1/players/{table.players[0].id}/matches", 2)

    body = (await client.get(f"/v1/competitions/{competition}/matches")).json()

    assert [m["id"] for m in body["matches"]] == [inside.json()["id"]]
    assert body["matches"][0]["competition_id"] == competition


async def test_unknown_ids_and_bad_filters_are_clear_problems(
    client: httpx.AsyncClient, table: Table
):
    unknown = await client.get("/v1/players/not-an-id/matches")
    status = await client.get(f"/v1/players/{table.players[0].id}/matches",
                              params={"status": "lost"})

    assert unknown.status_code == 404
    assert unknown.json()["code"] == "player-not-found"
    assert status.status_code == 400
    assert status.headers["content-type"].startswith("application/problem+json")

"""Read-your-writes for the read models (issue 22): a read sending `Domino-Read-After: N`
never shows the world from before the write that answered `Domino-Position: N`: the player
just registered is found by name, the game just created is listed, the game just confirmed
is counted, on the primary alone and through a standby."""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.api.conftest import ADMIN, bearer

Json = dict[str, Any]


class Table:
    """What the random writes made so far: players (id, token) and competitions."""

    def __init__(self) -> None:
        self.players: list[tuple[str, str]] = []
        self.competitions: list[str] = []


async def written(response: httpx.Response) -> tuple[Json, int]:
    assert response.status_code in (200, 201), response.text
    return response.json(), int(response.headers["domino-position"])


def after(position: int) -> dict[str, str]:
    return {"Domino-Read-After": str(position)}


async def a_player(client: httpx.AsyncClient, table: Table) -> None:
    name = f"Jogador {uuid.uuid4().hex[:10]}"
    body, position = await written(
        await client.post("/v1/players", json={"name": name}, headers=ADMIN)
    )
    table.players.append((body["id"], body["token"]))
    found = await client.get("/v1/players", params={"name": name}, headers=after(position))
    assert found.status_code == 200, found.text
    assert [p["id"] for p in found.json()["players"]] == [body["id"]]


async def a_competition(client: httpx.AsyncClient, table: Table) -> None:
    if not table.players:
        await a_player(client, table)
    name = f"Copa {uuid.uuid4().hex[:10]}"
    rules = {"preset": "pontos"}
    body, position = await written(
        await client.post(
            "/v1/competitions",
            json={"name": name, "kind": "amistoso", "rules": rules},
            headers=bearer(table.players[-1][1]),
        )
    )
    table.competitions.append(body["id"])
    listed = await client.get("/v1/competitions", headers=after(position))
    assert listed.status_code == 200, listed.text
    assert body["id"] in [c["id"] for c in listed.json()["competitions"]]


async def a_confirmed_game(client: httpx.AsyncClient, table: Table) -> None:
    while len(table.players) < 4:
        await a_player(client, table)
    seats = table.players[-4:]
    ids = [p for p, _ in seats]
    game, position = await written(
        await client.post(
            "/v1/matches", json={"rules": {"preset": "pontos"}, "seats": ids}, headers=ADMIN
        )
    )
    listed = await client.get("/v1/matches", params={"player": ids[0]}, headers=after(position))
    assert game["id"] in [m["id"] for m in listed.json()["matches"]]
    before = (await client.get(f"/v1/players/{ids[1]}/stats", headers=after(position))).json()
    url = f"/v1/matches/{game['id']}"
    state = game
    while state["status"] == "in_progress":
        batida = {"outcome": "batida", "seat": 1, "kind": "cruzada"}
        state, position = await written(
            await client.post(f"{url}/results", json=batida, headers=ADMIN)
        )
    for _, token in seats[:2]:
        state, position = await written(
            await client.post(f"{url}/confirmations", json={}, headers=bearer(token))
        )
    assert state["status"] == "confirmed"
    stats = (await client.get(f"/v1/players/{ids[1]}/stats", headers=after(position))).json()
    assert stats["games_played"] == before["games_played"] + 1
    assert stats["games_won"] == before["games_won"] + 1
    ranking = await client.get("/v1/rankings", params={"limit": 500}, headers=after(position))
    assert ids[1] in [r["player_id"] for r in ranking.json()["rows"]]


WRITES: dict[str, Callable[[httpx.AsyncClient, Table], Awaitable[None]]] = {
    "player": a_player,
    "competition": a_competition,
    "confirmed game": a_confirmed_game,
}


@pytest.fixture(params=["primary", "standby"])
def reader(
    request: pytest.FixtureRequest,
    primary_client: httpx.AsyncClient,
    client: httpx.AsyncClient,
) -> httpx.AsyncClient:
    return primary_client if request.param == "primary" else client


@settings(
    max_examples=10,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(kinds=st.lists(st.sampled_from(sorted(WRITES)), min_size=1, max_size=6))
async def test_a_read_after_a_write_always_shows_it(
    reader: httpx.AsyncClient, kinds: list[str]
) -> None:
    table = Table()
    for kind in kinds:
        await WRITES[kind](reader, table)


async def test_past_the_wait_a_read_model_behind_answers_503_not_older_data(
    primary_client: httpx.AsyncClient,
) -> None:
    far = 2**40
    response = await primary_client.get("/v1/players", headers=after(far))

    assert response.status_code == 503
    assert response.json()["code"] == "read-models-behind"
    assert response.headers["retry-after"] == "1"

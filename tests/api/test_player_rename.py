"""A player changes the name they play under (issue 33, part 2): every read shows the new
name; the history says a rename happened, not what the name was, except to the player."""

from __future__ import annotations

import httpx

from tests.api.conftest import ADMIN, register
from tests.api.play import assert_problem, once_folded


async def test_a_player_renames_themself_and_every_read_shows_the_new_name(
    client: httpx.AsyncClient,
) -> None:
    zé = await register(client, "Zé Antigo")
    renamed = await client.patch(f"/v1/players/{zé.id}", json={"name": "Zé Novo"}, headers=zé.auth)
    assert renamed.status_code == 200, renamed.text
    assert renamed.json()["name"] == "Zé Novo"
    assert (await client.get(f"/v1/players/{zé.id}")).json()["name"] == "Zé Novo"
    found = await once_folded(client, "/v1/players", 1, name="novo")
    assert [p["name"] for p in found["players"]] == ["Zé Novo"]
    assert (await client.get("/v1/players", params={"name": "antigo"})).json()["total"] == 0


async def test_the_history_says_a_rename_happened_not_the_old_name(
    client: httpx.AsyncClient,
) -> None:
    zé = await register(client, "Zé Antigo")
    await client.patch(f"/v1/players/{zé.id}", json={"name": "Zé Novo"}, headers=zé.auth)
    feed = (await client.get("/v1/events", params={"after": 0})).text
    assert "player_renamed" in feed
    assert "Antigo" not in feed
    own = (await client.get(f"/v1/players/{zé.id}/data", headers=zé.auth)).json()
    assert [n["name"] for n in own["names"]] == ["Zé Antigo", "Zé Novo"]


async def test_an_administrator_renames_a_player_and_a_stranger_may_not(
    client: httpx.AsyncClient,
) -> None:
    zé, stranger = await register(client, "Zé"), await register(client, "Outro")
    refused = await client.patch(
        f"/v1/players/{zé.id}", json={"name": "Trocado"}, headers=stranger.auth
    )
    assert_problem(refused, 403, "forbidden")
    assert (await client.get(f"/v1/players/{zé.id}")).json()["name"] == "Zé"
    by_admin = await client.patch(f"/v1/players/{zé.id}", json={"name": "José"}, headers=ADMIN)
    assert by_admin.json()["name"] == "José"


async def test_a_name_that_hides_itself_is_refused_and_nothing_changes(
    client: httpx.AsyncClient,
) -> None:
    zé = await register(client, "Zé")
    refused = await client.patch(f"/v1/players/{zé.id}", json={"name": "\u200b"}, headers=zé.auth)
    assert refused.status_code == 422, refused.text
    assert (await client.get(f"/v1/players/{zé.id}")).json()["name"] == "Zé"

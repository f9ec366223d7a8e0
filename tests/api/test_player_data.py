"""A copy of everything held about a player (issue 33, part 3): `GET /v1/players/{id}/data`
with their own token."""

from __future__ import annotations

import json

import httpx

from tests.api.conftest import ADMIN, Player, Table, register
from tests.api.play import assert_problem, create_competition, join_all, prepared
from tests.projections.test_http import settled


async def test_a_player_gets_everything_held_about_them(client: httpx.AsyncClient) -> None:
    zé = await register(client, "Zé Dados")
    others = [await register(client, n) for n in ("Ana", "Tião", "Bia")]
    table = Table([zé, *others], zé, await register(client, "Outro"))
    competition = await create_competition(client, zé, name="Liga do Zé")
    await join_all(client, competition, [zé])
    game = await prepared(
        client, table, "finished", competition_id=competition, place="Bar", notes="rodada 1"
    )
    await game.ok("confirmations", {}, by=zé)
    await game.ok("confirmations", {}, by=others[0])
    await settled(client)

    answer = await client.get(f"/v1/players/{zé.id}/data", headers=zé.auth)

    assert answer.status_code == 200, answer.text
    assert "no-store" in answer.headers["cache-control"]
    data = answer.json()
    assert (data["id"], data["name"], data["erased"]) == (zé.id, "Zé Dados", False)
    assert [n["name"] for n in data["names"]] == ["Zé Dados"]
    assert {(t["path"], t["text"]) for t in data["texts"]} == {
        ("name", "Liga do Zé"),
        ("place", "Bar"),
        ("notes", "rodada 1"),
    }
    assert len(data["tokens"]) == 1
    assert "token" not in data["tokens"][0]
    assert {c["what"] for c in data["consents"]} == {"member_joined", "confirmation_recorded"}
    assert data["disputes"] == []
    assert data["statistics"]["games_played"] == 1
    lines = [json.loads(line) for line in data["games"].splitlines()]
    assert [line["id"] for line in lines] == [game.id]
    assert lines[0]["hands"]


async def test_a_player_sees_who_issued_each_of_their_tokens(client: httpx.AsyncClient) -> None:
    """Their first token by whoever registered them (here another player), one they issued
    themselves, and one an administrator issued in their name: each says so."""
    ana = await register(client, "Ana")
    registered = await client.post("/v1/players", json={"name": "Zé"}, headers=ana.auth)
    assert registered.status_code == 201, registered.text
    zé = registered.json()
    auth = {"Authorization": f"Bearer {zé['token']}"}
    for headers in (auth, ADMIN):
        issued = await client.post(f"/v1/players/{zé['id']}/tokens", headers=headers)
        assert issued.status_code == 201, issued.text

    tokens = (await client.get(f"/v1/players/{zé['id']}/data", headers=auth)).json()["tokens"]

    assert [(t["issued_by"], t["by_administrator"]) for t in tokens] == [
        (ana.id, False),
        (zé["id"], False),
        ("admin", True),
    ]


async def test_a_write_with_a_token_an_administrator_issued_says_so(
    client: httpx.AsyncClient,
) -> None:
    """A confirmation (a game's consent) and a competition joined (a competition's) sent
    with a token an administrator issued in the player's name are marked in their
    histories; those sent with the player's own token are not."""
    zé, *others = [await register(client, n) for n in ("Zé", "Ana", "Tião", "Bia")]
    table = Table([zé, *others], zé, await register(client, "Outro"))
    game = await prepared(client, table, "finished")
    issued = await client.post(f"/v1/players/{zé.id}/tokens", headers=ADMIN)
    assert issued.status_code == 201, issued.text
    await game.ok("confirmations", {}, by=Player(zé.id, issued.json()["token"]))
    await game.ok("confirmations", {}, by=others[0])

    events = (await client.get(f"/v1/matches/{game.id}/events")).json()["events"]

    confirmed = [e["metadata"] for e in events if e["type"] == "confirmation_recorded"]
    assert [(m["actor"], m.get("by_administrators_token")) for m in confirmed] == [
        (zé.id, True),
        (others[0].id, None),
    ]
    held = (await client.get(f"/v1/players/{zé.id}/data", headers=zé.auth)).json()["consents"]
    assert [(c["what"], c["by_administrators_token"]) for c in held] == [
        ("confirmation_recorded", True)
    ]
    competition = await create_competition(client, others[1], name="Liga")
    await join_all(client, competition, [Player(zé.id, issued.json()["token"]), others[0]])
    feed = (await client.get("/v1/events?after=0&limit=1000")).json()["events"]
    joined = [e["metadata"] for e in feed if e["type"] == "member_joined"]
    assert [(m["actor"], m.get("by_administrators_token")) for m in joined] == [
        (zé.id, True),
        (others[0].id, None),
    ]


async def test_a_players_own_stream_and_what_they_create_are_marked_too(
    client: httpx.AsyncClient,
) -> None:
    """L10's every write: a rename, a registration, a competition's creation and an erasure
    sent with a token an administrator issued in the player's name are marked; the same
    writes with the player's own token are not. The player's copy says who set each name,
    and which an administrator's token in their name set."""
    zé = await register(client, "Zé")
    issued = await client.post(f"/v1/players/{zé.id}/tokens", headers=ADMIN)
    assert issued.status_code == 201, issued.text
    delegated = Player(zé.id, issued.json()["token"])
    for by, name in ((delegated, "José"), (zé, "Zezé")):
        renamed = await client.patch(f"/v1/players/{zé.id}", json={"name": name}, headers=by.auth)
        assert renamed.status_code == 200, renamed.text
        registered = await client.post("/v1/players", json={"name": "Nova"}, headers=by.auth)
        assert registered.status_code == 201, registered.text
        await create_competition(client, by, name="Liga")
    copy = (await client.get(f"/v1/players/{zé.id}/data", headers=zé.auth)).json()
    assert [(n["name"], n["set_by"], n["by_administrators_token"]) for n in copy["names"]] == [
        ("Zé", "admin", False),
        ("José", zé.id, True),
        ("Zezé", zé.id, False),
    ]
    erased = await client.post(f"/v1/players/{zé.id}/erasure", json={}, headers=delegated.auth)
    assert erased.status_code < 300, erased.text

    feed = (await client.get("/v1/events?after=0&limit=1000")).json()["events"]

    written = ("player_renamed", "player_registered", "competition_created", "player_erased")
    assert [
        (e["type"], e["metadata"].get("by_administrators_token"))
        for e in feed
        if e["metadata"].get("actor") == zé.id and e["type"] in written
    ] == [
        ("player_renamed", True),
        ("player_registered", True),
        ("competition_created", True),
        ("player_renamed", None),
        ("player_registered", None),
        ("competition_created", None),
        ("player_erased", True),
    ]


async def test_nobody_else_gets_a_players_data(client: httpx.AsyncClient) -> None:
    zé, other = await register(client, "Zé"), await register(client, "Outro")
    assert_problem(
        await client.get(f"/v1/players/{zé.id}/data", headers=other.auth), 403, "forbidden"
    )
    assert_problem(await client.get(f"/v1/players/{zé.id}/data"), 401, "unauthorized")
    by_admin = await client.get(f"/v1/players/{zé.id}/data", headers=ADMIN)
    assert by_admin.json()["name"] == "Zé"


async def test_after_erasure_the_copy_holds_no_name_and_no_text(
    client: httpx.AsyncClient,
) -> None:
    zé = await register(client, "Zé Dados")
    await client.post(f"/v1/players/{zé.id}/erasure", json={}, headers=zé.auth)
    data = (await client.get(f"/v1/players/{zé.id}/data", headers=ADMIN)).json()
    assert (data["name"], data["erased"], data["names"]) == (f"Jogador {zé.id[:4]}", True, [])


async def test_the_pages_say_what_is_kept_and_how_to_ask(client: httpx.AsyncClient) -> None:
    page = await client.get("/privacidade")
    assert page.status_code == 200
    for said in ("O que guardamos", "Por quanto tempo", "30 dias", "/v1/players/{id}/data"):
        assert said in page.text
    assert "/v1/players/{id}/erasure" in page.text
    assert 'href="/privacidade"' in (await client.get("/")).text

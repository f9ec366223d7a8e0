"""A player's and a competition's games: newest first, filtered and paged."""

from __future__ import annotations

import httpx

from tests.api.conftest import Table, new_match, register
from tests.api.play import once_folded


async def test_a_player_finds_their_games_newest_first(
    client: httpx.AsyncClient, table: Table
) -> None:
    first = await new_match(client, table)
    second = await new_match(client, table, "cinquenta")

    body = await once_folded(client, f"/v1/players/{table.players[2].id}/matches", 2)

    assert [m["id"] for m in body["matches"]] == [second["id"], first["id"]]
    assert body["matches"][0]["preset"] == "cinquenta"
    assert body["matches"][0]["seats"] == [p.id for p in table.players]
    assert body["matches"][0]["status"] == "in_progress"


async def test_someone_who_never_played_finds_nothing(
    client: httpx.AsyncClient, table: Table
) -> None:
    await new_match(client, table)
    await once_folded(client, f"/v1/players/{table.players[0].id}/matches", 1)

    body = (await client.get(f"/v1/players/{table.outsider.id}/matches")).json()

    assert body["total"] == 0
    assert body["matches"] == []


async def test_games_page_and_filter_by_status(client: httpx.AsyncClient, table: Table) -> None:
    for _ in range(3):
        await new_match(client, table)
    path = f"/v1/players/{table.players[1].id}/matches"
    await once_folded(client, path, 3)

    page = (await client.get(path, params={"limit": 2, "offset": 2})).json()
    finished = (await client.get(path, params={"status": "finished"})).json()

    assert page["total"] == 3
    assert len(page["matches"]) == 1
    assert finished["total"] == 0


async def test_a_competition_lists_only_its_games(client: httpx.AsyncClient, table: Table) -> None:
    created = await client.post(
        "/v1/competitions",
        headers=table.scorekeeper.auth,
        json={"name": "Copa do Bar", "kind": "amistoso", "rules": {"preset": "pontos"}},
    )
    competition = created.json()["id"]
    inside = await client.post(
        "/v1/matches",
        headers=table.scorekeeper.auth,
        json={"seats": [p.id for p in table.players], "competition_id": competition},
    )
    assert inside.status_code == 201, inside.text
    await new_match(client, table)  # a friendly game outside it
    await once_folded(client, f"/v1/players/{table.players[0].id}/matches", 2)

    body = (await client.get(f"/v1/competitions/{competition}/matches")).json()

    assert [m["id"] for m in body["matches"]] == [inside.json()["id"]]
    assert body["matches"][0]["competition_id"] == competition


async def test_unknown_ids_and_bad_filters_are_clear_problems(
    client: httpx.AsyncClient, table: Table
) -> None:
    unknown = await client.get("/v1/players/not-an-id/matches")
    status = await client.get(
        f"/v1/players/{table.players[0].id}/matches", params={"status": "lost"}
    )

    assert unknown.status_code == 404
    assert unknown.json()["code"] == "player-not-found"
    assert status.status_code == 400
    assert status.headers["content-type"].startswith("application/problem+json")


async def test_players_are_found_by_any_part_of_their_name_in_any_case_and_accents(
    client: httpx.AsyncClient, table: Table
) -> None:
    await register(client, "José Tiãozinho")
    await once_folded(client, "/v1/players", 7)

    found = (await client.get("/v1/players", params={"name": "TIÃO"})).json()
    unaccented = (await client.get("/v1/players", params={"name": "tiao"})).json()
    everyone = (await client.get("/v1/players", params={"limit": 3})).json()

    assert [p["name"] for p in found["players"]] == ["José Tiãozinho", "Tião"]
    assert found["players"][1]["id"] == table.players[2].id
    assert found["total"] == 2
    assert unaccented["players"] == found["players"]
    assert everyone["total"] == 7
    assert [p["name"] for p in everyone["players"]] == ["Ana", "Bia", "José Tiãozinho"]


async def test_wildcards_in_a_name_search_are_plain_text(client: httpx.AsyncClient) -> None:
    await register(client, "100% Zé")
    await register(client, "Zé_Zé")
    await once_folded(client, "/v1/players", 2)

    percent = (await client.get("/v1/players", params={"name": "%"})).json()
    underscore = (await client.get("/v1/players", params={"name": "_"})).json()

    assert [p["name"] for p in percent["players"]] == ["100% Zé"]
    assert [p["name"] for p in underscore["players"]] == ["Zé_Zé"]


async def test_competitions_are_listed_newest_first_and_by_kind(
    client: httpx.AsyncClient, table: Table
) -> None:
    for name in ("Copa do Bar", "Amistoso de Domingo"):
        created = await client.post(
            "/v1/competitions",
            headers=table.scorekeeper.auth,
            json={"name": name, "kind": "amistoso", "rules": {"preset": "pontos"}},
        )
        assert created.status_code == 201, created.text
    await once_folded(client, "/v1/competitions", 2)

    everything = (await client.get("/v1/competitions")).json()
    torneios = (await client.get("/v1/competitions", params={"kind": "torneio"})).json()

    assert [c["name"] for c in everything["competitions"]] == ["Amistoso de Domingo", "Copa do Bar"]
    assert everything["competitions"][0]["preset"] == "pontos"
    assert torneios == {
        "competitions": [],
        "total": 0,
        "as_of_position": torneios["as_of_position"],
    }


async def test_lists_and_their_writes_share_a_path_and_say_so(client: httpx.AsyncClient) -> None:
    for path in ("/v1/players", "/v1/competitions", "/v1/matches"):
        wrong = await client.put(path, json={})
        options = await client.options(path)
        bad_limit = await client.get(path, params={"limit": 0})

        assert wrong.status_code == 405
        assert set(wrong.headers["allow"].replace(" ", "").split(",")) >= {"GET", "POST"}
        assert options.headers["allow"] == "GET, OPTIONS, POST"
        assert bad_limit.status_code == 400
        assert bad_limit.headers["content-type"].startswith("application/problem+json")


async def test_every_game_is_listed_and_filtered_by_player_competition_and_state(
    client: httpx.AsyncClient, table: Table
) -> None:
    first = await new_match(client, table)
    second = await new_match(client, table, "cinquenta")
    await once_folded(client, "/v1/matches", 2)

    everything = (await client.get("/v1/matches")).json()
    by_player = (await client.get("/v1/matches", params={"player": table.players[3].id})).json()
    by_outsider = (await client.get("/v1/matches", params={"player": table.outsider.id})).json()
    finished = (await client.get("/v1/matches", params={"status": "finished"})).json()
    malformed = await client.get("/v1/matches", params={"player": "zé"})

    assert [m["id"] for m in everything["matches"]] == [second["id"], first["id"]]
    assert by_player["total"] == 2
    assert by_outsider["total"] == 0
    assert finished["total"] == 0
    assert malformed.status_code == 400
    assert malformed.headers["content-type"].startswith("application/problem+json")

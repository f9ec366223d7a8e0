"""A torneio's stages: its games carry one ("grupo A", "final"), its lists and its rankings
filter by it, and only a torneio's games may have one."""

from __future__ import annotations

import httpx

from tests.api.conftest import Player, register
from tests.api.play import Json, assert_problem, join_all, once_folded


async def torneio(client: httpx.AsyncClient, organizer: Player, teams: list[list[Player]]) -> str:
    response = await client.post(
        "/v1/competitions",
        headers=organizer.auth,
        json={
            "name": "Torneio da Vila",
            "kind": "torneio",
            "rules": {"preset": "pontos"},
            "teams": [[p.id for p in team] for team in teams],
        },
    )
    assert response.status_code == 201, response.text
    competition = str(response.json()["id"])
    await join_all(client, competition, [p for team in teams for p in team])
    return competition


async def won_by_the_first_team(
    client: httpx.AsyncClient,
    organizer: Player,
    competition: str,
    stage: str,
    first: list[Player],
    second: list[Player],
) -> Json:
    """A confirmed game of the stage, the first team winning every hand by cruzada."""
    seats = [first[0].id, second[0].id, first[1].id, second[1].id]
    created = await client.post(
        "/v1/matches",
        headers=organizer.auth,
        json={"competition_id": competition, "stage": stage, "seats": seats},
    )
    assert created.status_code == 201, created.text
    state = dict(created.json())
    url = f"/v1/matches/{state['id']}"
    while state["status"] == "in_progress":
        result = await client.post(
            f"{url}/results",
            headers=organizer.auth,
            json={"outcome": "batida", "seat": 0, "kind": "cruzada"},
        )
        assert result.status_code == 201, result.text
        state = dict(result.json())
    confirmed = await client.post(f"{url}/confirmations", headers=organizer.auth, json={})
    assert confirmed.status_code == 201, confirmed.text
    return dict(confirmed.json())


async def test_a_torneio_lists_and_ranks_each_stage_apart(client: httpx.AsyncClient) -> None:
    organizer = await register(client, "Juiz")
    names = ["Ana", "Bia", "Caio", "Duda", "Edu", "Fabi", "Gil", "Hugo"]
    players = [await register(client, name) for name in names]
    teams = [players[0:2], players[2:4], players[4:6], players[6:8]]
    competition = await torneio(client, organizer, teams)

    group_a = await won_by_the_first_team(
        client, organizer, competition, "grupo A", teams[0], teams[1]
    )
    await won_by_the_first_team(client, organizer, competition, "grupo B", teams[2], teams[3])
    final = await won_by_the_first_team(client, organizer, competition, "final", teams[2], teams[0])

    # The final's confirmation is the last event: once it is folded, so is all before it.
    await once_folded(client, "/v1/rankings", 2, competition=competition, stage="final", by="teams")
    listed = (
        await client.get(f"/v1/competitions/{competition}/matches", params={"stage": "grupo A"})
    ).json()
    padded = (
        await client.get(f"/v1/competitions/{competition}/matches", params={"stage": " grupo A "})
    ).json()
    standings = (
        await client.get(
            "/v1/rankings", params={"competition": competition, "stage": "grupo A", "by": "teams"}
        )
    ).json()
    everything = (
        await client.get("/v1/rankings", params={"competition": competition, "by": "teams"})
    ).json()

    assert group_a["stage"] == "grupo A"
    assert final["stage"] == "final"
    assert [m["id"] for m in listed["matches"]] == [group_a["id"]]
    assert listed["matches"][0]["stage"] == "grupo A"
    assert padded["matches"] == listed["matches"]  # stored trimmed, searched trimmed
    assert standings["stage"] == "grupo A"
    assert [{r["player_id"], r["partner_id"]} for r in standings["rows"]] == [
        {teams[0][0].id, teams[0][1].id},
        {teams[1][0].id, teams[1][1].id},
    ]
    assert [r["games_won"] for r in standings["rows"]] == [1, 0]
    won = {frozenset((r["player_id"], r["partner_id"])): r["games_won"] for r in everything["rows"]}
    wins = [1, 0, 2, 0]  # group A, its loser, group B and the final, its loser
    assert won == {frozenset(p.id for p in team): n for team, n in zip(teams, wins, strict=True)}


async def test_only_a_torneio_game_has_a_stage_and_a_refusal_writes_nothing(
    client: httpx.AsyncClient,
) -> None:
    organizer = await register(client, "Juiz")
    players = [await register(client, name) for name in ("Ana", "Bia", "Caio", "Duda")]
    seats = [p.id for p in players]
    friendly = await client.post(
        "/v1/competitions",
        headers=organizer.auth,
        json={"name": "Amistoso", "kind": "amistoso", "rules": {"preset": "pontos"}},
    )
    before = (await client.get("/v1/events", params={"limit": 1000})).json()

    in_amistoso = await client.post(
        "/v1/matches",
        headers=organizer.auth,
        json={"competition_id": friendly.json()["id"], "stage": "final", "seats": seats},
    )
    outside = await client.post(
        "/v1/matches",
        headers=organizer.auth,
        json={"rules": {"preset": "pontos"}, "stage": "final", "seats": seats},
    )
    blank = await client.post(
        "/v1/matches",
        headers=organizer.auth,
        json={"rules": {"preset": "pontos"}, "stage": "", "seats": seats},
    )

    assert_problem(in_amistoso, 422, "stage-outside-torneio")
    assert_problem(outside, 422, "stage-outside-competition")
    assert_problem(blank, 400, "invalid-body")
    assert (await client.get("/v1/events", params={"limit": 1000})).json() == before


async def test_a_stage_of_blanks_alone_is_a_bad_filter_not_a_server_error(
    shared_client: httpx.AsyncClient,
) -> None:
    """Found by the contract fuzzer: `stage=%0A` passed the document's minimum length, was
    stripped to nothing, and reached the ranking totals' query as a filter of a column it
    lacks (a 500); the games' list answered it with no game. Both refuse it alike now."""
    for path in ("/v1/rankings", "/v1/matches"):
        for blanks in ("\n", " ", "\t \n"):
            refused = await shared_client.get(path, params={"stage": blanks})
            assert_problem(refused, 400, "invalid-parameters")
        named = await shared_client.get(path, params={"stage": " final "})
        assert named.status_code == 200, named.text

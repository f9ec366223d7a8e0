"""Torneios of players alone at tables, end to end over HTTP (issue 32, part 1): the
organizer says the format once; the service seats every table, each table's game is made
from its fixture, and the standings follow the confirmed games by themselves."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import httpx
import pytest

from tests.api.conftest import Player, register
from tests.api.play import Json, assert_problem, join_all

pytestmark = pytest.mark.asyncio


async def torneio(
    client: httpx.AsyncClient, organizer: Player, count: int, preset: str, fmt: Json, **rules: Any
) -> tuple[str, list[Player]]:
    players = [await register(client, f"{preset}-{n}") for n in range(count)]
    body = {
        "name": f"Torneio de {preset}",
        "kind": "torneio",
        "rules": {"preset": preset, **rules},
        "teams": [[p.id] for p in players],
        "format": fmt,
    }
    response = await client.post("/v1/competitions", json=body, headers=organizer.auth)
    assert response.status_code == 201, response.text
    competition = str(response.json()["id"])
    await join_all(client, competition, players)
    return competition, players


async def fixtures(client: httpx.AsyncClient, competition: str) -> list[Json]:
    response = await client.get(f"/v1/competitions/{competition}/fixtures")
    assert response.status_code == 200, response.text
    return list(response.json()["fixtures"])


async def standings(client: httpx.AsyncClient, competition: str) -> Json:
    response = await client.get(f"/v1/competitions/{competition}/standings")
    assert response.status_code == 200, response.text
    body: Json = response.json()
    return body


def copas_result(rng: random.Random) -> Json:
    """One Copas hand that ends a game to 13: 26 points spread, one seat at 13 or more."""
    points = [13, 0, 0, 0]
    for _ in range(13):
        points[rng.randrange(4)] += 1
    rng.shuffle(points)
    return {"points": points}


def mau_mau_result(seats: int, rng: random.Random) -> Json:
    winner = rng.randrange(seats)
    points = [0 if s == winner else rng.randrange(1, 30) for s in range(seats)]
    return {"winner": winner, "points": points}


async def play_table(
    client: httpx.AsyncClient,
    organizer: Player,
    competition: str,
    fixture: Json,
    players: list[Player],
    result: Json,
) -> Json:
    seats = [players[e].id for e in fixture["teams"]]
    body = {"competition_id": competition, "fixture_id": fixture["id"], "seats": seats}
    created = await client.post("/v1/matches", json=body, headers=organizer.auth)
    assert created.status_code == 201, created.text
    game = created.json()
    url = f"/v1/matches/{game['id']}"
    answer = await client.post(f"{url}/results", json=result, headers=organizer.auth)
    assert answer.status_code == 201, answer.text
    assert answer.json()["status"] == "finished"
    confirmed = await client.post(f"{url}/confirmations", json={}, headers=organizer.auth)
    assert confirmed.json()["status"] == "confirmed", confirmed.text
    return dict(game)


async def decided(client: httpx.AsyncClient, competition: str, fixture_id: str) -> list[Json]:
    for _ in range(400):
        listed = await fixtures(client, competition)
        if next(f for f in listed if f["id"] == fixture_id)["status"] == "decided":
            return listed
        await asyncio.sleep(0.025)
    raise AssertionError(f"fixture {fixture_id} was never decided")


async def play_out(
    client: httpx.AsyncClient,
    organizer: Player,
    competition: str,
    players: list[Player],
    result: Any,
) -> list[Json]:
    """Every table as it comes, until the champion; answers the fixtures at the end."""
    while (await standings(client, competition))["status"] != "finished":
        pending = [f for f in await fixtures(client, competition) if f["status"] == "pending"]
        assert pending, "nothing to play and no champion"
        fixture = pending[0]
        await play_table(client, organizer, competition, fixture, players, result(fixture))
        await decided(client, competition, fixture["id"])
    return await fixtures(client, competition)


def by_round(listed: list[Json]) -> dict[int, list[list[int]]]:
    rounds: dict[int, list[list[int]]] = {}
    for fixture in listed:
        rounds.setdefault(fixture["round"], []).append(fixture["teams"])
    return rounds


@pytest.mark.parametrize("count", [8, 9])
async def test_a_swiss_torneio_of_copas_players_seats_every_round_to_a_champion(
    shared_client: httpx.AsyncClient, count: int
) -> None:
    organizer = await register(shared_client, "Dona Rosa")
    fmt = {"table": 4, "stages": [{"kind": "swiss", "rounds": 3}]}
    competition, players = await torneio(shared_client, organizer, count, "copas", fmt, target=13)
    rng = random.Random(count)

    listed = await play_out(
        shared_client, organizer, competition, players, lambda _: copas_result(rng)
    )
    final = await standings(shared_client, competition)
    rows = final["stages"][0]["groups"][0]["rows"]

    for seating in by_round(listed).values():  # each round: everyone once, at a table or a bye
        assert sorted(e for table in seating for e in table) == list(range(count))
        assert sorted(len(t) for t in seating) == ([1] if count == 9 else []) + [4, 4]
    byes = [row["byes"] for row in rows]
    assert sum(byes) == (3 if count == 9 else 0)
    assert max(byes) <= 1  # nobody has two byes while another has none
    tables = [frozenset(t) for f in listed for t in [f["teams"]] if len(t) > 1]
    assert len(set(tables)) == len(tables)  # no table seated twice
    assert sorted(p["place"] for p in final["final"]) == list(range(1, count + 1))
    assert [r["points"] for r in rows] == sorted((r["points"] for r in rows), reverse=True)
    assert final["champion"] == rows[0]["team"]
    decided_tables = [f for f in listed if len(f["teams"]) == 4]
    assert all(sorted(f["places"])[0] == 1 for f in decided_tables)
    bye = [f for f in listed if len(f["teams"]) == 1]
    assert all(f["places"] == [1] and f["match_id"] is None for f in bye)


async def test_a_knockout_by_tables_of_twelve_mau_mau_players_ends_at_a_final_table(
    shared_client: httpx.AsyncClient,
) -> None:
    organizer = await register(shared_client, "Seu Dito")
    fmt = {"table": 4, "stages": [{"kind": "knockout", "advance": 2}]}
    competition, players = await torneio(shared_client, organizer, 12, "mau-mau", fmt)
    rng = random.Random(12)

    listed = await play_out(
        shared_client,
        organizer,
        competition,
        players,
        lambda fixture: mau_mau_result(len(fixture["teams"]), rng),
    )
    final = await standings(shared_client, competition)
    rounds = by_round(listed)
    final_table = listed[-1]
    games = (await shared_client.get(f"/v1/competitions/{competition}/matches")).json()

    assert [len(t) for t in rounds[1]] == [4, 4, 4]
    assert [len(t) for t in rounds[2]] == [6]  # six left: fewer than two tables of four
    first_round = [f for f in listed if f["round"] == 1]
    went_on = {
        e for f in first_round for e, p in zip(f["teams"], f["places"], strict=True) if p <= 2
    }
    assert set(final_table["teams"]) <= {e for f in first_round for e in f["teams"]}
    assert len(went_on) > 6 or set(final_table["teams"]) == went_on  # ties at the cut: seeds
    placed = zip(final_table["teams"], final_table["places"], strict=True)
    assert final["champion"] == next(e for e, p in placed if p == 1)
    places = sorted(p["place"] for p in final["final"])
    assert len(places) == 12
    assert places[0] == 1
    out_first = {e for f in first_round for e in f["teams"]} - set(final_table["teams"])
    assert all(p["place"] > 6 for p in final["final"] if p["team"] in out_first)
    assert {m["stage"] for m in games["matches"]} == {"mata-mata, rodada 1", "mesa final"}


async def test_a_tables_game_refuses_other_seats_and_a_bad_format_changes_nothing(
    shared_client: httpx.AsyncClient,
) -> None:
    organizer = await register(shared_client, "Dona Cida")
    fmt = {"table": 4, "stages": [{"kind": "swiss", "rounds": 2}]}
    competition, players = await torneio(shared_client, organizer, 9, "copas", fmt, target=13)
    listed = await fixtures(shared_client, competition)
    table = next(f for f in listed if len(f["teams"]) == 4)
    bye = next(f for f in listed if len(f["teams"]) == 1)
    stranger = await register(shared_client, "Penetra")
    seats = [players[e].id for e in table["teams"]]

    wrong = await shared_client.post(
        "/v1/matches",
        json={
            "competition_id": competition,
            "fixture_id": table["id"],
            "seats": [*seats[:3], stranger.id],
        },
        headers=organizer.auth,
    )
    other = next(e for e in range(9) if e not in table["teams"])
    wrong_table = await shared_client.post(
        "/v1/matches",
        json={
            "competition_id": competition,
            "fixture_id": table["id"],
            "seats": [*seats[:3], players[other].id],
        },
        headers=organizer.auth,
    )
    to_a_bye = await shared_client.post(
        "/v1/matches",
        json={"competition_id": competition, "fixture_id": bye["id"], "seats": seats},
        headers=organizer.auth,
    )
    by_a_player = await shared_client.post(
        "/v1/matches",
        json={"competition_id": competition, "fixture_id": table["id"], "seats": seats},
        headers=players[table["teams"][0]].auth,
    )
    walkover_by_a_player = await shared_client.post(
        f"/v1/competitions/{competition}/fixtures/{table['id']}/walkover",
        json={"absent": table["teams"][0]},
        headers=players[table["teams"][1]].auth,
    )
    partnership = await shared_client.post(
        "/v1/competitions",
        json={
            "name": "Dupla",
            "kind": "torneio",
            "rules": {"preset": "pontos"},
            "teams": [[p.id] for p in players[:8]],
            "format": fmt,
        },
        headers=organizer.auth,
    )
    too_small = await shared_client.post(
        "/v1/competitions",
        json={
            "name": "Mesa de três",
            "kind": "torneio",
            "rules": {"preset": "copas"},
            "teams": [[p.id] for p in players[:8]],
            "format": {"table": 3, "stages": [{"kind": "swiss", "rounds": 2}]},
        },
        headers=organizer.auth,
    )

    assert_problem(wrong, 422, "invalid-seats")
    assert_problem(wrong_table, 422, "not-the-fixtures-teams")
    assert to_a_bye.status_code in (409, 422)
    assert_problem(walkover_by_a_player, 403, "forbidden")
    assert_problem(by_a_player, 403, "forbidden")
    assert_problem(partnership, 422, "invalid-format")
    assert_problem(too_small, 422, "invalid-format")
    assert await fixtures(shared_client, competition) == listed


async def test_a_tables_game_decides_its_fixture_once_every_player_consented(
    shared_client: httpx.AsyncClient,
) -> None:
    organizer = await register(shared_client, "Dona Zica")
    players = [await register(shared_client, f"consente-{n}") for n in range(8)]
    body = {
        "name": "Copas sem consentimento",
        "kind": "torneio",
        "rules": {"preset": "copas", "target": 13},
        "teams": [[p.id] for p in players],
        "format": {"table": 4, "stages": [{"kind": "swiss", "rounds": 2}]},
    }
    created = await shared_client.post("/v1/competitions", json=body, headers=organizer.auth)
    competition = created.json()["id"]
    listed = await fixtures(shared_client, competition)
    first, second = listed
    holdout = players[first["teams"][0]]
    await join_all(shared_client, competition, [p for p in players if p is not holdout])
    result = {"points": [13, 5, 8, 0]}

    game = await play_table(shared_client, organizer, competition, first, players, result)
    await play_table(shared_client, organizer, competition, second, players, result)
    after_second = await decided(shared_client, competition, second["id"])  # in order: both seen
    waiting = next(f for f in after_second if f["id"] == first["id"])
    consent = await shared_client.post(
        f"/v1/matches/{game['id']}/confirmations", json={}, headers=holdout.auth
    )
    after_consent = await decided(shared_client, competition, first["id"])
    decided_first = next(f for f in after_consent if f["id"] == first["id"])

    assert waiting["status"] == "playing"
    assert consent.status_code == 201, consent.text
    assert decided_first["places"] is not None
    assert sorted(decided_first["places"]) == [1, 2, 3, 4]
    assert len(after_consent) == 4  # the second round is seated


async def test_a_walkover_at_a_table_puts_the_absent_player_last(
    shared_client: httpx.AsyncClient,
) -> None:
    organizer = await register(shared_client, "Seu Lalo")
    fmt = {"table": 4, "stages": [{"kind": "swiss", "rounds": 2}]}
    competition, _ = await torneio(shared_client, organizer, 8, "copas", fmt, target=13)
    table = (await fixtures(shared_client, competition))[0]
    absent = table["teams"][2]

    answer = await shared_client.post(
        f"/v1/competitions/{competition}/fixtures/{table['id']}/walkover",
        json={"absent": absent},
        headers=organizer.auth,
    )
    after = next(f for f in answer.json()["fixtures"] if f["id"] == table["id"])
    rows = (await standings(shared_client, competition))["stages"][0]["groups"][0]["rows"]
    points = {row["team"]: row["points"] for row in rows}

    assert answer.status_code == 201, answer.text
    assert after["walkover"] is True
    assert after["places"] == [1, 1, 4, 1]
    assert points[absent] == 0
    assert all(points[e] == 3 for e in table["teams"] if e != absent)


async def test_two_absent_from_a_table_share_its_last_place(
    shared_client: httpx.AsyncClient,
) -> None:
    """G7 for two absent players: one walkover names both (the first decided the table and
    the second absent player scored as a table winner; a review found it, 2026-11-29)."""
    organizer = await register(shared_client, "Seu Lalo")
    fmt = {"table": 4, "stages": [{"kind": "swiss", "rounds": 2}]}
    competition, _ = await torneio(shared_client, organizer, 8, "copas", fmt, target=13)
    table = (await fixtures(shared_client, competition))[0]
    absent = table["teams"][2:]
    url = f"/v1/competitions/{competition}/fixtures/{table['id']}/walkover"

    answer = await shared_client.post(url, json={"absent": absent}, headers=organizer.auth)
    after = next(f for f in answer.json()["fixtures"] if f["id"] == table["id"])
    rows = (await standings(shared_client, competition))["stages"][0]["groups"][0]["rows"]
    points = {row["team"]: row["points"] for row in rows}

    assert answer.status_code == 201, answer.text
    assert after["places"] == [1, 1, 3, 3]
    assert [points[e] for e in table["teams"]] == [3, 3, points[absent[0]], points[absent[1]]]
    assert points[absent[0]] < 3
    other = (await fixtures(shared_client, competition))[1]
    empty = await shared_client.post(
        f"/v1/competitions/{competition}/fixtures/{other['id']}/walkover",
        json={"absent": []},
        headers=organizer.auth,
    )
    assert empty.status_code == 400, empty.text


async def test_a_torneio_of_pairs_keeps_the_shape_of_its_answers(
    shared_client: httpx.AsyncClient,
) -> None:
    from tests.api.test_tournaments import torneio as pairs_torneio

    organizer = await register(shared_client, "Seu Bento")
    fmt = {"stages": [{"kind": "knockout"}]}
    competition, _ = await pairs_torneio(shared_client, organizer, 4, fmt)
    fixture = (await fixtures(shared_client, competition))[0]
    standing = await standings(shared_client, competition)
    row = standing["stages"][0]["groups"][0]["rows"][0]

    assert set(fixture) == {
        "id", "stage", "stage_kind", "round", "group", "teams", "match_id", "status",
        "winner", "walkover", "abandoned", "hands", "points",
    }  # fmt: skip
    assert len(fixture["teams"]) == 2
    assert set(standing) == {"status", "champion", "stages", "final"}
    assert set(row) == {
        "team", "players", "place", "played", "won", "lost", "byes", "hands_for",
        "hands_against", "points_for", "points_against", "tie_breakers",
    }  # fmt: skip


async def test_groups_of_mau_mau_players_play_their_games_and_the_best_meet_at_a_final_table(
    shared_client: httpx.AsyncClient,
) -> None:
    organizer = await register(shared_client, "Dona Preta")
    fmt = {
        "table": 5,
        "points_by_place": [5, 3, 2, 1, 0],
        "stages": [
            {"kind": "groups", "groups": 2, "games": 2, "advance": 2},
            {"kind": "groups", "groups": 1},
        ],
    }
    competition, players = await torneio(shared_client, organizer, 10, "mau-mau", fmt)
    rng = random.Random(10)

    listed = await play_out(
        shared_client,
        organizer,
        competition,
        players,
        lambda fixture: mau_mau_result(len(fixture["teams"]), rng),
    )
    final = await standings(shared_client, competition)
    first_stage = [f for f in listed if f["stage"] == 1]
    last = [f for f in listed if f["stage"] == 2]
    rows = final["stages"][0]["groups"]

    assert [(f["round"], f["group"], len(f["teams"])) for f in first_stage] == [
        (1, 0, 5), (1, 1, 5), (2, 0, 5), (2, 1, 5),
    ]  # fmt: skip
    assert [len(f["teams"]) for f in last] == [4]
    went_on = {r["team"] for group in rows for r in group["rows"][:2]}
    assert set(last[0]["teams"]) == went_on
    assert all(r["points"] <= 10 for group in rows for r in group["rows"])
    assert sorted(p["place"] for p in final["final"])[:4] == [1, 2, 3, 4]
    assert len(final["final"]) == 10


async def test_a_torneio_takes_teams_of_the_games_side_size(
    shared_client: httpx.AsyncClient,
) -> None:
    """design.md: "A torneio's entrants are teams of the game's side size". Pairs at Copas
    were accepted and their fixture never decided (its game ranks four seats alone, not two
    teams): the torneio stuck for good; and a Copas torneio with no format took only pairs
    (a review found both, 2026-11-29)."""
    organizer = await register(shared_client, "Seu Lalo")
    players = [await register(shared_client, f"lados-{n}") for n in range(4)]
    pairs = [[players[0].id, players[1].id], [players[2].id, players[3].id]]
    knockout = {"stages": [{"kind": "knockout"}]}
    refused = []
    for fmt in (knockout, None):
        body: Json = {
            "name": "Copas de duplas",
            "kind": "torneio",
            "rules": {"preset": "copas"},
            "teams": pairs,
        }
        if fmt is not None:
            body["format"] = fmt
        refused.append(
            await shared_client.post("/v1/competitions", json=body, headers=organizer.auth)
        )
    alone = await shared_client.post(
        "/v1/competitions",
        json={
            "name": "Copas sem formato",
            "kind": "torneio",
            "rules": {"preset": "copas", "target": 13},
            "teams": [[p.id] for p in players],
        },
        headers=organizer.auth,
    )

    assert_problem(refused[0], 422, "invalid-format")
    assert_problem(refused[1], 422, "invalid-command")
    assert alone.status_code == 201, alone.text
    competition = alone.json()["id"]
    await join_all(shared_client, competition, players)
    game = await shared_client.post(
        "/v1/matches",
        json={"competition_id": competition, "seats": [p.id for p in players]},
        headers=organizer.auth,
    )
    assert game.status_code == 201, game.text


async def test_a_game_of_a_torneio_of_pairs_seats_four(shared_client: httpx.AsyncClient) -> None:
    """Two or three seats crashed the pairing's check (IndexError, a 500; a review found it)."""
    organizer = await register(shared_client, "Dona Rosa")
    players = [await register(shared_client, f"quatro-{n}") for n in range(4)]
    created = await shared_client.post(
        "/v1/competitions",
        json={
            "name": "Dominó de duplas",
            "kind": "torneio",
            "rules": {"preset": "pontos"},
            "teams": [[players[0].id, players[2].id], [players[1].id, players[3].id]],
        },
        headers=organizer.auth,
    )
    assert created.status_code == 201, created.text
    for count in (2, 3):
        answer = await shared_client.post(
            "/v1/matches",
            json={
                "competition_id": created.json()["id"],
                "seats": [p.id for p in players[:count]],
            },
            headers=organizer.auth,
        )
        assert_problem(answer, 422, "invalid-seats")

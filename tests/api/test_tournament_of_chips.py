"""A tournament of chips over HTTP (issue 32, part 2): 18 Hold'em players on three
tables to the champion; each hand recorded at its table by the organizer, the service
raising the levels, putting players out with their places, balancing and merging the
tables, to one player with every chip; everything in the torneio's events."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import httpx
import pytest

from tests.api.conftest import Player, register
from tests.api.play import Json, assert_problem, join_all, log_position
from tests.conftest import Database

pytestmark = pytest.mark.asyncio

LEVELS = [
    {"hands": 2, "small_blind": 10, "big_blind": 20},
    {"hands": 5, "small_blind": 25, "big_blind": 50},
    {"hands": 5, "small_blind": 50, "big_blind": 100},
]


async def tournament(
    client: httpx.AsyncClient, organizer: Player, count: int, preset: str = "texas-holdem"
) -> tuple[str, list[Player]]:
    players = [await register(client, f"Jogador {n}") for n in range(count)]
    body = {
        "name": "Torneio de sexta",
        "kind": "torneio",
        "rules": {"preset": preset},
        "teams": [[p.id] for p in players],
        "format": {
            "stages": [
                {
                    "kind": "poker",
                    "stack": 1000,
                    "table": 6,
                    "levels": LEVELS,
                    "prizes": [500, 300, 200],
                }
            ]
        },
    }
    response = await client.post("/v1/competitions", json=body, headers=organizer.auth)
    assert response.status_code == 201, response.text
    competition = str(response.json()["id"])
    await join_all(client, competition, players)
    return competition, players


async def standings(client: httpx.AsyncClient, competition: str) -> Json:
    response = await client.get(f"/v1/competitions/{competition}/standings")
    assert response.status_code == 200, response.text
    body: Json = response.json()
    return body


def chips_of(standing: Json) -> dict[int, int]:
    rows = standing["stages"][0]["groups"][0]["rows"]
    return {row["team"]: row["chips"] for row in rows if "chips" in row}


async def test_eighteen_holdem_players_on_three_tables_play_to_a_champion(
    shared_client: httpx.AsyncClient,
) -> None:
    organizer = await register(shared_client, "Dona Lurdes")
    competition, players = await tournament(shared_client, organizer, 18)
    rng = random.Random(18)
    first = await standings(shared_client, competition)
    url = f"/v1/competitions/{competition}/tables"
    levels_seen: set[tuple[int, int]] = set()
    table_counts: list[int] = []
    standing = first
    hands = 0
    while standing["status"] != "finished":
        tables = standing["tables"]
        table_counts.append(len(tables))
        sizes = [len(t["players"]) for t in tables]
        assert max(sizes) - min(sizes) <= 1
        table = rng.choice(tables)
        levels_seen.add((table["level"], table["big_blind"]))
        chips = chips_of(standing)
        winner, loser = rng.sample(table["players"], 2)
        most = min(chips[loser], chips[winner])  # what the winner covers
        lost = most if rng.random() < 0.35 else rng.randint(1, most)
        net = {players[winner].id: lost, players[loser].id: -lost}
        answer = await shared_client.post(
            f"{url}/{table['table']}/hands", json={"net": net}, headers=organizer.auth
        )
        assert answer.status_code == 201, answer.text
        standing = answer.json()
        hands += 1
        if standing["status"] != "finished":
            assert sum(chips_of(standing).values()) == 18_000
    rows = standing["stages"][0]["groups"][0]["rows"]
    events = (await shared_client.get(f"/v1/competitions/{competition}/events")).json()["events"]
    kinds = [e["type"] for e in events]
    reasons = {e["data"]["reason"] for e in events if e["type"] == "table_moved"}
    fixtures = (await shared_client.get(f"/v1/competitions/{competition}/fixtures")).json()

    assert [len(t["players"]) for t in first["tables"]] == [6, 6, 6]
    assert {level for level, _ in levels_seen} >= {1, 2}  # the levels rose
    assert table_counts[0] == 3
    assert table_counts[-1] == 1  # merged down to the final table
    assert 2 in table_counts
    champion = standing["champion"]
    assert rows[0]["team"] == champion
    assert rows[0]["chips"] == 18_000
    assert sorted(r["place"] for r in rows) == list(range(1, 19))
    assert all(r.get("out_at") is not None for r in rows[1:])
    assert [(p["place"], p["prize"]) for p in standing["final"][:4]] == [
        (1, "500"),
        (2, "300"),
        (3, "200"),
        (4, None),
    ]
    assert any(f["table"] is not None and f["status"] == "decided" for f in fixtures["fixtures"])
    assert kinds.count("player_out") == 17
    assert kinds.count("table_hand_played") == hands
    assert kinds[-1] == "tournament_finished"
    assert "merge" in reasons
    assert [e["version"] for e in events] == list(range(2, len(events) + 2))


async def test_only_an_organizer_records_a_hand_and_a_bad_hand_changes_nothing(
    shared_client: httpx.AsyncClient,
) -> None:
    organizer = await register(shared_client, "Seu Nico")
    competition, players = await tournament(shared_client, organizer, 8)
    before = await standings(shared_client, competition)
    table = before["tables"][0]
    a, b = (players[e].id for e in table["players"][:2])
    other_table = players[before["tables"][1]["players"][0]].id
    url = f"/v1/competitions/{competition}/tables"

    by_a_player = await shared_client.post(
        f"{url}/1/hands", json={"net": {a: 10, b: -10}}, headers=players[0].auth
    )
    not_zero = await shared_client.post(
        f"{url}/1/hands", json={"net": {a: 10, b: -5}}, headers=organizer.auth
    )
    too_much = await shared_client.post(
        f"{url}/1/hands", json={"net": {a: 5000, b: -5000}}, headers=organizer.auth
    )
    elsewhere = await shared_client.post(
        f"{url}/1/hands", json={"net": {a: 10, other_table: -10}}, headers=organizer.auth
    )
    no_table = await shared_client.post(
        f"{url}/7/hands", json={"net": {a: 10, b: -10}}, headers=organizer.auth
    )
    fixture = before["tables"][0]["fixture"]
    seats = [players[e].id for e in table["players"]]
    a_game = await shared_client.post(
        "/v1/matches",
        json={
            "competition_id": competition,
            "fixture_id": fixture,
            "seats": [*seats[:-1], other_table],
        },
        headers=organizer.auth,
    )
    a_walkover = await shared_client.post(
        f"/v1/competitions/{competition}/fixtures/{fixture}/walkover",
        json={"absent": table["players"][0]},
        headers=organizer.auth,
    )

    assert_problem(by_a_player, 403, "forbidden")
    assert_problem(not_zero, 422, "invalid-hand-result")
    assert_problem(too_much, 422, "invalid-hand-result")
    assert_problem(elsewhere, 422, "invalid-hand-result")
    assert_problem(no_table, 422, "unknown-table")
    assert_problem(a_game, 422, "not-the-fixtures-teams")
    assert_problem(a_walkover, 409, "table-of-chips")
    assert await standings(shared_client, competition) == before


async def test_a_poker_fechado_tournament_at_one_table_plays_to_its_champion(
    shared_client: httpx.AsyncClient,
) -> None:
    organizer = await register(shared_client, "Seu Tonho")
    competition, players = await tournament(shared_client, organizer, 5, preset="poker")
    url = f"/v1/competitions/{competition}/tables/1/hands"
    standing = await standings(shared_client, competition)
    order = []
    while standing["status"] != "finished":
        (table,) = standing["tables"]
        winner, loser = table["players"][0], table["players"][-1]
        lost = chips_of(standing)[loser]
        answer = await shared_client.post(
            url,
            json={"net": {players[winner].id: lost, players[loser].id: -lost}},
            headers=organizer.auth,
        )
        assert answer.status_code == 201, answer.text
        standing = answer.json()
        order.append(loser)

    places = {p["team"]: p["place"] for p in standing["final"]}
    assert [places[e] for e in order] == [5, 4, 3, 2]
    assert places[standing["champion"]] == 1


async def hands_at(client: httpx.AsyncClient, competition: str, table: int, count: int) -> Json:
    """The standings once the policy has recorded `count` hands at `table`."""
    for _ in range(400):
        standing = await standings(client, competition)
        now = next((t for t in standing["tables"] if t["table"] == table), None)
        if now is None or now["hands"] >= count:
            return standing
        await asyncio.sleep(0.025)
    raise AssertionError(f"table {table} never reached {count} hands")


async def test_a_tables_session_played_as_a_game_counts_its_hands_and_ends_with_its_level(
    shared_client: httpx.AsyncClient,
) -> None:
    organizer = await register(shared_client, "Dona Fia")
    competition, players = await tournament(shared_client, organizer, 8)
    first = await standings(shared_client, competition)
    table = first["tables"][0]
    seats = [players[e].id for e in table["players"]]
    body = {"competition_id": competition, "fixture_id": table["fixture"], "seats": seats}
    created = await shared_client.post("/v1/matches", json=body, headers=organizer.auth)
    assert created.status_code == 201, created.text
    game = created.json()
    url = f"/v1/matches/{game['id']}/results"
    by_organizer = await shared_client.post(
        f"/v1/competitions/{competition}/tables/{table['table']}/hands",
        json={"net": {seats[0]: 10, seats[1]: -10}},
        headers=organizer.auth,
    )

    hands = [
        {"net": {"0": 300, "1": -300}, "stacks": [1000] * len(seats)},
        {"net": {"2": 1000, "3": -1000}},
    ]
    for number, result in enumerate(hands, start=1):
        answer = await shared_client.post(url, json=result, headers=organizer.auth)
        assert answer.status_code == 201, answer.text
        after = await hands_at(shared_client, competition, table["table"], number)
    late = await shared_client.post(url, json={"net": {"0": 5, "1": -5}}, headers=organizer.auth)
    fixtures = (await shared_client.get(f"/v1/competitions/{competition}/fixtures")).json()
    sessions = [f for f in fixtures["fixtures"] if f.get("table") == table["table"]]
    chips = chips_of(after)
    again = next(t for t in after["tables"] if t["table"] == table["table"])
    second = await shared_client.post(
        "/v1/matches",
        json={
            "competition_id": competition,
            "fixture_id": again["fixture"],
            "seats": [players[e].id for e in again["players"]],
        },
        headers=organizer.auth,
    )

    assert game["rules"]["big_blind"] == 20  # the first level's
    assert_problem(by_organizer, 409, "fixture-has-game")
    assert chips[table["players"][0]] == 1300
    assert chips[table["players"][1]] == 700
    assert table["players"][3] not in chips  # out at the second hand
    assert (sessions[0]["status"], sessions[0]["match_id"]) == ("decided", game["id"])
    assert again["level"] == 2  # the level rose: a new session at its blinds
    assert len(again["players"]) == len(seats) - 1
    assert late.status_code == 201  # the old game goes on, and counts for nothing here
    assert (await hands_at(shared_client, competition, table["table"], 2))["tables"] == after[
        "tables"
    ]
    assert second.status_code == 201, second.text
    assert second.json()["rules"]["big_blind"] == 50


async def test_a_session_game_needs_every_player_to_have_joined_the_torneio(
    shared_client: httpx.AsyncClient,
) -> None:
    organizer = await register(shared_client, "Seu Juca")
    competition, players = await tournament(shared_client, organizer, 8)
    before = await standings(shared_client, competition)
    table = before["tables"][0]
    leaver = players[table["players"][0]]
    left = await shared_client.delete(
        f"/v1/competitions/{competition}/members/{leaver.id}", headers=leaver.auth
    )
    seats = [players[e].id for e in table["players"]]
    body = {"competition_id": competition, "fixture_id": table["fixture"], "seats": seats}

    refused = await shared_client.post("/v1/matches", json=body, headers=organizer.auth)

    assert left.status_code in (200, 204), left.text
    assert_problem(refused, 422, "consent-needed")
    assert await standings(shared_client, competition) == before


async def test_a_session_game_is_never_made_for_a_player_whose_leave_came_first(
    client: httpx.AsyncClient, database: Database
) -> None:
    """A leave at the same moment as the session's creation: either the game is refused, or
    its creation comes before the leave in the log. Trials vary whose reads come first."""
    organizer = await register(client, "Seu Juca")
    made_after_leaving = []
    for trial in range(16):
        competition, players = await tournament(client, organizer, 3)
        table = (await standings(client, competition))["tables"][0]
        leaver = players[table["players"][0]]
        seats = [players[e].id for e in table["players"]]
        body = {"competition_id": competition, "fixture_id": table["fixture"], "seats": seats}
        create = client.post("/v1/matches", json=body, headers=organizer.auth)

        path = f"/v1/competitions/{competition}/members/{leaver.id}"

        async def leave(delay: int = 3 * trial, path: str = path, who: Player = leaver) -> Any:
            for _ in range(delay):  # the leave lands before, during, after the creation
                await asyncio.sleep(0)
            return await client.delete(path, headers=who.auth)

        made, left = await asyncio.gather(create, leave())
        assert left.status_code == 204, left.text
        if made.status_code == 201:
            left_at = await log_position(database, f"members-{competition}", "member_left")
            made_at = await log_position(database, f"match-{made.json()['id']}", "match_created")
            if left_at < made_at:
                made_after_leaving.append(trial)
        else:
            assert_problem(made, 422, "consent-needed")
    assert made_after_leaving == []

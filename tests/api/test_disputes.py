"""Disputes and stale games (design.md, "Disputes"; G30-G36): a seated player disputes a
finished game; it counts for nobody (rankings, statistics, ratings) until an organizer
settles it, confirmed or annulled; a finished game unconfirmed past the configured days is
stale in its state and lists."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest

from service.settings import Settings
from tests.api.conftest import ADMIN, ADMIN_TOKEN, Player, Table, register, seat_a_table, serve
from tests.api.play import Game, assert_problem, create_competition, create_game, join_all
from tests.api.test_tournaments import fixtures, play_fixture, torneio
from tests.conftest import Database
from tests.projections.test_http import settled

Json = dict[str, Any]


async def games_played(client: httpx.AsyncClient, players: list[Player]) -> list[int]:
    await settled(client)
    counts = []
    for player in players:
        body = (await client.get(f"/v1/players/{player.id}/stats")).json()
        counts.append(int(body["games_played"]))
    return counts


async def ranked(client: httpx.AsyncClient) -> set[str]:
    await settled(client)
    return {r["player_id"] for r in (await client.get("/v1/rankings")).json()["rows"]}


async def rated_games(client: httpx.AsyncClient, player: Player) -> tuple[int, int]:
    """(games in the player's rating, points in its history)."""
    await settled(client)
    body = (await client.get(f"/v1/players/{player.id}/ratings")).json()
    return sum(r["games"] for r in body["ratings"]), len(body["history"])


@pytest.fixture
async def seated(client: httpx.AsyncClient) -> tuple[Table, Player, Game]:
    """A confirmed game of a competition all four joined: it counts for all four."""
    table = await seat_a_table(client)
    organizer = await register(client, "Dona Rosa")
    competition = await create_competition(client, organizer)
    await join_all(client, competition, table.players)
    game = await create_game(client, table, by=organizer, competition_id=competition)
    await game.win_by_results("pontos")
    assert (await game.ok("confirmations", {}, by=organizer))["counts_for"] == [0, 1, 2, 3]
    return table, organizer, game


async def test_a_dispute_annulled_takes_the_game_out_of_every_record(
    client: httpx.AsyncClient, seated: tuple[Table, Player, Game]
) -> None:
    table, organizer, game = seated
    players = table.players
    assert await games_played(client, players) == [1, 1, 1, 1]
    assert await rated_games(client, players[0]) == (1, 1)

    disputed = await game.ok("disputes", {"reason": "a hand was written twice"}, by=players[1])

    assert disputed["status"] == "disputed"
    assert disputed["counts_for"] is None
    assert disputed["dispute"]["seat"] == 1
    assert disputed["dispute"]["reason"] == "a hand was written twice"
    assert disputed["dispute"]["decision"] is None
    assert await games_played(client, players) == [0, 0, 0, 0]
    assert await ranked(client) == set()
    assert await rated_games(client, players[0]) == (0, 0)
    page = (await client.get(f"/partidas/{game.id}")).text
    assert "contestada, aguardando a decisão do organizador" in page
    assert "a hand was written twice" in page

    ruling = {"decision": "annul", "note": "two hands were one"}
    annulled = await game.ok("settlements", ruling, by=organizer)

    assert annulled["status"] == "annulled"
    assert annulled["dispute"]["decision"] == "annul"
    assert annulled["dispute"]["settled_by"] == organizer.id
    assert await games_played(client, players) == [0, 0, 0, 0]
    listed = (await client.get("/v1/matches", params={"status": "annulled"})).json()
    assert [m["id"] for m in listed["matches"]] == [game.id]
    again = await game.post("disputes", {"reason": "once more"}, by=players[0])
    assert_problem(again, 409, "dispute-settled")


async def test_a_dispute_confirmed_counts_the_game_again_for_the_same_players(
    client: httpx.AsyncClient, seated: tuple[Table, Player, Game]
) -> None:
    table, organizer, game = seated
    await game.ok("disputes", {"reason": "wrong score"}, by=table.players[2])
    assert await games_played(client, table.players) == [0, 0, 0, 0]

    confirmed = await game.ok("settlements", {"decision": "confirm"}, by=organizer)

    assert confirmed["status"] == "confirmed"
    assert confirmed["counts_for"] == [0, 1, 2, 3]
    assert confirmed["dispute"]["decision"] == "confirm"
    assert await games_played(client, table.players) == [1, 1, 1, 1]
    assert await ranked(client) == {p.id for p in table.players}
    assert await rated_games(client, table.players[0]) == (1, 1)


async def test_a_finished_game_disputed_before_confirmation_refuses_confirmation(
    client: httpx.AsyncClient, table: Table
) -> None:
    game = await create_game(client, table)
    await game.win_by_results("pontos")
    await game.ok("disputes", {"reason": "not our game"}, by=table.players[0])

    refused = await game.post("confirmations", {}, by=table.players[1])

    assert_problem(refused, 409, "match-disputed")
    assert (await game.state())["status"] == "disputed"


async def test_bad_disputes_and_wrong_tokens_are_refused_and_change_nothing(
    client: httpx.AsyncClient, seated: tuple[Table, Player, Game]
) -> None:
    table, organizer, game = seated
    version = await game.version()
    cases: list[tuple[str, Json, Player, int, str]] = [
        ("disputes", {"reason": ""}, table.players[0], 400, "invalid-body"),
        ("disputes", {"reason": "x" * 501}, table.players[0], 400, "invalid-body"),
        ("disputes", {}, table.players[0], 400, "invalid-body"),
        ("disputes", {"reason": "x", "extra": 1}, table.players[0], 400, "invalid-body"),
        ("disputes", {"reason": "   "}, table.players[0], 422, "invalid-reason"),
        ("disputes", {"reason": "not mine"}, table.outsider, 403, "forbidden"),
        ("disputes", {"reason": "as keeper"}, table.scorekeeper, 403, "forbidden"),
        ("disputes", {"reason": "as organizer"}, organizer, 403, "forbidden"),
        ("settlements", {"decision": "annul"}, organizer, 409, "not-disputed"),
        ("settlements", {"decision": "maybe"}, organizer, 400, "invalid-body"),
    ]
    for path, body, who, status, code in cases:
        assert_problem(await game.post(path, body, by=who), status, code)
    no_token = await client.post(game.url("disputes"), json={"reason": "x"})
    assert no_token.status_code == 401
    assert await game.version() == version

    await game.ok("disputes", {"reason": "wrong"}, by=table.players[3])
    version = await game.version()
    for who in (table.players[3], table.players[0], table.outsider, table.scorekeeper):
        refused = await game.post("settlements", {"decision": "annul"}, by=who)
        assert_problem(refused, 403, "forbidden")
    long_note = await game.post("settlements", {"decision": "annul", "note": "x" * 501})
    assert long_note.status_code == 400
    twice = await game.post("disputes", {"reason": "me too"}, by=table.players[0])
    assert_problem(twice, 409, "already-disputed")
    assert await game.version() == version
    assert (await game.state())["status"] == "disputed"


async def _paper_game(client: httpx.AsyncClient, table: Table, days_ago: float) -> Json:
    """A score sheet typed in today for a game that ended `days_ago` (D27)."""
    began = datetime.now(UTC) - timedelta(days=days_ago, hours=2)
    game = await create_game(client, table)
    state: Json = await game.state()
    hand = 0
    while state["status"] == "in_progress":
        hand += 1
        body = {
            "outcome": "batida",
            "seat": 0,
            "kind": "simples",
            "started_at": (began + timedelta(minutes=10 * (hand - 1))).isoformat(),
            "played_at": (began + timedelta(minutes=10 * hand)).isoformat(),
        }
        state = await game.ok("results", body, by=ADMIN_PLAYER)
    return state


ADMIN_PLAYER = Player("admin", ADMIN["Authorization"].removeprefix("Bearer "))


async def test_a_finished_game_unconfirmed_past_the_days_is_stale(
    client: httpx.AsyncClient, table: Table
) -> None:
    old = await _paper_game(client, table, days_ago=8)
    fresh = await _paper_game(client, table, days_ago=1)
    await settled(client)

    assert old["stale"] is True
    assert old["status"] == "finished"
    page = (await client.get(f"/partidas/{old['id']}")).text
    assert "Partida parada: terminou há mais de 7 dias" in page
    assert "Partida parada" not in (await client.get(f"/partidas/{fresh['id']}")).text
    assert fresh["stale"] is False
    assert (await client.get(f"/v1/matches/{old['id']}")).json()["stale"] is True
    listed = (await client.get("/v1/matches", params={"status": "stale"})).json()
    assert [m["id"] for m in listed["matches"]] == [old["id"]]
    assert listed["matches"][0]["stale"] is True
    provisional = (await client.get("/v1/rankings")).json()["provisional"]
    assert {g["match_id"]: g["stale"] for g in provisional} == {old["id"]: True, fresh["id"]: False}
    assert (await client.get("/ranking")).text.count("parada: ninguém confirmou") == 1
    every = (await client.get("/v1/matches")).json()["matches"]
    assert {m["id"]: m["stale"] for m in every} == {old["id"]: True, fresh["id"]: False}

    # a stale game may still be confirmed (then it is no longer stale) or disputed
    for player in table.players[:2]:
        confirmed = await client.post(
            f"/v1/matches/{old['id']}/confirmations", json={}, headers=player.auth
        )
        assert confirmed.status_code == 201, confirmed.text
    assert confirmed.json()["stale"] is False
    # ...but, confirmed and ended 8 days ago, it is past the window of a dispute
    late = await client.post(
        f"/v1/matches/{old['id']}/disputes", json={"reason": "late"}, headers=table.players[2].auth
    )
    assert_problem(late, 409, "dispute-window-closed")


async def test_a_torneio_game_annulled_frees_its_fixture_and_a_decided_one_is_final(
    client: httpx.AsyncClient,
) -> None:
    organizer = await register(client, "Dona Rosa")
    competition, teams = await torneio(
        client, organizer, 4, {"stages": [{"kind": "swiss", "rounds": 1}]}
    )
    first, second = (await fixtures(client, competition))[:2]
    decided_game = await play_fixture(client, organizer, competition, first, teams, True)
    await settled(client)
    home = teams[first["teams"][0]][0]
    final = await client.post(
        f"/v1/matches/{decided_game}/disputes", json={"reason": "x"}, headers=home.auth
    )
    assert_problem(final, 409, "fixture-decided")

    home, away = (teams[i] for i in second["teams"])
    seats = [home[0].id, away[0].id, home[1].id, away[1].id]
    body = {"competition_id": competition, "fixture_id": second["id"], "seats": seats}
    game = Game(
        client,
        Table([], organizer, organizer),
        (await client.post("/v1/matches", json=body, headers=organizer.auth)).json()["id"],
        organizer,
    )
    await game.win_by_results("pontos")
    await game.ok("disputes", {"reason": "the wrong pair sat"}, by=away[0])
    await game.ok("settlements", {"decision": "annul"}, by=organizer)
    await settled(client)

    freed = next(f for f in await fixtures(client, competition) if f["id"] == second["id"])
    assert (freed["status"], freed["match_id"]) == ("pending", None)


async def test_the_days_are_the_services_setting(database: Database) -> None:
    settings = Settings(bootstrap_token=ADMIN_TOKEN, pool_size=4, dispute_days=2)
    async with serve(database, settings) as client:
        table = await seat_a_table(client)
        old = await _paper_game(client, table, days_ago=3)
        await settled(client)
        assert old["stale"] is True
        listed = (await client.get(f"/v1/players/{table.players[0].id}/matches")).json()
        assert [m["stale"] for m in listed["matches"]] == [True]
        for player in table.players[:2]:
            await client.post(
                f"/v1/matches/{old['id']}/confirmations", json={}, headers=player.auth
            )
        late = await client.post(
            f"/v1/matches/{old['id']}/disputes", json={"reason": "x"}, headers=table.players[2].auth
        )
        assert_problem(late, 409, "dispute-window-closed")


async def test_a_game_turned_stale_is_never_answered_not_modified_by_its_fresh_tag(
    client: httpx.AsyncClient, table: Table
) -> None:
    """A game turns stale with time alone, at the same version: its tag says so, so that a
    client revalidating the copy it read fresh gets the stale one, and its If-Match still
    takes the version."""
    old = await _paper_game(client, table, days_ago=8)
    fresh = await _paper_game(client, table, days_ago=1)
    version = old["version"]
    read = await client.get(f"/v1/matches/{old['id']}")
    assert read.headers["etag"].removesuffix('-gzip"').strip('"') == f"{version}-s"
    again = await client.get(f"/v1/matches/{old['id']}", headers={"If-None-Match": f'"{version}"'})
    assert (again.status_code, again.json()["stale"]) == (200, True)
    same = await client.get(
        f"/v1/matches/{old['id']}", headers={"If-None-Match": read.headers["etag"]}
    )
    assert same.status_code == 304
    fresh_tag = (await client.get(f"/v1/matches/{fresh['id']}")).headers["etag"]
    assert fresh_tag.removesuffix('-gzip"').strip('"') == str(fresh["version"])
    confirmed = await client.post(
        f"/v1/matches/{old['id']}/confirmations",
        json={},
        headers={**table.players[0].auth, "If-Match": f'"{version}-s"'},
    )
    assert confirmed.status_code == 201, confirmed.text

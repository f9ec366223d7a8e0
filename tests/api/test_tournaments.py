"""Torneios run by the service, end to end over HTTP: the organizer says the format once,
the service schedules every fixture, and the standings, the bracket and the champion follow
the confirmed games by themselves."""

from __future__ import annotations

import asyncio
import hashlib
import random
import uuid
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest

from domain.tournament.events import FixtureGameAttached
from domain.tournament.reservations import RESERVATION_LAPSES
from tests.api.conftest import Player, register
from tests.api.play import Json, assert_problem, join_all
from tests.api.test_commitments import VERIFY

pytestmark = pytest.mark.asyncio


async def torneio(
    client: httpx.AsyncClient, organizer: Player, teams: int, fmt: Json, **more: Any
) -> tuple[str, list[list[Player]]]:
    players = [[await register(client, f"T{t}-{s}") for s in range(2)] for t in range(teams)]
    body = {
        "name": "Copa do Bar",
        "kind": "torneio",
        "rules": {"preset": "pontos"},
        "teams": [[p.id for p in pair] for pair in players],
        "format": fmt,
    } | more
    response = await client.post("/v1/competitions", json=body, headers=organizer.auth)
    assert response.status_code == 201, response.text
    competition = str(response.json()["id"])
    await join_all(client, competition, [p for pair in players for p in pair])
    return competition, players


async def fixtures(client: httpx.AsyncClient, competition: str) -> list[Json]:
    response = await client.get(f"/v1/competitions/{competition}/fixtures")
    assert response.status_code == 200, response.text
    return list(response.json()["fixtures"])


async def play_fixture(
    client: httpx.AsyncClient,
    organizer: Player,
    competition: str,
    fixture: Json,
    teams: list[list[Player]],
    home_wins: bool,
) -> str:
    """A result-only game for the fixture, won by its first team or its second, confirmed."""
    home, away = (teams[i] for i in fixture["teams"])
    seats = [home[0].id, away[0].id, home[1].id, away[1].id]
    body = {"competition_id": competition, "fixture_id": fixture["id"], "seats": seats}
    created = await client.post("/v1/matches", json=body, headers=organizer.auth)
    assert created.status_code == 201, created.text
    game = created.json()
    assert game["stage"] is not None
    result = {"outcome": "batida", "seat": 0 if home_wins else 1, "kind": "cruzada"}
    url = f"/v1/matches/{game['id']}"
    state = game
    while state["status"] == "in_progress":
        answer = await client.post(f"{url}/results", json=result, headers=organizer.auth)
        assert answer.status_code == 201, answer.text
        state = answer.json()
    confirmed = await client.post(f"{url}/confirmations", json={}, headers=organizer.auth)
    assert confirmed.json()["status"] == "confirmed"
    return str(game["id"])


async def decided(client: httpx.AsyncClient, competition: str, fixture_id: str) -> list[Json]:
    """The fixtures once the policy has recorded this one's result."""
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
    teams: list[list[Player]],
    rng: random.Random,
) -> int:
    """Play every fixture as it comes, until the champion; answers the games played."""
    games = 0
    while True:
        standing = (await client.get(f"/v1/competitions/{competition}/standings")).json()
        if standing["status"] == "finished":
            return games
        pending = [f for f in await fixtures(client, competition) if f["status"] == "pending"]
        assert pending, "nothing to play and no champion"
        fixture = pending[0]
        await play_fixture(client, organizer, competition, fixture, teams, rng.random() < 0.5)
        await decided(client, competition, fixture["id"])
        games += 1


async def test_eight_teams_in_two_groups_then_a_knockout_reach_a_champion(
    shared_client: httpx.AsyncClient,
) -> None:
    organizer = await register(shared_client, "Dona Rosa")
    fmt = {
        "stages": [
            {"kind": "groups", "groups": 2, "advance": 2},
            {"kind": "knockout", "third_place": True},
        ],
    }
    prizes = {"1": "Troféu e R$ 500", "2": "Medalha", "3": "Uma rodada por conta da casa"}
    competition, teams = await torneio(shared_client, organizer, 8, fmt, prizes=prizes)
    first = await fixtures(shared_client, competition)
    assert len(first) == 12  # two groups of four: 6 games each, every round scheduled
    assert {f["stage_kind"] for f in first} == {"groups"}

    games = await play_out(shared_client, organizer, competition, teams, random.Random(8))

    assert games == 12 + 4  # two semifinals, the final and the third-place game
    body = (await shared_client.get(f"/v1/competitions/{competition}/standings")).json()
    assert body["status"] == "finished"
    final = body["final"]
    assert [p["place"] for p in final[:4]] == [1, 2, 3, 4]
    assert [p["prize"] for p in final[:3]] == list(prizes.values())
    assert {p["place"] for p in final[4:]} == {5}
    (bracket_stage,) = [s for s in body["stages"] if s["kind"] == "knockout"]
    assert [len(r) for r in bracket_stage["bracket"]] == [2, 2]
    groups = next(s for s in body["stages"] if s["kind"] == "groups")["groups"]
    assert [len(g["rows"]) for g in groups] == [4, 4]
    assert all("head_to_head" in r["tie_breakers"] for g in groups for r in g["rows"])
    semis = bracket_stage["bracket"][0]
    qualified = {(g["group"], r["place"]): r["team"] for g in groups for r in g["rows"]}
    # A group's winner meets the other group's runner-up.
    assert {tuple(f["teams"]) for f in semis} == {
        (qualified[(0, 1)], qualified[(1, 2)]),
        (qualified[(1, 1)], qualified[(0, 2)]),
    }
    competition_now = (await shared_client.get(f"/v1/competitions/{competition}")).json()
    assert competition_now["status"] == "finished"
    assert competition_now["champion"] == final[0]["team"] == body["champion"]


async def test_seven_teams_play_a_swiss_with_byes_and_no_rematch(
    shared_client: httpx.AsyncClient,
) -> None:
    organizer = await register(shared_client, "Seu Jorge")
    competition, teams = await torneio(
        shared_client, organizer, 7, {"stages": [{"kind": "swiss", "rounds": 4}]}
    )

    games = await play_out(shared_client, organizer, competition, teams, random.Random(7))

    listed = await fixtures(shared_client, competition)
    assert games == 12  # 4 rounds of 3 games; one bye a round
    byes = [f["teams"][0] for f in listed if f["teams"][1] is None]
    assert len(byes) == 4
    assert len(set(byes)) == 4
    met = [frozenset(f["teams"]) for f in listed if f["teams"][1] is not None]
    assert len(met) == len(set(met))
    body = (await shared_client.get(f"/v1/competitions/{competition}/standings")).json()
    assert [r["place"] for r in body["stages"][0]["groups"][0]["rows"]] == list(range(1, 8))
    assert body["champion"] == body["stages"][0]["groups"][0]["rows"][0]["team"]


async def test_a_fixtures_game_seats_its_two_teams_and_a_decided_fixture_refuses_another(
    shared_client: httpx.AsyncClient,
) -> None:
    organizer = await register(shared_client, "Dona Zica")
    competition, teams = await torneio(
        shared_client, organizer, 4, {"stages": [{"kind": "knockout"}]}
    )
    fixture = (await fixtures(shared_client, competition))[0]
    home, away = (teams[i] for i in fixture["teams"])
    swapped = [away[0].id, home[0].id, away[1].id, home[1].id]
    body = {"competition_id": competition, "fixture_id": fixture["id"], "seats": swapped}
    wrong = await shared_client.post("/v1/matches", json=body, headers=organizer.auth)
    assert_problem(wrong, 422, "not-the-fixtures-teams")

    await play_fixture(shared_client, organizer, competition, fixture, teams, True)
    await decided(shared_client, competition, fixture["id"])
    body["seats"] = [home[0].id, away[0].id, home[1].id, away[1].id]
    again = await shared_client.post("/v1/matches", json=body, headers=organizer.auth)
    assert_problem(again, 409, "fixture-decided")


async def test_a_walkover_and_a_cancelled_game(shared_client: httpx.AsyncClient) -> None:
    organizer = await register(shared_client, "Dona Ivone")
    competition, teams = await torneio(
        shared_client, organizer, 4, {"stages": [{"kind": "knockout"}]}
    )
    first, second = await fixtures(shared_client, competition)
    home, away = (teams[i] for i in first["teams"])
    seats = [home[0].id, away[0].id, home[1].id, away[1].id]
    body = {"competition_id": competition, "fixture_id": first["id"], "seats": seats}
    game = (await shared_client.post("/v1/matches", json=body, headers=organizer.auth)).json()
    busy = await shared_client.post("/v1/matches", json=body, headers=organizer.auth)
    assert_problem(busy, 409, "fixture-has-game")

    cancelled = await shared_client.post(
        f"/v1/matches/{game['id']}/cancellation", json={}, headers=organizer.auth
    )
    assert cancelled.json()["status"] == "cancelled"
    for _ in range(400):
        free = next(f for f in await fixtures(shared_client, competition) if f["id"] == first["id"])
        if free["status"] == "pending":
            break
        await asyncio.sleep(0.025)
    assert (free["status"], free["match_id"]) == ("pending", None)

    url = f"/v1/competitions/{competition}/fixtures/{second['id']}/walkover"
    stranger = await register(shared_client, "Penetra")
    refused = await shared_client.post(
        url, json={"absent": second["teams"][0]}, headers=stranger.auth
    )
    assert_problem(refused, 403, "forbidden")
    keyed = organizer.auth | {"Idempotency-Key": f"walkover-{second['id']}"}
    walked = await shared_client.post(url, json={"absent": second["teams"][0]}, headers=keyed)
    assert walked.status_code == 201, walked.text
    after = next(f for f in walked.json()["fixtures"] if f["id"] == second["id"])
    assert (after["status"], after["winner"], after["walkover"]) == (
        "decided",
        second["teams"][1],
        True,
    )
    # The answer was lost: the retry with its key answers the same, recording nothing more.
    events = await shared_client.get(f"/v1/competitions/{competition}/events")
    retried = await shared_client.post(url, json={"absent": second["teams"][0]}, headers=keyed)
    assert (retried.status_code, retried.json()) == (201, walked.json())
    again = await shared_client.get(f"/v1/competitions/{competition}/events")
    assert again.json() == events.json()
    other_team = await shared_client.post(  # the same key for another request is refused
        url, json={"absent": second["teams"][1]}, headers=keyed
    )
    assert_problem(other_team, 422, "idempotency-key-reused")
    unkeyed = await shared_client.post(
        url, json={"absent": second["teams"][0]}, headers=organizer.auth
    )
    assert unkeyed.status_code == 409, unkeyed.text


async def test_a_format_that_cannot_reach_a_champion_is_refused(
    shared_client: httpx.AsyncClient,
) -> None:
    organizer = await register(shared_client, "Dona Neném")
    players = [await register(shared_client, f"X{n}") for n in range(8)]
    body = {
        "name": "Copa Torta",
        "kind": "torneio",
        "rules": {"preset": "pontos"},
        "teams": [[players[2 * t].id, players[2 * t + 1].id] for t in range(4)],
        "format": {"stages": [{"kind": "groups", "groups": 2, "advance": 1}]},
    }
    response = await shared_client.post("/v1/competitions", json=body, headers=organizer.auth)
    assert_problem(response, 422, "invalid-format")


async def test_a_sueca_torneio_game_abandoned_loses_its_fixture(
    shared_client: httpx.AsyncClient,
) -> None:
    organizer = await register(shared_client, "Dona Cida")
    players = [await register(shared_client, f"S{n}") for n in range(4)]
    body = {
        "name": "Copa de Sueca",
        "kind": "torneio",
        "rules": {"preset": "sueca"},
        "teams": [[players[0].id, players[2].id], [players[1].id, players[3].id]],
        "format": {"stages": [{"kind": "knockout"}]},
    }
    created = await shared_client.post("/v1/competitions", json=body, headers=organizer.auth)
    competition = created.json()["id"]
    await join_all(shared_client, competition, players)  # the organizer confirms for them
    (final,) = await fixtures(shared_client, competition)
    home, away = final["teams"]
    seats = [p.id for p in players] if home == 0 else [players[i].id for i in (1, 0, 3, 2)]
    game = await shared_client.post(
        "/v1/matches",
        json={"competition_id": competition, "fixture_id": final["id"], "seats": seats},
        headers=organizer.auth,
    )
    assert (game.json()["game"], game.json()["stage"]) == ("sueca", "final")
    url = f"/v1/matches/{game.json()['id']}"
    await shared_client.post(f"{url}/abandon", json={"team": "A"}, headers=organizer.auth)
    await shared_client.post(f"{url}/confirmations", json={}, headers=organizer.auth)

    listed = await decided(shared_client, competition, final["id"])

    assert (listed[0]["winner"], listed[0]["abandoned"]) == (away, True)
    standings = (await shared_client.get(f"/v1/competitions/{competition}/standings")).json()
    assert standings["champion"] == away


async def test_a_fixture_game_refused_at_creation_gives_the_fixture_back(
    client: httpx.AsyncClient,
) -> None:
    """The fixture is taken before the game is written (two games never race for it); a
    game refused then (here a NUL, which PostgreSQL refuses) must not keep it: any player
    of its teams could otherwise stop the torneio for good."""
    organizer = await register(client, "Dona Rosa")
    competition, teams = await torneio(client, organizer, 2, {"stages": [{"kind": "knockout"}]})
    (final,) = await fixtures(client, competition)
    home, away = (teams[i] for i in final["teams"])
    seats = [home[0].id, away[0].id, home[1].id, away[1].id]
    body = {"competition_id": competition, "fixture_id": final["id"], "seats": seats}

    refused = await client.post(
        "/v1/matches", json=body | {"notes": "a\u0000b"}, headers=home[0].auth
    )
    assert refused.status_code == 400, refused.text
    (after,) = await fixtures(client, competition)
    assert (after["status"], after.get("match_id")) == ("pending", None)
    game = await client.post("/v1/matches", json=body, headers=organizer.auth)
    assert game.status_code == 201, game.text
    (playing,) = await fixtures(client, competition)
    assert playing["match_id"] == game.json()["id"]


async def test_a_fixture_taken_by_a_game_never_written_frees_itself_once_it_lapses(
    client: httpx.AsyncClient,
) -> None:
    """A process stopped between taking the fixture and writing its game: once the
    reservation lapses a walkover is recorded; a written game's fixture is never freed."""
    organizer = await register(client, "Dona Rosa")
    competition, teams = await torneio(client, organizer, 4, {"stages": [{"kind": "knockout"}]})
    first, second = await fixtures(client, competition)
    written = await client.post(
        "/v1/matches",
        json={"rules": {"preset": "pontos"}, "seats": [p.id for t in teams for p in t][:4]},
        headers=organizer.auth,
    )
    assert written.status_code == 201, written.text
    long_ago = datetime.now(UTC) - RESERVATION_LAPSES * 2
    tournaments = client._transport.app.state.tournaments  # type: ignore[attr-defined]
    for fixture, game in ((first, str(uuid.uuid4())), (second, written.json()["id"])):
        taken = FixtureGameAttached(at=long_ago, fixture_id=fixture["id"], match_id=game)
        await tournaments.execute(competition, lambda _, e=taken: [e], {"actor": "test"})

    for fixture, status in ((first, 201), (second, 409)):
        response = await client.post(
            f"/v1/competitions/{competition}/fixtures/{fixture['id']}/walkover",
            json={"absent": fixture["teams"][0]},
            headers=organizer.auth,
        )
        assert response.status_code == status, response.text
    ghost_freed, kept = await fixtures(client, competition)
    assert (ghost_freed["status"], ghost_freed["walkover"]) == ("decided", True)
    assert (kept["status"], kept["match_id"]) == ("playing", written.json()["id"])


async def test_a_torneios_own_history_is_checked_link_by_link_from_its_creation(
    shared_client: httpx.AsyncClient,
) -> None:
    """Its events start after the creation, whose hash the first link covers: the answer
    gives that hash, and the chain checks from it (without it, nobody could recompute the
    first link from the answer; a review found it, 2026-11-29)."""
    organizer = await register(shared_client, "Organizadora")
    competition, _ = await torneio(shared_client, organizer, 4, {"stages": [{"kind": "knockout"}]})
    body = (await shared_client.get(f"/v1/competitions/{competition}/events")).json()

    assert body["events"]
    previous = bytes.fromhex(body["created_hash"])
    for event in body["events"]:
        data = VERIFY.public_body({"data": event["data"]})
        line = f"competition-{competition}\n{event['version']}\n{event['type']}\n"
        previous = hashlib.sha256(previous + (line + VERIFY.jsonb_text(data)).encode()).digest()
        assert previous.hex() == event["hash"], event["version"]

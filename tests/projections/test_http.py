"""The read endpoints over HTTP, on the app with its projection runner, and /health."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
from litestar import Litestar

from domain import resolve_rules
from domain.competitions import CompetitionCreated
from projections import all_projections
from service.app import create_app
from service.policies import all_policies
from service.settings import Settings
from service.store.encoding import new_event
from service.store.event_store import EventStore
from tests.conftest import Database
from tests.projections.scripts import AT, days, play, register

PROBLEM = "application/problem+json"


@asynccontextmanager
async def serving(database: Database) -> AsyncIterator[httpx.AsyncClient]:
    async with running_app(create_app(Settings(pool_size=4), database.app_dsn)) as client:
        yield client


@asynccontextmanager
async def running_app(app: Litestar) -> AsyncIterator[httpx.AsyncClient]:
    # httpx's ASGI types are not litestar's (encode/httpx#3111): the app is one all the same.
    async with (
        app.lifespan(),
        httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as client,  # type: ignore[arg-type]
    ):
        yield client


FOLDED = [p.name for p in [*all_projections(), *all_policies()]]


async def settled(client: httpx.AsyncClient, seconds: float = 10) -> dict[str, Any]:
    """/health once every projection has folded the last event."""
    deadline = time.monotonic() + seconds
    while True:
        health = (await client.get("/health")).json()
        if len(health["projections"]) == len(FOLDED) and all(
            p["lag"] == 0 and p["position"] == health["last_position"]
            for p in health["projections"]
        ):
            return dict(health)
        assert time.monotonic() < deadline, f"the projections did not catch up: {health}"
        await asyncio.sleep(0.02)


async def four(store: EventStore) -> tuple[str, ...]:
    return tuple([await register(store, name) for name in ("Ana", "Bia", "Caio", "Duda")])


async def test_the_ranking_with_names_criteria_and_provisional_games(
    database: Database, store: EventStore
) -> None:
    seats = await four(store)
    await play(store, "0 cruzada", "0 cruzada", seats=seats)
    pending = await play(store, "1 cruzada", "1 cruzada", seats=seats, confirm=False)
    async with serving(database) as client:
        health = await settled(client)
        response = await client.get("/v1/rankings")

    assert response.status_code == 200
    body = response.json()
    assert body["criteria"] == [
        "games_won",
        "hands_won",
        "average_points_per_hand",
        "cruzadas",
        "blocks_suffered",
        "buchudas",
    ]
    assert [(r["rank"], r["name"]) for r in body["rows"]] == [
        (1, "Ana"),
        (2, "Caio"),
        (3, "Bia"),
        (3, "Duda"),
    ]
    assert body["rows"][0] | {"player_id": None} == {
        "rank": 1,
        "player_id": None,
        "name": "Ana",
        "partner_id": None,
        "partner_name": None,
        "games_played": 1,
        "games_won": 1,
        "games_lost": 0,
        "hands_played": 2,
        "hands_won": 2,
        "hands_lost": 0,
        "points": 8,
        "average_points_per_hand": 4.0,
        "cruzadas": 2,
        "blocks_suffered": 0,
        "buchudas": 1,
        "values": {
            "games_won": 1,
            "hands_won": 2,
            "average_points_per_hand": 4.0,
            "cruzadas": 2,
            "blocks_suffered": 0,
            "buchudas": 1,
        },
    }
    assert (body["game"], body["preset"]) == ("dominoes", "pontos")
    assert body["total"] == 4
    assert body["provisional_total"] == 1
    game = body["provisional"][0]
    assert (game["match_id"], game["winner"], game["score"]) == (pending, "B", {"A": 0, "B": 8})
    assert [p["name"] for p in game["players"]] == ["Ana", "Bia", "Caio", "Duda"]
    assert body["as_of_position"] == health["last_position"]


async def test_a_competitions_ranking_by_teams(database: Database, store: EventStore) -> None:
    seats = await four(store)
    competition = CompetitionCreated(
        at=AT,
        name="Copa do Bar",
        kind="torneio",
        rules=resolve_rules("pontos"),
        organizers=("referee",),
        teams=((seats[0], seats[2]), (seats[1], seats[3])),
        created_by="referee",
    )
    torneio = "9a1d7a7e-1f0e-4a8e-8a55-2d8e1c0f3b21"
    await store.append(f"competition-{torneio}", [new_event(competition, {})], expected_version=0)
    await play(store, "0 cruzada", "0 cruzada", seats=seats, competition=torneio)
    await play(store, "1 cruzada", "1 cruzada", seats=seats)
    async with serving(database) as client:
        await settled(client)
        response = await client.get("/v1/rankings", params={"competition": torneio, "by": "teams"})

    body = response.json()
    assert response.status_code == 200, body
    assert [({r["name"], r["partner_name"]}, r["games_won"]) for r in body["rows"]] == [
        ({"Ana", "Caio"}, 1),
        ({"Bia", "Duda"}, 0),
    ]


async def test_a_players_statistics(database: Database, store: EventStore) -> None:
    seats = await four(store)
    for day in range(3):
        await play(
            store, "1 simples", "0 cruzada", "block A by 0", "0 la-e-lo", seats=seats, at=days(day)
        )
    async with serving(database) as client:
        await settled(client)
        response = await client.get(f"/v1/players/{seats[0]}/stats")

    body = response.json()
    assert response.status_code == 200, body
    assert (body["name"], body["games_won"], body["hands_won"]) == ("Ana", 3, 9)
    assert body["batidas"] == {"simples": 0, "carroca": 0, "la-e-lo": 3, "cruzada": 3, "total": 6}
    assert (body["points"], body["points_against"]) == (24, 3)
    assert (body["average_points_per_hand"], body["average_points_per_game"]) == (2.0, 8.0)
    assert (body["blocks_made"], body["blocks_closed"]) == (3, 3)
    assert body["current_streak"]["length"] == body["best_streak"]["length"] == 3
    assert body["viradas"] == {"given": 3, "suffered": 0}
    assert body["best_partner"] == {
        "player_id": seats[2],
        "name": "Caio",
        "games": 3,
        "won": 3,
        "lost": 0,
    }
    assert body["toughest_opponent"] is None
    assert [o["name"] for o in body["opponents"]] == ["Bia", "Duda"]
    assert {a["kind"] for a in body["achievements"]} == {"virada", "first-cruzada", "win-streak-3"}


async def test_records_and_a_players_achievements(database: Database, store: EventStore) -> None:
    seats = await four(store)
    game = await play(store, "0 cruzada", "0 cruzada", seats=seats)
    async with serving(database) as client:
        await settled(client)
        records = (await client.get("/v1/records", params={"min_games": 1})).json()
        mine = (await client.get(f"/v1/players/{seats[0]}/achievements")).json()
        buchudas = (await client.get("/v1/records", params={"kind": "buchuda"})).json()

    assert {"longest-win-streak", "most-buchudas", "fastest-game"} <= {
        r["kind"] for r in records["records"]
    }
    assert records["achievement_kinds"]["virada"].startswith("Won a virada")
    assert {(a["name"], a["kind"]) for a in buchudas["achievements"]} == {
        ("Ana", "buchuda"),
        ("Caio", "buchuda"),
    }
    assert [(a["kind"], a["match_id"]) for a in mine["achievements"]] == [
        ("first-cruzada", game),
        ("buchuda", game),
    ]
    assert {"most-cruzadas", "most-buchudas"} <= {r["kind"] for r in mine["records"]}
    assert mine["best_streak"]["length"] == 1


async def test_errors_are_problem_details(database: Database, store: EventStore) -> None:
    async with serving(database) as client:
        answers = {
            "unknown player": await client.get(
                "/v1/players/0b0c5b8e-1111-4a2a-9f0e-000000000000/stats"
            ),
            "not an id": await client.get("/v1/players/nobody/achievements"),
            "unknown competition": await client.get(
                "/v1/rankings", params={"competition": "0b0c5b8e-1111-4a2a-9f0e-000000000000"}
            ),
            "empty period": await client.get(
                "/v1/rankings",
                params={"since": "2025-05-02T00:00:00Z", "until": "2025-05-01T00:00:00Z"},
            ),
            "no time zone": await client.get("/v1/rankings", params={"since": "2025-05-02T00:00"}),
            "a number": await client.get("/v1/rankings", params={"until": "0.5"}),
            "unknown rule set": await client.get("/v1/rankings", params={"preset": "xadrez"}),
            "unknown achievement": await client.get("/v1/records", params={"kind": "x"}),
        }

    assert {what: (r.status_code, r.json()["code"]) for what, r in answers.items()} == {
        "unknown player": (404, "player-not-found"),
        "not an id": (404, "player-not-found"),
        "unknown competition": (404, "competition-not-found"),
        "empty period": (400, "invalid-period"),
        "no time zone": (400, "invalid-period"),
        "a number": (400, "invalid-period"),
        "unknown rule set": (400, "invalid-parameters"),
        "unknown achievement": (400, "invalid-achievement"),
    }
    assert all(r.headers["content-type"] == PROBLEM for r in answers.values())


async def test_health_shows_each_projections_position_and_lag(
    database: Database, store: EventStore
) -> None:
    await register(store, "Zé")
    async with serving(database) as client:
        health = await settled(client)

    assert [(p["name"], p["position"], p["lag"]) for p in health["projections"]] == [
        ("directory", 1, 0),
        ("ratings", 1, 0),
        ("stats", 1, 0),
        ("tournaments", 1, 0),  # the torneios' policy, folded like a projection
    ]


async def test_health_says_degraded_while_nothing_folds_the_waiting_events(
    database: Database, store: EventStore
) -> None:
    app = create_app(
        Settings(pool_size=2, stale_after=0.2), database.app_dsn, run_projections=False
    )
    async with running_app(app) as client:
        quiet = (await client.get("/health")).json()
        await register(store, "Ana")
        await asyncio.sleep(0.3)
        waiting = await client.get("/health")

    assert quiet["status"] == "ok"
    assert waiting.status_code == 200  # this instance still serves: only reads lag
    assert waiting.json()["status"] == "degraded"
    assert {p["name"]: (p["lag"], p["stale"]) for p in waiting.json()["projections"]} == {
        "directory": (1, True),
        "ratings": (1, True),
        "stats": (1, True),
        "tournaments": (1, True),
    }


async def test_health_is_ok_once_the_runner_folds_what_waited(
    database: Database, store: EventStore
) -> None:
    await register(store, "Ana")
    await asyncio.sleep(0.3)
    app = create_app(Settings(pool_size=2, stale_after=0.2), database.app_dsn)
    async with running_app(app) as client:
        health = await settled(client)

    assert health["status"] == "ok"
    assert not any(p["stale"] for p in health["projections"])

"""A score sheet typed in a week after the game keeps the game's real times: its hands end
when they were played, the game lasts as long as it did, and it counts in last week's
period, not today's (D27)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import httpx

from tests.api.conftest import ADMIN, Table, new_match
from tests.api.play import assert_problem
from tests.projections.test_http import settled


async def test_a_paper_game_typed_in_today_counts_last_week(
    client: httpx.AsyncClient, table: Table
) -> None:
    began = (datetime.now(UTC) - timedelta(days=7)).replace(microsecond=0)
    game = await new_match(client, table)
    path = f"/v1/matches/{game['id']}"
    state, hand = game, 0
    while state["status"] == "in_progress":
        hand += 1
        response = await client.post(
            f"{path}/results",
            json={
                "outcome": "batida",
                "seat": 0,
                "kind": "simples",
                "started_at": (began + timedelta(minutes=10 * (hand - 1))).isoformat(),
                "played_at": (began + timedelta(minutes=10 * hand)).isoformat(),
            },
            headers=ADMIN,
        )
        assert response.status_code == 201, response.text
        state = response.json()
    for player in table.players:  # each player's own consent: it counts for all four
        confirmed = await client.post(f"{path}/confirmations", json={}, headers=player.auth)
        assert confirmed.status_code == 201, confirmed.text
    await settled(client)

    ended = datetime.fromisoformat(state["finished_at"])
    assert ended == began + timedelta(minutes=10 * hand)
    assert datetime.fromisoformat(state["started_at"]) == began
    assert [datetime.fromisoformat(h["ended_at"]) for h in state["hands"]] == [
        began + timedelta(minutes=10 * n) for n in range(1, hand + 1)
    ]
    last_week = {
        "since": (began - timedelta(days=1)).isoformat(),
        "until": (began + timedelta(days=1)).isoformat(),
    }
    this_week = {"since": (began + timedelta(days=2)).isoformat()}
    then = (await client.get("/v1/rankings", params=last_week)).json()
    now = (await client.get("/v1/rankings", params=this_week)).json()
    assert {r["player_id"] for r in then["rows"]} == {p.id for p in table.players}
    assert now["rows"] == []
    zé = table.players[0].id
    report = (await client.get(f"/v1/players/{zé}/report", params=last_week)).json()
    assert report["games_played"]["value"] == 1
    stats = (await client.get(f"/v1/players/{zé}/stats", params=last_week)).json()
    assert stats["seconds_played"] == 10 * 60 * hand, "the game lasted as long as it was played"


async def test_a_hand_typed_in_cannot_be_played_in_the_future_nor_before_the_last(
    client: httpx.AsyncClient, table: Table
) -> None:
    game = await new_match(client, table)
    path = f"/v1/matches/{game['id']}/results"
    week_ago = datetime.now(UTC) - timedelta(days=7)
    tomorrow = datetime.now(UTC) + timedelta(days=1)
    body = {"outcome": "batida", "seat": 0, "kind": "simples"}

    future = await client.post(
        path, json={**body, "played_at": tomorrow.isoformat()}, headers=ADMIN
    )
    first = await client.post(path, json={**body, "played_at": week_ago.isoformat()}, headers=ADMIN)
    earlier = await client.post(
        path,
        json={**body, "played_at": (week_ago - timedelta(hours=1)).isoformat()},
        headers=ADMIN,
    )
    naive = await client.post(
        path, json={**body, "played_at": "2026-01-01T10:00:00"}, headers=ADMIN
    )

    assert_problem(future, 422, "invalid-time")
    assert first.status_code == 201
    assert_problem(earlier, 422, "hands-out-of-order")
    assert naive.status_code == 400
    assert len(first.json()["hands"]) == 1
    state = (await client.get(f"/v1/matches/{game['id']}", headers=ADMIN)).json()
    assert len(state["hands"]) == 1, "the refused hands changed nothing"


async def test_a_paper_time_out_of_the_years_1900_to_3000_is_refused_and_writes_nothing(
    client: httpx.AsyncClient, table: Table
) -> None:
    """Year 1 at +01:00 is year 0 in UTC: accepted, it made the game's page, the lists and
    the rankings answer 500 to everyone and stopped the projections for good (a review
    found it, 2026-11-29)."""
    game = await new_match(client, table)
    path = f"/v1/matches/{game['id']}"
    for played_at in ("0001-01-01T00:30:00+01:00", "1899-06-01T20:00:00-03:00"):
        response = await client.post(
            f"{path}/results",
            json={"outcome": "batida", "seat": 0, "kind": "simples", "played_at": played_at},
            headers=ADMIN,
        )
        assert_problem(response, 422, "invalid-time")
    assert (await client.get(path)).json()["version"] == game["version"]
    assert (await client.get("/v1/matches")).status_code == 200

"""Every registered game, confirmed by its players, reaches every read of its own: its
ranking, each player's statistics, report, achievements and rating, its records, the
export of its games and the game's súmula, each filtered by the game and naming it."""

from __future__ import annotations

import csv
import io

import httpx
import pytest

from domain import GAMES
from tests.api.conftest import ADMIN, register
from tests.projections.test_http import settled
from tests.simulate import next_request

STOCK_AND_BETTING_GAMES = [g.name for g in GAMES if g.family in ("stock", "betting")]


@pytest.mark.parametrize("game", STOCK_AND_BETTING_GAMES)
async def test_a_confirmed_game_reaches_every_read_of_its_game(
    shared_client: httpx.AsyncClient, game: str
) -> None:
    client = shared_client
    players = [await register(client, f"{game} leitor {n}") for n in range(4)]
    created = await client.post(
        "/v1/matches",
        json={"rules": {"preset": game}, "seats": [p.id for p in players]},
        headers=ADMIN,
    )
    state = created.json()
    for _ in range(3000):
        step = next_request(state)
        if step is None:
            break
        answer = await client.post(
            f"/v1/matches/{state['id']}/{step[0]}", json=step[1], headers=ADMIN
        )
        assert answer.status_code == 201, answer.text
        state = answer.json()
    for player in players:
        answer = await client.post(
            f"/v1/matches/{state['id']}/confirmations", json={}, headers=player.auth
        )
        assert answer.status_code == 201, answer.text
    await settled(client)
    ids = {p.id for p in players}

    ranking = (await client.get("/v1/rankings", params={"game": game})).json()
    stats = (await client.get(f"/v1/players/{players[0].id}/stats", params={"game": game})).json()
    report = await client.get(f"/v1/players/{players[0].id}/report", params={"game": game})
    ratings = await client.get(f"/v1/players/{players[0].id}/ratings", params={"game": game})
    records = await client.get("/v1/records", params={"game": game})
    export = await client.get("/v1/exports/games", params={"game": game, "player": players[0].id})
    sumula = await client.get(f"/v1/matches/{state['id']}/sumula", params={"format": "csv"})

    assert ids <= {row["player_id"] for row in ranking["rows"]}
    assert stats["games_played"] == 1
    assert report.status_code == 200, report.text
    assert ratings.status_code == 200, ratings.text
    assert records.status_code == 200, records.text
    assert export.status_code == 200, export.text
    assert state["id"] in export.text
    rows = list(csv.DictReader(io.StringIO(sumula.text)))
    assert len(rows) == len(state["hands"])
    assert rows[-1]["score"]
    if game in ("texas-holdem", "poker"):  # R11: the betting games' own counters and records
        counters = stats["game_counters"]
        assert {"showdowns_won", "won_without_showdown", "biggest_pot"} <= set(counters), stats
        assert counters["hands_dealt"] == sum(0 in h["details"]["dealt"] for h in state["hands"])
        kinds = {r.get("kind") or r.get("record") for r in records.json().get("records", [])}
        assert "biggest-pot" in kinds, records.text

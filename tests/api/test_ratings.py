"""The partnership rating: games played through the API, checked against the model's update
written here from the paper (Weng and Lin 2011, Plackett-Luce, two teams), apart from the
`openskill` package; abandonment, cancellation and per-game isolation; the endpoints; and
a rebuild from zero equal to the live fold."""

from __future__ import annotations

import math
from typing import Any

import asyncpg
import httpx
import pytest

from projections.rating import LEADERBOARD_GAMES, Ratings
from projections.rebuild import rebuild
from tests.api.conftest import ADMIN, Table, new_match
from tests.conftest import Database
from tests.projections.test_http import settled

MU, SIGMA, BETA, TAU = 25.0, 25 / 3, 25 / 6, 25 / 300
Json = dict[str, Any]


def expected_update(
    winners: list[tuple[float, float]], losers: list[tuple[float, float]]
) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """Plackett-Luce for two teams, no draw: (mu, sigma) of each player after the game."""
    win = [(mu, math.sqrt(s * s + TAU * TAU)) for mu, s in winners]
    lose = [(mu, math.sqrt(s * s + TAU * TAU)) for mu, s in losers]
    s2w, s2l = sum(s * s for _, s in win), sum(s * s for _, s in lose)
    c = math.sqrt(s2w + s2l + 2 * BETA * BETA)
    ew, el = math.exp(sum(m for m, _ in win) / c), math.exp(sum(m for m, _ in lose) / c)
    pw, pl = ew / (ew + el), el / (ew + el)
    omega = {"w": s2w / c * (1 - pw), "l": -s2l / c * pl}
    delta = {
        "w": math.sqrt(s2w) / c * s2w / c**2 * pw * (1 - pw),
        "l": math.sqrt(s2l) / c * s2l / c**2 * pl * (1 - pl),
    }

    def moved(team: list[tuple[float, float]], s2: float, side: str) -> list[tuple[float, float]]:
        return [
            (mu + s * s / s2 * omega[side],
             math.sqrt(s * s * max(1 - s * s / s2 * delta[side], 1e-4)))
            for mu, s in team
        ]

    return moved(win, s2w, "w"), moved(lose, s2l, "l")


async def finished_game(
    client: httpx.AsyncClient, table: Table, winner_seat: int, preset: str = "pontos"
) -> Json:
    """A result-only game of `preset` won by the team of `winner_seat`, batida after batida."""
    game = await new_match(client, table, preset)
    state = game
    while state["status"] == "in_progress":
        response = await client.post(
            f"/v1/matches/{game['id']}/results",
            json=_result(preset, winner_seat),
            headers=ADMIN,
        )
        assert response.status_code == 201, response.text
        state = response.json()
    return state


def _result(preset: str, seat: int) -> Json:
    team = "A" if seat % 2 == 0 else "B"
    if preset == "truco":
        return {"winner": team, "value": 3}
    if preset == "sueca":
        other = "AB".replace(team, "")
        return {"points": {team: 120, other: 0}, "tricks": {team: 10, other: 0}}
    return {"outcome": "batida", "seat": seat, "kind": "simples"}


async def confirm(client: httpx.AsyncClient, game: Json) -> None:
    response = await client.post(f"/v1/matches/{game['id']}/confirmations", json={},
                                 headers=ADMIN)
    assert response.status_code == 201, response.text


async def ratings_of(client: httpx.AsyncClient, player: str, game: str = "dominoes") -> Json:
    await settled(client)
    response = await client.get(f"/v1/players/{player}/ratings", params={"game": game})
    assert response.status_code == 200, response.text
    body: Json = response.json()
    return body


async def test_two_confirmed_games_move_the_ratings_as_the_model_says(
    client: httpx.AsyncClient, table: Table
) -> None:
    ids = [p.id for p in table.players]
    first = await finished_game(client, table, winner_seat=0)
    await confirm(client, first)
    second = await finished_game(client, table, winner_seat=1)
    await confirm(client, second)

    after_first_w, after_first_l = expected_update([(MU, SIGMA)] * 2, [(MU, SIGMA)] * 2)
    # second game: team B (seats 1, 3) wins against team A (seats 0, 2)
    after_second_w, after_second_l = expected_update(after_first_l, after_first_w)
    for seat, (mu, sigma) in zip(
        (1, 3, 0, 2), [*after_second_w, *after_second_l], strict=True
    ):
        body = await ratings_of(client, ids[seat])
        [rating] = body["ratings"]
        assert rating["mu"] == pytest.approx(mu, abs=1e-9)
        assert rating["sigma"] == pytest.approx(sigma, abs=1e-9)
        assert rating["ordinal"] == pytest.approx(mu - 3 * sigma, abs=1e-9)
        assert rating["games"] == 2
        assert rating["provisional"] is True
        assert [h["match_id"] for h in body["history"]] == [first["id"], second["id"]]
        assert body["history"][0]["won"] is (seat % 2 == 0)
    assert after_first_w[0][0] > MU > after_first_l[0][0]


async def test_an_abandoning_team_loses_and_unconfirmed_or_cancelled_games_count_nowhere(
    client: httpx.AsyncClient, table: Table
) -> None:
    ids = [p.id for p in table.players]
    abandoned = await new_match(client, table)
    gone = await client.post(f"/v1/matches/{abandoned['id']}/abandon", json={"team": "A"},
                             headers=ADMIN)
    assert gone.status_code == 201, gone.text
    await confirm(client, abandoned)
    unconfirmed = await finished_game(client, table, winner_seat=0)
    cancelled = await finished_game(client, table, winner_seat=0)
    cancel = await client.post(f"/v1/matches/{cancelled['id']}/cancellation", json={},
                               headers=ADMIN)
    assert cancel.status_code == 201, cancel.text

    [(mu_b, _), _], [(mu_a, _), _] = expected_update([(MU, SIGMA)] * 2, [(MU, SIGMA)] * 2)
    a = await ratings_of(client, ids[0])
    b = await ratings_of(client, ids[1])
    assert a["ratings"][0]["mu"] == pytest.approx(mu_a)
    assert b["ratings"][0]["mu"] == pytest.approx(mu_b)
    assert [h["match_id"] for h in a["history"]] == [abandoned["id"]]
    assert unconfirmed["id"] not in {h["match_id"] for h in b["history"]}


async def test_each_game_has_its_own_rating(client: httpx.AsyncClient, table: Table) -> None:
    ids = [p.id for p in table.players]
    sueca = await finished_game(client, table, winner_seat=1, preset="sueca")
    await confirm(client, sueca)

    assert (await ratings_of(client, ids[0], "dominoes"))["ratings"] == []
    [rating] = (await ratings_of(client, ids[0], "sueca"))["ratings"]
    assert rating["game"] == "sueca"
    assert rating["mu"] < MU


async def test_the_leaderboard_lists_the_eligible_by_ordinal(
    client: httpx.AsyncClient, table: Table
) -> None:
    for n in range(LEADERBOARD_GAMES):
        game = await finished_game(client, table, winner_seat=n % 2 if n else 0)
        await confirm(client, game)
    await settled(client)

    board = (await client.get("/v1/ratings")).json()
    everyone = (await client.get("/v1/ratings", params={"include_inactive": "true"})).json()
    sueca = (await client.get("/v1/ratings", params={"game": "sueca"})).json()
    unknown = await client.get("/v1/ratings", params={"game": "xadrez"})
    nobody = await client.get("/v1/players/00000000-0000-4000-8000-000000000000/ratings")

    assert board["total"] == 4
    ordinals = [r["ordinal"] for r in board["rows"]]
    assert ordinals == sorted(ordinals, reverse=True)
    assert [r["rank"] for r in board["rows"]] == [1, 2, 3, 4]
    assert {r["player_id"] for r in board["rows"]} == {p.id for p in table.players}
    assert all(r["games"] == LEADERBOARD_GAMES for r in board["rows"])
    assert everyone["total"] == 4
    assert sueca["rows"] == []
    assert unknown.status_code == 400
    assert nobody.status_code == 404


async def test_a_rebuild_from_zero_equals_the_live_fold(
    client: httpx.AsyncClient, table: Table, database: Database
) -> None:
    for seat in (0, 1, 1, 2):
        game = await finished_game(client, table, winner_seat=seat)
        await confirm(client, game)
    await settled(client)
    tables = ("proj_ratings", "proj_rating_history")
    owner = await asyncpg.connect(database.owner_dsn)
    try:
        live = [await owner.fetch(f"SELECT * FROM {t} ORDER BY 1, 2, 3") for t in tables]
        await rebuild(owner, Ratings())
        rebuilt = [await owner.fetch(f"SELECT * FROM {t} ORDER BY 1, 2, 3") for t in tables]
    finally:
        await owner.close()
    assert len(live[1]) == 16
    assert [list(map(tuple, rows)) for rows in rebuilt] == [list(map(tuple, r)) for r in live]

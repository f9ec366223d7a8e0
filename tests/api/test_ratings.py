"""The partnership rating's endpoints: games played through the API, each player's rating
against the model's update written from the paper (tests/projections/test_rating.py), an
abandoning team, unconfirmed and cancelled games, each game's own rating, the leaderboard's
eligibility and provisional flag, paging, and the errors."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest

from projections.rating import LEADERBOARD_DAYS, LEADERBOARD_GAMES
from tests.api.conftest import ADMIN, Table, new_match
from tests.api.play import create_game
from tests.projections.test_http import settled
from tests.projections.test_rating import MU, SIGMA, expected_update

Json = dict[str, Any]


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
    return {"outcome": "batida", "seat": seat, "kind": "cruzada"}


async def confirm(client: httpx.AsyncClient, game: Json, table: Table) -> None:
    """Confirmed by each of its four players: it counts for all four (design.md, "Who may
    make a game count": each player's own consent)."""
    for player in table.players:
        response = await client.post(
            f"/v1/matches/{game['id']}/confirmations", json={}, headers=player.auth
        )
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
    await confirm(client, first, table)
    second = await finished_game(client, table, winner_seat=1)
    await confirm(client, second, table)

    after_first_w, after_first_l = expected_update([(MU, SIGMA)] * 2, [(MU, SIGMA)] * 2)
    # second game: team B (seats 1, 3) wins against team A (seats 0, 2)
    after_second_w, after_second_l = expected_update(after_first_l, after_first_w)
    for seat, (mu, sigma) in zip((1, 3, 0, 2), [*after_second_w, *after_second_l], strict=True):
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
    gone = await client.post(
        f"/v1/matches/{abandoned['id']}/abandon", json={"team": "A"}, headers=ADMIN
    )
    assert gone.status_code == 201, gone.text
    await confirm(client, abandoned, table)
    unconfirmed = await finished_game(client, table, winner_seat=0)
    cancelled = await finished_game(client, table, winner_seat=0)
    cancel = await client.post(
        f"/v1/matches/{cancelled['id']}/cancellation", json={}, headers=ADMIN
    )
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
    await confirm(client, sueca, table)

    assert (await ratings_of(client, ids[0], "dominoes"))["ratings"] == []
    [rating] = (await ratings_of(client, ids[0], "sueca"))["ratings"]
    assert rating["game"] == "sueca"
    assert rating["mu"] < MU


async def board(client: httpx.AsyncClient, **params: str) -> Json:
    response = await client.get("/v1/ratings", params=params)
    assert response.status_code == 200, response.text
    body: Json = response.json()
    return body


async def play_games(client: httpx.AsyncClient, table: Table, numbers: range) -> None:
    """Games won by team A and team B in turn (game 0 by A), each confirmed."""
    for n in numbers:
        await confirm(client, await finished_game(client, table, winner_seat=n % 2), table)
    await settled(client)


async def test_the_leaderboard_takes_the_eligible_and_flags_the_provisional(
    client: httpx.AsyncClient, table: Table
) -> None:
    ids = {p.id for p in table.players}
    await play_games(client, table, range(LEADERBOARD_GAMES - 1))
    too_few = await board(client, include_provisional="true")
    everyone = await board(client, include_inactive="true", include_provisional="true")
    assert too_few["total"] == 0
    assert everyone["total"] == 4

    await play_games(client, table, range(LEADERBOARD_GAMES - 1, 9))  # sigma 7.09 (> 7)
    provisional = await board(client, include_provisional="true")
    settled_only = await board(client)
    later = datetime.now(UTC) + timedelta(days=LEADERBOARD_DAYS, minutes=1)
    inactive = await board(client, include_provisional="true", at=later.isoformat())
    assert provisional["total"] == 4
    assert {r["player_id"] for r in provisional["rows"]} == ids
    assert all(r["provisional"] and r["games"] == 9 for r in provisional["rows"])
    assert settled_only["total"] == 0
    assert inactive["total"] == 0

    await play_games(client, table, range(9, 10))  # sigma 6.97: no longer provisional
    leaders = await board(client)
    page = await board(client, limit="2", offset="1")
    assert leaders["total"] == 4
    assert [r["rank"] for r in leaders["rows"]] == [1, 2, 3, 4]
    assert not any(r["provisional"] for r in leaders["rows"])
    ordinals = [r["ordinal"] for r in leaders["rows"]]
    assert ordinals == sorted(ordinals, reverse=True)
    assert ordinals[0] > ordinals[-1]  # game 9 was won by team B: they lead
    assert all(r["name"] for r in leaders["rows"])
    assert [(r["rank"], r["player_id"]) for r in page["rows"]] == [
        (r["rank"], r["player_id"]) for r in leaders["rows"][1:3]
    ]
    assert (await board(client, game="sueca"))["rows"] == []


async def test_errors_are_problem_details(client: httpx.AsyncClient, table: Table) -> None:
    player = table.players[0].id
    unknown_game = await client.get("/v1/ratings", params={"game": "xadrez"})
    unknown_game_of_player = await client.get(
        f"/v1/players/{player}/ratings", params={"game": "xadrez"}
    )
    unknown_player = await client.get("/v1/players/00000000-0000-4000-8000-000000000000/ratings")
    bad_limit = await client.get("/v1/ratings", params={"limit": "0"})
    bad_moment = await client.get("/v1/ratings", params={"at": "0.5"})  # not a timestamp

    for response in (unknown_game, unknown_game_of_player, bad_limit, bad_moment):
        assert response.status_code == 400, response.text
        assert response.headers["content-type"].startswith("application/problem+json")
    assert bad_moment.json()["code"] == "invalid-period"
    assert unknown_player.status_code == 404
    assert unknown_player.json()["code"] == "player-not-found"
    assert (await client.get(f"/v1/players/{player}/ratings")).json()["ratings"] == []


async def test_a_disputed_game_with_notes_leaves_the_ratings_and_they_go_on(
    client: httpx.AsyncClient, table: Table
) -> None:
    """The game's notes are kept apart from its stored body (null there): taking back its
    move reads its creation with them put back, else the ratings stop for everyone."""
    game = await create_game(client, table, notes="jogo de sábado")
    await game.win_by_results("pontos")
    for player in table.players[:2]:
        await game.ok("confirmations", {}, by=player)
    await settled(client)
    await game.ok("disputes", {"reason": "placar errado"}, by=table.players[1])
    later = await create_game(client, table)
    await later.win_by_results("pontos")
    for player in table.players[:2]:
        await later.ok("confirmations", {}, by=player)

    await settled(client)  # every projection, the ratings too, folded the last event
    ratings = await ratings_of(client, table.players[0].id)
    assert [r["games"] for r in ratings["ratings"]] == [1], ratings

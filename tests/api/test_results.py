"""Hands recorded by their result only (POST /v1/matches/{id}/results), per rule set."""

from __future__ import annotations

import httpx
import pytest

from tests.api.conftest import Table
from tests.api.play import Game, Json, assert_problem, create_game


def batida(seat: int, kind: str = "simples", **sums: int) -> Json:
    return {"outcome": "batida", "seat": seat, "kind": kind} | ({"sums": sums} if sums else {})


def bloqueio(a: int, b: int, seat: int | None = None) -> Json:
    blocker = {} if seat is None else {"seat": seat}
    return {"outcome": "bloqueio", "sums": {"A": a, "B": b}} | blocker


async def game_of(shared_client: httpx.AsyncClient, shared_table: Table, preset: str) -> Game:
    return await create_game(shared_client, shared_table, preset)


async def last_event(game: Game) -> Json:
    return (await game.events())[-1]


# pontos


async def test_pontos_a_cruzada_and_a_carroca_win_a_buchuda_6_to_0(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await game_of(shared_client, shared_table, "pontos")

    await game.ok("results", batida(0, "cruzada"))
    final = await game.ok("results", batida(2, "carroca"))

    assert (final["status"], final["winner"], final["score"]) == ("finished", "A", {"A": 6, "B": 0})
    assert [(h["kind"], h["points"], h["recorded_as"]) for h in final["hands"]] == [
        ("cruzada", 4, "result"),
        ("carroca", 2, "result"),
    ]
    finished = await last_event(game)
    assert finished["type"] == "match_finished"
    assert finished["data"]["buchuda"] is True
    assert finished["data"]["virada"] is False
    assert finished["data"]["hands_played"] == 2


async def test_pontos_an_empate_adds_one_point_to_the_next_hand_won(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await game_of(shared_client, shared_table, "pontos")

    tied = await game.ok("results", bloqueio(10, 10))
    won = await game.ok("results", batida(1, "la-e-lo"))

    assert tied["hands"][0]["outcome"] == "empate"
    assert tied["pending_bonus"] == 1
    assert won["hands"][1]["points"] == 4
    assert won["hands"][1]["bonus_applied"] == 1
    assert won["score"] == {"A": 0, "B": 4}


async def test_pontos_a_block_is_won_by_the_lower_sum_for_one_point(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await game_of(shared_client, shared_table, "pontos")

    state = await game.ok("results", bloqueio(5, 9))

    assert state["hands"][0]["winner"] == "A"
    assert state["score"] == {"A": 1, "B": 0}
    assert state["hands"][0]["sums"] == {"A": 5, "B": 9}


async def test_pontos_a_virada_is_a_game_won_by_the_team_that_conceded_first(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await game_of(shared_client, shared_table, "pontos")

    await game.ok("results", batida(1))
    await game.ok("results", batida(0, "cruzada"))
    final = await game.ok("results", batida(2, "cruzada"))

    assert (final["winner"], final["score"]) == ("A", {"A": 8, "B": 1})
    assert (await last_event(game))["data"]["virada"] is True


# cinquenta


async def test_cinquenta_a_batida_scores_the_opponents_pips(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await game_of(shared_client, shared_table, "cinquenta")

    state = await game.ok("results", batida(1, A=23, B=0))

    assert state["score"] == {"A": 0, "B": 23}


async def test_cinquenta_a_block_with_equal_sums_is_lost_by_the_blocking_team(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await game_of(shared_client, shared_table, "cinquenta")

    state = await game.ok("results", bloqueio(12, 12, seat=0))

    assert state["hands"][0]["winner"] == "B"
    assert state["score"] == {"A": 0, "B": 12}


async def test_cinquenta_is_won_by_the_first_team_to_reach_50(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await game_of(shared_client, shared_table, "cinquenta")

    await game.ok("results", batida(3, A=20, B=0))
    await game.ok("results", bloqueio(10, 35))
    final = await game.ok("results", batida(2, A=0, B=40))

    assert (final["status"], final["winner"], final["score"]) == (
        "finished",
        "A",
        {"A": 75, "B": 20},
    )
    finished = await last_event(game)
    assert finished["data"]["score"] == {"A": 75, "B": 20}
    assert finished["data"]["virada"] is True


# federacao


async def test_federacao_a_block_with_equal_sums_is_replayed_and_scores_nothing(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await game_of(shared_client, shared_table, "federacao")

    state = await game.ok("results", bloqueio(14, 14))

    assert state["hands"][0]["outcome"] == "empate"
    assert state["score"] == {"A": 0, "B": 0}
    assert state["pending_bonus"] == 0


async def test_federacao_is_won_by_the_first_team_to_reach_50(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await game_of(shared_client, shared_table, "federacao")

    await game.ok("results", batida(1, A=49, B=0))
    final = await game.ok("results", bloqueio(20, 2))

    assert (final["status"], final["winner"], final["score"]) == (
        "finished",
        "B",
        {"A": 0, "B": 69},
    )
    assert (await last_event(game))["data"]["buchuda"] is True


@pytest.mark.parametrize("preset", ["cinquenta", "federacao"])
async def test_a_batida_where_pips_count_needs_the_sums(
    shared_client: httpx.AsyncClient, shared_table: Table, preset: str
) -> None:
    game = await game_of(shared_client, shared_table, preset)

    response = await game.post("results", batida(0))

    assert response.status_code == 422
    assert response.json()["code"] == "sums-required"
    assert await game.version() == 1


async def test_t9_a_truco_hand_run_from_is_recorded_by_its_raises_and_no_other_game_takes_them(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    truco = await game_of(shared_client, shared_table, "truco")
    raises = [{"seat": 0, "value": 3}, {"seat": 1, "value": 6}]
    state = await truco.ok("results", {"winner": "B", "value": 3, "raises": raises})
    (hand,) = state["hands"]
    assert (hand["outcome"], hand["winner"], hand["points"]) == ("run", "B", 3)
    assert hand["raises"] == raises
    wrong = await truco.post("results", {"winner": "A", "value": 3, "raises": raises})
    assert_problem(wrong, 422, "invalid-result")
    mau_mau = await game_of(shared_client, shared_table, "mau-mau")
    body = {"winner": 0, "points": [0, 5, 7, 9], "raises": raises}
    assert_problem(await mau_mau.post("results", body), 400, "invalid-body")
    assert (await mau_mau.state())["hands"] == []

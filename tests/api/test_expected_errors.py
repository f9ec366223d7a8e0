"""A refusal says what was expected (issue 31): a missing body, a value not among a field's
choices (the choices listed), and a body that requires nothing accepted whole or left out."""

from __future__ import annotations

import httpx

from domain import PRESETS
from tests.api.conftest import ADMIN_TOKEN, Table
from tests.api.play import Game, assert_problem, create_game

ADMIN = {"Authorization": f"Bearer {ADMIN_TOKEN}"}


async def test_a_write_without_its_body_says_a_json_object_is_expected(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await create_game(shared_client, shared_table, "pontos")
    json_type = {"Content-Type": "application/json"}

    created = await shared_client.post("/v1/matches", headers=ADMIN | json_type)
    moved = await shared_client.post(game.url("moves"), headers=ADMIN | json_type)

    for refused in (created, moved):
        problem = assert_problem(refused, 400, "invalid-body")
        assert "the body is missing: a JSON object is expected" in problem["detail"]
    assert (await game.state())["version"] == 1


async def test_an_unknown_preset_lists_the_presets(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    seats = [p.id for p in shared_table.players]
    body = {"rules": {"preset": "hearts"}, "seats": seats}

    refused = await shared_client.post("/v1/matches", json=body, headers=ADMIN)

    problem = assert_problem(refused, 400, "invalid-body")
    assert "'hearts'" in problem["detail"]
    assert all(preset in problem["detail"] for preset in PRESETS)


async def test_a_choice_of_a_games_own_body_lists_its_choices(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await create_game(shared_client, shared_table, "truco")

    refused = await game.post("moves", {"seat": 0, "call": "quatro"})

    problem = assert_problem(refused, 400, "invalid-body")
    assert "choose one of doze, nove, seis, truco" in problem["detail"]


async def test_a_confirmation_is_taken_with_an_empty_body_or_none(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game: Game = await create_game(shared_client, shared_table, "pontos")
    await game.win_by_results("pontos")
    a, b = shared_table.players[0], shared_table.players[1]

    with_braces = await game.ok("confirmations", {}, by=a)
    without = await shared_client.post(
        game.url("confirmations"), headers={"Authorization": f"Bearer {b.token}"}
    )

    assert with_braces["status"] == "finished"
    assert without.status_code == 201, without.text
    assert without.json()["status"] == "confirmed"


async def test_a_json_null_where_a_body_may_be_left_out_reads_as_none_sent(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    """`null` on the service's fast path for writes was a 500 (found by schemathesis)."""
    game: Game = await create_game(shared_client, shared_table, "pontos")
    null = ADMIN | {"Content-Type": "application/json"}

    abandoned = await shared_client.post(game.url("abandon"), content=b"null", headers=null)
    confirmed = await shared_client.post(game.url("confirmations"), content=b"null", headers=null)

    problem = assert_problem(abandoned, 422, "invalid-team")
    assert "say which team" in problem["detail"]
    assert_problem(confirmed, 409, "match-not-finished")
    assert (await game.state())["version"] == 1


async def test_an_import_without_a_token_is_refused_even_when_it_holds_no_line(
    shared_client: httpx.AsyncClient,
) -> None:
    for body in (b"", b"\n"):
        refused = await shared_client.post("/v1/imports/games", content=body)
        assert_problem(refused, 401, "unauthorized")

"""Sueca and Truco over HTTP: deals, cards, raises, results, hidden cards, bad input."""

from __future__ import annotations

import random

import httpx
import pytest

from tests.api.cards_play import legal_cards, play_card_hand, sueca_deal, truco_deal
from tests.api.conftest import Table
from tests.api.play import assert_problem, create_game

pytestmark = pytest.mark.asyncio


async def test_a_sueca_game_says_its_game_and_rules(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await create_game(shared_client, shared_table, "sueca")
    state = await game.state()
    assert (state["game"], state["rules"]["preset"], state["rules"]["target"]) == (
        "sueca",
        "sueca",
        4,
    )
    assert state["score"] == {"A": 0, "B": 0}
    assert state["hand"] is None


async def test_a_sueca_hand_played_card_by_card_scores_its_120_points(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    rng = random.Random(3)
    game = await create_game(shared_client, shared_table, "sueca")
    dealt = await game.ok("hands", sueca_deal(rng))
    hand = dealt["hand"]
    assert (hand["family"], hand["dealer"], hand["opener"], dealt["turn"]) == ("cards", 3, 0, 0)
    assert hand["trump"] == hand["trump_card"][-1]
    state = await play_card_hand(game, dealt, rng)
    (finished,) = state["hands"]
    assert finished["card_points"]["A"] + finished["card_points"]["B"] == 120
    assert finished["tricks"]["A"] + finished["tricks"]["B"] == 10
    assert finished["dealer"] == 3
    winner = finished["winner"]
    if winner is not None:
        assert state["score"][winner] == finished["points"] >= 1


async def test_the_public_sees_the_trump_card_but_no_hand_and_a_player_sees_their_own(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await create_game(shared_client, shared_table, "sueca")
    deal = sueca_deal(random.Random(5))
    await game.ok("hands", deal)
    public = (await game.state())["hand"]
    assert public["hands"] == [None, None, None, None]
    assert public["trump_card"] == deal["trump_card"]
    assert public["cards_left"] == [10, 10, 10, 10]
    mine = (await game.state(by=shared_table.players[1]))["hand"]["hands"]
    assert mine[1] == deal["hands"][1]
    assert mine[0] is None
    assert mine[2] is None
    history = await game.events()
    dealt = next(e for e in history if e["type"] == "cards_dealt")
    assert dealt["data"]["hands"] == [None, None, None, None]
    assert dealt["data"]["trump_card"] == deal["trump_card"]


async def test_the_deal_goes_round_when_the_server_deals(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await create_game(shared_client, shared_table, "truco")
    first = await game.ok("hands", {"deal": "server"})
    assert (first["hand"]["dealer"], first["turn"]) == (3, 0)
    assert first["hand"]["manilha"] is not None
    assert first["hand"]["vira"] is not None
    await game.ok("moves", {"seat": 0, "call": "truco"}, by=shared_table.players[0])
    await game.ok("moves", {"seat": 1, "run": True}, by=shared_table.players[1])
    second = await game.ok("hands", {"deal": "server"})
    assert (second["hand"]["dealer"], second["turn"]) == (0, 1)
    assert second["hands"][0]["outcome"] == "run"
    assert second["score"] == {"A": 1, "B": 0}


async def test_a_truco_raise_is_answered_and_the_hand_is_worth_it(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    rng = random.Random(8)
    game = await create_game(shared_client, shared_table, "truco")
    await game.ok("hands", truco_deal(rng))
    called = await game.ok("moves", {"seat": 0, "call": "truco"})
    assert called["hand"]["pending_call"] == {"seat": 0, "call": "truco", "value": 3}
    refused = await game.post("moves", {"seat": 0, "card": legal_cards(called)[0]})
    assert_problem(refused, 422, "raise-pending")
    accepted = await game.ok("moves", {"seat": 3, "accept": True})
    assert (accepted["hand"]["hand_value"], accepted["hand"]["pending_call"]) == (3, None)
    twice = await game.post("moves", {"seat": 0, "call": "seis"})
    assert_problem(twice, 422, "raise-twice")
    state = await play_card_hand(game, accepted, rng)
    finished = state["hands"][0]
    assert finished["raises"] == [{"seat": 0, "value": 3}]
    assert finished["points"] in (0, 3)


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"seat": 0, "card": "11H"}, 400, "invalid-body"),
        ({"seat": 0, "card": "8H"}, 422, "invalid-card"),
        ({"seat": 0, "tile": "3-5"}, 400, "invalid-body"),
        ({"seat": 0, "card": "AS", "call": "truco"}, 400, "invalid-body"),
        ({"seat": 0, "call": "doze"}, 422, "wrong-raise"),
        ({"seat": 1, "call": "truco"}, 422, "not-your-turn"),
        ({"seat": 0, "accept": True}, 409, "no-raise-pending"),
    ],
)
async def test_a_bad_truco_move_is_refused_and_changes_nothing(
    shared_client: httpx.AsyncClient,
    shared_table: Table,
    body: dict[str, object],
    status: int,
    code: str,
) -> None:
    game = await create_game(shared_client, shared_table, "truco")
    await game.ok("hands", truco_deal(random.Random(2)))
    before = await game.truth()
    assert_problem(await game.post("moves", body), status, code)
    assert await game.truth() == before


@pytest.mark.parametrize(
    ("preset", "change", "code"),
    [
        ("sueca", "repeat", "invalid-deal"),
        ("sueca", "trump", "invalid-deal"),
        ("sueca", "short", "invalid-deal"),
        ("truco", "vira", "invalid-deal"),
        ("truco", "dealer", "wrong-dealer"),
    ],
)
async def test_a_bad_deal_is_refused_and_changes_nothing(
    shared_client: httpx.AsyncClient, shared_table: Table, preset: str, change: str, code: str
) -> None:
    rng = random.Random(4)
    game = await create_game(shared_client, shared_table, preset)
    if change == "dealer":
        await game.ok("hands", truco_deal(rng, dealer=2))
        await game.ok("moves", {"seat": 3, "call": "truco"})
        await game.ok("moves", {"seat": 0, "run": True})
    deal = sueca_deal(rng) if preset == "sueca" else truco_deal(rng)
    if change == "repeat":
        deal["hands"][1][0] = deal["hands"][0][0]
    elif change == "trump":
        deal["trump_card"] = deal["hands"][0][0]
    elif change == "short":
        deal["hands"][2] = deal["hands"][2][:9]
    elif change == "vira":
        deal["vira"] = deal["hands"][0][0]
    elif change == "dealer":
        deal["dealer"] = 1  # seat 3 is due: the deal goes round from seat 2
    version = await game.version()
    assert_problem(await game.post("hands", deal), 422, code)
    assert await game.version() == version


@pytest.mark.parametrize(
    ("preset", "body", "code"),
    [
        ("sueca", {"points": {"A": 70, "B": 40}}, "invalid-result"),
        ("sueca", {"points": {"A": 120, "B": 0}}, "invalid-result"),
        ("sueca", {"points": {"A": 60, "B": 60}, "tricks": {"A": 4, "B": 4}}, "invalid-result"),
        ("truco", {"winner": "A", "value": 2}, "invalid-result"),
        ("truco", {"outcome": "batida", "seat": 0, "kind": "simples"}, "invalid-body"),
    ],
)
async def test_a_result_that_cannot_happen_is_refused(
    shared_client: httpx.AsyncClient,
    shared_table: Table,
    preset: str,
    body: dict[str, object],
    code: str,
) -> None:
    game = await create_game(shared_client, shared_table, preset)
    response = await game.post("results", body)
    assert_problem(response, 400 if code == "invalid-body" else 422, code)
    assert await game.version() == 1


async def test_sueca_results_carry_a_tie_and_a_bandeirada_wins_the_game(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await create_game(shared_client, shared_table, "sueca")
    tie = await game.ok("results", {"points": {"A": 60, "B": 60}, "tricks": {"A": 5, "B": 5}})
    assert (tie["hands"][0]["outcome"], tie["pending_bonus"]) == ("empate", 1)
    won = await game.ok("results", {"points": {"A": 95, "B": 25}, "tricks": {"A": 8, "B": 2}})
    assert won["score"] == {"A": 3, "B": 0}
    flag = await game.ok("results", {"points": {"A": 0, "B": 120}, "tricks": {"A": 0, "B": 10}})
    assert flag["hands"][-1]["outcome"] == "bandeirada"
    assert (flag["status"], flag["winner"], flag["score"]["B"]) == ("finished", "B", 4)


async def test_a_covered_truco_card_stays_hidden_until_the_hand_ends(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    rng = random.Random(11)
    game = await create_game(shared_client, shared_table, "truco")
    state = await game.ok("hands", truco_deal(rng))
    for _ in range(4):  # the first round: face up
        state = await game.ok("moves", {"seat": state["turn"], "card": legal_cards(state)[0]})
    assert state["hand"] is not None, "a Truco hand lasts two rounds at least"
    seat, card = state["turn"], legal_cards(state)[0]
    state = await game.ok("moves", {"seat": seat, "card": card, "covered": True})
    public = (await game.state())["hand"]
    assert public["trick"][-1] == {"seat": seat, "card": None, "covered": True}
    played = [e for e in await game.events() if e["type"] == "card_played"][-1]
    assert played["data"]["card"] is None
    assert played["data"]["covered"] is True
    keeper = (await game.state(by=game.scorekeeper))["hand"]["trick"][-1]
    assert keeper["card"] == card

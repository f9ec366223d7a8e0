"""Espadas over HTTP: bids and cards as moves, the state's bids and spades, a whole hand by
its result, its súmula line that records it again, and a refusal that tells nothing."""

from __future__ import annotations

import random

import httpx

from tests.api.cards_play import espadas_deal
from tests.api.conftest import Table
from tests.api.play import assert_problem, create_game


async def test_the_seats_bid_in_turn_then_the_seat_after_the_dealer_leads(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await create_game(shared_client, shared_table, "espadas")
    dealt = await game.ok("hands", espadas_deal(random.Random(4), dealer=3))

    early = await game.post("moves", {"seat": 0, "card": dealt["hand"]["hands"][0][0]})
    wrong = await game.post("moves", {"seat": 0, "bid": 0})
    state = dealt
    for seat, bid in ((0, 3), (1, "nil"), (2, 4), (3, 2)):
        state = await game.ok("moves", {"seat": seat, "bid": bid})

    assert dealt["game"] == "espadas"
    assert dealt["hand"]["bids"] == [None] * 4
    assert dealt["turn"] == 0
    assert_problem(early, 422, "bids-pending")
    assert wrong.status_code == 400  # a bid below 1 is no bid at all
    assert state["hand"]["bids"] == [3, "nil", 4, 2]
    assert (state["turn"], state["hand"]["spades_broken"]) == (0, False)


async def test_a_hand_by_its_result_scores_both_teams_and_its_sumula_records_it_again(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await create_game(shared_client, shared_table, "espadas")
    body = {"bids": [4, 3, 3, 2], "tricks": [6, 3, 3, 1]}

    state = await game.ok("results", body)
    bad = await game.post("results", {"bids": [4, 3, 3, 2], "tricks": [6, 3, 3, 2]})
    sheet = (await shared_client.get(game.url("sumula"))).json()

    (hand,) = state["hands"]
    assert state["score"] == {"A": 72, "B": -50}
    assert hand["scores"] == {"A": 72, "B": -50}
    assert hand["details"]["bags"] == {"A": 2, "B": 0}
    assert_problem(bad, 422, "invalid-result")
    result = sheet["hands"][0]["result"]
    assert {k: result[k] for k in ("bids", "tricks")} == body


async def test_a_seat_probing_another_seats_cards_is_refused_before_the_rules(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await create_game(shared_client, shared_table, "espadas")
    await game.ok("hands", {"deal": "server"}, by=shared_table.players[0])
    for seat in range(4):
        await game.ok("moves", {"seat": seat, "bid": 3}, by=shared_table.players[seat])

    probes = [
        await game.post("moves", {"seat": 0, "card": card}, by=shared_table.players[1])
        for card in ("2S", "AH")
    ]

    assert {p.status_code for p in probes} == {403}
    assert probes[0].json() == probes[1].json()

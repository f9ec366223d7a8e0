"""Copas over HTTP: the simultaneous hidden pass, the two of clubs, a whole hand by its
result with the moon, per-seat scores, places and a shared first place, confirmation by
every seat, the súmula line that records a hand again, and a refusal that tells nothing."""

from __future__ import annotations

import csv
import io
import random

import httpx

from tests.api.cards_play import espadas_deal, play_card_hand
from tests.api.conftest import Table
from tests.api.play import assert_problem, create_game
from tests.projections.test_http import settled


async def test_the_pass_is_hidden_until_the_exchange_then_the_two_of_clubs_leads(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await create_game(shared_client, shared_table, "copas")
    players = shared_table.players
    await game.ok("hands", {"deal": "server"}, by=players[0])
    own = [(await game.state(by=p))["hand"]["hands"][s] for s, p in enumerate(players)]

    early = await game.post("moves", {"seat": 0, "card": own[0][0]}, by=players[0])
    gave = await game.ok("moves", {"seat": 0, "give": own[0][:3]}, by=players[0])
    seen_by_giver = (await game.state(by=players[0]))["hand"]
    seen_by_receiver = (await game.state(by=players[1]))["hand"]
    twice = await game.post("moves", {"seat": 0, "give": own[0][3:6]}, by=players[0])
    for seat in (1, 2, 3):
        state = await game.ok("moves", {"seat": seat, "give": own[seat][:3]}, by=players[seat])
    after = [(await game.state(by=p))["hand"]["hands"][s] for s, p in enumerate(players)]

    assert gave["game"] == "copas"
    assert gave["score"] == {"0": 0, "1": 0, "2": 0, "3": 0}
    assert_problem(early, 422, "pass-pending")
    assert (gave["turn"], gave["hand"]["pass_direction"], gave["hand"]["given"]) == (
        None,
        "left",
        [0],
    )
    assert seen_by_giver["giving"] == [own[0][:3], None, None, None]
    assert seen_by_receiver["giving"] == [None, None, None, None]
    assert not set(own[0][:3]) & set(seen_by_receiver["hands"][1])
    assert_problem(twice, 422, "already-given")
    for seat in range(4):  # each seat's three go to the seat on its left (seat + 1)
        giver = (seat + 3) % 4
        assert set(own[giver][:3]) <= set(after[seat])
        assert not set(own[seat][:3]) & set(after[seat])
    leader = next(s for s in range(4) if "2C" in after[s])
    assert (state["turn"], state["hand"]["giving"]) == (leader, None)
    wrong = next(c for c in after[leader] if c != "2C")
    refused = await game.post("moves", {"seat": leader, "card": wrong}, by=players[leader])
    assert_problem(refused, 422, "two-of-clubs-leads")


async def test_hands_by_their_result_score_each_seat_with_the_moon_and_refuse_the_impossible(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await create_game(shared_client, shared_table, "copas")

    moon = await game.ok("results", {"points": [0, 26, 0, 0]})
    bad = [
        await game.post("results", body)
        for body in ({"points": [7, 7, 6, 6]}, {"points": [13, 13, 0, 1]}, {"points": [26, 0]})
    ]
    for _ in range(2):
        await game.ok("results", {"points": [13, 0, 13, 0]})
    state = await game.ok("results", {"points": [13, 0, 0, 13]})
    sheet = (await shared_client.get(game.url("sumula"))).json()

    assert moon["score"] == {"0": 26, "1": 0, "2": 26, "3": 26}
    assert moon["hands"][0]["details"]["moon"] == 1
    assert [p.status_code for p in bad] == [422, 422, 422]
    assert state["status"] == "in_progress"  # nobody at 100 yet
    assert state["score"] == {"0": 65, "1": 0, "2": 52, "3": 39}
    result = sheet["hands"][0]["result"]
    assert result["points"] == [0, 26, 0, 0]


async def test_a_finished_game_ranks_every_seat_and_counts_once_each_confirms(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await create_game(shared_client, shared_table, "copas")
    players = shared_table.players
    for points in ([13, 13, 0, 0], [13, 13, 0, 0], [13, 13, 0, 0], [13, 13, 0, 0]):
        await game.ok("results", {"points": points})
    for _ in range(4):
        state = await game.ok("results", {"points": [13, 13, 0, 0]})

    assert state["status"] == "finished"
    assert state["score"] == {"0": 104, "1": 104, "2": 0, "3": 0}
    assert state["winner"] is None  # seats 2 and 3 share the first place
    assert state["places"] == [["2", "3"], ["0", "1"]]
    for seat in range(3):
        state = await game.ok("confirmations", {}, by=players[seat])
        assert state["status"] == "finished"
    state = await game.ok("confirmations", {}, by=players[3])
    assert state["status"] == "confirmed"
    assert state["counts_for"] == [0, 1, 2, 3]
    assert [c["by"] for c in state["confirmations"]] == ["0", "1", "2", "3"]
    await settled(shared_client)
    page = await shared_client.get(f"/partidas/{game.id}")
    for player in players:
        report = await shared_client.get(f"/v1/players/{player.id}/report?game=copas")
        assert report.status_code == 200, report.text
        assert report.json()["partners"] == []
        person = await shared_client.get(f"/jogadores/{player.id}")
        assert person.status_code == 200
    assert page.status_code == 200
    assert "Colocação" in page.text


async def test_a_hand_played_card_by_card_scores_each_seat_what_it_took(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await create_game(shared_client, shared_table, "copas")
    rng = random.Random(7)
    state = await game.ok("hands", espadas_deal(rng, dealer=3))

    state = await play_card_hand(game, state, rng)

    (hand,) = state["hands"]
    taken = hand["details"]["taken"]
    assert sum(taken) == 26
    assert sum(hand["details"]["tricks"]) == 13
    assert hand["scores"] == state["score"]
    assert sum(state["score"].values()) in (26, 78)  # 78: a seat shot the moon
    assert state["next_dealer"] == 0
    assert state["hand"] is None


async def test_its_sumula_runs_the_score_per_seat_in_json_and_csv(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await create_game(shared_client, shared_table, "copas")
    for points in ([0, 26, 0, 0], [13, 5, 8, 0]):
        state = await game.ok("results", {"points": points})

    sheet = (await shared_client.get(game.url("sumula"))).json()
    text = (await shared_client.get(game.url("sumula"), params={"format": "csv"})).text
    rows = list(csv.DictReader(io.StringIO(text)))

    assert [h["score"] for h in sheet["hands"]] == [
        {"0": 26, "1": 0, "2": 26, "3": 26},
        {"0": 39, "1": 5, "2": 34, "3": 26},
    ]
    assert sheet["score"] == state["score"]
    assert [(r["score_a"], r["score_b"]) for r in rows] == [("", ""), ("", "")]
    assert rows[-1]["score"] == "0:39 1:5 2:34 3:26"

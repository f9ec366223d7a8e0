"""Mau Mau over HTTP: tables of 4 to 8, a whole game played with a posted stock and with
none (each draw names its card), a server deal whose stock and drawn cards nobody sees,
hands by their result, places and a confirmation by every seat, the súmula line that
records a hand again, and refusals that tell nothing of another hand."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import httpx

from tests.api.conftest import ADMIN, Player, Table, register
from tests.api.play import Game, assert_problem, create_game
from tests.projections.test_http import settled
from tests.simulate import DECK_52, mau_mau_deal, mau_mau_move

Json = dict[str, Any]


async def table_of(client: httpx.AsyncClient, seats: int) -> Table:
    players = [await register(client, f"Mau {n}") for n in range(seats)]
    return Table(players, await register(client, "Juiz"), await register(client, "Outro"))


async def played_out(game: Game, state: Json, limit: int = 3000) -> Json:
    """Legal moves by the scorekeeper (who posted the deal) until the hand ends."""
    number = state["hand"]["number"]
    for _ in range(limit):
        if state["hand"] is None or state["hand"]["number"] != number:
            return state
        state = await game.ok("moves", mau_mau_move(state["hand"], state["turn"]))
    raise AssertionError("the hand did not end")


async def test_a_game_of_six_is_played_out_ranked_and_confirmed_by_every_seat(
    shared_client: httpx.AsyncClient,
) -> None:
    table = await table_of(shared_client, 6)
    game = await create_game(shared_client, table, "mau-mau")
    state = await game.state()
    dealt = await game.ok("hands", mau_mau_deal(state, random.Random(3)))

    state = await played_out(game, dealt)

    (hand,) = state["hands"]
    assert dealt["game"] == "mau-mau"
    assert dealt["hand"]["family"] == "stock"
    assert dealt["hand"]["stock_count"] == 104 - 6 * 5 - 1
    assert state["status"] == "finished"  # a game is one hand (M11)
    assert hand["scores"] == state["score"]
    assert state["score"][str(hand["by_seat"])] == 0
    assert sorted(s for place in state["places"] for s in place) == [str(s) for s in range(6)]
    totals = [state["score"][s] for place in state["places"] for s in place]
    assert totals == sorted(totals)  # the fewest points first
    assert hand["details"]["points"] == [state["score"][str(s)] for s in range(6)]
    for seat, player in enumerate(table.players):
        state = await game.ok("confirmations", {}, by=player)
        assert state["status"] == ("confirmed" if seat == 5 else "finished")
    await settled(shared_client)
    ranking = await shared_client.get("/v1/rankings", params={"game": "mau-mau"})
    page = await shared_client.get(f"/partidas/{game.id}")
    assert ranking.status_code == 200, ranking.text
    ranked = {row["player_id"] for row in ranking.json()["rows"]}
    assert {p.id for p in table.players} <= ranked
    assert page.status_code == 200


async def test_without_a_posted_stock_each_draw_names_a_card_not_seen_elsewhere(
    shared_client: httpx.AsyncClient,
) -> None:
    table = await table_of(shared_client, 4)
    game = await create_game(shared_client, table, "mau-mau")
    deal = mau_mau_deal(await game.state(), random.Random(5))
    del deal["stock"]
    state = await game.ok("hands", deal)
    seat = state["turn"]
    held = [c for hand in deal["hands"] for c in hand] + [deal["starter"]]
    twice = next((c for c in held if held.count(c) == 2), None)
    free = next(c for c in DECK_52 if c not in held)

    unnamed = await game.post("moves", {"seat": seat, "draw": "stock"})
    drawn = await game.ok("moves", {"seat": seat, "draw": "stock", "card": free})
    again = await game.post("moves", {"seat": seat, "draw": "stock", "card": free})

    assert state["hand"]["stock_known"] is False
    assert state["hand"]["stock"] is None
    assert_problem(unnamed, 422, "invalid-draw")
    assert free in drawn["hand"]["hands"][seat]
    assert drawn["hand"]["stock_count"] == state["hand"]["stock_count"] - 1
    assert_problem(again, 422, "already-drew")
    if twice is not None:  # both copies held: only who sees every hand is told
        await game.ok("undo", {})
        refused = await game.post("moves", {"seat": seat, "draw": "stock", "card": twice})
        assert_problem(refused, 422, "card-not-in-stock")
        by_player = await game.post(
            "moves", {"seat": seat, "draw": "stock", "card": twice}, by=table.players[seat]
        )
        problem = assert_problem(by_player, 403, "forbidden")  # only the poster names cards
        assert twice not in problem["detail"]
        free_by_player = await game.post(
            "moves", {"seat": seat, "draw": "stock", "card": free}, by=table.players[seat]
        )
        assert free_by_player.json() == problem  # alike, whatever the card


async def test_a_server_deal_hides_the_stock_and_every_drawn_card_from_the_others(
    shared_client: httpx.AsyncClient,
) -> None:
    table = await table_of(shared_client, 5)
    game = await create_game(shared_client, table, "mau-mau")
    players = table.players
    state = await game.ok("hands", {"deal": "server"}, by=players[0])
    owing = [s for s, n in enumerate(state["hand"]["owed"]) if n]  # a 9 starter: the dealer
    seat = owing[0] if owing else state["turn"]
    wanted = (state["hand"]["owed"][seat] or state["hand"]["pending_draw"]) or 1
    drawer = players[seat]
    other = players[(seat + 1) % 5]

    before = (await game.state(by=drawer))["hand"]["hands"][seat]
    await game.ok("moves", {"seat": seat, "draw": "stock"}, by=drawer)
    mine = (await game.state(by=drawer))["hand"]
    theirs = (await game.state(by=other))["hand"]
    keeper = (await game.state(by=table.scorekeeper))["hand"]
    history = (await shared_client.get(game.url("events"), headers=other.auth)).json()
    own_history = (await shared_client.get(game.url("events"), headers=drawer.auth)).json()

    new = list((Counter(mine["hands"][seat]) - Counter(before)).elements())
    assert len(new) == wanted
    assert theirs["hands"][seat] is None
    assert keeper["hands"] == [None] * 5
    assert mine["stock"] is None
    assert theirs["stock"] is None
    assert keeper["stock"] is None
    assert theirs["cards_left"][seat] == 5 + wanted
    drawn = [e for e in _events(history) if e["type"] == "cards_drawn"]
    own = [e for e in _events(own_history) if e["type"] == "cards_drawn"]
    assert drawn
    assert drawn[-1]["data"]["cards"] is None
    assert drawn[-1]["data"]["count"] == wanted
    assert sorted(own[-1]["data"]["cards"]) == sorted(new)
    dealt = next(e for e in _events(history) if e["type"] == "stock_dealt")
    assert dealt["data"]["stock"] is None
    assert dealt["data"]["stock_count"] == 104 - 26


def _events(page: Json) -> list[Json]:
    events: list[Json] = page["events"]
    return events


async def test_hands_by_their_result_score_each_seat_and_refuse_the_impossible(
    shared_client: httpx.AsyncClient,
) -> None:
    table = await table_of(shared_client, 4)
    game = await create_game(shared_client, table, "mau-mau", rules={"target": 100})
    bad = [
        await game.post("results", body)
        for body in (
            {"winner": 1, "points": [3, 5, 0, 7]},  # the winner holds points
            {"winner": 2, "points": [3, 0, 0, 7]},  # a seat with cards holds none
            {"winner": 2, "points": [3, 5, 0]},
            {"winner": 2, "cards_left": [["JH"], ["JH"], [], ["JH"]]},  # three JH
            {"winner": 2},
            {"winner": "A", "points": [3, 5, 0, 7]},
            {"winner": 5, "points": [3, 5, 0, 7]},  # no seat 5 at a table of four
        )
    ]
    first = await game.ok(
        "results", {"winner": 2, "cards_left": [["JH", "3C"], ["KD"], [], ["AS"]]}
    )
    state = await game.ok("results", {"winner": 0, "points": [0, 40, 100, 2]})
    sheet = (await shared_client.get(game.url("sumula"))).json()

    assert [p.status_code for p in bad] == [422, 422, 422, 422, 422, 400, 422]
    assert first["score"] == {"0": 33, "1": 10, "2": 0, "3": 1}
    assert first["hands"][0]["details"]["cards_left"] == [2, 1, 0, 1]
    assert state["status"] == "finished"  # seat 2 reached 100: the fewest points first
    assert state["score"] == {"0": 33, "1": 50, "2": 100, "3": 3}
    assert state["places"] == [["3"], ["0"], ["1"], ["2"]]
    assert state["winner"] == "3"
    line = sheet["hands"][0]["result"]
    assert (line["winner"], line["points"]) == (2, [33, 10, 0, 1])


async def test_a_blocked_hand_by_its_result(shared_client: httpx.AsyncClient) -> None:
    """M10 by its result: nobody went out, every seat's points given; the fewest win it, a
    tie for nobody. A result with a winner and `blocked`, or with neither, is refused."""
    table = await table_of(shared_client, 4)
    game = await create_game(shared_client, table, "mau-mau", rules={"target": 100})
    both = await game.post("results", {"winner": 1, "blocked": True, "points": [3, 5, 2, 7]})
    neither = await game.post("results", {"points": [3, 5, 2, 7]})
    first = await game.ok("results", {"blocked": True, "points": [3, 5, 2, 7]})
    tie = await game.ok(
        "results", {"blocked": True, "cards_left": [["KH"], ["QH"], ["JH"], ["10H"]]}
    )

    assert_problem(both, 422, "invalid-result")
    assert_problem(neither, 422, "invalid-result")
    hand = first["hands"][0]
    assert (hand["outcome"], hand["winner"], hand["by_seat"]) == ("bloqueio", "2", None)
    assert first["score"] == {"0": 3, "1": 5, "2": 2, "3": 7}
    last = tie["hands"][1]
    assert (last["outcome"], last["winner"]) == ("bloqueio", None)
    assert tie["score"] == {"0": 13, "1": 15, "2": 32, "3": 17}  # a jack is 30 (M3)


async def test_a_table_of_three_or_nine_is_refused(shared_client: httpx.AsyncClient) -> None:
    players: list[Player] = [await register(shared_client, f"Nove {n}") for n in range(9)]
    answers = [
        await shared_client.post(
            "/v1/matches",
            json={"rules": {"preset": "mau-mau"}, "seats": [p.id for p in players[:n]]},
            headers=ADMIN,
        )
        for n in (3, 9)
    ]

    assert_problem(answers[0], 422, "invalid-seats")
    assert answers[1].status_code in (400, 422)


async def test_m20_a_server_deal_posts_no_card_and_no_body_has_another_games_field(
    shared_client: httpx.AsyncClient,
) -> None:
    """M20: a server deal with a stock or a starter says two things; Cacheta's and Buraco's
    fields are no Mau Mau body's (400, nothing written)."""
    table = await table_of(shared_client, 4)
    game = await create_game(shared_client, table, "mau-mau")
    refused_deals = [
        await game.post("hands", body)
        for body in (
            {"deal": "server", "stock": ["7H"]},
            {"deal": "server", "starter": "4H"},
            {"deal": "server", "vira": "8C"},
        )
    ]
    dealt = await game.ok("hands", {"deal": "server"})
    foreign: tuple[Json, ...] = ({"go_out": []}, {"discard": "7H"}, {"meld": ["4C", "5C"]})
    refused_moves = [await game.post("moves", {"seat": dealt["turn"], **body}) for body in foreign]
    refused_result = await game.post("results", {"winner": 2, "cards": 9})

    for refused in (*refused_deals, *refused_moves, refused_result):
        assert_problem(refused, 400, "invalid-body")
    assert (await game.version()) == dealt["version"] == 2

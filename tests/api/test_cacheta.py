"""Cacheta over HTTP: a round played by the domain's random player replayed move by move
(the same lives lost, the same batida), what each reader sees (its own hand; the vira and
the wilds for all), rounds by their result with the impossible refused, elimination and
the places of a finished game."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from domain.cards.cacheta.commands import Burn, DealCacheta, GoOut, JumpTheQueue, SayNaBoa
from domain.cards.stock.commands import DiscardCard, DrawCards
from domain.match.commands import Command
from tests.api.conftest import Table
from tests.api.play import assert_problem, create_game
from tests.domain.cards.cacheta_play import random_game

Json = dict[str, Any]


def body_of(command: Command) -> tuple[str, Json]:
    match command:
        case DealCacheta():
            body: Json = {"dealer": command.dealer, "hands": command.hands, "vira": command.vira}
            return "hands", body | ({"stock": command.stock} if command.stock is not None else {})
        case DrawCards():
            named = {"cards": command.cards} if command.cards is not None else {}
            return "moves", {"seat": command.seat, "draw": command.source} | named
        case DiscardCard():
            return "moves", {"seat": command.seat, "discard": command.card}
        case GoOut():
            out: Json = {"seat": command.seat, "go_out": command.groups or []}
            return "moves", out | ({"discard": command.discard} if command.discard else {})
        case SayNaBoa():
            return "moves", {"seat": command.seat, "na_boa": True}
        case JumpTheQueue():
            return "moves", {"seat": command.seat, "furar": True}
        case Burn():
            return "moves", {"seat": command.seat, "burned": True}
    raise AssertionError(command)


@pytest.mark.parametrize("seed", [3, 8])
async def test_rounds_replayed_move_by_move_lose_the_same_lives(
    shared_client: httpx.AsyncClient, shared_table: Table, seed: int
) -> None:
    domain, _, commands = random_game(seed, lives=10, rounds=4)
    game = await create_game(shared_client, shared_table, "cacheta")
    players = shared_table.players
    seen = 0
    state: Json = {}
    for number, command in enumerate(commands):
        path, body = body_of(command)
        state = await game.ok(path, body)
        if number % 20 == 3 and state["hand"] is not None:
            seen += 1
            public = (await game.state())["hand"]
            mine = (await game.state(by=players[1]))["hand"]
            assert public["hands"] == [None] * 4
            assert public["vira"] == state["hand"]["vira"]
            assert public["wilds"] == state["hand"]["wilds"]
            assert [h is not None for h in mine["hands"]] == [False, True, False, False]
            events = await game.events()
            dealt = max(e["version"] for e in events if e["type"] == "stock_dealt")
            for event in (e for e in events if e["version"] >= dealt):
                data = event["data"]
                if event["type"] == "stock_dealt":
                    assert data["hands"] == [None] * 4
                    assert data["stock"] is None
                if event["type"] == "cards_drawn" and data["source"] == "stock":
                    assert data["cards"] is None

    assert seen >= 1
    assert state["score"] == domain.score
    assert [h["outcome"] for h in state["hands"]] == [h.outcome for h in domain.hands]
    assert [h["kind"] for h in state["hands"]] == [h.kind for h in domain.hands]
    verify = await shared_client.get(game.url("verify"))
    assert verify.json()["valid"] is True


async def test_rounds_by_their_result_take_lives_and_the_last_one_in_wins(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await create_game(shared_client, shared_table, "cacheta", rules={"target": 3})
    bad = [
        await game.post("results", body)
        for body in (
            {"winner": 2, "cards": 8},
            {"winner": 2},
            {"void": True, "winner": 1},
            {"winner": "A", "cards": 9},
        )
    ]
    first = await game.ok("results", {"winner": 2, "cards": 9})
    void = await game.ok("results", {"void": True})
    second = await game.ok("results", {"winner": 1, "cards": 10})
    out_seat = await game.post("results", {"winner": 0, "cards": 9})
    state = await game.ok("results", {"winner": 1, "cards": 9})
    sheet = (await shared_client.get(game.url("sumula"))).json()

    assert [p.status_code for p in bad] == [400, 422, 422, 400]
    assert first["score"] == {"0": 1, "1": 1, "2": 0, "3": 1}
    assert void["score"] == first["score"]
    assert void["hands"][1]["outcome"] == "empate"
    # seats 0 and 3 have lost 3 of 3: out in the same round, sharing the last place
    assert second["score"] == {"0": 3, "1": 1, "2": 2, "3": 3}
    assert second["status"] == "in_progress"
    assert_problem(out_seat, 422, "invalid-result")
    assert state["status"] == "finished"
    assert state["places"] == [["1"], ["2"], ["0", "3"]]
    assert state["winner"] == "1"
    assert [h["result"] for h in sheet["hands"][:2]] == [
        {"winner": 2, "cards": 9} | _times(sheet["hands"][0]["result"]),
        {"void": True} | _times(sheet["hands"][1]["result"]),
    ]


def _times(result: Json) -> Json:
    return {key: result[key] for key in ("played_at", "started_at") if key in result}


async def test_a_server_deal_shows_each_seat_its_own_nine(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await create_game(shared_client, shared_table, "cacheta")
    players = shared_table.players
    dealt = await game.ok("hands", {"deal": "server"}, by=players[0])
    views = [(await game.state(by=p))["hand"] for p in players]

    assert dealt["hand"]["family"] == "stock"
    assert dealt["hand"]["stock_count"] == 104 - 36 - 1
    assert dealt["hand"]["lives"] == [10, 10, 10, 10]
    assert dealt["turn"] == 0  # the first dealer is seat 3 (K10)
    for seat, view in enumerate(views):
        assert [len(h) if h else None for h in view["hands"]] == [
            9 if s == seat else None for s in range(4)
        ]
        assert view["stock"] is None


async def test_k16_a_server_deal_posts_no_card_and_no_body_has_another_games_field(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    """K16: a server deal with a stock or a vira says two things; Mau Mau's fields (a jack's
    suit, a pass, the call) are no Cacheta body's (400, nothing written)."""
    game = await create_game(shared_client, shared_table, "cacheta")
    refused_deals = [
        await game.post("hands", body)
        for body in (
            {"deal": "server", "stock": ["7H"]},
            {"deal": "server", "vira": "8C"},
            {"deal": "server", "starter": "4H"},
        )
    ]
    dealt = await game.ok("hands", {"deal": "server"})
    seat = dealt["turn"]
    refused_moves = [
        await game.post("moves", {"seat": seat, **body})
        for body in ({"draw": "stock", "suit": "H"}, {"pass": True}, {"mau_mau": True})
    ]
    refused_result = await game.post("results", {"winner": 2, "cards_left": [[], []]})

    for refused in (*refused_deals, *refused_moves, refused_result):
        assert_problem(refused, 400, "invalid-body")
    assert (await game.version()) == dealt["version"] == 2

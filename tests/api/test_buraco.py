"""Buraco over HTTP: a hand played by the domain's random player replayed move by move
(the service reaches the same state), what each reader sees of it (a partner's hand and
the mortos hidden, a taken morto the taker's alone), hands by their count with the
impossible refused, the game's end at the target, a table of two."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.cards.buraco.commands import AddToMeld, LayMeld, LayRedThree, TakePile
from domain.cards.stock.commands import DealStock, DiscardCard, DrawCards
from domain.match.commands import Command
from tests.api.conftest import Player, Table, register
from tests.api.play import Game, assert_problem, create_game
from tests.domain.cards.buraco_play import random_game

Json = dict[str, Any]


def body_of(command: Command) -> tuple[str, Json]:
    match command:
        case DealStock():
            return "hands", {
                "dealer": command.dealer,
                "hands": command.hands,
                "mortos": command.mortos,
            } | ({"stock": command.stock} if command.stock is not None else {}) | (
                {"starter": command.starter} if command.starter is not None else {}
            )
        case DrawCards():
            named = {"cards": command.cards} if command.cards is not None else {}
            return "moves", {"seat": command.seat, "draw": command.source} | named
        case LayMeld():
            return "moves", {"seat": command.seat, "meld": command.cards}
        case AddToMeld():
            return "moves", {"seat": command.seat, "add": command.cards, "to": command.to}
        case DiscardCard():
            return "moves", {"seat": command.seat, "discard": command.card}
        case TakePile():
            with_top = {"meld": command.meld} if command.meld is not None else {"to": command.to}
            return "moves", {"seat": command.seat, "draw": "pile"} | with_top
        case LayRedThree():
            named = {"cards": command.replacement} if command.replacement else {}
            return "moves", {"seat": command.seat, "red_three": command.card} | named
    raise AssertionError(command)


def public_view_hides(state: Json) -> None:
    hand = state["hand"]
    assert hand["hands"] == [None] * len(state["seats"])
    assert hand["stock"] is None


@pytest.mark.parametrize("preset", ["buraco", "mega-buraco", "tranca"])
async def test_a_hand_replayed_move_by_move_reaches_the_domains_count_and_hides_each_hand(
    shared_client: httpx.AsyncClient, shared_table: Table, preset: str
) -> None:
    domain, _, commands = random_game(11, 4, target=5000, hands=1, preset=preset)
    game = await create_game(shared_client, shared_table, preset, rules={"target": 5000})
    players = shared_table.players
    looked = 0
    state: Json = {}
    for number, command in enumerate(commands):
        path, body = body_of(command)
        state = await game.ok(path, body)
        if number % 25 == 5 and state["hand"] is not None:
            looked += 1
            public_view_hides(await game.state())
            partner = (await game.state(by=players[0]))["hand"]
            assert partner["hands"][2] is None  # a partner's hand is hidden (4.4)
            assert partner["hands"][0] is not None
            keeper = (await game.state())["hand"]
            assert keeper["mortos_left"] == state["hand"]["mortos_left"]
    history = await game.events()
    anonymous = [e["data"] for e in history if e["type"] in ("morto_taken", "stock_dealt")]

    (ended,) = domain.hands
    (hand,) = state["hands"]
    assert looked >= 2
    assert state["score"] == domain.score
    assert hand["scores"] == dict(ended.scores or {})
    assert hand["details"]["ended_by"] == (
        None if ended.outcome == "stock-out" else hand["details"]["ended_by"]
    )
    assert hand["outcome"] == ended.outcome
    for data in anonymous:  # revealed once the hand is over: the commitments check
        assert "commitments" in data
    verify = await shared_client.get(game.url("verify"))
    assert verify.status_code == 200, verify.text
    assert verify.json()["valid"] is True


async def test_hands_by_their_count_score_each_side_and_refuse_the_impossible(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await create_game(shared_client, shared_table, "buraco")
    a = {"melded": 335, "limpa": 2, "suja": 1, "mil": 0, "in_hand": 20, "morto": True}
    b = {"melded": 210, "limpa": 0, "suja": 1, "mil": 0, "in_hand": 85, "morto": False}
    bad = [
        await game.post("results", body)
        for body in (
            {"ended_by": "B", "sides": {"A": a, "B": b}},  # B went out without a limpa
            {"ended_by": "A", "sides": {"A": a | {"melded": 333}, "B": b}},  # not by 5
            {"ended_by": "A", "sides": {"A": a | {"melded": 60}, "B": b}},  # 3 canastras?
            {"ended_by": "A", "sides": {"0": a, "1": b}},  # a table of four has A and B
            {"ended_by": "A", "sides": {"A": a | {"melded": 600}, "B": b}},  # > 880 in all
            {"ended_by": "C", "sides": {"A": a, "B": b}},
        )
    ]
    first = await game.ok("results", {"ended_by": "A", "sides": {"A": a, "B": b}})
    sheet = (await shared_client.get(game.url("sumula"))).json()
    for _ in range(3):
        state = await game.ok("results", {"ended_by": "A", "sides": {"A": a, "B": b}})

    assert [p.status_code for p in bad] == [422] * 6
    assert_problem(bad[0], 422, "invalid-result")
    # A: 335 + 2 x 200 + 100 - 20 + 100 (batida) = 915; B: 210 + 100 - 85 - 100 = 125
    assert first["score"] == {"A": 915, "B": 125}
    assert first["hands"][0]["outcome"] == "batida"
    assert sheet["hands"][0]["result"]["sides"]["A"]["melded"] == 335
    assert state["status"] == "finished"  # 4 x 915 = 3660 >= 3000 (B16)
    assert state["winner"] == "A"
    assert state["places"] == [["A"], ["B"]]


async def test_a_table_of_two_plays_alone_and_a_server_deal_shows_each_seat_its_own(
    shared_client: httpx.AsyncClient,
) -> None:
    players = [await register(shared_client, f"Buraco {n}") for n in range(2)]
    table = Table(
        players, await register(shared_client, "Juiz B"), await register(shared_client, "Fora B")
    )
    game = await create_game(shared_client, table, "buraco")
    dealt = await game.ok("hands", {"deal": "server"}, by=players[0])
    mine = (await game.state(by=players[0]))["hand"]
    theirs = (await game.state(by=players[1]))["hand"]
    drawn = await game.ok(
        "moves", {"seat": dealt["turn"], "draw": "stock"}, by=players[dealt["turn"]]
    )
    early = await game.post(
        "moves", {"seat": dealt["turn"], "draw": "pile"}, by=players[dealt["turn"]]
    )

    assert dealt["score"] == {"0": 0, "1": 0}
    assert dealt["hand"]["stock_count"] == 104 - 22 - 22
    assert dealt["hand"]["mortos_left"] == 2
    assert [len(h or []) for h in mine["hands"]] == [11, 0]
    assert mine["hands"][1] is None
    assert theirs["hands"][0] is None
    assert len(theirs["hands"][1]) == 11
    assert drawn["hand"]["phase"] == "play"
    assert_problem(early, 422, "already-drew")


CARD = re.compile(r"^(([AJQK2-9]|10)[CDHS]|JK)$")


def cards_in(value: Any) -> Counter[str]:
    """Every card written anywhere in a JSON value, as often as it is written."""
    if isinstance(value, str):
        return Counter([value]) if CARD.match(value) else Counter()
    found: Counter[str] = Counter()
    items = value if isinstance(value, list) else value.values() if isinstance(value, dict) else []
    for item in items:
        found += cards_in(item)
    return found


SECRET_PARTS = {
    "stock_dealt": ("hands", "stock", "mortos"),
    "morto_taken": ("cards",),
    "morto_to_stock": ("stock",),
    "red_three_laid": (),
    "stock_restocked": ("stock",),
}


async def hides_everything(game: Game, players: list[Player], truth: Json) -> None:
    """No public read shows a hand, the stock, a morto or a card drawn from the stock; the
    public hand holds only the pile's and the melds' cards; each seat sees its own hand."""
    hand = truth["hand"]
    seats = len(truth["seats"])
    public = await game.state()
    assert public["hand"]["hands"] == [None] * seats
    assert public["hand"]["stock"] is None
    laid = [card for melds in hand["melds"].values() for meld in melds for card in meld["cards"]]
    assert cards_in(public["hand"]) == Counter(hand["pile"]) + Counter(laid)
    events = await game.events()
    dealt = max(e["version"] for e in events if e["type"] == "stock_dealt")
    for event in (e for e in events if e["version"] >= dealt):
        data = event["data"]
        for part in SECRET_PARTS.get(event["type"], ()):
            value = data.get(part)
            assert value is None or value == [None] * len(value), (event["type"], part)
        if event["type"] == "cards_drawn" and data["source"] == "stock":
            assert data["cards"] is None
    for seat, player in enumerate(players):
        mine = (await game.state(by=player))["hand"]
        assert mine["hands"] == [hand["hands"][s] if s == seat else None for s in range(seats)]


@pytest.fixture(scope="module")
async def two(shared_client: httpx.AsyncClient) -> Table:
    players = [await register(shared_client, f"Dupla {n}") for n in range(2)]
    keeper, outsider = (
        await register(shared_client, "Juiz D"),
        await register(shared_client, "Fora D"),
    )
    return Table(players, keeper, outsider)


@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    seed=st.integers(0, 2**32 - 1),
    seats=st.sampled_from([2, 4]),
    known=st.booleans(),
    steps=st.integers(5, 70),
    preset=st.sampled_from(["buraco", "mega-buraco", "tranca"]),
)
async def test_no_public_read_shows_a_hand_a_morto_the_stock_or_a_drawn_card(
    shared_client: httpx.AsyncClient,
    shared_table: Table,
    two: Table,
    seed: int,
    seats: int,
    known: bool,
    steps: int,
    preset: str,
) -> None:
    _, _, commands = random_game(seed, seats, target=5000, known=known, hands=1, preset=preset)
    table = shared_table if seats == 4 else two
    game = await create_game(shared_client, table, preset, rules={"target": 5000})
    checked = 0
    for number, command in enumerate(commands[:steps]):
        path, body = body_of(command)
        await game.ok(path, body)
        truth = await game.state(by=table.scorekeeper)  # who posted the deal sees it all
        if truth["hand"] is not None and number % 3 == 0:
            assert truth["hand"]["stock_known"] == known
            await hides_everything(game, table.players, truth)
            checked += 1
    assert checked >= 1

"""The hidden-card rule of a game that draws from a stock (Mau Mau), as a property of random
games over HTTP, with a posted stock, with none (each draw names its cards) and with a deal
made by the server.

Two decks repeat every card, so what is hidden is not a set of codes but places: while a
hand is in progress, no public read (a game's state or history, anonymous, now or `?at=N`,
and the global feed) shows any seat's hand, the stock, or a card drawn from the stock; the
only cards a public read of the hand holds are the discard pile's (and its top). A seated
player sees only their own hand; whoever posted the deal sees every hand and the stock,
and nobody else does: not the administrator, nor the scorekeeper of a server deal.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.api.conftest import ADMINISTRATOR, Player, Table, register
from tests.api.play import Game, Json, create_game
from tests.simulate import DECK_52, mau_mau_deal, mau_mau_move

CARD = re.compile(r"^([AJQK2-9]|10)[CDHS]$")


def cards_in(value: Any) -> Counter[str]:
    """Every card written anywhere in a JSON value, as often as it is written."""
    if isinstance(value, str):
        return Counter([value]) if CARD.match(value) else Counter()
    found: Counter[str] = Counter()
    items = value if isinstance(value, list) else value.values() if isinstance(value, dict) else []
    for item in items:
        found += cards_in(item)
    return found


@pytest.fixture(scope="module")
async def five(shared_client: httpx.AsyncClient) -> Table:
    players = [await register(shared_client, f"Cinco {n}") for n in range(5)]
    keeper = await register(shared_client, "Juiz Cinco")
    return Table(players, keeper, await register(shared_client, "Fora"))


def named(hand: Json, move: Json) -> Json:
    """A draw from a stock nobody posted names cards not seen in any hand or on the pile."""
    if move.get("draw") is None or hand["stock_known"]:
        return move
    owed = hand["owed"][move["seat"]]
    wanted = owed or hand["pending_draw"] or 1
    short = hand["stock_count"] < wanted and len(hand["pile"]) > 1
    pile = hand["pile"][-1:] if short else hand["pile"]
    seen = Counter(c for cards in hand["hands"] for c in cards) + Counter(pile)
    free = list((Counter(DECK_52 * 2) - seen).elements())
    available = hand["stock_count"] + (len(hand["pile"]) - 1 if short else 0)
    return move | {"cards": random.Random(len(free)).sample(free, min(wanted, available))}


async def step(game: Game, rng: random.Random, poster: list[Player | None], truth: Json) -> Json:
    """One random thing the table does, from the game as the table knows it now."""
    table = game.table
    if truth["hand"] is None:
        kind = rng.choice(("stock", "none", "server"))
        if kind == "server":
            poster[0] = None
            return await game.ok("hands", {"deal": "server"}, by=rng.choice(table.players))
        poster[0] = game.scorekeeper
        deal = mau_mau_deal(truth, rng)
        if kind == "none":
            del deal["stock"]
        return await game.ok("hands", deal)
    hand = truth["hand"]
    move = named(hand, mau_mau_move(hand, truth["turn"]))
    return await game.ok("moves", move, by=poster[0] or table.players[move["seat"]])


async def check(
    game: Game, poster: Player | None, rng: random.Random, feed_start: int
) -> tuple[Json, bool]:
    """Every read checked against the truth (returned for the next step, with whether a hand
    in progress was checked): each of the table's views is read once, and makes the truth."""
    views, truth = await game.views()
    hand = truth["hand"]
    if hand is None:
        return truth, False
    seats = len(truth["seats"])
    public = await game.state()
    assert public["hand"]["hands"] == [None] * seats
    assert public["hand"]["stock"] is None
    assert cards_in(public["hand"]) == Counter(hand["pile"]) + Counter([hand["top"]])
    events = await game.events()
    dealt = max(e["version"] for e in events if e["type"] == "stock_dealt")
    feed = await game.client.get("/v1/events", params={"after": feed_start, "limit": 1000})
    ours = [e for e in feed.json()["events"] if e["stream"] == f"match-{game.id}"]
    at = rng.randint(dealt, truth["version"])
    past = await game.events(at=at, after=dealt - 1)
    for history in (events, ours, past):
        for event in (e for e in history if e["version"] >= dealt):
            data = event["data"]
            if event["type"] == "stock_dealt":
                assert data["hands"] == [None] * seats
                assert data["stock"] is None
            if event["type"] == "cards_drawn" and data["source"] == "stock":
                assert data["cards"] is None
            if event["type"] == "stock_restocked":
                assert data["stock"] is None
    then = await game.state(at=at)
    if then["hand"] is not None:
        assert then["hand"]["hands"] == [None] * seats
        assert cards_in(then["hand"]) == Counter(then["hand"]["pile"]) + Counter(
            [then["hand"]["top"]]
        )
    for seat, player in enumerate(game.table.players):
        if player == poster:
            continue
        mine = views[player]["hand"]
        assert mine["hands"] == [hand["hands"][s] if s == seat else None for s in range(seats)]
        assert mine["stock"] is None
    if poster is not None:
        theirs = views[poster]["hand"]
        assert theirs["hands"] == hand["hands"]
        assert (theirs["stock"] is not None) == theirs["stock_known"]
    admin = (await game.state(by=ADMINISTRATOR))["hand"]
    assert admin["hands"] == [None] * seats
    assert admin["stock"] is None
    return truth, True


@settings(
    max_examples=10,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(1, 40))
async def test_no_public_read_shows_a_hand_the_stock_or_a_drawn_card(
    shared_client: httpx.AsyncClient, five: Table, seed: int, steps: int
) -> None:
    rng = random.Random(seed)
    last = (await shared_client.get("/v1/events", params={"after": 0, "limit": 1})).json()
    feed_start = last["events"][0]["position"] if last["events"] else 0
    game = await create_game(shared_client, five, "mau-mau", rules={"target": 200})
    poster: list[Player | None] = [None]
    checked = 0
    truth = await game.truth()
    for _ in range(steps):
        state = await step(game, rng, poster, truth)
        truth, in_progress = await check(game, poster[0], rng, feed_start)
        checked += in_progress
        if state["status"] != "in_progress":
            break
    assert checked >= 1

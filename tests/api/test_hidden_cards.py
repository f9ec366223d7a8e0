"""The hidden-card rule, as a property of random card games over HTTP.

While a hand is in progress, no public read (a game's state or history, anonymous, now or
`?at=N`, and the global feed) holds a card still in a seat's hand, nor the face of a card
played covered; a seated player sees only their own cards (none in a mão de ferro); whoever
posted the deal sees all, and nobody else does: not the administrator, nor an organizer, nor
the scorekeeper of a deal made by the server. The trump card and the vira are public.
"""

from __future__ import annotations

import random
import re
from typing import Any

import httpx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.api.cards_play import espadas_deal, legal_cards, sueca_deal, truco_deal
from tests.api.conftest import ADMINISTRATOR, Player, Table
from tests.api.play import Game, Json, create_game

CARD = re.compile(r"^([AJQK2-9]|10)[CDHS]$")
RAISES = {1: "truco", 3: "seis", 6: "nove", 9: "doze"}


def cards_in(value: Any) -> set[str]:
    """Every card written anywhere in a JSON value."""
    if isinstance(value, str):
        return {value} if CARD.match(value) else set()
    if isinstance(value, list):
        return set().union(*(cards_in(v) for v in value))
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values()))
    return set()


def secret(truth: Json) -> set[str]:
    """What nobody outside may see: the cards still held or set aside to pass (Copas), and
    covered cards' faces."""
    hand = truth["hand"]
    held = {card for cards in hand["hands"] for card in cards} - {hand.get("trump_card")}
    held |= {card for cards in hand.get("giving") or [] if cards for card in cards}
    on_table = [*hand["trick"], *(c for t in hand["tricks_played"] for c in t["cards"])]
    return held | {c["card"] for c in on_table if c["covered"]}


async def step(
    game: Game, preset: str, rng: random.Random, poster: list[Player | None], truth: Json
) -> Json:
    """One random thing a table does, from the game as the table knows it now; `poster`
    holds who posted the deal in progress."""
    table = game.table
    if truth["hand"] is None:
        iron = preset == "truco" and set(truth["score"].values()) == {11}
        if iron or rng.random() < 0.5:  # a blind hand dealt by the server: nobody could play
            poster[0] = game.scorekeeper
            dealer = truth["hands"][-1]["dealer"] + 1 if truth["hands"] else 3
            deals = {
                "sueca": sueca_deal,
                "truco": truco_deal,
                "espadas": espadas_deal,
                "copas": espadas_deal,
            }
            deal = deals[preset](rng, dealer % 4)
            return await game.ok("hands", deal)
        poster[0] = None
        return await game.ok("hands", {"deal": "server"}, by=rng.choice(table.players))
    hand = truth["hand"]
    if hand.get("bids") is not None and None in hand["bids"]:  # Espadas: the seats bid
        bidder = truth["turn"]
        bid = {"seat": bidder, "bid": 3}
        return await game.ok("moves", bid, by=poster[0] or table.players[bidder])
    if hand.get("pass_direction") not in (None, "none") and truth["turn"] is None:
        giver = next(s for s in range(4) if s not in hand["given"])  # Copas: the pass
        give = {"seat": giver, "give": rng.sample(hand["hands"][giver], 3)}
        return await game.ok("moves", give, by=poster[0] or table.players[giver])
    if hand.get("pending_call") is not None:
        seat = (hand["pending_call"]["seat"] + rng.choice((1, 3))) % 4
        answer = {"seat": seat} | ({"accept": True} if rng.random() < 0.6 else {"run": True})
        return await game.ok("moves", answer, by=poster[0] or table.players[seat])
    seat = truth["turn"]
    mover = poster[0] or table.players[seat]
    if preset == "truco" and hand["hand_value"] in RAISES and rng.random() < 0.15:
        raised = await game.post("moves", {"seat": seat, "call": RAISES[hand["hand_value"]]}, mover)
        if raised.status_code == 201:
            return dict(raised.json())
        assert raised.json()["code"] in ("raise-twice",), raised.text
    card = rng.choice(legal_cards(truth))
    move: Json = {"seat": seat, "card": card}
    if preset == "truco":  # a card face down, Truco's alone
        move["covered"] = len(hand["tricks_played"]) > 0 and rng.random() < 0.3
    return await game.ok("moves", move, by=mover)


async def check(
    game: Game, poster: Player | None, rng: random.Random, feed_start: int
) -> tuple[Json, bool]:
    """Every read checked against the truth (returned for the next step, with whether a hand
    in progress was checked): each of the table's views is read once, and makes the truth."""
    views, truth = await game.views()
    if truth["hand"] is None:
        return truth, False
    hidden = secret(truth)
    now = await game.state()
    assert now["hand"]["hands"] == [None] * 4
    assert not cards_in(now) & hidden
    events = await game.events()
    dealt = max(e["version"] for e in events if e["type"] == "cards_dealt")
    assert not cards_in([e for e in events if e["version"] >= dealt]) & hidden
    feed = await game.client.get("/v1/events", params={"after": feed_start, "limit": 1000})
    ours = [e for e in feed.json()["events"] if e["stream"] == f"match-{game.id}"]
    assert not cards_in([e for e in ours if e["version"] >= dealt]) & hidden
    at = rng.randint(dealt, truth["version"])  # earlier hands are over: all public
    assert not cards_in(await game.state(at=at)) & hidden
    page = await game.client.get(game.url("events"), params={"at": at, "after": dealt - 1})
    assert not cards_in(page.json()) & hidden
    blind = truth["hand"].get("mao_de_ferro", False)  # a Truco hand's
    for seat, player in enumerate(game.table.players):
        if player == poster:
            continue
        mine = views[player]["hand"]
        expected = [
            truth["hand"]["hands"][s] if s == seat and not blind else None for s in range(4)
        ]
        assert mine["hands"] == expected
        if truth["hand"].get("giving") is not None:  # Copas: a seat sees what it gives
            giving = truth["hand"]["giving"]
            assert mine["giving"] == [giving[s] if s == seat else None for s in range(4)]
    if poster is not None:
        assert views[poster]["hand"]["hands"] == truth["hand"]["hands"]
    admin = (await game.state(by=ADMINISTRATOR))["hand"]["hands"]
    assert admin == (truth["hand"]["hands"] if poster == ADMINISTRATOR else [None] * 4)
    return truth, True


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    preset=st.sampled_from(("sueca", "truco", "espadas", "copas")),
    seed=st.integers(0, 2**32 - 1),
    steps=st.integers(1, 40),
)
async def test_no_public_read_shows_a_card_still_held_or_played_covered(
    shared_client: httpx.AsyncClient, shared_table: Table, preset: str, seed: int, steps: int
) -> None:
    rng = random.Random(seed)
    last = (await shared_client.get("/v1/events", params={"after": 0, "limit": 1})).json()
    feed_start = last["events"][0]["position"] if last["events"] else 0
    game = await create_game(shared_client, shared_table, preset)
    poster: list[Player | None] = [None]
    checked = 0
    truth = await game.truth()
    for _ in range(steps):
        state = await step(game, preset, rng, poster, truth)
        truth, in_progress = await check(game, poster[0], rng, feed_start)
        checked += in_progress
        if state["status"] != "in_progress":
            break
    assert checked >= 1

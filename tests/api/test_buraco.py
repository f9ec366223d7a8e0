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
from domain.cards.stock.events import StockDealt
from domain.match.commands import Command
from tests.api.conftest import Player, Table, register
from tests.api.play import Game, assert_problem, create_game
from tests.domain.builders import AT
from tests.domain.cards import test_buraco_wilds as wilds
from tests.domain.cards.buraco_play import random_game
from tests.domain.cards.test_buraco_results import morto_turned_into_the_stock_then_out

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
            return "moves", {"seat": command.seat, "meld": command.cards} | wild_words(command)
        case AddToMeld():
            added = {"seat": command.seat, "add": command.cards, "to": command.to}
            return "moves", added | wild_words(command)
        case DiscardCard():
            return "moves", {"seat": command.seat, "discard": command.card}
        case TakePile():
            with_top = {"meld": command.meld} if command.meld is not None else {"to": command.to}
            return "moves", {"seat": command.seat, "draw": "pile"} | with_top | wild_words(command)
        case LayRedThree():
            named = {"cards": command.replacement} if command.replacement else {}
            return "moves", {"seat": command.seat, "red_three": command.card} | named
    raise AssertionError(command)


def wild_words(command: LayMeld | AddToMeld | TakePile) -> Json:
    """B5: what the client said of the meld's wild, if anything."""
    words = {"wild_as": command.wild_as, "wild_to": getattr(command, "wild_to", None)}
    return {key: value for key, value in words.items() if value is not None}


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
    public hand holds only the pile's and the melds' cards (a meld's wild named again with
    what it stands for); each seat sees its own hand."""
    hand = truth["hand"]
    seats = len(truth["seats"])
    public = await game.state()
    assert public["hand"]["hands"] == [None] * seats
    assert public["hand"]["stock"] is None
    laid = [card for melds in hand["melds"].values() for meld in melds for card in meld["cards"]]
    laid += [m["wild"]["card"] for melds in hand["melds"].values() for m in melds if m["wild"]]
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


async def test_b11_b19_a_side_out_after_its_morto_became_the_stock_comes_back_by_its_result(
    shared_client: httpx.AsyncClient, two: Table
) -> None:
    """Issue 29: a hand played move by move in which seat 0 goes out after its morto became
    the stock (B11, B19); the result body its súmula writes (`"morto": false` for the side
    that went out) is accepted by a twin game's `/results` and scores the same."""
    played = await create_game(shared_client, two, "buraco")
    state: Json = {}
    for command in morto_turned_into_the_stock_then_out():
        state = await played.ok(*body_of(command))
    sheet = (await shared_client.get(played.url("sumula"))).json()
    (hand,) = sheet["hands"]
    twin = await create_game(shared_client, two, "buraco")
    recorded = await twin.ok("results", hand["result"])

    assert hand["result"]["ended_by"] == "0"
    assert hand["result"]["sides"]["0"]["morto"] is False
    assert state["hands"][0]["scores"] == {"0": 90 + 200 + 100 - 100, "1": -80 - 100}
    assert recorded["hands"][0]["scores"] == state["hands"][0]["scores"]
    assert recorded["score"] == state["score"]


async def played_out(client: httpx.AsyncClient, table: Table, *commands: Command) -> Game:
    game = await create_game(client, table, "buraco")
    for command in commands:
        await game.ok(*body_of(command))
    return game


async def test_b3_b5_a_second_wild_is_refused_over_http(
    shared_client: httpx.AsyncClient, two: Table
) -> None:
    """Issue 29 (a): 4H..9H and the 2H, the 2H standing for the 10H (the view says so); the
    2D added to it is refused (`invalid-meld`, B3), nothing changed."""
    dealing = wilds.drawn(wilds.CASE_A, ["KC"])[1]
    assert isinstance(dealing, StockDealt)
    game = await played_out(shared_client, two, deal_of(dealing), DrawCards(at=AT, seat=0))
    laid = await game.ok("moves", {"seat": 0, "meld": wilds.CASE_A[:7]})
    version = await game.version()
    refused = await game.post("moves", {"seat": 0, "add": ["2D"], "to": 0})

    (meld,) = laid["hand"]["melds"]["0"]
    assert meld["wild"] == {"card": "2H", "as": "10", "end": "high"}
    assert meld["canastra"] == "suja"
    assert_problem(refused, 422, "invalid-meld")
    assert await game.version() == version


async def test_b5_a_wild_named_as_the_ace_stays_wild_over_http(
    shared_client: httpx.AsyncClient, two: Table
) -> None:
    """Issue 29 (b): 4S..KS with the 2S named as the ace (`"wild_as": "A"`); the 3S added
    leaves the wild where it stands: a suja, not a limpa. `wild_as` and `wild_to` where they
    mean nothing are bad bodies (400); the card a wild stands for arriving with both ends
    open needs `wild_to` (422 `wild-to-required`)."""
    dealing = wilds.drawn(wilds.CASE_B, ["3S"])[1]
    assert isinstance(dealing, StockDealt)
    game = await played_out(shared_client, two, deal_of(dealing), DrawCards(at=AT, seat=0))
    nothing_to_move = await game.post(
        "moves", {"seat": 0, "meld": ["4S", "5S", "2S"], "wild_to": "low"}
    )
    on_a_discard = await game.post("moves", {"seat": 0, "discard": "KS", "wild_as": "A"})
    lower_case = await game.post("moves", {"seat": 0, "meld": wilds.CASE_B, "wild_as": "a"})
    await game.ok("moves", {"seat": 0, "meld": wilds.CASE_B, "wild_as": "A"})
    added = await game.ok("moves", {"seat": 0, "add": ["3S"], "to": 0})

    assert_problem(nothing_to_move, 400, "invalid-body")
    assert_problem(on_a_discard, 400, "invalid-body")
    assert lower_case.status_code == 400
    (meld,) = added["hand"]["melds"]["0"]
    assert meld["canastra"] == "suja"
    assert meld["wild"] == {"card": "2S", "as": "A", "end": "high"}

    moving = wilds.drawn(wilds.MOVING, ["JS"])[1]
    assert isinstance(moving, StockDealt)
    other = await played_out(shared_client, two, deal_of(moving), DrawCards(at=AT, seat=0))
    await other.ok("moves", {"seat": 0, "meld": ["4D", "2C", "6D"]})
    needed = await other.post("moves", {"seat": 0, "add": ["5D"], "to": 0})
    moved = await other.ok("moves", {"seat": 0, "add": ["5D"], "to": 0, "wild_to": "low"})
    assert_problem(needed, 422, "wild-to-required")
    assert moved["hand"]["melds"]["0"][0]["wild"] == {"card": "2C", "as": "3", "end": "low"}


def deal_of(dealt: StockDealt) -> DealStock:
    """The posted deal a hand-made deal's event records (every hand, the mortos, the stock)."""
    assert dealt.stock is not None
    return DealStock(
        at=AT,
        hands=[list(h) for h in dealt.hands],
        mortos=[list(m) for m in dealt.mortos or ()],
        stock=list(dealt.stock),
    )


FOREIGN_MOVES: dict[str, tuple[Json, ...]] = {
    "buraco": ({"red_three": "3H"}, {"card": "7H", "suit": "H"}, {"go_out": []}),
    "mega-buraco": ({"red_three": "3D"}, {"na_boa": True}, {"pass": True}),
    "tranca": ({"accuse": True}, {"tile": "3-5"}),
}
FOREIGN_COUNTS: dict[str, Json] = {
    "buraco": {"red_threes": 1},  # Tranca's
    "mega-buraco": {"mil": 0},  # Buraco's
    "tranca": {"mil": 0},  # Buraco's
}


@pytest.mark.parametrize("preset", ["buraco", "mega-buraco", "tranca"])
async def test_b27_a_server_deal_posts_no_card_and_no_body_has_another_games_field(
    shared_client: httpx.AsyncClient, shared_table: Table, preset: str
) -> None:
    """B27, MB8, T14: a server deal with mortos, a stock or a starter says two things; a
    field of another game (of the family, or another family's) is no body of this game's:
    400, nothing written. Tranca's red 3 naming its replacement is a card named from a
    stock not posted: only who sees every hand may send it (403), as before."""
    game = await create_game(shared_client, shared_table, preset)
    count = {"melded": 90, "limpa": 1} | FOREIGN_COUNTS[preset]
    refused_result = await game.post(
        "results", {"ended_by": "A", "sides": {"A": count, "B": {"melded": 0}}}
    )
    refused_deals = [
        await game.post("hands", body)
        for body in (
            {"deal": "server", "mortos": [["7H"], ["8H"]]},
            {"deal": "server", "stock": ["7H"]},
            {"deal": "server", "starter": "4H"},
        )
    ]
    dealt = await game.ok("hands", {"deal": "server"})
    seat = dealt["turn"]
    refused_moves = [
        await game.post("moves", {"seat": seat, **body}) for body in FOREIGN_MOVES[preset]
    ]
    player = shared_table.players[seat]
    named = await game.post("moves", {"seat": seat, "red_three": "3H", "card": "8S"}, by=player)

    for refused in (refused_result, *refused_deals, *refused_moves):
        assert_problem(refused, 400, "invalid-body")
    if preset == "tranca":
        assert_problem(named, 403, "forbidden")
    else:
        assert_problem(named, 400, "invalid-body")
    assert (await game.version()) == dealt["version"] == 2

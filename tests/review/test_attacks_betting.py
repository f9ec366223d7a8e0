"""Review, as an attacker, of the betting games (Texas Hold'em and poker fechado): every way
found over HTTP to learn a hole card, a card thrown away or received in an exchange, the
stock, a posted board's unturned cards or a new stock shuffled from the discards (P2).

The promise (README "Hidden tiles and cards", design.md "Secrets in the history",
card-rules.md 0.4, 8.4, 9.4, P13, P14): while a hand is in progress a seat sees its own
cards, whoever posted the deal sees them all, and a server deal is seen by each seat's
player alone; once the hand ends, a showdown shows the hands still in, card by card, with
their salts; a hand that folded, the hand of a seat that won when every other seat folded,
the cards thrown away, the stock and the unturned board are never shown to anyone but that
seat's player, in any read, at any version, in any refusal.

Each test asserts the secret stays hidden. The review found three holes, each closed since
and its test kept: a showdown after a new stock (P2) told, by the parts it opened, which
cards an earlier seat (maybe one that folded) threw; the poster read folded hands at a past
version after the hand; an undone exchange's thrown card opened at the showdown.
Every card of a deck is unique, so a read is scanned for the secret cards' codes (and the
pages for their written form, "Q♥").
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
from collections.abc import Iterable
from typing import Any, cast

import httpx
import pytest

from tests.api.conftest import ADMINISTRATOR, Player, Table, register
from tests.api.feed import feed_scope
from tests.api.play import Game, assert_problem, create_competition, create_game

Json = dict[str, Any]
SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SHORT_RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
POKER_32 = [r + s for r in SHORT_RANKS for s in "CDHS"]
"""Poker fechado's deck with four seats dealt in or fewer (P1)."""
POKER_44 = [r + s for r in ("4", "5", "6", *SHORT_RANKS) for s in "CDHS"]
"""With eight seats dealt in: 4 to the ace, 44 cards, 40 dealt, 4 left in the stock."""


# --- What a reader sees ------------------------------------------------------------------


def _pattern(card: str) -> re.Pattern[str]:
    written = card[:-1] + SUITS[card[-1]]
    alone = r"(?<![A-Za-z0-9]){}(?![A-Za-z0-9])"
    return re.compile(alone.format(re.escape(card)) + "|" + alone.format(re.escape(written)))


def shown_in(text: str, cards: Iterable[str]) -> set[str]:
    """The cards of `cards` written anywhere in a read (a code, "QH", or its form, "Q♥")."""
    return {card for card in cards if _pattern(card).search(text)}


Read = tuple[str, str]
"""A read: what it was (path and reader) and its body."""


def who(by: Player | None) -> str:
    return "anonymous" if by is None else by.id[:8]


async def _get(client: httpx.AsyncClient, path: str, by: Player | None, **params: Any) -> str:
    response = await client.get(path, headers=by.auth if by else {}, params=params)
    assert response.status_code == 200, (path, params, response.text)
    return response.text


async def reads_of(game: Game, by: Player | None, since: int = 1) -> list[Read]:
    """What `by` reads of the game: its state now and at every version from `since`, the
    whole history, and each event at its version with the state then (`?at=N`)."""
    client, name = game.client, who(by)
    now = json.loads(await _get(client, game.url(), by))
    reads: list[Read] = [(f"state ({name})", json.dumps(now))]
    reads.append((f"events ({name})", json.dumps(await game.events(by, limit=1000))))
    for version in range(since, now["version"] + 1):
        state = await _get(client, game.url(), by, at=version)
        reads.append((f"state?at={version} ({name})", state))
        page = await _get(client, game.url("events"), by, at=version, after=version - 1, limit=1)
        reads.append((f"events?at={version} ({name})", page))
    return reads


async def feed_of(game: Game) -> list[Json]:
    """The global feed's events of this game."""
    first = (await game.events(limit=1))[0]["position"]
    found: list[Json] = []
    after = first - 1
    while True:
        page = json.loads(await _get(game.client, "/v1/events", None, after=after, limit=1000))
        found += [e for e in page["events"] if e["stream"] == f"match-{game.id}"]
        if page["next_after"] is None:
            return found
        after = page["next_after"]


async def stream_of(game: Game) -> list[Json]:
    """`/v1/events/stream` (Server-Sent Events) from this game's first event, until the
    stream has caught up (its first keep-alive): this game's events."""
    first = (await game.events(limit=1))[0]["position"]
    app = cast(Any, game.client._transport).app
    scope = feed_scope(f"after={first - 1}".encode())
    chunks: list[bytes] = []
    caught_up = asyncio.Event()

    async def receive() -> dict[str, Any]:
        await asyncio.Event().wait()  # the client stays: the test stops the stream
        raise AssertionError

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.body":
            chunks.append(bytes(message.get("body", b"")))
            if b"keep-alive" in chunks[-1]:
                caught_up.set()

    feed = asyncio.create_task(app(scope, receive, send))
    try:
        await asyncio.wait_for(caught_up.wait(), 20)
    finally:
        feed.cancel()
        await asyncio.gather(feed, return_exceptions=True)
    events = []
    text = b"".join(chunks).decode().replace("\r\n", "\n")
    for block in text.split("\n\n"):
        lines = [line.removeprefix("data:").strip() for line in block.split("\n")]
        data = "".join(
            n for line, n in zip(block.split("\n"), lines, strict=True) if line.startswith("data:")
        )
        if data:
            event = json.loads(data)
            if event["stream"] == f"match-{game.id}":
                events.append(event)
    assert events, "the live stream sent none of the game's events"
    return events


async def public_reads(game: Game, since: int = 1) -> list[Read]:
    """Everything anyone reads without a token: the feed, the live stream, the game's page
    and its replay at every step, the súmula (JSON and CSV), the bulk export, verify."""
    client = game.client
    version = (await game.state())["version"]
    reads: list[Read] = [
        ("feed", json.dumps(await feed_of(game))),
        ("stream", json.dumps(await stream_of(game))),
        ("page", await _get(client, f"/partidas/{game.id}", None)),
        ("sumula", await _get(client, game.url("sumula"), None)),
        ("sumula csv", await _get(client, game.url("sumula"), None, format="csv")),
        ("verify", await _get(client, game.url("verify"), None)),
    ]
    for step in range(since, version + 1):
        page = await _get(client, f"/partidas/{game.id}", None, passo=step)
        reads.append((f"page?passo={step}", page))
    export = await _get(client, "/v1/exports/games", None, status="all")
    lines = [line for line in export.splitlines() if game.id in line]
    reads.append(("export", "\n".join(lines)))
    return reads


async def poster_reads(game: Game) -> list[Read]:
    """What the scorekeeper who posted the deals reads once the hands are over, but the
    past versions' states (`test_the_poster_of_a_deal_reads_no_folded_hand_at_a_past_...`):
    the state now and the history, whole and event by event."""
    by = game.scorekeeper
    reads: list[Read] = [("state (poster)", await _get(game.client, game.url(), by))]
    events = await game.events(by)
    reads.append(("events (poster)", json.dumps(events)))
    for version in range(1, len(events) + 1):
        page = await _get(game.client, game.url("events"), by, after=version - 1, limit=1)
        reads.append((f"events {version} (poster)", page))
    return reads


def assert_hidden(reads: list[Read], secret: Iterable[str], whose: str) -> None:
    cards = set(secret)
    for what, text in reads:
        leaked = shown_in(text, cards)
        assert not leaked, f"{whose}'s secret cards {sorted(leaked)} shown in {what}"


def commitment(salt: str, value: object) -> str:
    canonical = json.dumps(value, separators=(",", ":"), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(bytes.fromhex(salt) + canonical.encode()).hexdigest()


def value_at(data: Any, path: str) -> Any:
    for step in path.split("."):
        data = data[int(step)] if isinstance(data, list) else data[step]
    return data


def opened(events: list[Json]) -> dict[tuple[int, str], Any]:
    """Every secret part shown in these events, by (version, path): each checked against
    its commitment with its salt."""
    found: dict[tuple[int, str], Any] = {}
    for event in events:
        data, salts = event["data"], event.get("salts") or {}
        for path, committed in data.get("commitments", {}).items():
            value = value_at(data, path)
            assert (value is not None) == (path in salts), (event["type"], path)
            if value is not None:
                assert commitment(salts[path], value) == committed, (event["type"], path)
                found[(event["version"], path)] = value
    return found


def owner(event: Json, path: str) -> int | None:
    """The seat a part belongs to: "hands.2.0" seat 2's, a card thrown or received the
    exchanging seat's; the stock, the board and a new stock nobody's."""
    head = path.split(".")[0]
    if head == "hands":
        return int(path.split(".")[1])
    if head in ("thrown", "received"):
        return int(event["data"]["seat"])
    return None


def nothing_opened_but(events: list[Json], seats: set[int], what: str) -> None:
    """No secret part of these events is shown but those of `seats`; the stock, the board
    and a new stock never."""
    for (version, path), _ in opened(events).items():
        event = next(e for e in events if e["version"] == version)
        assert owner(event, path) in seats, f"{what}: {event['type']} {path} shown"


# --- Tables and hands --------------------------------------------------------------------


async def table_of(client: httpx.AsyncClient, seats: int, name: str) -> Table:
    players = [await register(client, f"{name} {n}") for n in range(seats)]
    keeper = await register(client, f"{name} anotador")
    return Table(players, keeper, await register(client, f"{name} curioso"))


async def play_out(game: Game, state: Json, folds: dict[int, str], players: bool = False) -> Json:
    """Play the hand: each seat folds on the street `folds` names, else checks or covers;
    at the exchange every seat stands pat. `players`: each seat's own player moves (a
    server deal: nobody else may)."""
    while state["hand"] is not None:
        hand, seat = state["hand"], state["turn"]
        if hand["waiting_for"] == "draw":
            body: Json = {"seat": seat, "exchange": []}
        elif folds.get(seat) == hand["street"]:
            body = {"seat": seat, "fold": True}
        elif hand["to_call"] > 0:
            body = {"seat": seat, "cover": True}
        else:
            body = {"seat": seat, "check": True}
        state = await game.ok("moves", body, by=game.table.players[seat] if players else None)
    return state


def everyone_but(table: Table, seats: Iterable[int]) -> list[Player | None]:
    """Every reader who must not see the seats' cards: anonymous, the administrator, an
    outsider, the scorekeeper, and the players of the other seats."""
    mine = set(seats)
    others = [p for s, p in enumerate(table.players) if s not in mine]
    return [None, ADMINISTRATOR, table.outsider, table.scorekeeper, *others]


HOLDEM_DEAL: Json = {
    "dealer": 3,
    "stacks": [1000, 850, 1200, 100],
    "hands": [["AH", "KD"], ["7C", "7S"], ["QH", "JH"], ["2D", "9C"]],
    "board": ["AS", "7D", "10H", "2S", "KC"],
}


# --- Hold'em: folds, an all-in and a side pot, a showdown --------------------------------


async def holdem_side_pot_hand(client: httpx.AsyncClient) -> tuple[Game, Json, int]:
    """Seat 3 all in short, seat 0 folds pre-flop, seat 2 folds on the flop after putting
    100 in; seats 1 and 3 show down (a side pot of seat 1's alone). The scorekeeper posts
    the deal and every move."""
    table = await table_of(client, 4, "Holdem")
    game = await create_game(client, table, "texas-holdem")
    state = await game.ok("hands", HOLDEM_DEAL)
    dealt = state["version"]
    assert state["turn"] == 2
    for body in (
        {"seat": 2, "bet_to": 60},
        {"seat": 3, "all_in": True},
        {"seat": 0, "fold": True},
        {"seat": 1, "cover": True},
        {"seat": 2, "cover": True},
        {"seat": 1, "bet_to": 50},
    ):
        state = await game.ok("moves", body)
    state = await game.ok("moves", {"seat": 2, "fold": True})
    assert state["hand"] is None
    (hand,) = state["hands"]
    assert hand["outcome"] == "showdown"
    assert hand["details"]["shown"] == [1, 3]
    assert len(hand["details"]["pots"]) == 2
    return game, state, dealt


async def test_a_holdem_side_pot_showdown_hides_the_folded_hands_from_every_reader(
    shared_client: httpx.AsyncClient,
) -> None:
    """Seats 0 and 2 folded (seat 2 after putting chips in a pot it no longer contests):
    anonymous, the administrator, an outsider and the other seats' players never see
    their cards, now, at any version (state and events), in the feed, the live stream,
    the page and its replay, the súmula and the export; each folded seat's player still
    sees their own; the hands shown check against their commitments, the board's part is
    never opened."""
    game, _, dealt = await holdem_side_pot_hand(shared_client)
    table = game.table
    folded = {0: {"AH", "KD"}, 2: {"QH", "JH"}}
    public = await public_reads(game, dealt)
    for seat, cards in folded.items():
        assert_hidden(public, cards, f"seat {seat} (public)")
        for reader in [None, ADMINISTRATOR, table.outsider, table.players[1], table.players[3]]:
            assert_hidden(await reads_of(game, reader, dealt), cards, f"seat {seat}")
        own = json.dumps(await game.events(table.players[seat]))
        assert shown_in(own, cards) == cards, "a folded seat's player sees their own cards"
        other = folded[2 - seat]
        assert_hidden(await reads_of(game, table.players[seat], dealt), other, "the other fold")
    events = await game.events()
    nothing_opened_but(events, {1, 3}, "anonymous")
    deal = next(e for e in events if e["type"] == "betting_dealt")
    assert deal["data"]["stock"] is None
    assert "stock" in deal["data"]["commitments"]
    assert {p for (_, p) in opened(events)} == {f"hands.{s}.{n}" for s in (1, 3) for n in (0, 1)}
    verify = json.loads(await _get(shared_client, game.url("verify"), None))
    assert verify["valid"]
    assert verify["secrets_wrong"] == []
    assert verify["secrets_matched"] == 4


async def test_the_scorekeeper_who_posted_the_deal_sees_the_folded_hands_only_in_the_events(
    shared_client: httpx.AsyncClient,
) -> None:
    """The poster's own history hides the folded hands once the hand is over (they are
    nobody's secret but their seats')."""
    game, _, dealt = await holdem_side_pot_hand(shared_client)
    events = json.dumps(await game.events(game.scorekeeper))
    assert not shown_in(events, {"AH", "KD", "QH", "JH"})
    for version in range(dealt, (await game.state())["version"] + 1):
        page = await _get(
            shared_client, game.url("events"), game.scorekeeper, after=version - 1, limit=1
        )
        assert not shown_in(page, {"AH", "KD", "QH", "JH"}), version


async def test_the_poster_of_a_deal_reads_no_folded_hand_at_a_past_version_after_the_hand(
    shared_client: httpx.AsyncClient,
) -> None:
    """`GET /v1/matches/{id}?at=N` (by the same code, `visible_seats(past, poster)`, also
    the `state` of `GET .../events?at=N` and an Idempotency-Key's replay: not exercised
    here) with N a version of a hand that has ended: the scorekeeper
    who posted the deal still reads `hand.hands` of every seat, the folded ones included,
    though the same reader's `/events` hides them once the hand is over and the README
    promises a folded hand to nobody but its seat's player "at any version". What the
    attacker gains: nothing they did not type in, as long as the poster is the one who
    reads; but the rule that the hand's secrets outlive it is broken for this reader, and a
    shared scorekeeper account (a club's, an organizer's) keeps every folded hand forever."""
    game, _, dealt = await holdem_side_pot_hand(shared_client)
    folded = {"AH", "KD", "QH", "JH"}
    for version in range(dealt, (await game.state())["version"]):
        state = await _get(shared_client, game.url(), game.scorekeeper, at=version)
        assert not shown_in(state, folded), f"GET ?at={version} as the poster"


async def test_a_holdem_server_deal_won_by_folds_is_seen_by_each_seat_alone_forever(
    shared_client: httpx.AsyncClient,
) -> None:
    """A server deal in a competition: its organizer (who created the game), the
    administrator, an outsider and anonymous readers never see a card of it; each seat's
    player sees their own alone, during the hand and after; the winner by folds shows
    nothing; the board (never turned) is never opened, not even its salt."""
    table = await table_of(shared_client, 3, "Servidor")
    organizer = table.scorekeeper
    competition = await create_competition(shared_client, organizer, "texas-holdem")
    game = await create_game(shared_client, table, "texas-holdem", competition_id=competition)
    state = await game.ok("hands", {"deal": "server", "stacks": [500, 500, 500]})
    dealt = state["version"]
    assert all(h is None for h in state["hand"]["hands"]), "the organizer sees a server deal"
    own = {}
    for seat, player in enumerate(table.players):
        seen = (await game.state(player))["hand"]["hands"]
        assert [h is not None for h in seen] == [s == seat for s in range(3)]
        own[seat] = set(seen[seat])
    everything = set().union(*own.values())
    for reader in (None, ADMINISTRATOR, table.outsider, organizer):
        assert_hidden(await reads_of(game, reader, dealt), everything, "a server deal")
    for seat, player in enumerate(table.players):
        others = everything - own[seat]
        assert_hidden(await reads_of(game, player, dealt), others, f"seat {seat} in the hand")
    refused = await game.post("moves", {"seat": state["turn"], "fold": True}, by=organizer)
    assert refused.status_code == 403, "staff who cannot see a hand may not move for it"
    state = await play_out(
        game, await game.state(), {0: "preflop", 1: "preflop", 2: "preflop"}, players=True
    )
    (hand,) = state["hands"]
    assert hand["outcome"] == "fold"
    assert hand["details"]["shown"] == []
    public = await public_reads(game, dealt)
    assert_hidden(public, everything, "a hand won by folds (public)")
    for reader in (None, ADMINISTRATOR, table.outsider, organizer):
        assert_hidden(await reads_of(game, reader, dealt), everything, "a hand won by folds")
    for seat, player in enumerate(table.players):
        assert_hidden(await reads_of(game, player, dealt), everything - own[seat], f"seat {seat}")
        mine = json.dumps(await game.events(player))
        assert shown_in(mine, own[seat]) == own[seat]
    for reader in (None, ADMINISTRATOR, organizer, *table.players):
        events = await game.events(reader)
        deal = next(e for e in events if e["type"] == "betting_dealt")
        assert deal["data"]["stock"] is None
        assert "stock" not in (deal.get("salts") or {})
    assert [e["type"] for e in await game.events()].count("board_turned") == 0


async def test_a_board_not_posted_is_named_only_by_the_poster_and_every_probe_is_refused_alike(
    shared_client: httpx.AsyncClient,
) -> None:
    """The administrator posts the deal (no board): the game's own scorekeeper (who did not
    post it) and each seated player naming the flop get the same 403 whether the cards
    named are in a hand or not; the poster's refusal of a dealt card is theirs alone to
    read. The hand is won by a fold on the flop: nobody else ever sees a hole card."""
    table = await table_of(shared_client, 2, "Mesa")
    game = await create_game(shared_client, table, "texas-holdem")
    deal: Json = {"dealer": 0, "stacks": [300, 300], "hands": [["AH", "AD"], ["KC", "KS"]]}
    await game.ok("hands", deal, by=ADMINISTRATOR)
    await game.ok("moves", {"seat": 0, "cover": True}, by=ADMINISTRATOR)
    state = await game.ok("moves", {"seat": 1, "check": True}, by=ADMINISTRATOR)
    assert state["hand"]["waiting_for"] == "board"
    probes = [["AH", "3C", "4C"], ["KC", "KS", "AD"], ["2C", "3C", "4C"], ["2C", "2C", "2C"]]
    answers = set()
    for by in (table.scorekeeper, *table.players, table.outsider):
        for cards in probes:
            response = await game.post("moves", {"board": cards}, by=by)
            answers.add((response.status_code, response.text))
    assert len(answers) == 1, answers
    ((status, _),) = answers
    assert status == 403
    seen = await game.post("moves", {"board": ["AH", "3C", "4C"]}, by=ADMINISTRATOR)
    assert_problem(seen, 422, "card-not-in-stock")
    await game.ok("moves", {"board": ["2C", "3C", "4C"]}, by=ADMINISTRATOR)
    state = await game.ok("moves", {"seat": 1, "fold": True}, by=table.players[1])
    assert state["hand"] is None
    assert state["hands"][0]["outcome"] == "fold"
    hole = {"AH", "AD", "KC", "KS"}
    assert_hidden(await public_reads(game), hole, "a hand won on the flop (public)")
    for reader in (None, table.scorekeeper, table.outsider):  # the poster too, after the hand
        assert_hidden(await reads_of(game, reader), hole, "a hand won on the flop")
    for seat, player in enumerate(table.players):
        assert_hidden(await reads_of(game, player), set(deal["hands"][1 - seat]), f"seat {seat}")


async def test_an_undo_of_a_bet_that_turned_the_posted_flop_shows_no_card_to_come(
    shared_client: httpx.AsyncClient,
) -> None:
    """A posted board turns by itself: undoing the bet that turned the flop takes the flop
    back, and the turn and river stay hidden when the hand is then won by folds; a seated
    player may not undo."""
    table = await table_of(shared_client, 2, "Desfaz")
    game = await create_game(shared_client, table, "texas-holdem")
    deal: Json = {
        "dealer": 0,
        "stacks": [300, 300],
        "hands": [["AH", "AD"], ["KC", "KS"]],
        "board": ["2C", "3C", "4C", "9D", "JS"],
    }
    await game.ok("hands", deal)
    await game.ok("moves", {"seat": 0, "cover": True})
    state = await game.ok("moves", {"seat": 1, "check": True})
    assert state["hand"]["board"] == ["2C", "3C", "4C"]
    refused = await game.post("undo", {}, by=table.players[1])
    assert refused.status_code == 403
    state = await game.ok("undo", {})
    assert state["hand"]["board"] == []
    assert state["turn"] == 1
    await game.ok("moves", {"seat": 1, "check": True})
    state = await game.ok("moves", {"seat": 1, "fold": True})
    assert state["hand"] is None
    hidden = {"AH", "AD", "KC", "KS", "9D", "JS"}
    assert_hidden(await public_reads(game), hidden, "the hole cards and the board to come")
    for reader in (None, table.outsider, ADMINISTRATOR):
        assert_hidden(await reads_of(game, reader), hidden, "the hole cards and board to come")


# --- Poker fechado: the exchange ---------------------------------------------------------


POKER_HANDS = [
    ["7C", "8D", "AS", "AH", "AD"],  # throws 7C 8D: three aces
    ["9C", "9D", "10S", "JC", "QD"],  # throws QD, then folds
    ["KC", "KD", "KH", "8S", "7S"],  # stands pat
]


async def test_poker_exchanges_from_a_posted_stock_show_nothing_thrown_nor_the_stock(
    shared_client: httpx.AsyncClient,
) -> None:
    """Seat 0 throws two, seat 1 one (then folds), seat 2 stands pat; 0 and 2 show down.
    No reader but a seat's own player sees a card seat 0 threw, any card of seat 1's
    (dealt, thrown or received), the stock's cards not drawn, or the stock's part; an undo
    of an exchange from the known stock is refused (it would show its next cards)."""
    table = await table_of(shared_client, 3, "Poker")
    game = await create_game(shared_client, table, "poker", rules={"overrides": {"pingo": 5}})
    dealt_cards = {c for h in POKER_HANDS for c in h}
    stock = [c for c in POKER_32 if c not in dealt_cards]
    state = await game.ok("hands", {"dealer": 2, "hands": POKER_HANDS, "stock": stock})
    dealt = state["version"]
    for seat in (0, 1, 2):
        state = await game.ok("moves", {"seat": seat, "check": True})
    assert state["hand"]["waiting_for"] == "draw"
    await game.ok("moves", {"seat": 0, "exchange": ["7C", "8D"]}, by=table.players[0])
    mid = await game.ok("moves", {"seat": 1, "exchange": ["QD"]}, by=table.players[1])
    assert mid["hand"]["hands"][1] == ["9C", "9D", "10S", "JC", stock[2]]
    undo = await game.post("undo", {})
    assert undo.status_code in (409, 422), undo.text
    assert undo.json()["code"] == "nothing-to-undo"
    assert not shown_in(undo.text, set(stock))
    assert (await game.state())["version"] == mid["version"]
    seen = await game.state(table.players[2])
    assert seen["hand"]["hands"][0] is None
    assert seen["hand"]["hands"][1] is None
    assert_hidden(await reads_of(game, table.players[2], dealt), set(stock[:3]), "seat 2, drawn")
    await game.ok("moves", {"seat": 2, "exchange": []}, by=table.players[2])
    await game.ok("moves", {"seat": 0, "bet_to": 20})
    await game.ok("moves", {"seat": 1, "fold": True})
    state = await game.ok("moves", {"seat": 2, "cover": True})
    (hand,) = state["hands"]
    assert hand["outcome"] == "showdown"
    assert hand["details"]["shown"] == [0, 2]
    assert set(hand["details"]["shown_cards"]["0"]) == {"AS", "AH", "AD", stock[0], stock[1]}
    thrown = {"7C", "8D"}
    seat1 = set(POKER_HANDS[1]) | {stock[2]}
    never = set(stock[3:])
    public = await public_reads(game, dealt)
    assert_hidden(public, thrown | seat1 | never, "thrown, folded, stock (public)")
    for reader in (None, ADMINISTRATOR, table.outsider, table.players[2]):
        reads = await reads_of(game, reader, dealt)
        assert_hidden(reads, thrown | seat1 | never, "thrown, folded, stock")
    assert_hidden(await reads_of(game, table.players[0], dealt), seat1 | never, "seat 0")
    assert_hidden(await reads_of(game, table.players[1], dealt), thrown | never, "seat 1")
    assert shown_in(json.dumps(await game.events(table.players[1])), seat1) == seat1
    assert shown_in(json.dumps(await game.events(table.players[0])), thrown) == thrown
    events = await game.events()
    nothing_opened_but(events, {0, 2}, "anonymous")
    paths = {p for (_, p) in opened(events)}
    assert not any(p.startswith("thrown") or p == "stock" for p in paths), paths
    swap = next(e for e in events if e["type"] == "cards_swapped" and e["data"]["seat"] == 0)
    assert swap["data"]["received"] == [stock[0], stock[1]]
    assert swap["data"]["thrown"] == [None, None]


async def test_poker_without_a_stock_names_received_cards_only_by_the_poster_alike_for_all(
    shared_client: httpx.AsyncClient,
) -> None:
    """No stock posted: the cards received are named by whoever posted the deal. A seat's
    own player, the administrator (who did not post it) and an outsider naming them are
    refused alike whatever they name (a card in another hand, a free card, a card of
    their own); the exchange is then undone (allowed: no stock to show) and made again;
    at the showdown no part of the folded seat, and no card thrown, is opened."""
    table = await table_of(shared_client, 3, "Sem monte")
    game = await create_game(shared_client, table, "poker", rules={"overrides": {"pingo": 5}})
    await game.ok("hands", {"dealer": 2, "hands": POKER_HANDS})
    for seat in (0, 1, 2):
        await game.ok("moves", {"seat": seat, "check": True})
    answers = set()
    for by in (table.players[0], ADMINISTRATOR, table.outsider, table.players[1]):
        for received in (["KC", "9C"], ["QS", "QH"], ["AS", "AH"], ["QS", "QS"]):
            body = {"seat": 0, "exchange": ["7C", "8D"], "received": received}
            response = await game.post("moves", body, by=by)
            answers.add((response.status_code, response.text))
    assert len(answers) == 1, answers
    assert next(iter(answers))[0] == 403
    body = {"seat": 0, "exchange": ["7C", "8D"], "received": ["KC", "9C"]}
    assert_problem(await game.post("moves", body), 422, "card-not-in-stock")
    await game.ok("moves", {"seat": 0, "exchange": ["7C", "8D"], "received": ["QS", "QH"]})
    state = await game.ok("undo", {})
    assert state["hand"]["exchanged"] == {}
    await game.ok("moves", {"seat": 0, "exchange": ["8D", "AS"], "received": ["JS", "JH"]})
    await game.ok("moves", {"seat": 1, "exchange": ["QD"], "received": ["10C"]})
    await game.ok("moves", {"seat": 2, "exchange": [], "received": []})
    await game.ok("moves", {"seat": 0, "check": True})
    await game.ok("moves", {"seat": 1, "fold": True})
    state = await game.ok("moves", {"seat": 2, "check": True})
    assert state["hands"][0]["details"]["shown"] == [0, 2]
    events = await game.events()
    seat1 = set(POKER_HANDS[1]) | {"10C"}
    assert_hidden([("events", json.dumps(events))], seat1 | {"8D", "AS", "QS", "QH"}, "public")
    nothing_opened_but(events, {0, 2}, "anonymous")
    swaps = [e for e in events if e["type"] == "cards_swapped"]
    done = swaps[1:]  # the first was undone: see the test below
    assert all(e["data"]["thrown"] == [None] * e["data"]["count"] for e in done), done
    assert swaps[0]["data"]["received"] == [None, None]


async def test_an_undone_exchange_opens_no_thrown_part_at_the_showdown(
    shared_client: httpx.AsyncClient,
) -> None:
    """No stock posted: the scorekeeper records seat 0 throwing 7C 8D, undoes it, and
    records 8D alone. Seat 0 shows 7C down, and `_revealed` opens by value: the undone
    `cards_swapped`'s `thrown.0` (7C) is opened with its salt to anyone. Steps: GET
    /v1/matches/{id}/events with no token after the showdown; the first cards_swapped
    (followed by move_undone) has `data.thrown == ["7C", null]`. What an attacker gains:
    a `thrown` part of an exchange opened (P14: nothing thrown is ever shown), i.e. which
    card the seat first chose to throw and then kept; the card itself is shown anyway, so
    nothing of a hidden card, but the rule "open per card" is by value, not by part."""
    table = await table_of(shared_client, 2, "Desfeita")
    game = await create_game(shared_client, table, "poker", rules={"overrides": {"pingo": 5}})
    await game.ok("hands", {"dealer": 1, "hands": [POKER_HANDS[0], POKER_HANDS[2]]})
    for seat in (0, 1):
        await game.ok("moves", {"seat": seat, "check": True})
    await game.ok("moves", {"seat": 0, "exchange": ["7C", "8D"], "received": ["QS", "QH"]})
    await game.ok("undo", {})
    await game.ok("moves", {"seat": 0, "exchange": ["8D"], "received": ["JS"]})
    await game.ok("moves", {"seat": 1, "exchange": [], "received": []})
    await game.ok("moves", {"seat": 0, "check": True})
    state = await game.ok("moves", {"seat": 1, "check": True})
    assert state["hands"][0]["details"]["shown"] == [0, 1]
    swaps = [e for e in await game.events() if e["type"] == "cards_swapped"]
    assert swaps[0]["data"]["thrown"] == [None, None], "an undone exchange's thrown card shown"


async def test_an_undo_of_an_exchange_with_a_new_stock_is_refused_and_the_new_stock_is_hidden(
    shared_client: httpx.AsyncClient,
) -> None:
    """Eight seats, a server deal: 4 cards left in the stock. Seat 0 throws three, seat 1
    three (the stock runs short: the discards are shuffled under it, P2). Nobody (the
    scorekeeper, the administrator, anyone) ever sees the new stock; the undo of seat 1's
    exchange is refused; each seat's player sees their own cards alone."""
    table = await table_of(shared_client, 8, "Oito")
    game = await create_game(shared_client, table, "poker", rules={"overrides": {"pingo": 5}})
    state = await game.ok("hands", {"deal": "server"})
    dealt = state["version"]
    for _ in range(8):
        seat = state["turn"]
        state = await game.ok("moves", {"seat": seat, "check": True}, by=table.players[seat])
    own = [(await game.state(p))["hand"]["hands"][s] for s, p in enumerate(table.players)]
    assert state["turn"] == 0
    for by in (game.scorekeeper, ADMINISTRATOR, table.players[1], table.outsider):
        answers = set()  # one reader's answers: the same whatever the cards named
        for cards in (own[0][:2], own[1][:2], [own[0][0], own[1][0]], ["4C", "4C"]):
            response = await game.post("moves", {"seat": 0, "exchange": cards}, by=by)
            answers.add((response.status_code, response.text))
        assert len(answers) == 1, answers
        assert next(iter(answers))[0] == 403
    await game.ok("moves", {"seat": 0, "exchange": own[0][:3]}, by=table.players[0])
    state = await game.ok("moves", {"seat": 1, "exchange": own[1][:3]}, by=table.players[1])
    undo = await game.post("undo", {})
    assert undo.json()["code"] == "nothing-to-undo", undo.text
    for reader in (None, ADMINISTRATOR, game.scorekeeper, *table.players):
        events = await game.events(reader)
        swap = next(e for e in events if e["type"] == "cards_swapped" and e["data"]["seat"] == 1)
        assert "restock" in swap["data"]["commitments"]
        assert swap["data"]["restock"] is None
        assert "restock" not in (swap.get("salts") or {})
    everything = {c for h in own for c in h}
    for reader in (None, ADMINISTRATOR, game.scorekeeper):
        assert_hidden(await reads_of(game, reader, dealt), everything, "an 8-seat server deal")


async def test_a_showdown_after_a_new_stock_does_not_tell_what_an_earlier_seat_threw(
    shared_client: httpx.AsyncClient,
) -> None:
    """Eight seats, a server deal: 44 cards, 40 dealt, 4 left. Seat 0 throws three (one
    card is left in the stock) and later folds; seat 1 throws three: the stock runs
    short, and the discards (seat 0's three, shuffled by the service) go under the card
    left. Seat 1 shows down: its `received.0..2` parts are opened in order (and
    `showdown_held.shown["1"]` lists its kept cards, then the received ones, in order).
    Anyone knows from the public counts that one card was left, so `received.1` and
    `received.2` are two of the cards seat 0 threw away: two cards of a hand that folded,
    which the README says is never shown, and cards thrown in an exchange, which P14 says
    a showdown never tells. Steps: GET /v1/matches/{id}/events (no token) after the hand;
    the cards_swapped event of seat 1 has a `restock` commitment and `count` 3, seat 0's
    `count` is 3, the deck has 44 cards for 8 seats: stock left = 44 - 40 - 3 = 1; read
    `data.received[1:]` of seat 1's event."""
    table = await table_of(shared_client, 8, "Troca")
    game = await create_game(shared_client, table, "poker", rules={"overrides": {"pingo": 5}})
    state = await game.ok("hands", {"deal": "server"})
    for _ in range(8):
        seat = state["turn"]
        state = await game.ok("moves", {"seat": seat, "check": True}, by=table.players[seat])
    own = [(await game.state(p))["hand"]["hands"][s] for s, p in enumerate(table.players)]
    thrown_by_0 = set(own[0][:3])
    await game.ok("moves", {"seat": 0, "exchange": own[0][:3]}, by=table.players[0])
    state = await game.ok("moves", {"seat": 1, "exchange": own[1][:3]}, by=table.players[1])
    state = await play_out(game, state, {0: "bet2"}, players=True)
    (hand,) = state["hands"]
    assert hand["outcome"] == "showdown"
    assert 0 not in hand["details"]["shown"]
    # The attacker: no token, the public history only.
    events = await game.events()
    swaps = [e for e in events if e["type"] == "cards_swapped"]
    left = len(POKER_44) - 5 * 8
    inferred: set[str] = set()
    for swap in swaps:
        data = swap["data"]
        if "restock" in data.get("commitments", {}) and data["received"][0] is not None:
            earlier = [s for s in swaps if s["version"] < swap["version"]]
            throwers = [s["data"]["seat"] for s in earlier if s["data"]["count"]]
            if throwers == [0]:
                inferred |= {c for c in data["received"][left:] if c is not None}
        left -= data["count"]
    assert not inferred & thrown_by_0, f"seat 0 (folded) threw {sorted(inferred)}: told"


# --- Annulled hands, closing, abandoning -------------------------------------------------


async def test_an_annulled_hand_keeps_its_folded_cards_when_its_number_is_dealt_again(
    shared_client: httpx.AsyncClient,
) -> None:
    """Hand 1: seat 2 folds with QH JH, seats 0 and 1 show down. It is annulled, and hand 1
    is dealt again with the same cards: this time seat 2 shows QH JH down and seat 0
    folds. The annulled deal's parts of seat 2 stay hidden (the reveal is by hand number
    and time, not by the values shown); the new deal's seat 0 too."""
    table = await table_of(shared_client, 3, "Anula")
    game = await create_game(shared_client, table, "texas-holdem")
    deal: Json = {
        "stacks": [500, 500, 500],
        "hands": [["AH", "KD"], ["7C", "7S"], ["QH", "JH"]],
        "board": ["AS", "7D", "10H", "2S", "KC"],
    }
    state = await game.ok("hands", deal)
    first = state["version"]
    state = await play_out(game, state, {2: "preflop"})
    assert state["hands"][0]["details"]["shown"] == [0, 1]
    state = await game.ok("annulments", {"hand": 1})
    assert state["hands"] == []
    state = await game.ok("hands", {k: v for k, v in deal.items() if k != "stacks"})
    second = state["version"]
    assert state["hand"]["number"] == 1
    state = await play_out(game, state, {0: "preflop"})
    (hand,) = state["hands"]
    assert hand["number"] == 1
    assert hand["details"]["shown"] == [1, 2]
    for reader in (None, ADMINISTRATOR, table.outsider, table.players[0], table.players[1]):
        events = await game.events(reader)
        old = next(e for e in events if e["version"] == first)
        assert old["data"]["hands"][2] == [None, None], f"annulled seat 2 shown to {who(reader)}"
        assert not any(p.startswith("hands.2") for p in old.get("salts") or {})
        new = next(e for e in events if e["version"] == second)
        assert new["data"]["hands"][2] == ["QH", "JH"]
        if reader is not table.players[0]:
            assert new["data"]["hands"][0] == [None, None]


async def test_a_session_closed_after_hands_won_by_folds_exports_no_card(
    shared_client: httpx.AsyncClient,
) -> None:
    """Two hands won by folds (the second by the seat that folded first), the session
    closed and confirmed: the súmula, its CSV, the bulk export, the players' reports and
    every read show no hole card; `verify` counts every part hidden, none matched."""
    table = await table_of(shared_client, 2, "Fecha")
    game = await create_game(shared_client, table, "texas-holdem")
    deals: list[Json] = [
        {
            "dealer": 0,
            "stacks": [300, 300],
            "hands": [["AH", "AD"], ["KC", "KS"]],
            "board": ["2C", "3C", "4C", "9D", "JS"],
        },
        {"hands": [["QH", "QD"], ["10C", "10S"]], "board": ["2D", "3D", "4D", "9H", "JH"]},
    ]
    for deal, folder in zip(deals, (1, 0), strict=True):
        state = await game.ok("hands", deal)
        state = await play_out(game, state, {folder: "preflop"})
        assert state["hands"][-1]["outcome"] == "fold"
    asked = await game.ok("closing", {}, by=table.players[0])  # one seat alone: asked (P17)
    assert (asked["status"], asked["closing"]) == ("in_progress", [0])
    state = await game.ok("closing", {})
    assert state["status"] == "finished"
    for player in table.players:
        state = await game.ok("confirmations", {}, by=player)
    assert state["status"] == "confirmed"
    secret = {c for d in deals for key in ("hands", "board") for c in _flat(d[key])}
    reads = await public_reads(game)
    for player in table.players:
        report = await _get(
            shared_client, f"/v1/players/{player.id}/report", None, game="texas-holdem"
        )
        reads.append(("report", report))
    assert_hidden(reads, secret, "a session of folds (public)")
    for reader in (None, ADMINISTRATOR, table.outsider):
        assert_hidden(await reads_of(game, reader), secret, "a session of folds")
    assert_hidden(await poster_reads(game), secret, "a session of folds (the poster)")
    verify = json.loads(await _get(shared_client, game.url("verify"), None))
    assert verify["valid"]
    assert verify["secrets_matched"] == 0
    assert verify["secrets_hidden"] >= 8


def _flat(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    return [c for v in value for c in _flat(v)]


@pytest.mark.parametrize("ending", ["abandon", "cancellation"])
async def test_a_session_ended_in_the_middle_of_a_hand_shows_none_of_it(
    shared_client: httpx.AsyncClient, ending: str
) -> None:
    """A hand in progress when the game is abandoned or cancelled never reaches a
    showdown: none of its cards is ever shown to anyone but their seat's player."""
    table = await table_of(shared_client, 2, f"Fim {ending}")
    game = await create_game(shared_client, table, "poker", rules={"overrides": {"pingo": 5}})
    hands = [POKER_HANDS[0], POKER_HANDS[2]]
    dealt = {c for h in hands for c in h}
    stock = [c for c in POKER_32 if c not in dealt]
    await game.ok("hands", {"dealer": 1, "hands": hands, "stock": stock})
    await game.ok("moves", {"seat": 0, "bet_to": 20})
    body: Json = {"seat": 1} if ending == "abandon" else {}
    await game.ok(ending, body)
    state = await game.state()
    assert state["hand"] is None
    everything = dealt | set(stock)
    assert_hidden(await public_reads(game), everything, f"{ending} (public)")
    for reader in (None, ADMINISTRATOR, table.outsider):
        assert_hidden(await reads_of(game, reader), everything, ending)
    assert_hidden(await poster_reads(game), everything, f"{ending} (the poster)")
    for seat, player in enumerate(table.players):
        others = everything - set(hands[seat])
        assert_hidden(await reads_of(game, player), others, f"{ending}, seat {seat}")

"""Review, as an attacker, of the five games that draw from a stock (Mau Mau, Buraco, Mega
Buraco, Tranca, Cacheta): every way found over HTTP to learn a hand, the stock, a morto or
a card drawn from the stock. Each test asserts that the secret stays hidden; a hole found
is a test marked `xfail(strict=True, reason="LEAK: ...")` whose docstring says what an
attacker gains.

Two decks repeat every card, so a read is checked by the places it shows, not by codes: a
reader's view of a hand in progress shows no card but the public ones (the pile, the
melds, the vira and its wilds) and its own seat's; every secret part of an event (named by
its commitment) is shown, with its salt, to its own seat alone.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import httpx
import pytest

from domain import decide, evolve
from domain.cards.buraco.commands import LayRedThree
from domain.cards.buraco.events import MortoTaken, MortoToStock, RedThreeLaid
from domain.cards.stock.commands import DealStock
from domain.match.commands import Command
from tests.api.conftest import ADMINISTRATOR, Player, Table, register
from tests.api.play import Game, create_game
from tests.api.test_buraco import body_of as buraco_body
from tests.api.test_cacheta import body_of as cacheta_body
from tests.domain.cards.buraco_play import created
from tests.domain.cards.buraco_play import random_game as buraco_game
from tests.domain.cards.cacheta_play import random_game as cacheta_game
from tests.simulate import DECK_52, mau_mau_move

Json = dict[str, Any]
CARD = re.compile(r"^(([AJQK2-9]|10)[CDHS]|JK)$")
SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def cards_in(value: Any) -> Counter[str]:
    """Every card written anywhere in a JSON value, as often as it is written."""
    if isinstance(value, str):
        return Counter([value]) if CARD.match(value) else Counter()
    found: Counter[str] = Counter()
    items = value if isinstance(value, list) else value.values() if isinstance(value, dict) else []
    for item in items:
        found += cards_in(item)
    return found


def public_cards(hand: Json) -> Counter[str]:
    """The cards a hand in progress shows to everyone: the pile (and its top), the melds
    (a meld's wild named again with what it stands for, B5), the vira and the wilds it
    makes."""
    shown = Counter(hand["pile"]) + Counter([hand["top"]] if hand.get("top") else [])
    for melds in (hand.get("melds") or {}).values():
        for meld in melds:
            shown += Counter(meld["cards"])
            shown += Counter([meld["wild"]["card"]] if meld.get("wild") else [])
    shown += Counter([hand["vira"]] if hand.get("vira") else [])
    return shown + Counter(hand.get("wilds") or [])


def shows_only(hand: Json, seat: int | None) -> None:
    """A view of a hand in progress for a reader who sees `seat` (None: no seat)."""
    for s, cards in enumerate(hand["hands"]):
        assert (cards is not None) == (s == seat), f"seat {s}'s hand shown to {seat}"
    assert hand["stock"] is None, "the stock's order shown"
    own = Counter(hand["hands"][seat]) if seat is not None else Counter()
    extra = cards_in(hand) - public_cards(hand) - own
    assert not extra, f"cards shown beyond the public ones and the reader's: {extra}"


def owner(path: str, data: Json) -> int | None:
    """The seat a secret part belongs to: "hands.2" seat 2's, a drawn card or a morto taken
    its drawer's; the stock and the mortos nobody's."""
    head, _, rest = path.partition(".")
    if head == "hands":
        return int(rest)
    if head == "cards":
        return int(data["seat"])
    return None


def value_at(data: Any, path: str) -> Any:
    for step in path.split("."):
        data = data[int(step)] if isinstance(data, list) else data[step]
    return data


def events_hide(events: list[Json], seat: int | None, since: int) -> int:
    """Every secret part of the events of the hand in progress (from version `since`) is
    shown, with its salt, to its own seat alone; the fields that hold a secret are null to
    anyone else. How many secret parts were looked at."""
    looked = 0
    for event in (e for e in events if e["version"] >= since):
        data, kind = event["data"], event["type"]
        salts = event.get("salts") or {}
        for path in data.get("commitments", {}):
            looked += 1
            mine = seat is not None and owner(path, data) == seat
            assert (value_at(data, path) is not None) == mine, (kind, path, seat)
            assert (path in salts) == mine, (kind, path, seat)
        if kind == "stock_dealt":
            assert all(h is None for s, h in enumerate(data["hands"]) if s != seat)
            assert data.get("stock") is None
            assert not any(data.get("mortos") or [])
        if kind == "cards_drawn" and data["source"] == "stock":
            assert isinstance(data["count"], int)  # the count is public
            assert (data["cards"] is not None) == (data["seat"] == seat), (kind, seat)
        if kind == "morto_taken":
            assert (data["cards"] is not None) == (data["seat"] == seat), (kind, seat)
        if kind in ("morto_to_stock", "stock_restocked"):
            assert data.get("stock") is None, kind
        if kind == "move_undone":
            assert data.get("card") is None or data["move"] != "cards_drawn"
    return looked


async def feed_of(game: Game, since: int) -> list[Json]:
    """The global feed's events of this game from version `since` on."""
    found: list[Json] = []
    after = 0
    events = await game.events(after=since - 1)
    if events:
        after = events[0]["position"] - 1
    while True:
        response = await game.client.get("/v1/events", params={"after": after, "limit": 1000})
        assert response.status_code == 200, response.text
        page = response.json()
        found += [e for e in page["events"] if e["stream"] == f"match-{game.id}"]
        if page["next_after"] is None:
            return found
        after = page["next_after"]


async def everyone_blind(
    game: Game, table: Table, dealt: int, rng: random.Random, truth: Json | None = None
) -> int:
    """Each reader of the hand in progress, now, at a past version and in the history:
    anyone without a seat (anonymous, the administrator, an outsider, the scorekeeper of a
    server deal) sees no hand, no stock, no morto, no drawn card; each seated player its
    own hand only (a partner's hidden). `truth`: the hands as the poster sees them."""
    truth = truth or await game.truth()
    if truth["hand"] is None:
        return 0
    version = truth["version"]
    readers: list[tuple[Player | None, int | None]] = [
        (None, None),
        (ADMINISTRATOR, None),
        (table.outsider, None),
    ]
    readers += list(zip(table.players, range(len(table.players)), strict=True))
    looked = 0
    at = rng.randint(dealt, version)
    for reader, seat in readers:
        hand = (await game.state(by=reader))["hand"]
        shows_only(hand, seat)
        if seat is not None:
            assert hand["hands"][seat] == truth["hand"]["hands"][seat]
        then = (await game.state(by=reader, at=at))["hand"]
        if then is not None:
            shows_only(then, seat)
        looked += events_hide(await game.events(by=reader, after=dealt - 1), seat, dealt)
        page = await game.client.get(
            game.url("events"),
            headers=reader.auth if reader else {},
            params={"at": at, "after": max(dealt - 1, at - 20)},
        )
        assert page.status_code == 200, page.text
        events_hide(page.json()["events"], seat, dealt)
        if page.json()["state"]["hand"] is not None:
            shows_only(page.json()["state"]["hand"], seat)
    looked += events_hide(await feed_of(game, dealt), None, dealt)
    return looked


async def revealed_and_valid(game: Game, dealt: int) -> None:
    """The hand is over: every secret of it is shown to anyone, with the salt that checks
    it against its commitment, and the game verifies."""
    events = [e for e in await game.events(after=dealt - 1) if e["version"] >= dealt]
    secrets = 0
    for event in events:
        for path in event["data"].get("commitments", {}):
            secrets += 1
            assert value_at(event["data"], path) is not None, (event["type"], path)
            assert path in (event.get("salts") or {}), (event["type"], path)
    verify = await game.client.get(game.url("verify"))
    assert verify.status_code == 200, verify.text
    assert verify.json()["valid"] is True
    assert verify.json()["secrets_wrong"] == []
    assert secrets >= 2


@pytest.fixture(scope="module")
async def four(shared_client: httpx.AsyncClient) -> Table:
    players = [await register(shared_client, f"Mesa {n}") for n in range(4)]
    keeper = await register(shared_client, "Anotador")
    return Table(players, keeper, await register(shared_client, "Curioso"))


@pytest.fixture(scope="module")
async def two(shared_client: httpx.AsyncClient) -> Table:
    players = [await register(shared_client, f"Dupla {n}") for n in range(2)]
    keeper = await register(shared_client, "Anotador 2")
    return Table(players, keeper, await register(shared_client, "Curioso 2"))


# --- Every reader of a hand replayed move by move ---------------------------------------------


def _marks(commands: list[Command], preset: str, seats: int) -> list[bool]:
    """For each command of the domain's game: whether it took a morto, turned one into the
    stock or laid a red 3."""
    state = created(seats, 5000, preset)
    marks = []
    for command in commands:
        events = decide(command, state)
        for event in events:
            state = evolve(state, event)
        marks.append(any(isinstance(e, MortoTaken | MortoToStock | RedThreeLaid) for e in events))
    return marks


@pytest.mark.parametrize(
    ("preset", "seats", "seed", "known"),
    [
        ("buraco", 4, 4, False),  # both sides take a morto (seats 3 and 2)
        ("mega-buraco", 4, 0, False),
        ("tranca", 4, 0, False),  # red 3s replaced, a morto taken, one turned to stock
        ("tranca", 2, 2, True),
    ],
)
async def test_a_buraco_hand_shows_no_reader_a_hand_a_morto_the_stock_or_a_drawn_card(
    shared_client: httpx.AsyncClient,
    four: Table,
    two: Table,
    preset: str,
    seats: int,
    seed: int,
    known: bool,
) -> None:
    """The scorekeeper posts the deal and every move; at each morto taken, each red 3 laid
    and every 40 moves, every reader is checked, now, at a past version, in the history
    and in the global feed; the partner of a morto's taker does not see it."""
    table = four if seats == 4 else two
    _, _, commands = buraco_game(seed, seats, target=5000, known=known, hands=1, preset=preset)
    marks = _marks(commands, preset, seats)
    game = await create_game(shared_client, table, preset, rules={"target": 5000})
    rng = random.Random(seed)
    dealt = 0
    looked = 0
    checks = 0
    for number, command in enumerate(commands):
        path, body = buraco_body(command)
        state = await game.ok(path, body)
        if isinstance(command, DealStock):
            dealt = state["version"]
        if isinstance(command, LayRedThree) and state["hand"] is not None:
            assert state["hand"]["red_threes"] is not None
        if state["hand"] is not None and (marks[number] or number % 40 == 1):
            checks += 1
            looked += await everyone_blind(game, table, dealt, rng)
    assert state["hand"] is None
    assert checks >= 4
    assert looked > 0
    await revealed_and_valid(game, dealt)


async def test_a_cacheta_round_shows_no_reader_a_hand_the_stock_or_a_drawn_card(
    shared_client: httpx.AsyncClient, four: Table
) -> None:
    """Posted without a stock (each draw names its card), replayed to its batida."""
    _, _, commands = cacheta_game(3, lives=10, known=False, rounds=1)
    game = await create_game(shared_client, four, "cacheta")
    rng = random.Random(3)
    dealt = 0
    checks = 0
    for number, command in enumerate(commands):
        path, body = cacheta_body(command)
        state = await game.ok(path, body)
        if isinstance(command, DealStock):
            dealt = state["version"]
        if state["hand"] is not None and number % 15 == 1:
            checks += 1
            await everyone_blind(game, four, dealt, rng)
    assert checks >= 2
    assert state["hand"] is None
    await revealed_and_valid(game, dealt)


# --- Server deals: nobody but each seat ---------------------------------------------------


async def _tranca_turn(game: Game, table: Table, state: Json) -> Json:
    """The seat in turn, by its own player: a stock draw, its red 3s laid, a discard."""
    seat = state["turn"]
    player = table.players[seat]
    state = await game.ok("moves", {"seat": seat, "draw": "stock"}, by=player)
    while state["hand"] is not None:
        held = (await game.state(by=player))["hand"]
        red = [c for c in held["hands"][seat] if c in ("3D", "3H")]
        if not red or not held["stock_count"]:
            break
        state = await game.ok("moves", {"seat": seat, "red_three": red[0]}, by=player)
    if state["hand"] is None or state["turn"] != seat:
        return state
    held = (await game.state(by=player))["hand"]["hands"][seat]
    card = next(c for c in held if c not in ("3D", "3H"))
    return await game.ok("moves", {"seat": seat, "discard": card}, by=player)


async def test_a_server_dealt_tranca_hides_red_three_replacements_and_the_mortos_from_staff(
    shared_client: httpx.AsyncClient, two: Table
) -> None:
    """A deal made by the server, played out by the two players: the scorekeeper and the
    administrator see no hand, stock, morto or replacement; the count of each replacement
    is public; at the end everything is public and the game verifies."""
    game = await create_game(shared_client, two, "tranca", rules={"target": 5000})
    state = await game.ok("hands", {"deal": "server"}, by=two.players[1])
    dealt = state["version"]
    rng = random.Random(7)
    keeper = (await game.state(by=two.scorekeeper))["hand"]
    admin = (await game.state(by=ADMINISTRATOR))["hand"]
    shows_only(keeper, None)
    shows_only(admin, None)
    assert keeper["stock_count"] == 104 - 44
    assert keeper["mortos_left"] == 2
    turns = 0
    replacements = 0
    while state["hand"] is not None:
        state = await _tranca_turn(game, two, state)
        turns += 1
        if turns % 25 == 3 and state["hand"] is not None:
            await everyone_blind(game, two, dealt, rng)
            events_hide(await game.events(by=two.scorekeeper, after=dealt - 1), None, dealt)
    events = [e for e in await game.events(after=dealt - 1) if e["version"] >= dealt]
    for event in events:
        if event["type"] == "cards_drawn" and event["data"]["reason"] == "replacement":
            replacements += 1
            assert event["data"]["count"] == 1
    assert replacements >= 1
    await revealed_and_valid(game, dealt)


async def test_a_server_dealt_cacheta_round_is_seen_by_each_seat_alone_then_by_all(
    shared_client: httpx.AsyncClient, four: Table
) -> None:
    game = await create_game(shared_client, four, "cacheta")
    state = await game.ok("hands", {"deal": "server"}, by=four.players[2])
    dealt = state["version"]
    rng = random.Random(11)
    moves = 0
    while state["hand"] is not None:
        seat = state["turn"]
        player = four.players[seat]
        state = await game.ok("moves", {"seat": seat, "draw": "stock"}, by=player)
        if state["hand"] is None:
            break  # the stock ran out: a void round (K12)
        held = (await game.state(by=player))["hand"]["hands"][seat]
        state = await game.ok("moves", {"seat": seat, "discard": held[0]}, by=player)
        moves += 1
        if moves % 30 == 2:
            await everyone_blind(game, four, dealt, rng)
            keeper = (await game.state(by=four.scorekeeper))["hand"]
            shows_only(keeper, None)
    await revealed_and_valid(game, dealt)


async def test_a_server_dealt_mau_mau_hides_penalty_draws_and_shows_their_count(
    shared_client: httpx.AsyncClient,
) -> None:
    """Played by the players; a wrong MAU-MAU call costs five cards, drawn out of turn:
    the count is public (owed, cards_left, the event's count), the cards the drawer's."""
    players = [await register(shared_client, f"Mau {n}") for n in range(5)]
    table = Table(
        players, await register(shared_client, "Juiz M"), await register(shared_client, "Fora M")
    )
    game = await create_game(shared_client, table, "mau-mau", rules={"target": 500})
    state = await game.ok("hands", {"deal": "server"}, by=players[0])
    dealt = state["version"]
    rng = random.Random(5)
    penalised = False
    for move_number in range(60):
        if state["hand"] is None:
            break
        seat = state["turn"]
        hand = state["hand"]
        if not penalised and not any(hand["owed"]) and not hand["pending_draw"]:
            before = hand["cards_left"][seat]
            if before > 2:  # a call that does not fit: five cards owed
                state = await game.ok("moves", {"seat": seat, "mau_mau": True}, by=players[seat])
                assert state["hand"]["owed"][seat] == 5
                state = await game.ok("moves", {"seat": seat, "draw": "stock"}, by=players[seat])
                assert state["hand"]["cards_left"][seat] == before + 5
                drawn = (await game.events())[-1]
                assert drawn["type"] == "cards_drawn"
                assert drawn["data"]["reason"] == "penalty"
                assert drawn["data"]["count"] == 5
                assert drawn["data"]["cards"] is None
                await everyone_blind(game, table, dealt, rng)
                penalised = True
                continue
        own = (await game.state(by=players[seat]))["hand"]
        move = mau_mau_move(own, seat)
        state = await game.ok("moves", move, by=players[move["seat"]])
        if move_number % 20 == 7 and state["hand"] is not None:
            await everyone_blind(game, table, dealt, rng)
    assert penalised


# --- Refusals as a probe ------------------------------------------------------------------

SPECIAL = ("KH", "QH", "JH")
SINGLES = [c for c in DECK_52 if c not in SPECIAL]


def buraco_deal(stock: bool) -> Json:
    """Two seats: seat 0 (first to play) holds eleven single cards; seat 1 both QH; side
    A's morto both KH; the stock starts with both JH. No other card has both copies out of
    the stock."""
    hands = [SINGLES[0:11], ["QH", "QH", *SINGLES[11:20]]]
    mortos = [["KH", "KH", *SINGLES[20:29]], SINGLES[29:40]]
    rest = SINGLES[0:40] + SINGLES[40:] * 2
    deal: Json = {"dealer": 1, "hands": hands, "mortos": mortos}
    if stock:
        deal["stock"] = ["JH", "JH", *rest]
    return deal


def mau_mau_deal() -> Json:
    """Four seats: seat 0 (first to play) holds five single cards, seat 2 both QH, and
    the stock starts with both JH; the starter 2S."""
    singles = [c for c in SINGLES if c != "2S"]
    hands = [singles[0:5], ["QH", "QH", *singles[5:8]], singles[8:13], singles[13:18]]
    return {"dealer": 2, "hands": hands, "starter": "2S"}  # the starter is seat 3's discard


async def test_a_draw_naming_a_card_the_others_hold_is_refused_without_its_reason(
    shared_client: httpx.AsyncClient, four: Table, two: Table
) -> None:
    """A player names, as drawn from an unknown stock, a card every copy of which is in
    the other hands or a morto: the answer is the one any named draw by a player gets (403:
    only the poster names drawn cards), its text naming neither the card nor where it is;
    the poster (who sees every hand) hears `card-not-in-stock`."""
    buraco = await create_game(shared_client, two, "buraco")
    await buraco.ok("hands", buraco_deal(stock=False))
    mau = await create_game(shared_client, four, "mau-mau", rules={"target": 500})
    await mau.ok("hands", mau_mau_deal())
    for game, card in ((buraco, "KH"), (buraco, "QH"), (mau, "QH")):
        player = game.table.players[0]
        body = {"seat": 0, "draw": "stock", "cards": [card]}
        refused = await game.post("moves", body, by=player)
        assert refused.status_code == 403, refused.text
        problem = refused.json()
        assert problem["code"] == "forbidden"
        assert card not in problem["detail"]
        free = {"seat": 0, "draw": "stock", "cards": ["2C"]}  # a card the stock may hold
        assert (await game.post("moves", free, by=player)).json() == problem
        told = await game.post("moves", body)
        assert told.json()["code"] == "card-not-in-stock"


async def _probe(game: Game, player: Player, seat: int) -> dict[str, tuple[int, str | None]]:
    """Every card of the deck named in turn as the seat's draw from the unknown stock; a
    draw the service accepts is taken back at once (the scorekeeper's undo)."""
    answers: dict[str, tuple[int, str | None]] = {}
    for card in DECK_52:
        response = await game.post(
            "moves", {"seat": seat, "draw": "stock", "cards": [card]}, by=player
        )
        answers[card] = (response.status_code, response.json().get("code"))
        if response.status_code == 201:
            await game.ok("undo", {})
    return answers


async def test_naming_drawn_cards_tells_a_player_nothing_of_the_other_hands_or_the_mortos(
    shared_client: httpx.AsyncClient, two: Table, four: Table
) -> None:
    """Was a leak (severity medium), fixed: only who sees every hand (the deal's poster)
    names the cards drawn from a stock not posted; a seated player is refused alike (403)
    whatever the card. Before: with a deal posted without its stock, a seated player could
    post their own draw and name the card. Any name the service refuses is a card of which
    every copy is out of the stock; the refusal is free (nothing recorded) and may be
    repeated at will, so the player names every card of the deck (an accepted name, here
    taken back by the scorekeeper, is a card the player would have drawn anyway). In
    Buraco it finds exactly the both-copies cards of the opponent's hand (QH) and of a
    morto nobody has taken (KH); in Mau Mau those of the other seats (QH)."""
    buraco = await create_game(shared_client, two, "buraco")
    await buraco.ok("hands", buraco_deal(stock=False))
    mau = await create_game(shared_client, four, "mau-mau", rules={"target": 500})
    await mau.ok("hands", mau_mau_deal())
    learnt: dict[str, list[str]] = {}
    for name, game in (("buraco", buraco), ("mau-mau", mau)):
        answers = await _probe(game, game.table.players[0], 0)
        learnt[name] = sorted(c for c, a in answers.items() if a != answers["2C"])
    assert learnt == {"buraco": [], "mau-mau": []}, f"the player learns: {learnt}"
    assert answers["2C"] == (403, "forbidden")


async def test_refusals_of_a_players_own_moves_do_not_depend_on_the_other_hands(
    shared_client: httpx.AsyncClient, two: Table, four: Table
) -> None:
    """A meld or a discard of cards the seat lacks, a Cacheta batida the service searches
    for ("go_out": []) or one naming another seat's cards: the answer is the same whether
    the cards lacked are in the opponent's hand, a morto, the stock, or were drawn by
    another seat."""
    game = await create_game(shared_client, two, "buraco")
    await game.ok("hands", buraco_deal(stock=True))
    seat0 = two.players[0]
    await game.ok("moves", {"seat": 0, "draw": "stock"}, by=seat0)  # a JH, seat 0's
    answers = {}
    for where, run in (
        ("opponent", ["QH", "JH", "10H"]),  # seat 1 holds both QH
        ("morto", ["KH", "QH", "JH"]),  # side A's morto holds both KH
        ("stock", ["10S", "9S", "8S"]),  # both copies of each in the stock
    ):
        melded = await game.post("moves", {"seat": 0, "meld": run}, by=seat0)
        discarded = await game.post("moves", {"seat": 0, "discard": run[0]}, by=seat0)
        answers[where] = [(r.status_code, r.json().get("code")) for r in (melded, discarded)]
        for response in (melded, discarded):
            told = cards_in(re.findall(r"\w+", response.json()["detail"]))
            assert set(told) <= set(run), (where, response.json()["detail"])
    assert answers["opponent"] == answers["morto"] == answers["stock"], answers
    assert answers["stock"][0] == (422, "card-not-in-hand")

    cacheta = await create_game(shared_client, four, "cacheta")
    singles = [c for c in SINGLES if c != "8C"]
    hands = [singles[0:9], ["QH", "QH", *singles[9:16]], singles[16:25], singles[25:34]]
    await cacheta.ok("hands", {"dealer": 3, "hands": hands, "vira": "8C"})
    player = four.players[0]
    await cacheta.ok("moves", {"seat": 0, "draw": "stock", "cards": ["JH"]})  # the poster
    searched = await cacheta.post("moves", {"seat": 0, "go_out": []}, by=player)
    assert searched.status_code == 422
    assert searched.json()["code"] == "no-batida"
    assert not cards_in(re.findall(r"\w+", searched.json()["detail"]))
    outs = []
    for run in (["QH", "JH", "KH"], ["QS", "JS", "KS"]):  # seat 1 holds both QH; the stock
        groups = [run, singles[1:4], singles[4:7]]
        out = await cacheta.post(
            "moves", {"seat": 0, "go_out": groups, "discard": singles[7]}, by=player
        )
        outs.append((out.status_code, out.json()["code"], out.json()["detail"]))
    assert outs[0] == outs[1], outs


# --- Undo ---------------------------------------------------------------------------------


async def test_an_undone_stock_draw_names_no_card_to_the_staff_who_undid_it(
    shared_client: httpx.AsyncClient, four: Table
) -> None:
    """A server deal: a seat draws from the stock; its scorekeeper (staff, but no poster)
    tries to take the draw back: a card drawn from a known stock is not put back (it would
    show the stock's order), and the refusal, the history and the state show the
    scorekeeper no card of it; the drawer still sees its own draw in the history."""
    game = await create_game(shared_client, four, "cacheta")
    state = await game.ok("hands", {"deal": "server"}, by=four.players[1])
    dealt = state["version"]
    seat = state["turn"]
    player = four.players[seat]
    before = (await game.state(by=player))["hand"]["hands"][seat]
    drew = await game.ok("moves", {"seat": seat, "draw": "stock"}, by=player)
    card = (await game.state(by=player))["hand"]["hands"][seat][-1]
    refused = await game.post("undo", {})
    assert refused.status_code == 409, refused.text
    assert refused.json()["code"] == "nothing-to-undo"
    assert card not in refused.json()["detail"]
    kept = await game.state()
    shows_only(kept["hand"], None)
    assert kept["hand"]["stock_count"] == drew["hand"]["stock_count"]
    events = await game.events(by=game.scorekeeper, after=dealt - 1)
    assert events[-1]["type"] == "cards_drawn"
    events_hide(events, None, dealt)
    mine = await game.events(by=player, after=dealt - 1)
    assert mine[-1]["data"]["cards"] == [card]
    assert (await game.state(by=player))["hand"]["hands"][seat] == [*before, card]
    await everyone_blind(game, four, dealt, random.Random(1))


async def test_an_undone_draw_does_not_show_its_player_the_next_card_of_the_stock(
    shared_client: httpx.AsyncClient, four: Table
) -> None:
    """Was a leak (severity medium), fixed: a card drawn from a known stock is not put back
    (`nothing-to-undo`), so nobody looks ahead. Before: the player of seat 0 created the
    game (so was its scorekeeper, who may undo) and asked for a server deal, which nobody
    sees; in their turn they drew from the stock, looked, undid: the card went back on top
    of the stock, in the same order; they took the discard instead and knew the card the
    next seat would draw."""
    players = four.players
    game = await create_game(shared_client, four, "cacheta", by=players[0])
    state = await game.ok("hands", {"deal": "server"}, by=players[0])
    assert state["turn"] == 0
    for seat in range(4):  # a round of draws and discards: a discard on the pile
        await game.ok("moves", {"seat": seat, "draw": "stock"}, by=players[seat])
        held = (await game.state(by=players[seat]))["hand"]["hands"][seat]
        await game.ok("moves", {"seat": seat, "discard": held[0]}, by=players[seat])
    drawn = await game.ok("moves", {"seat": 0, "draw": "stock"}, by=players[0])
    undo = await game.post("undo", {}, by=players[0])
    assert undo.status_code == 409, undo.text
    assert undo.json()["code"] == "nothing-to-undo"
    assert (await game.state())["version"] == drawn["version"]


# --- Pages and exports of a hand in progress -----------------------------------------------


async def _in_progress(client: httpx.AsyncClient, table: Table) -> Game:
    """A Buraco hand: the QHs in seat 1's hand, the KHs in a morto, a JH drawn by seat 0
    from the stock, the other JH on top of it."""
    game = await create_game(client, table, "buraco")
    dealt = await game.ok("hands", buraco_deal(stock=True))
    assert dealt["hand"]["stock_count"] == 104 - 44
    await game.ok("moves", {"seat": 0, "draw": "stock"}, by=table.players[0])
    await game.ok("moves", {"seat": 0, "discard": SINGLES[0]}, by=table.players[0])
    return game


def hidden_codes_in(body: str) -> list[str]:
    hidden = [*SPECIAL, *(c[:-1] + SUITS[c[-1]] for c in SPECIAL)]
    return [code for code in hidden if re.search(rf"(?<!\w){re.escape(code)}(?!\w)", body)]


async def test_pages_and_exports_of_a_hand_in_progress_show_no_hidden_card(
    shared_client: httpx.AsyncClient, two: Table
) -> None:
    """The game's page (every replay step), its súmula (JSON and CSV) and the export hold
    none of the hidden cards."""
    game = await _in_progress(shared_client, two)
    version = await game.version()
    bodies = []
    for step in range(1, version + 1):
        page = await shared_client.get(f"/partidas/{game.id}", params={"passo": step})
        assert page.status_code == 200, (step, page.text[:300])
        bodies.append(page.text)
    for path, params in (
        (game.url("sumula"), {}),
        (game.url("sumula"), {"format": "csv"}),
        ("/v1/exports/games", {"player": two.players[0].id, "game": "buraco", "status": "all"}),
    ):
        response = await shared_client.get(path, params=params)
        assert response.status_code == 200, (path, response.text[:500])
        bodies.append(response.text)
    for body in bodies:
        assert not hidden_codes_in(body)


# --- Who posted the last hand ----------------------------------------------------------------


async def test_the_poster_of_the_last_hand_sees_nothing_of_a_server_dealt_next_one(
    shared_client: httpx.AsyncClient, four: Table
) -> None:
    """Cacheta: the scorekeeper posts round 1 (sees every hand), seat 0 goes out at once
    (the service finds its batida) and all of round 1 is public; round 2 is dealt by the
    server: the scorekeeper sees none of it, now or at a past version."""
    game = await create_game(shared_client, four, "cacheta")
    singles = [c for c in SINGLES if c != "8C"]
    hands = [singles[0:9], ["QH", "QH", *singles[9:16]], singles[16:25], singles[25:34]]
    first = await game.ok("hands", {"dealer": 3, "hands": hands, "vira": "8C"})
    assert first["hand"]["hands"][1] is not None  # the poster sees every hand
    player = four.players[0]
    await game.ok("moves", {"seat": 0, "draw": "stock", "cards": ["8C"]})  # the poster names it
    out = await game.ok("moves", {"seat": 0, "go_out": []}, by=player)  # A to 10 of clubs
    assert out["hand"] is None
    assert out["hands"][0]["kind"] == "dez"
    await revealed_and_valid(game, first["version"])
    second = await game.ok("hands", {"deal": "server"}, by=four.players[1])
    dealt = second["version"]
    seat = second["turn"]
    await game.ok("moves", {"seat": seat, "draw": "stock"}, by=four.players[seat])
    for at in (dealt, dealt + 1, None):
        params = {"at": at} if at is not None else {}
        keeper = (await game.state(by=four.scorekeeper, **params))["hand"]
        shows_only(keeper, None)
    events_hide(await game.events(by=four.scorekeeper, after=dealt - 1), None, dealt)
    await everyone_blind(game, four, dealt, random.Random(2))

"""Truco's mão de ferro (T3): nobody sees a blind hand's cards until they are played, in
any read, refusal or acceptance; its players still play it, turning a card over: by its
position when the server dealt (they see none of their cards), named by whoever posted the
deal when the cards are on a table."""

from __future__ import annotations

import random

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.cards.cards import DECK_40
from tests.api.conftest import ADMINISTRATOR, Table
from tests.api.play import Game, Json, create_game
from tests.api.test_betting import cards_in

DEAL = {
    "dealer": 3,
    "hands": [["4C", "5C", "6C"], ["4D", "5D", "6D"], ["4H", "5H", "6H"], ["4S", "5S", "6S"]],
    "vira": "7C",
}


async def both_on_eleven(client: httpx.AsyncClient, table: Table) -> Game:
    game = await create_game(client, table, "truco")
    results = [("A", 3), ("B", 3), ("A", 3), ("B", 3), ("A", 3), ("B", 1), ("B", 1)]
    results += [("A", 1), ("A", 1), ("B", 3)]  # A on 11 first: the mão de 11 is worth 3
    for winner, value in results:
        state = await game.ok("results", {"winner": winner, "value": value})
    assert state["score"] == {"A": 11, "B": 11}
    return game


@pytest.fixture
async def blind(shared_client: httpx.AsyncClient, shared_table: Table) -> Game:
    """Both teams on 11, the blind hand posted by the scorekeeper; seat 0 leads."""
    game = await both_on_eleven(shared_client, shared_table)
    dealt = await game.ok("hands", DEAL)
    assert dealt["hand"]["mao_de_ferro"] is True
    return game


@pytest.fixture
async def dealt_blind(shared_client: httpx.AsyncClient, shared_table: Table) -> Game:
    """Both teams on 11, the blind hand dealt by the server: nobody sees any of it."""
    game = await both_on_eleven(shared_client, shared_table)
    dealt = await game.ok("hands", {"deal": "server"})
    assert dealt["hand"]["mao_de_ferro"] is True
    return game


def cards_of(event: Json) -> list[list[str] | None]:
    return list(event["data"]["hands"])


async def test_a_blind_seat_reads_none_of_its_own_cards_in_the_history(blind: Game) -> None:
    seat0 = blind.table.players[0]

    history = await blind.events(by=seat0)
    state = await blind.state(by=seat0)

    (dealt,) = [e for e in history if e["type"] == "cards_dealt"]
    assert cards_of(dealt) == [None] * 4
    assert dealt.get("salts") is None
    assert state["hand"]["hands"] == [None] * 4
    poster = [e for e in await blind.events(by=blind.scorekeeper) if e["type"] == "cards_dealt"]
    assert cards_of(poster[0]) == DEAL["hands"]


async def test_a_blind_seats_refusals_tell_it_nothing_of_its_cards(blind: Game) -> None:
    """Cards it lacks and a card it holds (5C) are refused alike: naming a card is for who
    sees the hand, and a seat that does not see its own would learn, by which names are
    taken, what it holds."""
    seat0 = blind.table.players[0]

    named = [await blind.post("moves", {"seat": 0, "card": c}, by=seat0) for c in DECK_40]

    assert {r.status_code for r in named} == {403}
    assert len({r.text for r in named}) == 1, "two names answered apart"
    assert await blind.version() == (await blind.state())["version"]
    assert (await blind.state(by=blind.scorekeeper))["hand"]["trick"] == []


async def test_the_card_a_blind_seat_turns_over_on_a_table_is_named_by_the_scorekeeper(
    blind: Game,
) -> None:
    seat0 = blind.table.players[0]

    by_position = await blind.post("moves", {"seat": 0, "position": 1}, by=seat0)
    played = await blind.ok("moves", {"seat": 0, "card": "5C"})  # the scorekeeper's

    assert by_position.status_code == 403, "a posted deal's cards are on the table"
    assert played["hand"]["trick"] == [{"seat": 0, "card": "5C", "covered": False}]
    assert (await blind.state(by=seat0))["hand"]["hands"] == [None] * 4


async def test_a_seat_dealt_blind_by_the_server_turns_its_cards_over_by_their_position(
    dealt_blind: Game,
) -> None:
    """Nobody may name a card of a blind hand the server dealt, whatever it names; each
    seat's player turns one over by its place among those it holds, and the cards turned
    are the ones the deal gave, in the order dealt."""
    players = dealt_blind.table.players
    named = [
        await dealt_blind.post("moves", {"seat": 0, "card": c}, by=players[0]) for c in DECK_40
    ]
    assert {r.status_code for r in named} == {403}
    assert len({r.text for r in named}) == 1

    state = await dealt_blind.state(by=players[0])
    turned: list[tuple[int, int]] = []  # (seat, position among the cards it has left)
    while state["status"] == "in_progress" and state["hand"] is not None:
        seat = state["turn"]
        position = len(turned) % state["hand"]["cards_left"][seat]
        state = await dealt_blind.ok(
            "moves", {"seat": seat, "position": position}, by=players[seat]
        )
        turned.append((seat, position))
        if state["hand"] is not None:
            assert state["hand"]["hands"] == [None] * 4

    history = await dealt_blind.events()
    (deal,) = [e["data"] for e in history if e["type"] == "cards_dealt"]
    played = [e["data"] for e in history if e["type"] == "card_played"]
    held = [list(cards) for cards in deal["hands"]]
    assert len(played) == len(turned) >= 4
    for (seat, position), card in zip(turned, played, strict=True):
        assert (card["seat"], card["card"]) == (seat, held[seat].pop(position))


async def test_a_card_a_blind_seat_turned_over_is_not_taken_back(dealt_blind: Game) -> None:
    """Were it taken back to its place, the blind player would know what that place holds:
    turning each position over and having it undone, they would learn their whole hand
    before playing its best card."""
    seat0 = dealt_blind.table.players[0]
    turned = await dealt_blind.ok("moves", {"seat": 0, "position": 1}, by=seat0)

    undo = await dealt_blind.post("undo", {})

    assert undo.status_code == 422, undo.text
    assert undo.json()["code"] == "card-turned-over"
    assert (await dealt_blind.state(by=seat0))["hand"]["trick"] == turned["hand"]["trick"]
    assert turned["hand"]["cards_left"][0] == 2


DECK_SET = frozenset(DECK_40)


def codes_in(value: object) -> set[str]:
    """Every card code written anywhere in a JSON value."""
    return cards_in(value) & DECK_SET


async def reads_of(game: Game) -> set[str]:
    """The card codes in what each of the table, the administrator and anyone reads now:
    the game, its history and the feed."""
    readers = [*game.table.players, game.scorekeeper, ADMINISTRATOR, None]
    found = {code for by in readers for code in codes_in(await game.state(by=by))}
    found |= {code for by in readers for code in codes_in(await game.events(by=by))}
    feed = await game.client.get("/v1/events", params={"after": 0, "limit": 1000})
    ours = [e for e in feed.json()["events"] if e["stream"] == f"match-{game.id}"]
    return found | codes_in(ours)


@settings(
    max_examples=5,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(seed=st.integers(0, 2**32 - 1))
async def test_no_read_shows_a_card_of_a_blind_hand_before_it_is_turned_face_up(
    shared_client: httpx.AsyncClient, shared_table: Table, seed: int
) -> None:
    """A server's mão de ferro played at random by its seats' players (positions, cards
    covered from round 2, a raise now and then, which loses the game, and undos asked):
    once the hand is over and its deal public, no read made while it was played showed a
    card still held, nor the face of a covered one."""
    rng = random.Random(seed)
    game = await both_on_eleven(shared_client, shared_table)
    state = await game.ok("hands", {"deal": "server"})
    players = shared_table.players
    seen: list[tuple[int, set[str]]] = [(state["version"], await reads_of(game))]
    while state["status"] == "in_progress" and state["hand"] is not None:
        seat, hand = state["turn"], state["hand"]
        roll = rng.random()
        if roll < 0.05:
            await game.post("moves", {"seat": seat, "call": "truco"}, by=players[seat])
        elif roll < 0.2:
            await game.post("undo", {})
        else:
            covered = bool(hand["tricks_played"]) and rng.random() < 0.4
            position = rng.randrange(hand["cards_left"][seat])
            move = {"seat": seat, "position": position, "covered": covered}
            await game.ok("moves", move, by=players[seat])
        state = await game.state()
        if state["status"] == "in_progress" and state["hand"] is not None:  # else all public
            seen.append((state["version"], await reads_of(game)))

    history = await game.events()
    (deal,) = [e for e in history if e["type"] == "cards_dealt"]
    dealt = {code for cards in deal["data"]["hands"] for code in cards}
    assert len(dealt) == 12
    face_up = [(e["version"], e["data"]["card"]) for e in history if e["type"] == "card_played"]
    for version, found in seen:
        turned = {card for at, card in face_up if at <= version and card is not None}
        shown = found & (dealt - turned)
        assert not shown, f"at version {version}, cards not yet turned were read: {shown}"

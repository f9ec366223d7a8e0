"""Truco's mão de ferro (T3): nobody sees a blind hand's cards until they are played, in
any read or refusal; its players still play it, turning a card over."""

from __future__ import annotations

import httpx
import pytest

from tests.api.conftest import Table
from tests.api.play import Game, Json, create_game

DEAL = {
    "dealer": 3,
    "hands": [["4C", "5C", "6C"], ["4D", "5D", "6D"], ["4H", "5H", "6H"], ["4S", "5S", "6S"]],
    "vira": "7C",
}


@pytest.fixture
async def blind(shared_client: httpx.AsyncClient, shared_table: Table) -> Game:
    """Both teams on 11, the blind hand posted by the scorekeeper; seat 0 leads."""
    game = await create_game(shared_client, shared_table, "truco")
    results = [("A", 3), ("B", 3), ("A", 3), ("B", 3), ("A", 3), ("B", 1), ("B", 1)]
    results += [("A", 1), ("A", 1), ("B", 3)]  # A on 11 first: the mão de 11 is worth 3
    for winner, value in results:
        state = await game.ok("results", {"winner": winner, "value": value})
    assert state["score"] == {"A": 11, "B": 11}
    dealt = await game.ok("hands", DEAL)
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
    seat0 = blind.table.players[0]

    lacked = [await blind.post("moves", {"seat": 0, "card": c}, by=seat0) for c in ("AS", "7H")]
    follow_nothing = await blind.post("moves", {"seat": 0, "card": "3D"}, by=seat0)

    answers = [r.json() for r in (*lacked, follow_nothing)]
    assert {r.status_code for r in (*lacked, follow_nothing)} == {422}
    assert {a["code"] for a in answers} == {"move-refused"}
    assert len({a["detail"] for a in answers}) == 1
    assert await blind.version() == (await blind.state())["version"]


async def test_a_blind_seat_plays_the_card_it_turns_over(blind: Game) -> None:
    seat0 = blind.table.players[0]

    played = await blind.ok("moves", {"seat": 0, "card": "5C"}, by=seat0)

    assert played["hand"]["trick"] == [{"seat": 0, "card": "5C", "covered": False}]
    assert played["hand"]["hands"] == [None] * 4

"""C12 over HTTP: a player leaves a table of more than two sides, one game of each family
played alone (Copas; Mau Mau and Cacheta; Hold'em and poker fechado). Their own seat's
player (not another) records it with `{"seat": n}`; the game ends with that seat last and
the others placed by the game's own order (points, lives, stacks), the hand in progress
dropped; confirmed, the seat that left alone counts an abandonment."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from tests.api.conftest import Table, register
from tests.api.play import assert_problem, create_game
from tests.projections.test_http import settled

Json = dict[str, Any]


@dataclass(frozen=True)
class Family:
    preset: str
    seats: int
    rules: Json
    results: list[Json]
    leaving: int
    places: list[list[str]]
    deal: Json | None = None
    """A deal in progress when the seat leaves (None: between hands)."""


FAMILIES = [
    pytest.param(
        Family(
            "copas",
            4,
            {},
            [{"points": [13, 13, 0, 0]}, {"points": [0, 13, 0, 13]}],
            1,
            [["2"], ["0", "3"], ["1"]],
            {"deal": "server"},
        ),
        id="copas",
    ),
    pytest.param(
        Family(
            "mau-mau",
            5,
            {"target": 100},
            [
                {"winner": 0, "points": [0, 10, 20, 5, 30]},
                {"winner": 2, "points": [4, 10, 0, 5, 1]},
            ],
            0,
            [["3"], ["1", "2"], ["4"], ["0"]],
            {"deal": "server"},
        ),
        id="mau-mau",
    ),
    pytest.param(
        Family(
            "cacheta",
            4,
            {"target": 3},
            [{"winner": 0, "cards": 10}, {"winner": 1, "cards": 9}],
            1,
            [["0"], ["2", "3"], ["1"]],
            {"deal": "server"},
        ),
        id="cacheta",
    ),
    pytest.param(
        Family(
            "texas-holdem",
            3,
            {},
            [{"net": {"0": -30, "1": 50, "2": -20}, "stacks": [100, 100, 100]}],
            1,
            [["2"], ["0"], ["1"]],
            {"deal": "server"},
        ),
        id="texas-holdem",
    ),
    pytest.param(
        Family(
            "poker",
            3,
            {},
            [{"net": {"0": 40, "1": -10, "2": -30}, "stacks": [100, 100, 100]}],
            0,
            [["1"], ["2"], ["0"]],
            None,
        ),
        id="poker",
    ),
]


async def table_of(client: httpx.AsyncClient, seats: int, name: str) -> Table:
    players = [await register(client, f"{name} {n}") for n in range(seats)]
    return Table(players, await register(client, f"Juiz {name}"), await register(client, "Fora"))


@pytest.mark.parametrize("family", FAMILIES)
async def test_c12_a_player_leaves_a_game_played_alone_last_and_the_others_placed(
    shared_client: httpx.AsyncClient, family: Family
) -> None:
    table = await table_of(shared_client, family.seats, family.preset)
    game = await create_game(shared_client, table, family.preset, rules=family.rules)
    for body in family.results:
        await game.ok("results", body)
    if family.deal is not None:
        await game.ok("hands", family.deal, by=table.players[0])
    players, leaving = table.players, family.leaving
    other = players[(leaving + 1) % family.seats]

    for_another = await game.post("abandon", {"seat": leaving}, by=other)
    as_a_team = await game.post("abandon", {"team": "A"}, by=table.scorekeeper)
    state = await game.ok("abandon", {"seat": leaving}, by=players[leaving])
    events = await game.events()
    again = await game.post("abandon", {"seat": (leaving + 1) % family.seats}, by=other)

    assert_problem(for_another, 403, "forbidden")
    assert_problem(as_a_team, 422, "invalid-team")
    assert state["status"] == "finished"
    assert state["places"] == family.places
    assert state["winner"] == (family.places[0][0] if len(family.places[0]) == 1 else None)
    assert (state["hand"], state["turn"]) == (None, None), "the hand in progress is dropped"
    abandoned = next(e for e in events if e["type"] == "match_abandoned")
    assert abandoned["data"]["team"] == str(leaving)
    assert abandoned["data"]["seat"] == leaving
    finished = next(e for e in events if e["type"] == "match_finished")
    assert finished["data"]["abandoned"] is True
    assert_problem(again, 409, "match-finished")


async def test_c12_confirmed_the_player_who_left_alone_counts_an_abandonment(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await create_game(shared_client, shared_table, "copas")
    await game.ok("results", {"points": [13, 13, 0, 0]})
    leaver = shared_table.players[3]
    await game.ok("abandon", {"seat": 3}, by=leaver)
    for player in shared_table.players:  # each side its own: the one who left too
        await game.ok("confirmations", {}, by=player)
    await settled(shared_client)
    stats = {
        p.id: (await shared_client.get(f"/v1/players/{p.id}/stats?game=copas")).json()
        for p in shared_table.players
    }

    assert [stats[p.id]["abandonments"] for p in shared_table.players] == [0, 0, 0, 1]
    assert [stats[p.id]["games_won"] for p in shared_table.players] == [0, 0, 1, 0]
    assert stats[shared_table.players[2].id]["wins_by_abandonment"] == 1

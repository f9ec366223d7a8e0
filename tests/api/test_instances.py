"""Two instances of the service on one database, as behind a load balancer: each keeps its
own cache of games, and neither may answer from a stale one."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx
import pytest

from tests.api.conftest import Table, seat_a_table, serve
from tests.api.play import Game, Headers, create_game, sorted_deal
from tests.conftest import Database


@pytest.fixture
async def two(database: Database) -> AsyncIterator[tuple[httpx.AsyncClient, httpx.AsyncClient]]:
    async with serve(database) as one, serve(database) as other:
        yield one, other


@pytest.fixture
async def games(two: tuple[httpx.AsyncClient, httpx.AsyncClient]) -> tuple[Game, Game]:
    """One game, dealt and opened through the first instance, seen through either."""
    one, other = two
    table: Table = await seat_a_table(one)
    game = await create_game(one, table, "pontos")
    await game.ok("hands", sorted_deal("pontos"))
    await game.ok("moves", {"seat": 3, "tile": "4-4"})
    return game, Game(other, table, game.id)


async def test_a_read_from_one_instance_shows_a_write_through_the_other(
    games: tuple[Game, Game],
) -> None:
    one, other = games
    await other.ok("moves", {"seat": 0, "tile": "0-4", "end": "left"})

    assert (await one.state())["version"] == 4


async def test_a_write_at_the_version_another_instance_made_is_recorded(
    games: tuple[Game, Game],
) -> None:
    one, other = games
    made = await other.ok("moves", {"seat": 0, "tile": "0-4", "end": "left"})

    response = await one.post(
        "moves", {"seat": 1, "tile": "0-6", "end": "left", "expected_version": made["version"]}
    )

    assert response.status_code == 201, response.text
    assert response.json()["version"] == 5


async def test_a_write_with_an_if_match_from_another_instance_is_recorded(
    games: tuple[Game, Game],
) -> None:
    one, other = games
    made = await other.ok("moves", {"seat": 0, "tile": "0-4", "end": "left"})

    response = await one.post(
        "moves",
        {"seat": 1, "tile": "0-6", "end": "left"},
        **Headers({"If-Match": f'"{made["version"]}"'}),
    )

    assert response.status_code == 201, response.text


async def test_a_write_without_a_version_is_decided_on_the_newest_game(
    games: tuple[Game, Game],
) -> None:
    one, other = games
    await other.ok("moves", {"seat": 0, "tile": "0-4", "end": "left"})

    state = await one.ok("moves", {"seat": 1, "tile": "0-6", "end": "left"})

    assert state["hand"]["board"] == ["0-6", "0-4", "4-4"]
    assert state["version"] == 5


async def test_a_move_made_legal_by_the_other_instance_is_recorded(
    games: tuple[Game, Game],
) -> None:
    one, other = games
    await other.ok("moves", {"seat": 0, "tile": "0-4", "end": "left"})  # now seat 1's turn

    response = await one.post("moves", {"seat": 1, "tile": "0-6", "end": "left"})

    assert response.status_code == 201, response.text


async def test_a_deal_after_the_other_instance_ended_the_hand_is_recorded(
    games: tuple[Game, Game],
) -> None:
    one, other = games
    await other.ok("penalties", {"seat": 1, "kind": "tiles-shown"})  # the hand is over

    response = await one.post("hands", {"deal": "server"})

    assert response.status_code == 201, response.text
    assert response.json()["hand"]["number"] == 2

"""A game's id is read in every spelling a UUID has (upper case, no hyphens, braces): its
writes, like its reads, find the one game."""

from __future__ import annotations

from collections.abc import Callable

import httpx
import pytest

from tests.api.conftest import Table
from tests.api.play import prepared

SPELLINGS: list[Callable[[str], str]] = [
    str.upper,
    lambda i: i.replace("-", ""),
    lambda i: f"{{{i}}}",
]


@pytest.mark.parametrize("spelled", SPELLINGS, ids=["upper", "no-hyphens", "braces"])
async def test_a_write_to_a_game_spelled_otherwise_is_recorded_on_it(
    client: httpx.AsyncClient, table: Table, spelled: Callable[[str], str]
) -> None:
    """The game was loaded by its canonical id but appended to under the id as sent, a
    stream whose version was never the game's: every attempt a conflict, then 503 `busy`
    at rest (the endpoint fuzzer found it, 2026-11-29)."""
    game = await prepared(client, table, "opened")
    version = await game.version()

    penalty = await client.post(
        f"/v1/matches/{spelled(game.id)}/penalties",
        json={"kind": "out-of-turn", "seat": 1},
        headers=table.scorekeeper.auth,
    )

    assert penalty.status_code == 201, penalty.text
    assert penalty.json()["id"] == game.id
    assert await game.version() > version

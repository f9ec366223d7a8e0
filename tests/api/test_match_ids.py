"""A game's id is read in every spelling a UUID has (upper case, no hyphens, braces): its
writes, like its reads, find the one game."""

from __future__ import annotations

from collections.abc import Callable

import asyncpg
import httpx
import pytest

from tests.api.conftest import Table
from tests.api.play import prepared
from tests.conftest import Database

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


async def test_a_games_history_and_its_check_read_the_one_game_in_any_spelling(
    client: httpx.AsyncClient, table: Table, database: Database
) -> None:
    """The events page read the stream of the id as sent (none: a client paging looped for
    ever), and the chain check verified that empty stream: a tampered game answered valid
    (the review of the fixes found both, 2026-11-29)."""
    game = await prepared(client, table, "opened")
    plain = (await client.get(f"/v1/matches/{game.id}/events")).json()
    owner = await asyncpg.connect(database.owner_dsn)
    try:
        await owner.execute("SET session_replication_role = replica")  # its triggers off
        await owner.execute(
            "UPDATE events SET data = jsonb_set(data, '{at}', '\"2025-01-01T00:00:00Z\"')"
            " WHERE stream_id = $1 AND stream_version = 1",
            f"match-{game.id}",
        )
    finally:
        await owner.close()

    for spelled in SPELLINGS:
        events = (await client.get(f"/v1/matches/{spelled(game.id)}/events")).json()
        assert [e["version"] for e in events["events"]] == [e["version"] for e in plain["events"]]
        assert events["next_after"] is None
        checked = (await client.get(f"/v1/matches/{spelled(game.id)}/verify")).json()
        assert (checked["valid"], checked["first_bad_version"]) == (False, 1)

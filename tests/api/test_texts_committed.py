"""Names and free texts committed in the log like secrets (issue 33, part 1): the event's
hashed body holds a salted commitment, the opening lives in `openings`, reads show it."""

from __future__ import annotations

import hashlib
import json

import asyncpg
import httpx

from tests.api.conftest import Player, register, seat_a_table
from tests.api.play import create_game
from tests.api.test_commitments import VERIFY
from tests.conftest import Database


def commitment(salt: str, value: object) -> str:
    canonical = json.dumps(value, separators=(",", ":"), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(bytes.fromhex(salt) + canonical.encode()).hexdigest()


async def stored(database: Database, stream: str) -> list[asyncpg.Record]:
    connection = await asyncpg.connect(database.owner_dsn)
    try:
        return await connection.fetch(
            "SELECT data, (SELECT count(*) FROM openings o WHERE o.stream_id = e.stream_id)"
            " FROM events e WHERE stream_id = $1 ORDER BY stream_version",
            stream,
        )
    finally:
        await connection.close()


async def test_a_players_name_is_committed_and_opened_apart(
    client: httpx.AsyncClient, database: Database
) -> None:
    zé: Player = await register(client, "Zé da Silva")
    rows = await stored(database, f"player-{zé.id}")
    body = json.loads(rows[0][0])
    assert body["name"] is None
    assert set(body["texts"]) == {"name"}
    assert "Zé da Silva" not in rows[0][0]
    assert rows[0][1] == 1
    assert (await client.get(f"/v1/players/{zé.id}")).json()["name"] == "Zé da Silva"
    feed = (await client.get("/v1/events", params={"after": 0})).json()["events"]
    registered = next(e for e in feed if e["stream"] == f"player-{zé.id}")
    assert registered["data"]["name"] == "Zé da Silva"
    salt = registered["text_salts"]["name"]
    assert commitment(salt, "Zé da Silva") == registered["data"]["texts"]["name"]


async def test_a_games_place_and_notes_are_committed_and_verified(
    client: httpx.AsyncClient, database: Database
) -> None:
    table = await seat_a_table(client)
    game = await create_game(client, table, place="Bar do Zé", notes="mesa 3, perto da janela")
    rows = await stored(database, f"match-{game.id}")
    assert "Bar do Zé" not in rows[0][0]
    assert "janela" not in rows[0][0]
    assert set(json.loads(rows[0][0])["texts"]) == {"place", "notes"}
    state = (await client.get(f"/v1/matches/{game.id}")).json()
    assert (state["place"], state["notes"]) == ("Bar do Zé", "mesa 3, perto da janela")
    verified = (await client.get(f"/v1/matches/{game.id}/verify")).json()
    assert verified["valid"]
    assert verified["texts_matched"] == 2
    assert verified["texts_erased"] == []
    events = await game.events()
    assert VERIFY.check_chain(events) is None
    assert VERIFY.check_texts(events) == (2, [], [])


async def test_an_empty_text_is_not_committed(
    client: httpx.AsyncClient, database: Database
) -> None:
    table = await seat_a_table(client)
    game = await create_game(client, table)
    rows = await stored(database, f"match-{game.id}")
    assert "texts" not in json.loads(rows[0][0])
    assert rows[0][1] == 0

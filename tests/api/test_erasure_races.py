"""An erasure racing the `stats` projection (found by an attack review of the stage's
erasure): a batch that loaded a game's facts, or read its creation, before the erasure and
writes after it leaves no erased stage behind, even when the erasure was cut short and
completed later, or ran while a rebuild's shadow held the game. The race is forced: the
erasure runs inside the batch, between its read and its write. And a stage imported with a
game, erased with its importer."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import asyncpg
import httpx
import msgspec
import pytest

from projections import projection_named
from projections.batches import step
from projections.facts import GameFacts
from projections.rebuild import SHADOW, _create_shadow, _swap
from projections.stats_writes import StatsWrites
from service.http.players import erasure as erasure_module
from tests.api.conftest import ADMIN, Player, register
from tests.api.erasure_reads import every_read, pg_dump
from tests.api.locks import until_a_lock_is_waited_for
from tests.api.test_stages import torneio
from tests.conftest import Database
from tests.projections.test_http import settled

NAME = "Zé Carlos da Silva"
STAGE = "Final na casa do Zequinha"


class Torneio:
    def __init__(self, zé: Player, first: list[Player], second: list[Player], id: str) -> None:
        self.zé, self.first, self.id = zé, first, id
        self.seats = [first[0].id, second[0].id, first[1].id, second[1].id]


async def a_torneio(client: httpx.AsyncClient) -> Torneio:
    zé = await register(client, NAME)
    first = [await register(client, n) for n in ("Ana Lima", "Tião Souza")]
    second = [await register(client, n) for n in ("Bia Reis", "Caio Melo")]
    return Torneio(zé, first, second, await torneio(client, zé, [first, second]))


async def finished(client: httpx.AsyncClient, table: Torneio) -> str:
    created = await client.post(
        "/v1/matches",
        headers=table.zé.auth,
        json={"competition_id": table.id, "stage": STAGE, "seats": table.seats},
    )
    assert created.status_code == 201, created.text
    state = dict(created.json())
    while state["status"] == "in_progress":
        result = await client.post(
            f"/v1/matches/{state['id']}/results",
            headers=table.zé.auth,
            json={"outcome": "batida", "seat": 0, "kind": "cruzada"},
        )
        assert result.status_code == 201, result.text
        state = dict(result.json())
    return str(state["id"])


def erased_within_the_batch(
    monkeypatch: pytest.MonkeyPatch,
    when: Callable[[GameFacts], bool],
    erase: Callable[[], Awaitable[int]],
) -> list[int]:
    """The first stats batch that writes a game `when` says first runs `erase` (after its
    read, before its write); the erasure's answers."""
    original = StatsWrites.write
    answers: list[int] = []

    async def write(self: StatsWrites, connection: Any, games: Any, *rest: Any) -> None:
        if not answers and any(when(g) for g in games):
            answers.append(await erase())
        await original(self, connection, games, *rest)

    monkeypatch.setattr(StatsWrites, "write", write)
    monkeypatch.setattr(erasure_module, "FOLD_POLLS", 5)  # the batch waits for the erasure
    return answers


async def kept(database: Database, game: str) -> tuple[Any, ...]:
    """The stage in the game's row, in its facts, and in its players' rows."""
    connection = await asyncpg.connect(database.owner_dsn)
    try:
        row = await connection.fetchrow(
            "SELECT stage, facts ->> 'stage' FROM proj_games WHERE match_id = $1", game
        )
        rows = await connection.fetch(
            "SELECT DISTINCT stage FROM proj_player_games WHERE match_id = $1", game
        )
    finally:
        await connection.close()
    assert row is not None
    return (row[0], row[1], [r[0] for r in rows])


async def test_a_batch_that_loaded_the_facts_before_the_erasure_leaves_no_stage(
    client: httpx.AsyncClient, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The batch folding the game's confirmation loaded its facts (the stage in them) before
    the erasure, and writes them back after it: the fold of `player_erased` clears the
    facts too, so a ruling that counts the game again (its rows written anew from the facts)
    does not bring the stage back to the ranking by stage."""
    table = await a_torneio(client)
    game = await finished(client, table)
    await settled(client)
    assert await kept(database, game) == (STAGE, STAGE, [])

    async def erase() -> int:
        path = f"/v1/players/{table.zé.id}/erasure"
        return (await client.post(path, json={}, headers=table.zé.auth)).status_code

    answers = erased_within_the_batch(
        monkeypatch, lambda g: g.match_id == game and g.status == "confirmed", erase
    )
    confirmed = await client.post(f"/v1/matches/{game}/confirmations", headers=table.zé.auth)
    assert confirmed.status_code == 201, confirmed.text
    await settled(client)
    assert answers == [200]
    assert await kept(database, game) == (None, None, [None])
    assert STAGE not in pg_dump(database.owner_dsn)

    disputed = await client.post(
        f"/v1/matches/{game}/disputes", headers=table.first[0].auth, json={"reason": "conta"}
    )
    assert disputed.status_code == 201, disputed.text
    ruled = await client.post(
        f"/v1/matches/{game}/settlements", headers=ADMIN, json={"decision": "confirm"}
    )
    assert ruled.status_code == 201, ruled.text
    await settled(client)
    assert (await client.get(f"/v1/rankings?stage={STAGE}")).json()["rows"] == []
    assert await kept(database, game) == (None, None, [None])


async def test_an_erasure_cut_short_and_completed_later_clears_the_stage_a_batch_wrote(
    client: httpx.AsyncClient, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A batch read the game's creation (the stage opened) before the erasure and writes it
    after; the erasure was cut short before `player_erased` (a lost connection). Completed
    later, its openings gone, it finds the games staged from its record of the commitments,
    so `player_erased` names the game and its fold clears the stage."""
    table = await a_torneio(client)
    await settled(client)
    recorded = erasure_module._recorded

    async def cut_short(*_: Any) -> int:
        raise ConnectionResetError("the service stopped before player_erased was appended")

    async def erase() -> int:
        monkeypatch.setattr(erasure_module, "_recorded", cut_short)
        try:
            path = f"/v1/players/{table.zé.id}/erasure"
            return (await client.post(path, json={}, headers=table.zé.auth)).status_code
        finally:
            monkeypatch.setattr(erasure_module, "_recorded", recorded)

    answers = erased_within_the_batch(monkeypatch, lambda g: g.stage == STAGE, erase)
    created = await client.post(
        "/v1/matches",
        headers=table.zé.auth,
        json={"competition_id": table.id, "stage": STAGE, "seats": table.seats},
    )
    assert created.status_code == 201, created.text
    game = created.json()["id"]
    await settled(client)
    assert answers == [503]

    completed = await client.post(f"/v1/players/{table.zé.id}/erasure", json={}, headers=ADMIN)
    assert completed.status_code == 200, completed.text
    await settled(client)

    connection = await asyncpg.connect(database.owner_dsn)
    try:
        event = await connection.fetchval(
            "SELECT data::text FROM events WHERE event_type = 'player_erased'"
        )
    finally:
        await connection.close()
    assert f'"staged":["{game}"]' in event.replace(" ", "")
    assert f'"competitions":["{table.id}"]' in event.replace(" ", "")
    assert (await client.get(f"/v1/matches?stage={STAGE}")).json()["matches"] == []
    assert await kept(database, game) == (None, None, [])
    assert STAGE not in pg_dump(database.owner_dsn)


async def test_an_erasure_deadlocked_with_a_batch_is_tried_again(
    client: httpx.AsyncClient, database: Database
) -> None:
    """A transaction holding the game's row (as a stats batch does) that then wants the
    player's row, which the erasure took first: PostgreSQL undoes the erasure's transaction
    (its wait is checked first), and the erasure tries it again rather than answer 500."""
    table = await a_torneio(client)
    game = await finished(client, table)
    await settled(client)
    holder = await asyncpg.connect(database.owner_dsn)
    try:
        await holder.execute("SET deadlock_timeout = '20s'")  # the erasure is the one undone
        async with holder.transaction():
            await holder.execute("UPDATE proj_games SET stage = stage WHERE match_id = $1", game)
            path = f"/v1/players/{table.zé.id}/erasure"
            erasure = asyncio.create_task(client.post(path, json={}, headers=ADMIN))
            await until_a_lock_is_waited_for(database, "the erasure")
            await holder.execute(
                "UPDATE proj_players SET name = name WHERE player_id = $1", table.zé.id
            )
        answer = await erasure
    finally:
        await holder.close()
    assert answer.status_code == 200, answer.text
    await settled(client)
    assert await kept(database, game) == (None, None, [])


async def test_an_imported_games_stage_is_its_importers_and_erased_with_them(
    client: httpx.AsyncClient, database: Database
) -> None:
    """A stage imported with a game is its importer's text: erased with them from every
    read, table and export; the file imported again is the importer's own copy."""
    zé = await register(client, NAME)
    first = [await register(client, n) for n in ("Ana Lima", "Tião Souza")]
    second = [await register(client, n) for n in ("Bia Reis", "Caio Melo")]
    competition = await torneio(client, zé, [first, second])
    seats = [first[0].id, second[0].id, first[1].id, second[1].id]
    hands = [{"outcome": "batida", "seat": 0, "kind": "cruzada"} for _ in range(2)]
    line = {
        "key": "s1",
        "competition_id": competition,
        "stage": STAGE,
        "seats": seats,
        "hands": hands,
        "confirm": True,
    }
    answer = await client.post(
        "/v1/imports/games", content=msgspec.json.encode(line), headers=zé.auth
    )
    assert answer.json()["imported"] == 1, answer.text
    game = answer.json()["results"][0]["id"]
    await settled(client)
    exported = (await client.get("/v1/exports/games?status=all")).text
    assert STAGE in exported

    assert (
        await client.post(f"/v1/players/{zé.id}/erasure", json={}, headers=zé.auth)
    ).status_code == 200
    await settled(client)
    assert await kept(database, game) == (None, None, [None])
    reads = await every_read(client, zé, [game], competition)
    assert [p for p, text in reads.items() if STAGE in text] == []
    assert STAGE not in pg_dump(database.owner_dsn)
    # The same file again (by an administrator now: zé's tokens are revoked) writes a new
    # game, with the stage as the file says: the file is the importer's copy.
    again = await client.post("/v1/imports/games", content=msgspec.json.encode(line), headers=ADMIN)
    assert again.json()["imported"] == 1, again.text
    # Re-exported, the erased game's line has no stage.
    lines = [
        msgspec.json.decode(x)
        for x in (await client.get("/v1/exports/games?status=all")).text.splitlines()
        if x
    ]
    erased_line = next(x for x in lines if x["id"] == game)
    assert erased_line["stage"] is None


async def test_a_rebuild_whose_shadow_read_the_stage_before_the_erasure_swaps_in_none(
    client: httpx.AsyncClient, database: Database
) -> None:
    """The stats rebuild folds the game (its stage opened, the game remembered), the
    erasure happens, a hand and the confirmation follow, then the swap's catch-up."""
    zé = await register(client, NAME)
    first = [await register(client, n) for n in ("Ana Lima", "Tião Souza")]
    second = [await register(client, n) for n in ("Bia Reis", "Caio Melo")]
    competition = await torneio(client, zé, [first, second])
    seats = [first[0].id, second[0].id, first[1].id, second[1].id]
    created = await client.post(
        "/v1/matches",
        headers=zé.auth,
        json={"competition_id": competition, "stage": STAGE, "seats": seats},
    )
    game = created.json()["id"]
    await settled(client)
    owner = await asyncpg.connect(database.owner_dsn)
    try:
        stats = projection_named("stats")
        shadow = stats.writing_to(SHADOW)
        deferred = await _create_shadow(owner, stats, shadow, "domino_app")
        while await step(owner, shadow, 100_000):
            pass
        assert (
            await owner.fetchval("SELECT stage FROM proj_games_shadow WHERE match_id = $1", game)
            == STAGE
        )
        erased = await client.post(f"/v1/players/{zé.id}/erasure", json={}, headers=ADMIN)
        assert erased.status_code == 200
        state = created.json()
        while state["status"] == "in_progress":
            state = (
                await client.post(
                    f"/v1/matches/{game}/results",
                    headers=ADMIN,
                    json={"outcome": "batida", "seat": 0, "kind": "cruzada"},
                )
            ).json()
        assert (
            await client.post(f"/v1/matches/{game}/confirmations", headers=ADMIN, json={})
        ).status_code == 201
        await settled(client)
        for statement in deferred:
            await owner.execute(statement)
        await _swap(owner, stats, shadow, 100_000)
    finally:
        await owner.close()
    await settled(client)
    assert await kept(database, game) == (None, None, [None])
    assert (await client.get(f"/v1/rankings?stage={STAGE}")).json()["rows"] == []
    assert STAGE not in pg_dump(database.owner_dsn)

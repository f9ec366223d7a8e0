"""Stages and prizes recorded in clear, before migrations 0024 and 0025 committed them: a
log written so is re-anchored by 0026, recorded and auditable; a text whose owner was
erased before is erased with it (docs/reliability.md, "A player's data")."""

from __future__ import annotations

import asyncio
import json
from typing import NamedTuple

import asyncpg
import httpx
from alembic import command

from service.store.database import alembic_config
from service.store.hash_chain import link
from service.store.secrets import commitment
from tests.api.conftest import ADMIN, Player, register, serve
from tests.api.erasure_reads import pg_dump
from tests.api.locks import until_a_lock_is_waited_for
from tests.api.play import create_competition
from tests.api.test_erasure import a_fixtures_game, every_chain_broken
from tests.api.test_stages import torneio, won_by_the_first_team
from tests.conftest import Database
from tests.projections.test_http import settled

STAGE = "Final na casa do Zequinha"
PRIZES = {"1": "Churrasco na casa do Zequinha", "2": "Uma caixa de cerveja"}
OLD_STAGE = "Semifinal no sítio do Velho"


class Before(NamedTuple):
    zé: Player
    old: Player
    game: str
    competition: str
    old_game: str
    fixture_game: str
    fixture_stage: str


async def written_before(database: Database) -> Before:
    """At revision 0025, a log as the service wrote it before 0024 and 0025: Zé's torneio
    with its prizes and a game with its stage, and the Velho's staged game, all in clear;
    the Velho erased then (his stage left in the log and in the read models)."""
    async with serve(database) as client:
        zé = await register(client, "Zequinha")
        old = await register(client, "Velho")
        first = [await register(client, n) for n in ("Ana Lima", "Tião Souza")]
        second = [await register(client, n) for n in ("Bia Reis", "Caio Melo")]
        competition = await torneio(client, zé, [first, second])
        prizes = await client.post(
            "/v1/competitions",
            headers=zé.auth,
            json={
                "name": "Copa com prêmios",
                "kind": "torneio",
                "rules": {"preset": "pontos"},
                "teams": [[p.id for p in first], [p.id for p in second]],
                "prizes": PRIZES,
            },
        )
        assert prizes.status_code == 201, prizes.text
        game = await won_by_the_first_team(client, zé, competition, STAGE, first, second)
        old_competition = await torneio(client, old, [first, second])
        old_game = await won_by_the_first_team(
            client, old, old_competition, OLD_STAGE, first, second
        )
        fixture = await a_fixtures_game(client, zé, [*first, second[0]])
        erased = await client.post(f"/v1/players/{old.id}/erasure", json={}, headers=ADMIN)
        assert erased.status_code == 200, erased.text
        await settled(client)
    owner = await texts_in_clear(
        database,
        (f"match-{game['id']}", "stage", STAGE),
        (f"competition-{prizes.json()['id']}", "prizes", PRIZES),
        (f"match-{old_game['id']}", "stage", OLD_STAGE),
    )
    try:
        for table in ("proj_games", "proj_player_games"):  # what the stats kept of it
            await owner.execute(
                f"UPDATE {table} SET stage = $1 WHERE match_id = $2", OLD_STAGE, old_game["id"]
            )
    finally:
        await owner.close()
    return Before(
        zé,
        old,
        str(game["id"]),
        str(prizes.json()["id"]),
        str(old_game["id"]),
        str(fixture["id"]),
        str(fixture["stage"]),
    )


async def back_to_0025(database: Database) -> None:
    """The schema of revision 0025 under a log written by today's service (whose writes
    need the columns of later revisions), for its texts to be put back in clear."""
    await asyncio.to_thread(command.downgrade, alembic_config(database.owner_dsn), "0025")


async def texts_in_clear(database: Database, *texts: tuple[str, str, object]) -> asyncpg.Connection:
    """Back to 0025, each (stream, field, text) put back in clear (`in_clear`); the owner's
    connection, open, for more of the same."""
    await back_to_0025(database)
    owner = await asyncpg.connect(database.owner_dsn)
    try:
        for stream, field, value in texts:
            await in_clear(owner, stream, field, value)
    except BaseException:
        await owner.close()
        raise
    return owner


async def in_clear(owner: asyncpg.Connection, stream: str, field: str, value: object) -> None:
    """The text of the stream's first event put back in its body, its opening gone, and the
    stream's chain linked anew: as the service wrote it before the text was committed."""
    body = json.loads(
        await owner.fetchval(
            "SELECT data::text FROM events WHERE stream_id = $1 AND stream_version = 1", stream
        )
    )
    commitment = body["texts"].pop(field)
    body[field] = value
    await owner.execute("ALTER TABLE events DISABLE TRIGGER events_refuse_change")
    await owner.execute(
        "UPDATE events SET data = $1::jsonb WHERE stream_id = $2 AND stream_version = 1",
        json.dumps(body, ensure_ascii=False),
        stream,
    )
    await owner.execute("DELETE FROM openings WHERE commitment = $1", commitment)
    previous = b""
    rows = await owner.fetch(
        "SELECT stream_version, event_type, data::text FROM events WHERE stream_id = $1"
        " ORDER BY stream_version",
        stream,
    )
    for version, event_type, data in rows:
        previous = link(previous, stream, version, event_type, data)
        await owner.execute(
            "UPDATE events SET hash = $1 WHERE stream_id = $2 AND stream_version = $3",
            previous,
            stream,
            version,
        )
    await owner.execute("ALTER TABLE events ENABLE TRIGGER events_refuse_change")


async def test_stages_and_prizes_in_clear_are_reanchored_and_an_erased_ones_erased(
    database: Database,
) -> None:
    before = await written_before(database)
    dump = pg_dump(database.owner_dsn)
    assert [t for t in (STAGE, "Churrasco", OLD_STAGE) if t not in dump] == []  # a real search
    assert await every_chain_broken(database) == {}

    hashes = "SELECT stream_id, stream_version, hash FROM events"
    owner = await asyncpg.connect(database.owner_dsn)
    try:
        before_hashes = {(r[0], r[1]): bytes(r[2]) for r in await owner.fetch(hashes)}
    finally:
        await owner.close()

    await asyncio.to_thread(command.upgrade, alembic_config(database.owner_dsn), "head")

    owner = await asyncpg.connect(database.owner_dsn)
    try:
        after_hashes = {(r[0], r[1]): bytes(r[2]) for r in await owner.fetch(hashes)}
        old_facts = await owner.fetchrow(
            "SELECT stage, facts ->> 'stage' FROM proj_games WHERE match_id = $1",
            before.old_game,
        )
        bodies = await owner.fetch("SELECT data::text FROM events")
        openings = await owner.fetch("SELECT stream_id, path, owner FROM openings")
        rewritten = await owner.fetch(
            "SELECT stream_id, version, old_hash IS NULL FROM reanchorings WHERE rewritten"
        )
        audit = [
            a[0]
            for a in await owner.fetch(
                "SELECT data::text FROM events WHERE stream_id = 'audit-reanchoring'"
            )
        ]
        erased_commitments = await owner.fetchval(
            "SELECT commitments FROM erasures WHERE player_id = $1", before.old.id
        )
        old_texts = await owner.fetchval(
            "SELECT data -> 'texts' ->> 'stage' FROM events"
            " WHERE stream_id = $1 AND stream_version = 1",
            f"match-{before.old_game}",
        )
        fixture = await owner.fetchval(
            "SELECT data::text FROM events WHERE stream_id = $1 AND stream_version = 1",
            f"match-{before.fixture_game}",
        )
    finally:
        await owner.close()
    assert [b[0] for b in bodies if STAGE in b[0] or "Churrasco" in b[0] or OLD_STAGE in b[0]] == []
    assert {(o[0], o[1], o[2]) for o in openings} >= {
        (f"match-{before.game}", "stage", before.zé.id),
        (f"competition-{before.competition}", "prizes", before.zé.id),
    }
    assert [o for o in openings if o[0] == f"match-{before.old_game}" and o[1] == "stage"] == []
    assert old_texts in erased_commitments
    assert {(r[0], r[1], r[2]) for r in rewritten} == {
        (f"match-{before.game}", 1, False),
        (f"competition-{before.competition}", 1, False),
        (f"match-{before.old_game}", 1, True),  # its old hash covered an erased text
    }
    changed = [k for k, h in before_hashes.items() if after_hashes[k] != h]
    assert [
        (a["events_rewritten"], a["streams"], a["links_changed"]) for a in map(json.loads, audit)
    ] == [(3, len({s for s, _ in changed}), len(changed))]
    assert old_facts is not None
    assert tuple(old_facts) == (None, None)
    assert json.loads(fixture)["stage"] == before.fixture_stage
    assert await every_chain_broken(database) == {}
    assert OLD_STAGE not in pg_dump(database.owner_dsn)

    async with serve(database) as client:
        await _shown_then_erased(client, database, before)


async def _shown_then_erased(client: httpx.AsyncClient, database: Database, before: Before) -> None:
    await settled(client)
    game = f"/v1/matches/{before.game}"
    listed = f"/v1/matches?stage={STAGE}"
    assert (await client.get(game)).json()["stage"] == STAGE
    assert (await client.get(f"/v1/competitions/{before.competition}")).json()["prizes"] == PRIZES
    assert [m["id"] for m in (await client.get(listed)).json()["matches"]] == [before.game]
    assert (await client.get(f"/v1/matches/{before.old_game}")).json()["stage"] is None
    assert (await client.get(f"/v1/matches?stage={OLD_STAGE}")).json()["matches"] == []
    verified = (await client.get(f"{game}/verify")).json()
    assert (verified["valid"], verified["reanchored"], verified["texts_matched"]) == (
        True,
        [1],
        1,
    )

    erased = await client.post(f"/v1/players/{before.zé.id}/erasure", json={}, headers=ADMIN)
    assert erased.status_code == 200, erased.text
    await settled(client)

    assert (await client.get(game)).json()["stage"] is None
    assert (await client.get(f"/v1/competitions/{before.competition}")).json()["prizes"] == {}
    assert (await client.get(listed)).json()["matches"] == []
    assert (await client.get(f"{game}/verify")).json()["texts_erased"] == ["1: stage"]
    dump = pg_dump(database.owner_dsn)
    assert [t for t in (STAGE, "Churrasco") if t in dump] == []
    owner = await asyncpg.connect(database.owner_dsn)
    try:
        kept = await owner.fetch(
            "SELECT stream_id FROM reanchorings WHERE old_hash IS NOT NULL"
            " AND stream_id = ANY($1::text[])",
            [f"match-{before.game}", f"competition-{before.competition}"],
        )
    finally:
        await owner.close()
    assert kept == []  # the old hashes covered the texts erased: a guess could be tested


async def a_game_at_0025(database: Database, stage: str, prizes: dict[str, str]) -> Before:
    """At 0025, as the service wrote them before 0024 and 0025: a game with `stage` and a
    torneio with `prizes`, both in clear, by Zé."""
    async with serve(database) as client:
        zé = await register(client, "Zequinha")
        first = [await register(client, n) for n in ("Ana Lima", "Tião Souza")]
        second = [await register(client, n) for n in ("Bia Reis", "Caio Melo")]
        teams = [[p.id for p in first], [p.id for p in second]]
        competition = await create_competition(
            client, zé, name="Copa", kind="torneio", teams=teams, prizes={"1": "x"}
        )
        game = await won_by_the_first_team(client, zé, competition, "x", first, second)
        await settled(client)
    owner = await texts_in_clear(
        database,
        (f"match-{game['id']}", "stage", stage),
        (f"competition-{competition}", "prizes", prizes),
    )
    await owner.close()
    return Before(zé, zé, str(game["id"]), competition, "", "", "")


ODD = 'Final "do Zé"\t\\ \u2028 \x01 \x7f 😀 ﬁ e\u0301'
ODD_PRIZES = {"10": "décimo \x1f", "2": "segundo 😀", "1": 'primeiro "\\"'}


async def test_odd_texts_are_committed_as_the_service_commits_them(database: Database) -> None:
    """Escapes, control characters, a line separator, an emoji, a ligature, a combining
    accent, and keys that sort apart as text and as numbers: the migration's commitment is
    the one the service computes (msgspec's canonical JSON), so /verify matches it, and
    the reads show each text as written."""
    before = await a_game_at_0025(database, ODD, ODD_PRIZES)
    await asyncio.to_thread(command.upgrade, alembic_config(database.owner_dsn), "head")
    owner = await asyncpg.connect(database.owner_dsn)
    try:
        committed = await owner.fetch(
            "SELECT e.data -> 'texts' ->> o.path, o.salt, o.value::text FROM events e"
            " JOIN openings o ON o.commitment = e.data -> 'texts' ->> o.path"
            " WHERE e.stream_id = ANY($1::text[]) AND o.path IN ('stage', 'prizes')",
            [f"match-{before.game}", f"competition-{before.competition}"],
        )
    finally:
        await owner.close()
    assert len(committed) == 2
    assert [c for c in committed if commitment(bytes.fromhex(c[1]), json.loads(c[2])) != c[0]] == []
    async with serve(database) as client:
        assert (await client.get(f"/v1/matches/{before.game}")).json()["stage"] == ODD
        shown = (await client.get(f"/v1/competitions/{before.competition}")).json()["prizes"]
        assert shown == ODD_PRIZES
        verified = (await client.get(f"/v1/matches/{before.game}/verify")).json()
        assert (verified["valid"], verified["texts_matched"], verified["texts_wrong"]) == (
            True,
            1,
            [],
        )


async def test_an_erasure_at_the_migrations_start_is_waited_for(database: Database) -> None:
    """An erasure of Zé under way (a live instance) as the migration starts: the migration
    waits for it, then finds him erased, so his stage and prizes get no opening, rather than
    failing on the openings' guard."""
    before = await a_game_at_0025(database, STAGE, PRIZES)
    eraser = await asyncpg.connect(database.owner_dsn)
    try:
        async with eraser.transaction():
            await eraser.execute("SELECT erase_owner($1, 'admin')", before.zé.id)
            migration = asyncio.create_task(
                asyncio.to_thread(command.upgrade, alembic_config(database.owner_dsn), "head")
            )
            await until_a_lock_is_waited_for(database, "the migration")
        await migration
        kept = await eraser.fetch(
            "SELECT path FROM openings WHERE owner = $1 AND path IN ('stage', 'prizes')",
            before.zé.id,
        )
    finally:
        await eraser.close()
    assert kept == []
    assert [t for t in (STAGE, "Churrasco") if t in pg_dump(database.owner_dsn)] == []
    assert await every_chain_broken(database) == {}

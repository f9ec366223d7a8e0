"""Events recorded with names in clear, before texts were committed (issue 33, part 5): a
log written at revision 0014 is re-anchored by 0015, recorded and auditable, and then
behaves as one written since (docs/reliability.md, "Names in the log")."""

from __future__ import annotations

import asyncio
import hashlib
import json
import uuid
from datetime import UTC, datetime

import asyncpg
import httpx
from alembic import command

from domain import Event, decide, fold
from domain.competitions import CompetitionCreated, PlayerRegistered
from domain.dominoes.commands import RecordResult
from domain.match.commands import Command, CreateMatch, RecordPenalty
from domain.rulesets import resolve_rules
from service.store.database import alembic_config
from service.store.event_store import EventStore, NewEvent
from service.store.secrets import PUBLIC
from tests.api.conftest import ADMIN, serve
from tests.api.erasure_reads import pg_dump
from tests.api.test_commitments import VERIFY
from tests.conftest import Database

NOW = datetime(2026, 11, 1, tzinfo=UTC)
LEGACY_TORNEIO = str(uuid.uuid4())
"""A torneio's id for the game's stage: a stage in clear, re-anchored by 0026 after 0015
re-anchored the same link for the place and the notes."""


def plain(event: object, actor: str) -> NewEvent:
    """An event as revision 0014's service wrote it: every text in clear."""
    tag = str(type(event).__struct_config__.tag)  # type: ignore[attr-defined]
    return NewEvent(tag, PUBLIC.encode(event).decode(), PUBLIC.encode({"actor": actor}).decode())


def a_game(players: list[str]) -> list[Event]:
    """Created with a place, notes and a stage, a hand recorded, a penalty with a note."""
    commands: list[Command] = [
        CreateMatch(
            at=NOW,
            preset="pontos",
            seats=players,
            actor=players[0],
            place="Bar Antigo do Zé",
            notes="nota antiga",
            competition_id=LEGACY_TORNEIO,
            stage="Final do Zé Legado",
        ),
        RecordResult(at=NOW, outcome="batida", seat=1, kind="simples"),
        RecordPenalty(at=NOW, seat=2, kind="slow-play", note="demorou, disse o Zé Legado"),
        RecordResult(at=NOW, outcome="batida", seat=1, kind="simples"),
    ]
    events: list[Event] = []
    for asked in commands:
        events += decide(asked, fold(events))
    return events


async def written_before(database: Database) -> tuple[list[str], str]:
    """At revision 0014: four players and a game with a place and notes, in clear."""
    await asyncio.to_thread(command.downgrade, alembic_config(database.owner_dsn), "0014")
    pool = await asyncpg.create_pool(database.app_dsn, min_size=1, max_size=2)
    try:
        store = EventStore(pool)
        players = [str(uuid.uuid4()) for _ in range(4)]
        for n, player in enumerate(players):
            name = "Zé Legado" if n == 0 else f"Outro {n}"
            await store.append(
                f"player-{player}",
                [plain(PlayerRegistered(at=NOW, name=name), "admin")],
                expected_version=0,
            )
        torneio = CompetitionCreated(
            at=NOW,
            name="Torneio do Zé Legado",
            kind="torneio",
            rules=resolve_rules("pontos", {}),
            organizers=(players[0],),
            teams=((players[0], players[2]), (players[1], players[3])),
            created_by=players[0],
        )
        await store.append(
            f"competition-{LEGACY_TORNEIO}", [plain(torneio, players[0])], expected_version=0
        )
        match_id = str(uuid.uuid4())
        await store.append(
            f"match-{match_id}", [plain(e, players[0]) for e in a_game(players)], expected_version=0
        )
    finally:
        await pool.close()
    return players, match_id


async def test_a_log_written_before_is_reanchored_recorded_and_verifiable(
    database: Database,
) -> None:
    players, match_id = await written_before(database)
    owner = await asyncpg.connect(database.owner_dsn)
    try:
        old = await owner.fetch("SELECT stream_id, stream_version, data::text, hash FROM events")
        old_hash = {(r[0], r[1]): bytes(r[3]) for r in old}
        assert any("Bar Antigo" in r[2] for r in old)

        await asyncio.to_thread(command.upgrade, alembic_config(database.owner_dsn), "head")

        rows = await owner.fetch(
            "SELECT stream_id, stream_version, data::text FROM events ORDER BY position"
        )
        anchors = await owner.fetch(
            "SELECT stream_id, version, old_hash FROM reanchorings WHERE revision = '0015'"
        )
        audit = await owner.fetch(
            "SELECT data::text FROM events WHERE stream_id = 'audit-reanchoring'"
            " ORDER BY stream_version"
        )
        openings = await owner.fetch("SELECT stream_id, path, owner, salt, value FROM openings")
    finally:
        await owner.close()
    assert not any("Zé Legado" in r[2] or "Bar Antigo" in r[2] for r in rows)
    assert {(a[0], a[1]): bytes(a[2]) for a in anchors} == {
        (s, v): h for (s, v), h in old_hash.items()
    }
    assert [json.loads(a[0])["events_rewritten"] for a in audit] == [7, 1]  # 0015, 0026
    game_links = [v for (stream, v) in old_hash if stream == f"match-{match_id}"]
    assert len(game_links) > 2  # every link after a rewritten one changed, and is recorded
    assert {(o[0], o[1], o[2]) for o in openings} >= {
        (f"match-{match_id}", "place", players[0]),
        (f"match-{match_id}", "stage", players[0]),
        (f"player-{players[0]}", "name", players[0]),
    }
    # Auditable: the old bodies, rebuilt from the new ones and their openings, chain to the
    # old hashes, link by link.
    values = {VERIFY.commitment(o[3], json.loads(o[4])): json.loads(o[4]) for o in openings}
    stream = f"match-{match_id}"
    previous = b""
    for _, version, text in (r for r in rows if r[0] == stream):
        body = json.loads(text)
        for path, committed in body.pop("texts", {}).items():
            body[path] = values[committed]
        link = f"{stream}\n{version}\n{body['type']}\n{VERIFY.jsonb_text(body)}"
        previous = hashlib.sha256(previous + link.encode()).digest()
        assert previous == old_hash[(stream, version)]


async def test_a_reanchored_game_plays_on_verifies_and_its_texts_can_be_erased(
    database: Database,
) -> None:
    players, match_id = await written_before(database)
    await asyncio.to_thread(command.upgrade, alembic_config(database.owner_dsn), "head")
    async with serve(database) as client:
        assert (await client.get(f"/v1/players/{players[0]}")).json()["name"] == "Zé Legado"
        state = (await client.get(f"/v1/matches/{match_id}")).json()
        assert (state["place"], state["stage"]) == ("Bar Antigo do Zé", "Final do Zé Legado")
        result = {"outcome": "batida", "seat": 0, "kind": "simples"}
        moved = await client.post(f"/v1/matches/{match_id}/results", json=result, headers=ADMIN)
        assert moved.status_code == 201, moved.text
        verified = (await client.get(f"/v1/matches/{match_id}/verify")).json()
        assert (verified["valid"], verified["reanchored"], verified["texts_matched"]) == (
            True,
            [1, 3],
            4,
        )
        erased = await client.post(f"/v1/players/{players[0]}/erasure", json={}, headers=ADMIN)
        assert erased.status_code == 200, erased.text
        after = (await client.get(f"/v1/matches/{match_id}/verify")).json()
        assert (after["valid"], after["texts_erased"]) == (
            True,
            ["1: notes", "1: place", "1: stage", "3: note"],
        )
        await _no_name(client, match_id)
    dump = pg_dump(database.owner_dsn)
    assert "Legado" not in dump
    assert "Bar Antigo" not in dump


async def _no_name(client: httpx.AsyncClient, match_id: str) -> None:
    for path in (f"/v1/matches/{match_id}", f"/v1/matches/{match_id}/events", "/v1/events"):
        assert "Legado" not in (await client.get(path)).text


def _rebuilt(text: str, values: dict[str, object], paths: tuple[str, ...] | None) -> str:
    """An event's body as a re-anchoring found it: the texts it committed (`paths`; None:
    every text) put back from their openings, as jsonb writes it."""
    body = json.loads(text)
    texts = body.pop("texts", {})
    for path, committed in list(texts.items()):
        if paths is None or path in paths:
            body[path] = values[committed]
            del texts[path]
    if texts:
        body["texts"] = texts
    return str(VERIFY.jsonb_text(body))


async def test_a_link_relinked_twice_keeps_the_hashes_of_each_revision(
    database: Database,
) -> None:
    """The 0014 log re-anchored by 0015, played on (a hand more: a link 0015 never saw),
    then re-anchored by 0026 for its stage: every hash ever shown is kept (0015's old hashes,
    and as 0026's old ones the hashes clients were shown between the two), and each
    revision's old chain is rebuilt from the bodies it left, putting back what it committed."""
    _, match_id = await written_before(database)
    stream = f"match-{match_id}"
    owner = await asyncpg.connect(database.owner_dsn)
    try:
        first = {r[0]: bytes(r[1]) for r in await owner.fetch(_HASHES, stream)}
        await asyncio.to_thread(command.upgrade, alembic_config(database.owner_dsn), "0025")
        async with serve(database) as client:
            result = {"outcome": "batida", "seat": 0, "kind": "simples"}
            moved = await client.post(f"/v1/matches/{match_id}/results", json=result, headers=ADMIN)
            assert moved.status_code == 201, moved.text
            shown = (await client.get(f"/v1/matches/{match_id}/events")).json()["events"]
        await asyncio.to_thread(command.upgrade, alembic_config(database.owner_dsn), "head")
        rows = await owner.fetch(
            "SELECT stream_version, data::text FROM events WHERE stream_id = $1"
            " ORDER BY stream_version",
            stream,
        )
        anchors = await owner.fetch(
            "SELECT revision, version, old_hash, rewritten FROM reanchorings WHERE stream_id = $1",
            stream,
        )
        openings = await owner.fetch("SELECT salt, value FROM openings")
    finally:
        await owner.close()
    between = {e["version"]: bytes.fromhex(e["hash"]) for e in shown}
    old = {(a[0], a[1]): bytes(a[2]) for a in anchors}
    assert {v: h for (r, v), h in old.items() if r == "0015"} == first
    assert {v: h for (r, v), h in old.items() if r == "0026"} == between
    assert len(between) == len(first) + 1
    values = {VERIFY.commitment(o[0], json.loads(o[1])): json.loads(o[1]) for o in openings}
    rewritten_by_0026 = {a[1] for a in anchors if a[0] == "0026" and a[3]}
    assert rewritten_by_0026 == {1}
    for revision, expected in (("0015", first), ("0026", between)):
        previous, chain = b"", {}
        for version, text in rows:
            if revision == "0015":
                body = _rebuilt(text, values, None)
            elif version in rewritten_by_0026:
                body = _rebuilt(text, values, ("stage", "prizes"))
            else:
                body = text
            line = f"{stream}\n{version}\n{json.loads(body)['type']}\n{body}"
            previous = hashlib.sha256(previous + line.encode()).digest()
            chain[version] = previous
        assert {v: chain[v] for v in expected} == expected, revision


_HASHES = "SELECT stream_version, hash FROM events WHERE stream_id = $1"

"""Issue 33 attacked (the second review): a hostile client or a curious club member after an
erased player's name or text, an earlier name, another player's data; bad input to a rename;
a stale conditional read."""

from __future__ import annotations

import asyncio
import hashlib
import json
from typing import Any

import asyncpg
import httpx
import pytest
from alembic import command

from service.http.marks import DELEGATED
from service.http.matches.writes import expected_version
from service.http.players import erasure
from service.store.database import alembic_config
from tests.api.conftest import ADMIN, Player, Table, register, serve
from tests.api.play import assert_problem, create_competition, join_all, prepared
from tests.api.test_legacy_names import written_before
from tests.conftest import Database
from tests.projections.test_http import settled

SECRET = "Zequinha Sigiloso"
PLACE = "Rua Escondida 42"


async def _erase(client: httpx.AsyncClient, player: Player) -> None:
    answer = await client.post(f"/v1/players/{player.id}/erasure", json={}, headers=player.auth)
    assert answer.status_code == 200, answer.text


async def test_a_cached_game_read_does_not_revalidate_an_erased_place(
    client: httpx.AsyncClient, table: Table
) -> None:
    """A proxy or browser holding the game with its place sends If-None-Match: after the
    creator's erasure the answer must not be 304 (that would keep the place shown)."""
    creator = table.players[0]
    game = await prepared(client, table, "new", by=creator, place=PLACE, notes="minhas notas")
    first = await client.get(f"/v1/matches/{game.id}")
    assert first.json()["place"] == PLACE
    tag = first.headers["etag"]
    await _erase(client, creator)
    again = await client.get(f"/v1/matches/{game.id}", headers={"If-None-Match": tag})
    assert again.status_code == 200, "304: the erased place stays in every cache"
    assert PLACE not in again.text
    assert again.headers["etag"] == '"1-e2"'  # place and notes
    assert expected_version(_Headers({"if-match": again.headers["etag"]}), None) == 1


class _Headers:
    def __init__(self, headers: dict[str, str]) -> None:
        self.headers = headers


async def test_a_bidi_override_in_a_name_is_dropped(
    client: httpx.AsyncClient, table: Table
) -> None:
    player = table.players[0]
    answer = await client.patch(
        f"/v1/players/{player.id}", json={"name": "Zé\u202eetsil"}, headers=player.auth
    )
    assert answer.json()["name"] == "Zéetsil"


@pytest.mark.parametrize(
    "body",
    [
        {"name": ""},
        {"name": "   "},
        {"name": "\t\n "},
        {"name": "x" * 10_000},
        {"name": None},
        {"name": "Zé\u0000Nulo"},
        {"name": "Zé\u0007Sino"},
        {"name": 42},
        {},
        {"name": "Zé", "extra": 1},
    ],
)
async def test_a_bad_rename_is_a_problem_and_changes_nothing(
    client: httpx.AsyncClient, table: Table, body: dict[str, Any]
) -> None:
    player = table.players[0]
    answer = await client.patch(f"/v1/players/{player.id}", json=body, headers=player.auth)
    assert 400 <= answer.status_code < 500, answer.text
    assert answer.headers["content-type"] == "application/problem+json", answer.text
    assert isinstance(answer.json().get("code"), str)
    assert (await client.get(f"/v1/players/{player.id}")).json()["name"] == "Zé"
    events = (await client.get("/v1/events?after=0&limit=1000")).json()["events"]
    assert not [e for e in events if e["type"] == "player_renamed"]


async def test_strangers_cannot_read_rename_or_erase(
    client: httpx.AsyncClient, table: Table
) -> None:
    victim, other = table.players[0], table.players[1]
    competition = await create_competition(client, other, name="Copa da Outra")
    await join_all(client, competition, [victim])
    revoked = await register(client, "Revogado")
    await client.delete("/v1/tokens/current", headers=revoked.auth)
    attempts: list[tuple[str, dict[str, str]]] = [
        ("another player", other.auth),
        ("the organizer of the victim's competition", other.auth),
        ("a revoked token", revoked.auth),
        ("no token", {}),
        ("a made-up token", {"Authorization": "Bearer nope"}),
    ]
    for who, auth in attempts:
        data = await client.get(f"/v1/players/{victim.id}/data", headers=auth)
        rename = await client.patch(
            f"/v1/players/{victim.id}", json={"name": "Hackeado"}, headers=auth
        )
        erasure = await client.post(f"/v1/players/{victim.id}/erasure", json={}, headers=auth)
        for answer in (data, rename, erasure):
            assert answer.status_code in (401, 403), (who, answer.status_code, answer.text)
            assert answer.headers["content-type"] == "application/problem+json"
    assert (await client.get(f"/v1/players/{victim.id}")).json()["name"] == "Zé"


async def test_the_erased_players_old_token_does_nothing(
    client: httpx.AsyncClient, table: Table
) -> None:
    victim = table.players[0]
    await _erase(client, victim)
    for answer in (
        await client.get(f"/v1/players/{victim.id}/data", headers=victim.auth),
        await client.patch(f"/v1/players/{victim.id}", json={"name": "Volta"}, headers=victim.auth),
        await client.post(f"/v1/players/{victim.id}/tokens", headers=victim.auth),
    ):
        assert answer.status_code == 401, answer.text
    renamed = await client.patch(f"/v1/players/{victim.id}", json={"name": "Volta"}, headers=ADMIN)
    assert_problem(renamed, 409, "player-erased")


async def test_two_erasures_at_once_erase_once(client: httpx.AsyncClient, table: Table) -> None:
    victim = table.players[0]
    answers = await asyncio.gather(
        *(client.post(f"/v1/players/{victim.id}/erasure", json={}, headers=ADMIN) for _ in range(4))
    )
    assert [a.status_code for a in answers] == [200] * 4, [a.text for a in answers]
    assert sorted(a.json()["erased_now"] for a in answers) == [False, False, False, True]
    await settled(client)
    events = (await client.get("/v1/events?after=0&limit=1000")).json()["events"]
    assert len([e for e in events if e["type"] == "player_erased"]) == 1


async def test_an_earlier_name_is_found_by_nobody(client: httpx.AsyncClient, table: Table) -> None:
    """After a rename, the earlier name is nowhere a stranger looks: search, feed, pages."""
    player = table.players[0]
    await client.patch(f"/v1/players/{player.id}", json={"name": SECRET}, headers=player.auth)
    await client.patch(f"/v1/players/{player.id}", json={"name": "Novo Nome"}, headers=player.auth)
    await settled(client)
    found = (await client.get("/v1/players", params={"name": "Zequinha"})).json()
    assert [p for p in found["players"] if p["id"] == player.id] == []
    for path in (
        "/v1/events?after=0&limit=1000",
        f"/v1/players/{player.id}",
        f"/jogadores/{player.id}",
        "/v1/players",
    ):
        assert "Zequinha" not in (await client.get(path)).text, path
    data = (await client.get(f"/v1/players/{player.id}/data", headers=player.auth)).json()
    assert SECRET in [n["name"] for n in data["names"]]


async def test_an_idempotency_fingerprint_does_not_confirm_an_erased_name(
    client: httpx.AsyncClient, database: Database
) -> None:
    """A registration sent with an Idempotency-Key: its fingerprint, kept for good (the table
    refuses DELETE), must not let whoever reads the database test a guessed name (L8: it is
    sealed with a key kept outside the database)."""
    body = json.dumps({"name": SECRET}).encode()
    answer = await client.post(
        "/v1/players",
        content=body,
        headers={**ADMIN, "Idempotency-Key": "cadastro-1", "Content-Type": "application/json"},
    )
    assert answer.status_code == 201, answer.text
    player = Player(answer.json()["id"], answer.json()["token"])
    await _erase(client, player)
    guess = hashlib.sha256(b"POST /v1/players\n" + body).digest()
    connection = await asyncpg.connect(database.owner_dsn)
    try:
        kept = [
            bytes(r[0]) for r in await connection.fetch("SELECT fingerprint FROM idempotency_keys")
        ]
    finally:
        await connection.close()
    assert kept, "no fingerprint kept: the test proves nothing"
    assert guess not in kept, "sha256 of the request confirms the guessed name"


async def test_a_retried_registration_gives_no_token_to_an_erased_player(
    client: httpx.AsyncClient, database: Database
) -> None:
    """The registration's token was lost to a fault (no row), the player was erased on
    their request meanwhile; the retry with the same key must not issue them a token (L4)."""
    headers = {**ADMIN, "Idempotency-Key": "cadastro-perdido"}
    first = await client.post("/v1/players", json={"name": SECRET}, headers=headers)
    player_id = first.json()["id"]
    connection = await asyncpg.connect(database.owner_dsn)
    try:
        await connection.execute("DELETE FROM tokens WHERE player_id = $1", player_id)
    finally:
        await connection.close()
    erased = await client.post(f"/v1/players/{player_id}/erasure", json={}, headers=ADMIN)
    assert erased.status_code == 200, erased.text
    retry = await client.post("/v1/players", json={"name": SECRET}, headers=headers)
    assert retry.status_code in (200, 201), retry.text
    assert retry.json()["id"] == player_id
    assert retry.json().get("token") is None, "a live token for an erased player"


async def test_a_reanchored_links_old_hash_does_not_confirm_an_erased_name(
    database: Database,
) -> None:
    """A name recorded in clear before 0015: its link's old hash, kept in `reanchorings`,
    covered it unsalted. After the erasure, whoever reads the database must not be able to
    rebuild that hash from a guessed name (the body is public but for the name)."""
    players, _ = await written_before(database)
    await asyncio.to_thread(command.upgrade, alembic_config(database.owner_dsn), "head")
    guess = """
        SELECT r.old_hash = sha256(convert_to(e.stream_id || E'\\n' || e.stream_version
               || E'\\n' || e.event_type || E'\\n'
               || ((e.data - 'texts') || jsonb_build_object('name', $2::text))::text, 'UTF8'))
          FROM events e JOIN reanchorings r USING (stream_id)
         WHERE e.stream_id = $1 AND e.stream_version = 1 AND r.version = 1
    """
    connection = await asyncpg.connect(database.owner_dsn)
    try:
        stream = f"player-{players[0]}"
        assert await connection.fetchval(guess, stream, "Zé Legado") is True, "proves nothing"
        async with serve(database) as client:
            erased = await client.post(f"/v1/players/{players[0]}/erasure", json={}, headers=ADMIN)
            assert erased.status_code == 200, erased.text
        assert await connection.fetchval(guess, stream, "Zé Legado") is not True
    finally:
        await connection.close()


@pytest.mark.parametrize(
    "content", [b"{", b"[]", b'"apague"', b'{"name": "x"}', b"\xff\xfe", b"{}{}"]
)
async def test_an_erasure_with_a_bad_body_is_a_problem_and_erases_nothing(
    client: httpx.AsyncClient, table: Table, content: bytes
) -> None:
    player = table.players[0]
    answer = await client.post(
        f"/v1/players/{player.id}/erasure",
        content=content,
        headers={**player.auth, "Content-Type": "application/json"},
    )
    assert 400 <= answer.status_code < 500, answer.text
    assert answer.headers["content-type"] == "application/problem+json"
    assert (await client.get(f"/v1/players/{player.id}")).json()["name"] == "Zé"


@pytest.mark.parametrize(
    "content", [b"{", b"[]", b'"Z\xc3\xa9"', b"null", b'{"name": "a", "name": "b"}']
)
async def test_a_rename_with_a_bad_body_is_a_problem(
    client: httpx.AsyncClient, table: Table, content: bytes
) -> None:
    player = table.players[0]
    answer = await client.patch(
        f"/v1/players/{player.id}",
        content=content,
        headers={**player.auth, "Content-Type": "application/json"},
    )
    assert 400 <= answer.status_code < 500, answer.text
    assert answer.headers["content-type"] == "application/problem+json"
    assert (await client.get(f"/v1/players/{player.id}")).json()["name"] == "Zé"


@pytest.mark.parametrize("who", ["not-a-uuid", "00000000-0000-4000-8000-000000000000", "admin"])
async def test_an_unknown_player_is_a_problem_everywhere(
    client: httpx.AsyncClient, who: str
) -> None:
    for answer in (
        await client.get(f"/v1/players/{who}/data", headers=ADMIN),
        await client.patch(f"/v1/players/{who}", json={"name": "X"}, headers=ADMIN),
        await client.post(f"/v1/players/{who}/erasure", json={}, headers=ADMIN),
    ):
        assert answer.status_code in (400, 404), answer.text
        assert answer.headers["content-type"] == "application/problem+json"


async def test_an_erasure_with_no_body_or_an_empty_object_erases(
    client: httpx.AsyncClient, table: Table
) -> None:
    bare = await client.post(f"/v1/players/{table.players[0].id}/erasure", headers=ADMIN)
    empty = await client.post(f"/v1/players/{table.players[1].id}/erasure", json={}, headers=ADMIN)
    assert [bare.json()["erased_now"], empty.json()["erased_now"]] == [True, True]


async def test_a_name_with_markup_is_shown_as_text_on_the_pages(
    client: httpx.AsyncClient, table: Table
) -> None:
    player = table.players[0]
    mark = '<script>alert("Zé")</script><img src=x onerror=alert(1)>'
    renamed = await client.patch(f"/v1/players/{player.id}", json={"name": mark}, headers=ADMIN)
    assert renamed.status_code == 200, renamed.text
    game = await prepared(client, table, "one hand")
    await settled(client)
    for path in (f"/jogadores/{player.id}", f"/partidas/{game.id}", "/ranking", "/"):
        page = await client.get(path)
        assert "<script>alert" not in page.text, path
        assert "<img src=x" not in page.text, path


async def test_a_copy_of_ones_data_is_not_kept_by_a_cache(
    client: httpx.AsyncClient, table: Table
) -> None:
    player = table.players[0]
    copy = await client.get(f"/v1/players/{player.id}/data", headers=player.auth)
    assert "no-store" in ", ".join(copy.headers.get_list("cache-control"))
    assert "authorization" in copy.headers["vary"].lower()


async def test_no_other_way_in_to_a_copy_of_ones_data(
    client: httpx.AsyncClient, table: Table
) -> None:
    victim, other = table.players[0], table.players[1]
    base = f"/v1/players/{victim.id}/data"
    for method, path, auth in (
        ("HEAD", base, {}),
        ("HEAD", base, other.auth),
        ("GET", base + "/", other.auth),
        ("GET", f"/v1/players/{victim.id.upper()}/data", other.auth),
        ("GET", base + "?player_id=" + other.id, other.auth),
    ):
        answer = await client.request(method, path, headers=auth)
        assert answer.status_code in (400, 401, 403, 404, 405), (method, path, answer.status_code)
        assert "Zé" not in answer.text


async def test_a_name_or_text_is_no_formula_in_a_csv_sumula(
    client: httpx.AsyncClient, table: Table
) -> None:
    """A spreadsheet would run a cell that starts with "=": the CSV carries no name nor text."""
    player = table.players[0]
    name = '=HYPERLINK("http://x")'
    answer = await client.patch(f"/v1/players/{player.id}", json={"name": name}, headers=ADMIN)
    assert answer.status_code == 200, answer.text
    game = await prepared(client, table, "one hand", place="=cmd|x", notes="+notas")
    csv_text = (await client.get(f"/v1/matches/{game.id}/sumula?format=csv")).text
    assert csv_text.startswith("game,hand,")
    assert [line for line in csv_text.splitlines() if "=" in line or "+nota" in line] == []


async def test_no_token_is_issued_to_a_player_erased_before_player_erased_is_appended(
    client: httpx.AsyncClient, database: Database, table: Table
) -> None:
    """An erasure cut short after its transaction (openings deleted, tokens revoked) but
    before `player_erased`: an administrator must not issue the player a token (L4)."""
    player = table.players[0]
    connection = await asyncpg.connect(database.owner_dsn)
    try:
        await connection.execute("SELECT erase_owner($1, 'admin')", player.id)
    finally:
        await connection.close()
    answer = await client.post(f"/v1/players/{player.id}/tokens", headers=ADMIN)
    assert_problem(answer, 409, "player-erased")
    completed = await client.post(f"/v1/players/{player.id}/erasure", headers=ADMIN)
    assert completed.status_code == 200, completed.text
    assert completed.json()["name"] == f"Jogador {player.id[:4]}"


async def test_an_erasure_cut_short_and_completed_says_who_asked_it_and_with_what_token(
    client: httpx.AsyncClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An erasure cut short before `player_erased` (every token of the player revoked by
    then, the one that asked included) is completed by an administrator: the event names
    who asked it, with L10's mark when a token an administrator issued in the player's name
    asked it, and who completed it (an attack review of 2026-11-29: the completer's name
    stood alone)."""
    zé, ana = await register(client, "Zé"), await register(client, "Ana")
    issued = await client.post(f"/v1/players/{zé.id}/tokens", headers=ADMIN)
    assert issued.status_code == 201, issued.text
    delegated = Player(zé.id, issued.json()["token"])

    async def cut_short(*_: object) -> int:
        raise ConnectionResetError("stopped before player_erased")

    with monkeypatch.context() as patched:
        patched.setattr(erasure, "_recorded", cut_short)
        for by in (delegated, ana):
            asked = await client.post(f"/v1/players/{by.id}/erasure", json={}, headers=by.auth)
            assert_problem(asked, 503, "database-unavailable")
    for player in (zé, ana):
        done = await client.post(f"/v1/players/{player.id}/erasure", json={}, headers=ADMIN)
        assert done.status_code == 200, done.text

    feed = (await client.get("/v1/events?after=0&limit=1000")).json()["events"]

    assert [
        (e["metadata"]["actor"], e["metadata"].get(DELEGATED), e["metadata"].get("completed_by"))
        for e in feed
        if e["type"] == "player_erased"
    ] == [(zé.id, True, "admin"), (ana.id, None, "admin")]

"""Bad input tried, nothing changed: each answered with a clear problem, no event appended."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from typing import Any

import asyncpg
import httpx
import pytest

from service.http.auth import token_hash
from tests.api.conftest import ADMIN, Table, bearer, new_match, seat_a_table, serve
from tests.conftest import Database

pytestmark = pytest.mark.reliability


@pytest.fixture
async def api(database: Database) -> AsyncIterator[httpx.AsyncClient]:
    async with serve(database) as client:
        yield client


@pytest.fixture
async def game(api: httpx.AsyncClient) -> tuple[Table, dict[str, Any]]:
    table = await seat_a_table(api)
    match = await new_match(api, table)
    response = await api.post(
        f"/v1/matches/{match['id']}/hands", json={"deal": "server"}, headers=ADMIN
    )
    assert response.status_code == 201
    return table, response.json()


async def last_position(api: httpx.AsyncClient) -> int:
    return int((await api.get("/health")).json()["last_position"])


def assert_problem(response: httpx.Response, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    body = dict(response.json())
    assert body["status"] == status
    assert body["code"]
    assert body["detail"]
    return body


BAD_MOVES: list[tuple[str, bytes, int]] = [
    ("a body over 64 KiB", b'{"seat": 0, "tile": "' + b"x" * 70_000 + b'"}', 413),
    ("JSON nested ten thousand deep", b"[" * 10_000 + b"]" * 10_000, 400),
    ("not JSON at all", b"seat=0&tile=6-6", 400),
    ("truncated JSON", b'{"seat": 0, "tile": "6-', 400),
    ("a seat as text", b'{"seat": "two", "tile": "6-6"}', 400),
    ("a tile as a number", b'{"seat": 0, "tile": 66}', 400),
    ("a seat as a numeric text", b'{"seat": "0", "tile": "6-6"}', 400),
    ("a seat as a float", b'{"seat": 0.0, "tile": "6-6"}', 400),
    ("a pass as the text true", b'{"seat": 0, "pass": "true"}', 400),
    ("an end that is no end", b'{"seat": 0, "tile": "6-6", "end": "middle"}', 400),
    ("an unknown field", b'{"seat": 0, "tile": "6-6", "points": 10}', 400),
    ("seat 8", b'{"seat": 8, "tile": "6-6"}', 400),
    ("a negative seat", b'{"seat": -1, "pass": true}', 400),
    ("tile 7-9", b'{"seat": 0, "tile": "7-9"}', 400),
    ("a tile with SQL in it", b"""{"seat": 0, "tile": "6-6'; DROP TABLE events;--"}""", 400),
    ("a huge number", b'{"seat": 1' + b"0" * 400 + b', "pass": true}', 400),
    ("null", b"null", 400),
    ("both a tile and a pass", b'{"seat": 0, "tile": "6-6", "pass": true}', 400),
]


@pytest.mark.parametrize(("case", "body", "status"), BAD_MOVES, ids=[c for c, _, _ in BAD_MOVES])
async def test_a_bad_move_is_refused_clearly_and_changes_nothing(
    api: httpx.AsyncClient,
    game: tuple[Table, dict[str, Any]],
    case: str,
    body: bytes,
    status: int,
) -> None:
    table, state = game
    before = await last_position(api)

    response = await api.post(
        f"/v1/matches/{state['id']}/moves",
        content=body,
        headers={**table.players[0].auth, "Content-Type": "application/json"},
    )

    problem = assert_problem(response, status)
    assert await last_position(api) == before
    assert (await api.get(f"/v1/matches/{state['id']}")).json()["version"] == state["version"]
    if "seat as" in case or "pass as" in case:  # says what is wrong, and where
        field = "seat" if "seat as" in case else "pass"
        assert problem["errors"] == [
            {"message": problem["errors"][0]["message"], "key": field, "source": "body"}
        ]
        assert problem["errors"][0]["message"].startswith("Expected `")
        assert f"(at `{field}`)" in problem["detail"]


@pytest.mark.parametrize("authorization", [None, "Bearer forged-token-that-was-never-issued"])
async def test_a_bad_body_without_a_valid_token_answers_401_first(
    api: httpx.AsyncClient, game: tuple[Table, dict[str, Any]], authorization: str | None
) -> None:
    _, state = game
    headers = {} if authorization is None else {"Authorization": authorization}

    response = await api.post(
        f"/v1/matches/{state['id']}/moves", json={"seat": "0", "tile": "6-6"}, headers=headers
    )

    assert_problem(response, 401)


@pytest.mark.parametrize(
    ("name", "kept"),
    [
        ("Zé'; DROP TABLE events;--", "Zé'; DROP TABLE events;--"),
        ('Robert"); DELETE FROM tokens; --', 'Robert"); DELETE FROM tokens; --'),
        ("🁣 Dona Conceição 🁫", "🁣 Dona Conceição 🁫"),
        ("名前", "名前"),
        ("O'Brien   the   second", "O'Brien the second"),
        ("\u202eevil", "evil"),  # a direction override would show it as "live"
        ("\u200bZ\u200de\u0301\ufeff", "Z\u00e9"),  # zero-width characters, NFC
    ],
)
async def test_names_with_unicode_and_sql_metacharacters_are_kept_as_text(
    api: httpx.AsyncClient, name: str, kept: str
) -> None:
    response = await api.post("/v1/players", json={"name": name}, headers=ADMIN)

    assert response.status_code == 201, response.text
    stored = (await api.get(f"/v1/players/{response.json()['id']}")).json()["name"]
    assert stored == kept
    assert (await api.get("/health")).json()["database"] == "up"


@pytest.mark.parametrize(
    "name",
    [
        "",
        "   ",
        "x" * 101,
        "tab\x00null",
        "bell\x07",
        "\u200b",
        "\u202e\u2066\u2069",
        "\u200d\ufeff",
        "\u0301\u0301",
        "\u3164",
        "\u2028 \u2029",
    ],
)
async def test_names_empty_invisible_too_long_or_with_control_characters_are_refused(
    api: httpx.AsyncClient, name: str
) -> None:
    before = await last_position(api)

    response = await api.post("/v1/players", json={"name": name}, headers=ADMIN)

    assert response.status_code in (400, 422)
    assert_problem(response, response.status_code)
    assert await last_position(api) == before


@pytest.mark.parametrize(
    "authorization",
    [
        "Bearer forged-token-that-was-never-issued",
        "Bearer ",
        "Basic YWRtaW46YWRtaW4=",
        "Bearer " + "x" * 5000,
        "bearer",
        "Token abc",
    ],
)
async def test_forged_or_malformed_tokens_are_refused(
    api: httpx.AsyncClient, game: tuple[Table, dict[str, Any]], authorization: str
) -> None:
    _, state = game
    before = await last_position(api)

    response = await api.post(
        f"/v1/matches/{state['id']}/undo", json={}, headers={"Authorization": authorization}
    )

    assert_problem(response, 401)
    assert await last_position(api) == before


async def test_an_expired_token_is_refused(
    api: httpx.AsyncClient, database: Database, game: tuple[Table, dict[str, Any]]
) -> None:
    table, state = game
    owner = await asyncpg.connect(database.owner_dsn)
    try:
        await owner.execute(
            "INSERT INTO tokens (token_hash, player_id, expires_at)"
            " VALUES ($1, $2, now() - interval '1 minute')",
            token_hash("expired-token-1234"),
            table.players[0].id,
        )
    finally:
        await owner.close()

    response = await api.post(
        f"/v1/matches/{state['id']}/moves",
        json={"seat": 0, "pass": True},
        headers=bearer("expired-token-1234"),
    )

    assert_problem(response, 401)


async def test_a_token_is_answered_once_and_never_logged(
    api: httpx.AsyncClient, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    first = await api.post(
        "/v1/players", json={"name": "Zé"}, headers={**ADMIN, "Idempotency-Key": "register-ze"}
    )
    again = await api.post(
        "/v1/players", json={"name": "Zé"}, headers={**ADMIN, "Idempotency-Key": "register-ze"}
    )
    token = first.json()["token"]
    read = await api.get(f"/v1/players/{first.json()['id']}")
    events = await api.get("/v1/events")

    assert token
    assert again.json()["token"] is None
    assert again.json()["id"] == first.json()["id"]
    assert token not in read.text
    assert token not in events.text
    assert all(token not in record.getMessage() for record in caplog.records)


async def test_the_nul_character_in_any_text_is_refused_clearly_and_changes_nothing(
    api: httpx.AsyncClient,
    game: tuple[Table, dict[str, Any]],
) -> None:
    table, state = game
    seats = [p.id for p in table.players]
    before = await last_position(api)
    writes = {
        "notes": (
            "/v1/matches",
            {"rules": {"preset": "pontos"}, "seats": seats, "notes": "mesa\u00002"},
        ),
        "place": (
            "/v1/matches",
            {"rules": {"preset": "pontos"}, "seats": seats, "place": "Bar\u0000"},
        ),
        "a penalty's note": (
            f"/v1/matches/{state['id']}/penalties",
            {"seat": 0, "kind": "slow-play", "note": "\u0000"},
        ),
    }

    answers = {
        case: await api.post(path, json=body, headers=ADMIN)
        for case, (path, body) in writes.items()
    }
    searched = await api.get("/v1/players", params={"name": "Z\x00"})
    staged = await api.get("/v1/matches", params={"stage": "final\x00"})

    for case, response in answers.items():
        assert assert_problem(response, 400)["code"] == "invalid-text", case
    assert assert_problem(searched, 400)["code"] == "invalid-text"
    assert assert_problem(staged, 400)["code"] == "invalid-text"
    assert await last_position(api) == before

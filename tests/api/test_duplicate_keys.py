"""A JSON object with a key twice is refused (400 `invalid-body`, the key named), on the lean
path for writes, on Litestar's, and in an import's lines; nothing is written."""

from __future__ import annotations

import json
from typing import Any

import httpx
import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.app import create_app
from service.http.web import duplicate_keys
from service.http.web.duplicate_keys import duplicate_key
from service.settings import Settings
from tests.api.conftest import ADMIN, ADMIN_TOKEN, Table, new_match, running
from tests.conftest import Database

JSON = {**ADMIN, "Content-Type": "application/json"}


async def last_position(client: httpx.AsyncClient) -> int:
    return int((await client.get("/health")).json()["last_position"])


def assert_refused_naming(response: httpx.Response, key: str) -> None:
    assert response.status_code == 400, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    problem = response.json()
    assert problem["code"] == "invalid-body"
    assert f"`{key}`" in problem["detail"]
    assert problem["errors"][0]["key"] == key


async def test_a_move_with_a_key_twice_is_refused_on_both_paths(
    database: Database, table: Table, client: httpx.AsyncClient
) -> None:
    match = await new_match(client, table)
    game = f"/v1/matches/{match['id']}"
    dealt = await client.post(f"{game}/hands", json={"deal": "server"}, headers=ADMIN)
    assert dealt.status_code == 201
    twice = b'{"seat": 0, "seat": 1, "pass": true}'
    before = await last_position(client)

    lean = await client.post(f"{game}/moves", content=twice, headers=JSON)
    litestar = create_app(Settings(bootstrap_token=ADMIN_TOKEN), database.app_dsn,
                          lean_writes=False)  # fmt: skip
    transport = httpx.ASGITransport(app=litestar)  # type: ignore[arg-type]
    async with (
        running(litestar),
        httpx.AsyncClient(transport=transport, base_url="http://testserver.local") as other,
    ):
        slow = await other.post(f"{game}/moves", content=twice, headers=JSON)

    assert_refused_naming(lean, "seat")
    assert_refused_naming(slow, "seat")
    assert await last_position(client) == before
    assert (await client.get(game, headers=ADMIN)).json()["version"] == dealt.json()["version"]


async def test_a_key_twice_in_a_nested_object_is_refused(
    client: httpx.AsyncClient, table: Table
) -> None:
    seats = json.dumps([p.id for p in table.players])
    body = f'{{"rules": {{"preset": "pontos", "preset": "sueca"}}, "seats": {seats}}}'
    before = await last_position(client)

    response = await client.post("/v1/matches", content=body.encode(), headers=JSON)
    registered = await client.post(
        "/v1/players", content=b'{"name": "Z\\u00e9", "name": "Ana"}', headers=JSON
    )

    assert_refused_naming(response, "preset")
    assert_refused_naming(registered, "name")
    assert await last_position(client) == before


async def test_colons_in_text_and_a_key_in_two_objects_are_not_duplicates(
    client: httpx.AsyncClient, table: Table
) -> None:
    seats = json.dumps([p.id for p in table.players])
    body = (
        f'{{"rules": {{"preset": "pontos"}}, "seats": {seats}, "place": "Bar: mesa 2",'
        f' "notes": "a\\u003ab: c", "stage": "x"}}'
    )

    named = await client.post("/v1/players", content=b'{"name": "Z\\u00e9: o rei"}', headers=JSON)
    created = await client.post("/v1/matches", content=body.encode(), headers=JSON)

    assert named.status_code == 201, named.text
    assert named.json()["name"] == "Zé: o rei"
    assert created.status_code in (201, 422), created.text  # a stage outside a competition
    assert created.json().get("code") != "invalid-body"


async def test_an_import_line_with_a_key_twice_is_refused_and_the_others_imported(
    client: httpx.AsyncClient, table: Table
) -> None:
    seats = [p.id for p in table.players]
    good = msgspec.json.encode({"key": "ok", "rules": {"preset": "pontos"}, "seats": seats})
    twice = good.replace(b'"key":"ok"', b'"key":"a","key":"b"')
    nested = good.replace(b'"preset":"pontos"', b'"preset":"pontos","preset":"sueca"').replace(
        b'"key":"ok"', b'"key":"n"'
    )

    response = await client.post(
        "/v1/imports/games", content=b"\n".join([good, twice, nested]), headers=ADMIN
    )

    assert response.status_code == 200, response.text
    results = response.json()["results"]
    assert "id" in results[0]
    for result, key in ((results[1], "key"), (results[2], "preset")):
        assert result["error"]["status"] == 400
        assert result["error"]["code"] == "invalid-line"
        assert f"`{key}`" in result["error"]["detail"]
        assert "id" not in result


def _reference(text: str) -> str | None:
    """Python's own parser, told to report the first key found twice in one object."""
    found: list[str] = []

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        keys = [k for k, _ in items]
        found.extend(k for n, k in enumerate(keys) if k in keys[:n])
        return dict(items)

    json.loads(text, object_pairs_hook=pairs)
    return found[0] if found else None


_keys = st.sampled_from(["a", "b", "a:b", ":", "seat", "\u00e9"])
_strings = st.text(st.sampled_from(["x", ":", '"', "\\", "\u00e9", " "]), max_size=6)


def _as_json(value: Any, escape_colons: bool) -> str:
    """JSON text of a tree whose objects are lists of pairs (so a key may repeat)."""
    if isinstance(value, tuple):
        members = ", ".join(
            f"{_as_json(k, escape_colons)}: {_as_json(v, escape_colons)}" for k, v in value
        )
        return "{" + members + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_as_json(v, escape_colons) for v in value) + "]"
    text = json.dumps(value)
    return text.replace(":", "\\u003a") if escape_colons and isinstance(value, str) else text


_trees = st.recursive(
    st.none() | st.integers() | _strings,
    lambda inner: (
        st.lists(inner, max_size=4) | st.lists(st.tuples(_keys, inner), max_size=4).map(tuple)
    ),
    max_leaves=12,
)


@given(_trees, st.booleans())
def test_the_quick_check_finds_exactly_the_keys_a_full_parser_finds(
    tree: Any, escape_colons: bool
) -> None:
    text = _as_json(tree, escape_colons)

    assert duplicate_key(text.encode()) == _reference(text)


def test_bodies_without_a_key_twice_never_reach_the_slow_parser(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The move path is benchmarked: the full parser runs only on a suspicious body."""

    def slow(body: bytes) -> str | None:
        raise AssertionError(f"the slow parser ran on {body!r}")

    monkeypatch.setattr(duplicate_keys, "_first_repeated", slow)
    for body in (
        b'{"seat": 0, "tile": "6-6", "end": "left"}',
        b'{"outcome": "batida", "seat": 0, "played_at": "2026-11-01T10:05:00+00:00"}',
        b'{"hands": [{"points": 1, "seat": 0}, {"points": 2, "seat": 1}], "a:b": {"c": ":"}}',
    ):
        assert duplicate_key(body) is None

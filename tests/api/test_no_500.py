"""No input produces a 500: random bodies, near-valid and not, on every write of a game.

Each answer is a 201 or a problem+json with a 4xx status; a refusal leaves the game as it
was.
"""

from __future__ import annotations

from typing import Any

import httpx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.api.conftest import ADMINISTRATOR, Table
from tests.api.play import PRESETS, assert_problem, prepared

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)
TILES = st.from_regex(r"\A[0-6]-[0-6]\Z") | st.sampled_from(["6-6-6", "x", "", "-1-2", "07-1"])
SEAT = st.integers(-1, 4) | st.sampled_from([None, "1", 1.0, True])
SUMS = st.fixed_dictionaries({"A": st.integers(-5, 200), "B": st.integers(-5, 200)}) | JSON


def optional(**fields: st.SearchStrategy[Any]) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries({}, optional=fields)


BODIES: dict[str, st.SearchStrategy[Any]] = {
    "moves": optional(
        seat=SEAT,
        tile=TILES,
        end=st.sampled_from(["left", "right", "up", None]),
        expected_version=st.integers(-1, 4),
        **{"pass": st.booleans() | JSON},
    ),
    "hands": optional(
        deal=st.sampled_from(["server", "me", None]),
        hands=st.lists(st.lists(TILES, max_size=8), max_size=5),
        dorme=st.lists(TILES, max_size=5),
    ),
    "results": optional(
        outcome=st.sampled_from(["batida", "bloqueio", "empate"]),
        seat=SEAT,
        kind=st.sampled_from(["simples", "carroca", "la-e-lo", "cruzada", "buchuda"]),
        sums=SUMS,
    ),
    "penalties": optional(
        seat=SEAT,
        kind=st.sampled_from(["slow-play", "irregular-pass", "out-of-turn", "tiles-shown", "?"]),
        note=st.text(max_size=20),
    ),
    "abandon": optional(team=st.sampled_from(["A", "B", "C", None]), seat=SEAT),
    "undo": optional(expected_version=st.integers(-1, 10) | JSON),
    "annulments": optional(hand=st.integers(-1, 3) | JSON),
    "confirmations": optional(expected_version=JSON),
}
ANYTHING = st.sampled_from(list(BODIES)).flatmap(
    lambda path: st.tuples(st.just(path), BODIES[path] | JSON)
)
STATES = st.sampled_from(["new", "dealt", "opened", "one hand", "finished"])


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(preset=st.sampled_from(PRESETS), state=STATES, write=ANYTHING)
async def test_no_body_on_any_write_produces_a_500(
    shared_client: httpx.AsyncClient,
    shared_table: Table,
    preset: str,
    state: str,
    write: tuple[str, Any],
) -> None:
    path, body = write
    game = await prepared(shared_client, shared_table, state, preset)
    version = await game.version()

    response = await shared_client.post(game.url(path), json=body, headers=ADMINISTRATOR.auth)

    if response.status_code != 201:
        assert_problem(response, response.status_code, response.json().get("code"))
        assert 400 <= response.status_code < 500, response.text
        assert await game.version() == version


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    path=st.sampled_from(["", "/events", "/verify"]),
    params=st.dictionaries(
        st.sampled_from(["at", "after", "limit"]),
        st.integers(-(2**70), 2**70).map(str) | st.text(max_size=5),
    ),
    token=st.none() | st.text(max_size=30),
)
async def test_no_query_or_token_on_a_read_produces_a_500(
    shared_client: httpx.AsyncClient,
    shared_table: Table,
    path: str,
    params: dict[str, str],
    token: str | None,
) -> None:
    game = await prepared(shared_client, shared_table, "opened")
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    headers = {k: v for k, v in headers.items() if v.isascii() and v.isprintable()}

    response = await shared_client.get(game.url() + path, params=params, headers=headers)

    assert response.status_code < 500, response.text


RULE_FIELDS = [
    "tiles_per_seat", "dorme_size", "target", "scoring", "kind_points", "block_points",
    "tie_policy", "tie_bonus", "tie_bonus_cap", "penalty_points", "irregular_pass", "opener",
    "redeal_doubles", "preset",
]  # fmt: skip
OVERRIDES = st.dictionaries(
    st.sampled_from(RULE_FIELDS) | st.text(max_size=5),
    st.integers(-(2**70), 2**70) | JSON,
    max_size=4,
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from([*PRESETS, "domino"]),
    overrides=OVERRIDES,
    target=st.none() | st.integers(0, 1001),
)
async def test_no_rules_on_a_new_game_or_competition_produce_a_500(
    shared_client: httpx.AsyncClient,
    shared_table: Table,
    preset: str,
    overrides: dict[str, Any],
    target: Any,
) -> None:
    rules = {"preset": preset, "overrides": overrides, "target": target}
    seats = [p.id for p in shared_table.players]
    organizer = shared_table.scorekeeper.auth

    game = await shared_client.post(
        "/v1/matches", json={"rules": rules, "seats": seats}, headers=organizer
    )
    competition = await shared_client.post(
        "/v1/competitions",
        json={"name": "Copa", "kind": "amistoso", "rules": rules},
        headers=organizer,
    )

    assert game.status_code in (201, 400, 422), game.text
    assert competition.status_code in (201, 400, 422), competition.text


# What an HTTP/1.1 server lets through in a header value: visible latin-1 and spaces.
HEADER_TEXT = st.text(
    st.characters(min_codepoint=0x20, max_codepoint=0xFF, exclude_characters="\x7f"),
    max_size=40,
).map(str.strip)
HEADERS = st.dictionaries(
    st.sampled_from(
        ["Idempotency-Key", "If-Match", "X-Request-Id", "X-Client-Time", "Authorization"]
    ),
    HEADER_TEXT,
)


@settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(headers=HEADERS)
async def test_no_header_on_a_write_produces_a_500(
    shared_client: httpx.AsyncClient, shared_table: Table, headers: dict[str, str]
) -> None:
    game = await prepared(shared_client, shared_table, "dealt")
    sent = {"Authorization": game.scorekeeper.auth["Authorization"]} | headers
    raw = {k.encode("ascii"): v.encode("latin-1") for k, v in sent.items()}

    response = await shared_client.post(
        game.url("moves"), json={"seat": 3, "tile": "4-4"}, headers=raw
    )

    assert response.status_code in (201, 400, 401, 409, 422), response.text


def mutated(body: bytes, data: st.DataObject) -> bytes:
    """A valid body with a few bytes replaced by anything."""
    raw = bytearray(body)
    for _ in range(data.draw(st.integers(1, 3))):
        raw[data.draw(st.integers(0, len(raw) - 1))] = data.draw(st.integers(0, 255))
    return bytes(raw)


@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
async def test_no_bytes_as_a_body_produce_a_500(
    shared_client: httpx.AsyncClient, shared_table: Table, data: st.DataObject
) -> None:
    game = await prepared(shared_client, shared_table, "dealt")
    valid = b'{"seat": 3, "tile": "4-4", "end": "left", "expected_version": 2}'
    body = data.draw(st.binary(max_size=80) | st.just(valid).map(lambda b: mutated(b, data)))
    headers = game.scorekeeper.auth | {"Content-Type": "application/json"}

    response = await shared_client.post(game.url("moves"), content=body, headers=headers)

    assert response.status_code in (201, 400, 409, 422), response.text

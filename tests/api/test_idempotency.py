"""Idempotent retries: the same Idempotency-Key and body answer the first answer again and
append nothing; another body is refused; keys belong to the token that sends them."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import asyncpg
import httpx
import pytest

from tests.api.conftest import ADMIN, Table
from tests.api.play import (
    Game,
    Headers,
    assert_problem,
    create_game,
    prepared,
    sorted_deal,
    stack_server_deals,
    void_deal,
)

MOVE = {"seat": 3, "tile": "4-4"}  # the opening of the sorted pontos deal


class Keys(dict[str, str]):
    """Keys unique to one test: the module's tests share one database and one scorekeeper."""

    def __missing__(self, name: str) -> str:
        self[name] = f"{name}-{uuid.uuid4().hex}"
        return self[name]


KEYS = Keys()


@pytest.fixture(autouse=True)
def fresh_keys() -> None:
    KEYS.clear()


@pytest.fixture
async def dealt(shared_client: httpx.AsyncClient, shared_table: Table) -> Game:
    return await prepared(shared_client, shared_table, "dealt")


async def test_a_retry_answers_the_first_answer_byte_for_byte_and_appends_nothing(
    dealt: Game,
) -> None:
    first = await dealt.post("moves", MOVE, **Headers({"Idempotency-Key": KEYS["move-1"]}))

    retry = await dealt.post("moves", MOVE, **Headers({"Idempotency-Key": KEYS["move-1"]}))

    assert first.status_code == retry.status_code == 201
    assert retry.content == first.content
    assert retry.headers["etag"] == first.headers["etag"]
    assert await dealt.version() == first.json()["version"]


async def test_a_retry_after_the_game_moved_on_still_answers_the_first_answer(dealt: Game) -> None:
    first = await dealt.post("moves", MOVE, **Headers({"Idempotency-Key": KEYS["move-1"]}))
    await dealt.ok("moves", {"seat": 0, "tile": "0-4", "end": "left"})

    retry = await dealt.post("moves", MOVE, **Headers({"Idempotency-Key": KEYS["move-1"]}))

    assert retry.status_code == 201
    assert retry.content == first.content
    assert await dealt.version() == first.json()["version"] + 1


async def test_the_same_key_with_another_body_is_refused_and_changes_nothing(dealt: Game) -> None:
    await dealt.ok("moves", MOVE, **Headers({"Idempotency-Key": KEYS["move-1"]}))
    version = await dealt.version()

    response = await dealt.post(
        "moves",
        {"seat": 0, "tile": "0-4", "end": "left"},
        **Headers({"Idempotency-Key": KEYS["move-1"]}),
    )

    assert_problem(response, 422, "idempotency-key-reused")
    assert await dealt.version() == version


async def test_the_same_key_on_another_game_is_refused(
    dealt: Game, shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    other = await prepared(shared_client, shared_table, "dealt")
    await dealt.ok("moves", MOVE, **Headers({"Idempotency-Key": KEYS["move-1"]}))

    response = await other.post("moves", MOVE, **Headers({"Idempotency-Key": KEYS["move-1"]}))

    assert_problem(response, 422, "idempotency-key-reused")
    assert await other.version() == 2


async def test_keys_belong_to_their_token_another_players_same_key_is_a_new_request(
    dealt: Game,
) -> None:
    await dealt.ok("moves", MOVE, **Headers({"Idempotency-Key": KEYS["shared-key"]}))
    seat0 = dealt.table.players[0]

    state = await dealt.ok(
        "moves",
        {"seat": 0, "tile": "0-4", "end": "left"},
        by=seat0,
        **Headers({"Idempotency-Key": KEYS["shared-key"]}),
    )

    assert state["version"] == 4
    assert state["hand"]["board"] == ["0-4", "4-4"]


async def test_a_refused_request_does_not_use_up_its_key(dealt: Game) -> None:
    refused = await dealt.post(
        "moves", {"seat": 0, "pass": True}, **Headers({"Idempotency-Key": KEYS["k"]})
    )

    state = await dealt.ok("moves", MOVE, **Headers({"Idempotency-Key": KEYS["k"]}))

    assert_problem(refused, 422, "not-your-turn")
    assert state["version"] == 3


async def test_concurrent_retries_with_one_key_all_answer_the_one_move(dealt: Game) -> None:
    responses = await asyncio.gather(
        *(
            dealt.post("moves", MOVE, **Headers({"Idempotency-Key": KEYS["burst"]}))
            for _ in range(5)
        )
    )

    assert [r.status_code for r in responses] == [201] * 5
    assert len({r.content for r in responses}) == 1
    assert await dealt.version() == 3


async def test_a_result_retried_after_it_finished_the_game_answers_the_finished_game(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await create_game(shared_client, shared_table, "pontos", rules={"target": 4})
    body = {"outcome": "batida", "seat": 1, "kind": "cruzada"}
    first = await game.post("results", body, **Headers({"Idempotency-Key": KEYS["last-hand"]}))

    retry = await game.post("results", body, **Headers({"Idempotency-Key": KEYS["last-hand"]}))

    assert first.json()["status"] == "finished"
    assert retry.status_code == 201
    assert retry.content == first.content


async def test_registering_a_player_twice_with_one_key_answers_the_same_player_once(
    shared_client: httpx.AsyncClient,
) -> None:
    headers = ADMIN | {"Idempotency-Key": KEYS["register-ze"]}
    first = await shared_client.post("/v1/players", json={"name": "Zé"}, headers=headers)

    retry = await shared_client.post("/v1/players", json={"name": "Zé"}, headers=headers)

    assert (first.status_code, retry.status_code) == (201, 201), retry.text
    assert retry.json()["id"] == first.json()["id"]
    assert first.json()["token"]
    assert retry.json()["token"] is None


async def test_a_registration_retried_after_its_token_was_lost_gets_one_token(
    shared_client: httpx.AsyncClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    headers = ADMIN | {"Idempotency-Key": KEYS["register-lost-token"]}
    tokens = shared_client._transport.app.state.tokens  # type: ignore[attr-defined]

    class DatabaseGone:  # after the player's event, before its token
        def __getattr__(self, name: str) -> Any:
            raise asyncpg.ConnectionDoesNotExistError("connection was closed in the middle")

    with monkeypatch.context() as patched:
        patched.setattr(tokens, "pool", DatabaseGone())
        failed = await shared_client.post("/v1/players", json={"name": "Zé"}, headers=headers)
    retry = await shared_client.post("/v1/players", json={"name": "Zé"}, headers=headers)
    again = await shared_client.post("/v1/players", json={"name": "Zé"}, headers=headers)
    concurrent = await asyncio.gather(
        *(
            shared_client.post(
                "/v1/players",
                json={"name": "Bia"},
                headers=ADMIN | {"Idempotency-Key": KEYS["register-bia"]},
            )
            for _ in range(4)
        )
    )

    assert_problem(failed, 503, "database-unavailable")
    assert (retry.status_code, again.status_code) == (201, 201), retry.text
    assert again.json()["id"] == retry.json()["id"]
    assert retry.json()["token"]
    assert again.json()["token"] is None
    me = await shared_client.post(
        f"/v1/players/{retry.json()['id']}/tokens",
        headers={"Authorization": f"Bearer {retry.json()['token']}"},
    )
    assert me.status_code == 201
    assert len({r.json()["id"] for r in concurrent}) == 1
    assert sum(r.json()["token"] is not None for r in concurrent) == 1


async def test_registering_another_player_with_a_used_key_is_refused(
    shared_client: httpx.AsyncClient,
) -> None:
    headers = ADMIN | {"Idempotency-Key": KEYS["register"]}
    await shared_client.post("/v1/players", json={"name": "Zé"}, headers=headers)

    response = await shared_client.post("/v1/players", json={"name": "Bia"}, headers=headers)

    assert_problem(response, 422, "idempotency-key-reused")


async def test_creating_a_competition_twice_with_one_key_creates_it_once(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    body = {"name": "Copa", "kind": "amistoso", "rules": {"preset": "pontos"}}
    headers = shared_table.scorekeeper.auth | {"Idempotency-Key": KEYS["copa"]}
    first = await shared_client.post("/v1/competitions", json=body, headers=headers)

    retry = await shared_client.post("/v1/competitions", json=body, headers=headers)

    assert (first.status_code, retry.status_code) == (201, 201)
    assert retry.content == first.content


async def test_creating_a_game_twice_with_one_key_creates_it_once(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    body = {"rules": {"preset": "pontos"}, "seats": [p.id for p in shared_table.players]}
    headers = shared_table.scorekeeper.auth | {"Idempotency-Key": KEYS["new-game"]}
    first = await shared_client.post("/v1/matches", json=body, headers=headers)

    retry = await shared_client.post("/v1/matches", json=body, headers=headers)

    assert (first.status_code, retry.status_code) == (201, 201)
    assert retry.content == first.content


async def test_concurrent_creations_with_one_key_create_one_game(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    body = {"rules": {"preset": "cinquenta"}, "seats": [p.id for p in shared_table.players]}
    headers = shared_table.scorekeeper.auth | {"Idempotency-Key": KEYS["burst-game"]}

    responses = await asyncio.gather(
        *(shared_client.post("/v1/matches", json=body, headers=headers) for _ in range(4))
    )

    assert [r.status_code for r in responses] == [201] * 4
    assert len({r.json()["id"] for r in responses}) == 1


async def test_creating_another_game_with_a_used_key_is_refused(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    seats = [p.id for p in shared_table.players]
    headers = shared_table.scorekeeper.auth | {"Idempotency-Key": KEYS["one-game"]}
    await shared_client.post(
        "/v1/matches", json={"rules": {"preset": "pontos"}, "seats": seats}, headers=headers
    )

    response = await shared_client.post(
        "/v1/matches", json={"rules": {"preset": "cinquenta"}, "seats": seats}, headers=headers
    )

    assert_problem(response, 422, "idempotency-key-reused")


async def test_a_federacao_server_deal_with_a_key_deals_again_after_a_void_deal(
    shared_client: httpx.AsyncClient, shared_table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await create_game(shared_client, shared_table, "federacao")
    stack_server_deals(monkeypatch, void_deal(), void_deal(), sorted_deal("federacao"))

    first = await game.post(
        "hands", {"deal": "server"}, **Headers({"Idempotency-Key": KEYS["deal-1"]})
    )
    retry = await game.post(
        "hands", {"deal": "server"}, **Headers({"Idempotency-Key": KEYS["deal-1"]})
    )

    assert first.status_code == 201
    assert first.json()["hand"] is not None, "the void deals were not dealt again"
    assert retry.content == first.content
    types = [e["type"] for e in await game.events()]
    assert types == ["match_created", "deal_voided", "deal_voided", "hand_started"]

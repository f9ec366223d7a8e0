"""The lean path for the writes on a game (service/http/matches/lean_writes.py) answers exactly what
Litestar's handlers answer: the same game is played, refusals and malformed requests
included, by an app with the lean path and by one without, and every answer is compared,
status, headers and body."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
import pytest

from service.app import create_app
from service.http.matches.lean_writes import LeanGameWrites
from service.http.web.rate_limits import Rate
from service.settings import Settings
from tests.api.conftest import ADMIN, ADMIN_TOKEN, Player, Table, register, running
from tests.api.play import sorted_deal
from tests.conftest import Database

Json = dict[str, Any]
UNCOMPARED = {"date", "server", "content-length"}
"""Headers that differ between any two answers (the body's length: its ids and times)."""
TIME = re.compile(rb'"\d{4}-\d\d-\d\dT[0-9:.]+(Z|[+-]\d\d:\d\d)?"')


@asynccontextmanager
async def serving(database: Database, lean: bool) -> AsyncIterator[tuple[Any, httpx.AsyncClient]]:
    app = create_app(
        Settings(bootstrap_token=ADMIN_TOKEN, pool_size=5), database.app_dsn, lean_writes=lean
    )
    transport = httpx.ASGITransport(app=app)  # type: ignore[arg-type]
    async with (
        running(app),
        httpx.AsyncClient(transport=transport, base_url="http://testserver.local") as client,
    ):
        yield app, client


class Side:
    """One app and its game, played by the same table as the other side's."""

    def __init__(self, client: httpx.AsyncClient, table: Table, name: str) -> None:
        self.client = client
        self.table = table
        self.name = name  # keys are the sender's: each side's are its own
        self.game = ""

    async def create(self) -> None:
        body = {"rules": {"preset": "pontos"}, "seats": [p.id for p in self.table.players]}
        created = await self.client.post(
            "/v1/matches", json=body, headers=self.table.scorekeeper.auth
        )
        assert created.status_code == 201, created.text
        self.game = created.json()["id"]

    async def send(self, what: str, body: Any, by: Player | None, **headers: str) -> httpx.Response:
        path = f"/v1/matches/{self.game}/{what}" if what.isalpha() else what
        sent = dict(headers)
        if "Idempotency-Key" in sent:
            sent["Idempotency-Key"] += self.name
        if by is not None:
            sent |= by.auth
        if isinstance(body, bytes):
            sent.setdefault("Content-Type", "application/json")
            return await self.client.post(path, content=body, headers=sent)
        return await self.client.post(path, json=body, headers=sent)

    def normalized(self, response: httpx.Response) -> tuple[int, dict[str, str], bytes]:
        headers = {k: v for k, v in response.headers.items() if k not in UNCOMPARED}
        if "domino-position" in headers:
            headers["domino-position"] = "a position" if headers["domino-position"] else ""
        body = TIME.sub(b'"T"', response.content.replace(self.game.encode(), b"GAME"))
        return response.status_code, headers, body


def requests(table: Table) -> list[tuple[str, Any, Player | None, dict[str, str]]]:
    """(what, body, by, headers): pontos with the sorted deal, where seat 3 opens 4-4."""
    keeper, zé, bia = table.scorekeeper, table.players[0], table.players[3]
    opening = {"seat": 3, "tile": "4-4"}
    return [
        ("hands", sorted_deal("pontos"), keeper, {}),
        ("moves", {"seat": 0, "tile": "0-0"}, keeper, {}),  # not seat 0's turn
        ("moves", {"seat": 3, "tile": "0-0"}, keeper, {}),  # not seat 3's tile
        ("moves", {"seat": "3", "tile": "4-4"}, keeper, {}),  # a seat as text: 400
        ("moves", b'{"seat": 3, "tile": ', keeper, {}),  # not JSON
        ("moves", b"", keeper, {}),
        ("moves", b"[]", keeper, {}),
        ("moves", opening, None, {}),
        ("moves", opening, Player("x", "not-a-token"), {}),
        ("moves", opening, table.outsider, {}),
        ("moves", opening, zé, {}),  # a player of the game, for another seat
        ("moves", opening, keeper, {"If-Match": '"0"'}),
        ("moves", opening, keeper, {"If-Match": "twelve"}),
        ("/v1/matches/no-such-game/moves", opening, keeper, {}),
        ("/v1/matches/no-such-game/moves/", opening, keeper, {}),
        ("moves", {"seat": 3, "tile": "4-4", "note": "x" * 70_000}, keeper, {}),
        ("moves", opening, keeper, {"Idempotency-Key": "k1", "X-Request-Id": "r1"}),
        ("moves", opening, keeper, {"Idempotency-Key": "k1"}),  # the same answer again
        ("moves", {"seat": 0, "pass": True}, keeper, {"Idempotency-Key": "k1"}),  # reused
        ("moves", {"seat": 0, "tile": "0-4", "end": "left"}, keeper, {"Content-Type": "text/x"}),
        ("moves", {"seat": 1, "tile": "0-6"}, keeper, {"If-Match": '"4"'}),
        ("moves", {"seat": 1, "pass": True}, table.players[1], {}),  # not a pass: it fits
        ("penalties", {"seat": 1, "kind": "slow-play"}, keeper, {}),
        ("undo", {}, keeper, {}),
        ("undo", {}, bia, {}),  # staff only
        ("annulments", {"hand": 1}, keeper, {}),  # the hand is still being played
        ("results", {"outcome": "batida", "seat": 0, "kind": "simples"}, keeper, {}),
        ("moves", {"seat": 3, "tile": "4-4", "pass": True}, keeper, {}),
        ("abandon", {"team": "B"}, bia, {}),
        ("confirmations", {}, zé, {}),
        ("confirmations", {}, bia, {}),
        ("hands", {"deal": "server"}, keeper, {}),  # the game is over
        ("cancellation", {}, keeper, {}),
    ]


async def test_the_lean_path_answers_as_litestar_does(database: Database) -> None:
    async with (
        serving(database, lean=True) as (lean_app, lean),
        serving(database, lean=False) as (_, litestar),
    ):
        players = [await register(lean, name) for name in ("Zé", "Ana", "Tião", "Bia")]
        table = Table(players, await register(lean, "Marcos"), await register(lean, "Outro"))
        sides = [Side(lean, table, "lean"), Side(litestar, table, "litestar")]
        for side in sides:
            await side.create()
        created = 0
        statuses = []
        for what, body, by, headers in requests(table):
            answers = [await side.send(what, body, by, **headers) for side in sides]
            ours, theirs = (side.normalized(a) for side, a in zip(sides, answers, strict=True))
            assert ours == theirs, (what, body, headers)
            statuses.append(ours[0])
            if "Content-Type" not in headers:  # another media type is left to Litestar
                created += answers[0].status_code == 201

        handler = lean_app.asgi_handler
        assert isinstance(handler, LeanGameWrites)
        assert statuses[:17] == [
            201,
            422,
            422,
            400,
            400,
            400,
            400,
            401,
            401,
            403,
            403,
            409,
            400,
            404,
            404,
            413,
            201,
        ]
        assert statuses[17:21] == [201, 422, 201, 201], "replayed, reused, not lean, lean"
        assert created >= 7
        assert handler.lean_answers == created, "every write that went through was lean"


@pytest.mark.parametrize("lean", [True, False])
async def test_a_write_without_a_token_is_refused_either_way(
    database: Database, lean: bool
) -> None:
    async with serving(database, lean) as (_, client):
        refused = await client.post("/v1/matches/any/moves", json={"seat": 0, "pass": True})
    assert refused.status_code == 401
    assert refused.json()["code"] == "unauthorized"
    assert refused.headers["content-type"] == "application/problem+json"
    assert ADMIN  # the administrator's header is what the other tests send


async def test_a_bad_token_is_refused_before_the_body_is_read(database: Database) -> None:
    """As on Litestar's path: a client that announces a body and never sends it gets its 401
    at once (it cannot hold a write route open without a token)."""
    async with serving(database, lean=True) as (app, _):
        sent: list[dict[str, Any]] = []
        never = asyncio.Event()

        async def receive() -> dict[str, Any]:
            await never.wait()
            return {"type": "http.disconnect"}

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)

        scope = {
            "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
            "method": "POST", "scheme": "http", "path": "/v1/matches/x/moves",
            "raw_path": b"/v1/matches/x/moves", "query_string": b"", "root_path": "",
            "headers": [(b"host", b"t"), (b"authorization", b"Bearer nobody"),
                        (b"content-type", b"application/json"), (b"content-length", b"30")],
            "client": ("127.0.0.1", 1), "server": ("t", 80), "state": {},
        }  # fmt: skip
        await asyncio.wait_for(app(scope, receive, send), 5)

    assert sent[0]["status"] == 401
    assert b'"code":"invalid-token"' in sent[1]["body"]


async def test_writes_with_guessed_tokens_over_their_limit_are_refused_without_a_lookup(
    database: Database,
) -> None:
    """3 writes a minute refused for want of a valid token per address: then a token not
    seen valid is refused 429 before it is looked up."""
    settings = Settings(
        bootstrap_token=ADMIN_TOKEN, pool_size=5, rate_refused_per_address=Rate(3, 60)
    )
    app = create_app(settings, database.app_dsn)
    transport = httpx.ASGITransport(app=app)  # type: ignore[arg-type]
    async with (
        running(app),
        httpx.AsyncClient(transport=transport, base_url="http://testserver.local") as client,
    ):
        tokens = app.state.tokens
        looked_up = 0
        principal = tokens.principal

        async def counted(token: str) -> Any:
            nonlocal looked_up
            looked_up += 1
            return await principal(token)

        tokens.principal = counted
        answers = [
            await client.post(
                "/v1/matches/x/moves",
                json={"seat": 0, "pass": True},
                headers={"Authorization": f"Bearer guess-{n}"},
            )
            for n in range(8)
        ]

    assert [a.status_code for a in answers] == [401] * 3 + [429] * 5
    assert looked_up <= 3 * 2, "the refused writes looked no token up"

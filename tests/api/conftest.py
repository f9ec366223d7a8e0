"""The app on a real PostgreSQL, driven over HTTP (ASGI) with httpx.

The client runs the app in the test's own event loop (httpx's ASGI transport inside the
app's lifespan), so `asyncio.gather` of several requests really interleaves them.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from litestar import Litestar

from service.app import create_app
from service.settings import Settings
from tests.conftest import Database, fresh_database

pytest.register_assert_rewrite("tests.api.play")

ADMIN_TOKEN = "test-admin-token-0123456789"


@asynccontextmanager
async def running(app: Litestar) -> AsyncIterator[None]:
    """The app's lifespan, held by a task of its own (its cancel scopes must be entered and
    left by one task; a fixture's setup and teardown may run in different ones)."""
    started, stop = asyncio.Event(), asyncio.Event()

    async def hold() -> None:
        async with app.lifespan():
            started.set()
            await stop.wait()

    task = asyncio.create_task(hold())
    waiting = asyncio.create_task(started.wait())
    await asyncio.wait([task, waiting], return_when=asyncio.FIRST_COMPLETED)
    if task.done():
        waiting.cancel()
        await task  # the lifespan failed: raise its error
    try:
        yield
    finally:
        stop.set()
        await task


@asynccontextmanager
async def serve(
    database: Database, settings: Settings | None = None, *, run_projections: bool = True
) -> AsyncIterator[httpx.AsyncClient]:
    """The app on `database`; `run_projections=False`: nothing folds unless a test does."""
    settings = settings or Settings(bootstrap_token=ADMIN_TOKEN, pool_size=10)
    app = create_app(settings, database.app_dsn, run_projections=run_projections)
    # httpx's ASGI types are not litestar's (encode/httpx#3111): the app is one all the same.
    transport = httpx.ASGITransport(app=app)  # type: ignore[arg-type]
    async with (
        running(app),
        httpx.AsyncClient(transport=transport, base_url="http://testserver.local") as client,
    ):
        yield client


@pytest.fixture
async def client(database: Database) -> AsyncIterator[httpx.AsyncClient]:
    """The app on a fresh database of its own."""
    async with serve(database) as test_client:
        yield test_client


@pytest.fixture(scope="module")
async def shared_client(admin_dsn: str, template: str) -> AsyncIterator[httpx.AsyncClient]:
    """One app and database for a whole module: for tests that each make their own games."""
    async with fresh_database(admin_dsn, template) as database, serve(database) as test_client:
        yield test_client


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


ADMIN = bearer(ADMIN_TOKEN)


@dataclass(frozen=True)
class Player:
    id: str
    token: str

    @property
    def auth(self) -> dict[str, str]:
        return bearer(self.token)


async def register(client: httpx.AsyncClient, name: str) -> Player:
    response = await client.post("/v1/players", json={"name": name}, headers=ADMIN)
    assert response.status_code == 201, response.text
    body = response.json()
    return Player(body["id"], body["token"])


ADMINISTRATOR = Player("admin", ADMIN_TOKEN)  # the bootstrap token's holder


@dataclass(frozen=True)
class Table:
    players: list[Player]
    scorekeeper: Player
    outsider: Player


async def seat_a_table(client: httpx.AsyncClient) -> Table:
    players = [await register(client, name) for name in ("Zé", "Ana", "Tião", "Bia")]
    return Table(players, await register(client, "Marcos"), await register(client, "Outro"))


@pytest.fixture
async def table(client: httpx.AsyncClient) -> Table:
    return await seat_a_table(client)


@pytest.fixture(scope="module")
async def shared_table(shared_client: httpx.AsyncClient) -> Table:
    return await seat_a_table(shared_client)


async def new_match(
    client: httpx.AsyncClient, table: Table, preset: str = "pontos", **rules: Any
) -> dict[str, Any]:
    response = await client.post(
        "/v1/matches",
        json={
            "rules": {"preset": preset, **rules},
            "seats": [p.id for p in table.players],
            "place": "Bar do Zé",
        },
        headers=table.scorekeeper.auth,
    )
    assert response.status_code == 201, response.text
    return dict(response.json())

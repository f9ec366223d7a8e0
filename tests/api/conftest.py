"""The app on a real PostgreSQL, driven over HTTP (ASGI) with httpx."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from litestar.testing import AsyncTestClient

from service.app import create_app
from service.settings import Settings
from tests.conftest import Database

ADMIN_TOKEN = "test-admin-token-0123456789"


@pytest.fixture
async def client(database: Database) -> AsyncIterator[AsyncTestClient[Any]]:
    app = create_app(Settings(bootstrap_token=ADMIN_TOKEN, pool_size=10), database.app_dsn)
    async with AsyncTestClient(app=app) as test_client:
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


async def register(client: httpx.AsyncClient | AsyncTestClient[Any], name: str) -> Player:
    response = await client.post("/v1/players", json={"name": name}, headers=ADMIN)
    assert response.status_code == 201, response.text
    body = response.json()
    return Player(body["id"], body["token"])


@dataclass(frozen=True)
class Table:
    players: list[Player]
    scorekeeper: Player
    outsider: Player


@pytest.fixture
async def table(client: AsyncTestClient[Any]) -> Table:
    players = [await register(client, name) for name in ("Zé", "Ana", "Tião", "Bia")]
    return Table(players, await register(client, "Marcos"), await register(client, "Outro"))


async def new_match(client: AsyncTestClient[Any], table: Table, preset: str = "pontos",
                    **rules: Any) -> dict[str, Any]:
    response = await client.post(
        "/v1/matches",
        json={"rules": {"preset": preset, **rules}, "seats": [p.id for p in table.players],
              "place": "Bar do Zé"},
        headers=table.scorekeeper.auth,
    )
    assert response.status_code == 201, response.text
    return dict(response.json())

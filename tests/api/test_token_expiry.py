"""Tokens expire: a player's token works DOMINO_TOKEN_DAYS (365 by default), and not a
moment longer, also on an instance that has it cached."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta

import httpx
import pytest

from service.app import create_app
from service.settings import Settings
from tests.api.conftest import ADMIN, ADMIN_TOKEN, bearer, running
from tests.conftest import Database


@asynccontextmanager
async def serve(database: Database, token_days: float | None) -> AsyncIterator[httpx.AsyncClient]:
    settings = Settings(bootstrap_token=ADMIN_TOKEN, pool_size=2, token_days=token_days)
    app = create_app(settings, database.app_dsn, run_projections=False)
    transport = httpx.ASGITransport(app=app)
    async with (
        running(app),
        httpx.AsyncClient(transport=transport, base_url="http://testserver.local") as client,
    ):
        yield client


async def write_as(client: httpx.AsyncClient, token: str) -> int:
    response = await client.post("/v1/players", json={"name": "Novo"}, headers=bearer(token))
    return response.status_code


def expiry(answer: httpx.Response) -> datetime:
    return datetime.fromisoformat(answer.json()["token_expires_at"])


async def test_a_new_token_says_when_it_expires_a_year_from_now_by_default(database: Database):
    async with serve(database, Settings().token_days) as client:
        before = datetime.now(UTC)
        registered = await client.post("/v1/players", json={"name": "Zé"}, headers=ADMIN)
        player = registered.json()
        renewed = await client.post(f"/v1/players/{player['id']}/tokens",
                                    headers=bearer(player["token"]))
        read = await client.get(f"/v1/players/{player['id']}")

    year = timedelta(days=365)
    assert before + year <= expiry(registered) <= datetime.now(UTC) + year
    assert expiry(registered) <= expiry(renewed) <= datetime.now(UTC) + year
    assert read.json()["token"] is None
    assert read.json()["token_expires_at"] is None  # only shown with the token itself


async def test_a_token_stops_working_when_it_expires_even_from_the_cache(database: Database):
    async with serve(database, token_days=3 / 86_400) as client:  # three seconds
        registered = await client.post("/v1/players", json={"name": "Zé"}, headers=ADMIN)
        token = registered.json()["token"]
        while_valid = await write_as(client, token)  # now in the instance's cache
        left = expiry(registered) - datetime.now(UTC)
        await asyncio.sleep(left.total_seconds() + 0.2)
        after = await client.post("/v1/players", json={"name": "Novo"}, headers=bearer(token))

    assert while_valid == 201
    assert after.status_code == 401
    assert after.json()["code"] == "invalid-token"


async def test_with_no_lifetime_tokens_never_expire(database: Database):
    async with serve(database, token_days=None) as client:
        registered = await client.post("/v1/players", json={"name": "Zé"}, headers=ADMIN)

    assert registered.json()["token"]
    assert registered.json()["token_expires_at"] is None


@pytest.mark.parametrize(("text", "days"), [
    ("365", 365.0), ("0.5", 0.5), ("0", None), ("never", None), (" Never ", None),
])
def test_the_token_lifetime_is_read_from_domino_token_days(
    monkeypatch: pytest.MonkeyPatch, text: str, days: float | None
) -> None:
    monkeypatch.setenv("DOMINO_TOKEN_DAYS", text)

    assert Settings.from_environment().token_days == days


def test_a_negative_token_lifetime_is_refused_at_start(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DOMINO_TOKEN_DAYS", "-1")

    with pytest.raises(ValueError, match="DOMINO_TOKEN_DAYS"):
        Settings.from_environment()

"""Issuing tokens: a player's token works DOMINO_TOKEN_DAYS (365 by default), and not a
moment longer, also on an instance that has it cached; a player's first token is issued
once, however many retries ask for it at the same time."""

from __future__ import annotations

import asyncio
from contextlib import AbstractAsyncContextManager
from datetime import UTC, datetime, timedelta

import asyncpg
import httpx
import pytest

from service.http.auth import FIRST_TOKEN_LOCK, Principal, Tokens, token_hash
from service.settings import Settings
from tests.api.conftest import ADMIN, ADMIN_TOKEN, bearer
from tests.api.conftest import serve as serve_with
from tests.api.test_tokens import listening, tokens_of, write_as
from tests.conftest import Database


def serve(
    database: Database, token_days: float | None
) -> AbstractAsyncContextManager[httpx.AsyncClient]:
    settings = Settings(bootstrap_token=ADMIN_TOKEN, pool_size=2, token_days=token_days)
    return serve_with(database, settings)


def expiry(answer: httpx.Response) -> datetime:
    return datetime.fromisoformat(answer.json()["token_expires_at"])


async def test_a_new_token_says_when_it_expires_a_year_from_now_by_default(
    database: Database,
) -> None:
    async with serve(database, Settings().token_days) as client:
        before = datetime.now(UTC)
        registered = await client.post("/v1/players", json={"name": "Zé"}, headers=ADMIN)
        player = registered.json()
        renewed = await client.post(
            f"/v1/players/{player['id']}/tokens", headers=bearer(player["token"])
        )
        read = await client.get(f"/v1/players/{player['id']}")

    year = timedelta(days=365)
    assert before + year <= expiry(registered) <= datetime.now(UTC) + year
    assert expiry(registered) <= expiry(renewed) <= datetime.now(UTC) + year
    assert read.json()["token"] is None
    assert read.json()["token_expires_at"] is None  # only shown with the token itself


async def test_a_token_stops_working_when_it_expires_even_from_the_cache(
    database: Database,
) -> None:
    async with serve(database, token_days=3 / 86_400) as client:  # three seconds
        await listening(client)  # an instance caches tokens only while it hears revocations
        registered = await client.post("/v1/players", json={"name": "Zé"}, headers=ADMIN)
        token = registered.json()["token"]
        while_valid = await write_as(client, token)
        assert token_hash(token) in tokens_of(client)._cache
        left = expiry(registered) - datetime.now(UTC)
        await asyncio.sleep(left.total_seconds() + 0.2)
        after = await client.post("/v1/players", json={"name": "Novo"}, headers=bearer(token))

    assert while_valid == 201
    assert after.status_code == 401
    assert after.json()["code"] == "invalid-token"


async def test_with_no_lifetime_tokens_never_expire(database: Database) -> None:
    async with serve(database, token_days=None) as client:
        registered = await client.post("/v1/players", json={"name": "Zé"}, headers=ADMIN)

    assert registered.json()["token"]
    assert registered.json()["token_expires_at"] is None


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("365", 365.0),
        ("0.5", 0.5),
        ("36500", 36_500.0),
        ("0", None),
        ("never", None),
        (" Never ", None),
    ],
)
def test_the_token_lifetime_is_read_from_domino_token_days(
    monkeypatch: pytest.MonkeyPatch, text: str, days: float | None
) -> None:
    monkeypatch.setenv("DOMINO_TOKEN_DAYS", text)

    assert Settings.from_environment().token_days == days


@pytest.mark.parametrize("text", ["-1", "abc", "nan", "inf", "1e400", "99999999", ""])
def test_a_token_lifetime_that_is_no_number_of_days_is_refused_at_start(
    monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    monkeypatch.setenv("DOMINO_TOKEN_DAYS", text or " ")

    with pytest.raises(ValueError, match="DOMINO_TOKEN_DAYS"):
        Settings.from_environment()


async def test_a_players_first_token_is_issued_once_to_concurrent_askers(
    database: Database,
) -> None:
    async with serve(database, Settings().token_days) as client:
        tokens: Tokens = tokens_of(client)
        other = await asyncpg.connect(database.app_dsn)
        try:
            async with other.transaction():  # another asker, mid-way through issuing
                await other.execute(
                    "SELECT pg_advisory_xact_lock($1, hashtext($2))",
                    FIRST_TOKEN_LOCK,
                    "a-new-player",
                )
                await other.execute(
                    "INSERT INTO tokens (token_hash, player_id) VALUES ($1, $2)",
                    token_hash("theirs"),
                    "a-new-player",
                )
                asking = asyncio.create_task(
                    tokens.issue_first("a-new-player", Principal(None, admin=True))
                )
                await asyncio.sleep(0.2)
        finally:
            await other.close()
        issued = await asking

    assert issued is None  # it waited for the other and found its token

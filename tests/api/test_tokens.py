"""Tokens: a player gets a new one, revokes a lost one; nobody else can do either."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import asyncpg
import httpx

from service.http.auth import CACHE_SECONDS, LISTENER_NAME, Tokens, token_hash
from service.http.web.rate_limits import Rate
from service.settings import Settings
from tests.api.conftest import ADMIN, ADMIN_TOKEN, Table, bearer, register, serve
from tests.api.play import assert_problem
from tests.conftest import Database


async def write_as(client: httpx.AsyncClient, token: str) -> int:
    response = await client.post("/v1/players", json={"name": "Novo"}, headers=bearer(token))
    return response.status_code


async def test_a_revoked_token_stops_working_at_once(client: httpx.AsyncClient) -> None:
    ze = await register(client, "Zé")

    revoked = await client.delete("/v1/tokens/current", headers=ze.auth)
    refused = await client.post("/v1/players", json={"name": "Novo"}, headers=ze.auth)

    assert revoked.status_code == 204
    assert refused.status_code == 401
    assert refused.json()["code"] == "invalid-token"


async def test_a_player_gets_a_new_token_and_both_work_until_the_old_is_revoked(
    client: httpx.AsyncClient,
) -> None:
    ze = await register(client, "Zé")

    issued = await client.post(f"/v1/players/{ze.id}/tokens", headers=ze.auth)
    new = issued.json()["token"]
    before = await write_as(client, ze.token)
    await client.delete("/v1/tokens/current", headers=ze.auth)

    assert issued.status_code == 201
    assert issued.headers["cache-control"] == "no-store"
    assert new
    assert new != ze.token
    assert before == 201
    assert await write_as(client, ze.token) == 401
    assert await write_as(client, new) == 201


async def test_only_the_player_or_an_administrator_gets_them_a_token(
    client: httpx.AsyncClient, table: Table
) -> None:
    ze = table.players[0]

    by_other = await client.post(f"/v1/players/{ze.id}/tokens", headers=table.outsider.auth)
    by_admin = await client.post(f"/v1/players/{ze.id}/tokens", headers=ADMIN)
    anonymous = await client.post(f"/v1/players/{ze.id}/tokens")

    assert by_other.status_code == 403
    assert by_admin.status_code == 201
    assert anonymous.status_code == 401


async def test_the_bootstrap_token_is_not_revoked_over_http(client: httpx.AsyncClient) -> None:
    response = await client.delete("/v1/tokens/current", headers=ADMIN)

    assert response.status_code == 422
    assert response.json()["code"] == "token-not-revocable"
    assert await write_as(client, ADMIN["Authorization"].split()[1]) == 201


async def test_a_token_revoked_through_one_instance_stops_working_on_another_at_once(
    database: Database,
) -> None:
    async with serve(database) as one, serve(database) as other:
        await listening(other)
        ze = await register(one, "Zé")
        for client in (one, other):
            assert await write_as(client, ze.token) == 201
        assert token_hash(ze.token) in tokens_of(other)._cache  # the other one cached it

        revoked = await one.delete("/v1/tokens/current", headers=ze.auth)
        # The cache trusts a token for CACHE_SECONDS (30); `until` gives up long before, so
        # the token leaves the other cache by the revocation's notice, not by expiring.
        digest = token_hash(ze.token)
        await until(lambda: digest not in tokens_of(other)._cache, "the notice of revocation")
        refused = await write_as(other, ze.token)

    assert revoked.status_code == 204
    assert refused == 401, "the other instance kept its cached token"
    assert CACHE_SECONDS > 10


async def until(condition: Callable[[], bool], what: str, seconds: float = 10) -> None:
    """Wait for what another task or instance does; a slow machine only waits longer."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"{what} did not happen in {seconds} s"
        await asyncio.sleep(0.01)


async def listening(client: httpx.AsyncClient) -> None:
    """Wait until the instance's revocation listener is connected."""
    await until(lambda: tokens_of(client)._listening, "listening for revocations")


def tokens_of(client: httpx.AsyncClient) -> Tokens:
    return client._transport.app.state.tokens  # type: ignore[attr-defined,no-any-return]


async def test_an_instance_whose_listener_is_cut_trusts_no_cached_token(database: Database) -> None:
    async with serve(database) as one, serve(database) as other:
        await listening(other)
        ze = await register(one, "Zé")
        assert await write_as(other, ze.token) == 201  # cached there
        await _cut_listener(database)
        await until(lambda: not tokens_of(other)._listening, "noticing the cut")

        revoked = await one.delete("/v1/tokens/current", headers=ze.auth)
        answer = await write_as(other, ze.token)

    assert revoked.status_code == 204
    assert answer == 401


async def test_a_lookup_that_read_a_token_before_its_revocation_does_not_cache_it(
    database: Database,
) -> None:
    async with serve(database) as one, serve(database) as other:
        await listening(other)
        ze = await register(one, "Zé")
        tokens = tokens_of(other)
        slow = SlowReads(tokens.pool)
        tokens.pool = slow  # type: ignore[assignment]
        lookup = asyncio.create_task(tokens.principal(ze.token))
        await slow.read.wait()  # it has read the token as valid, and is not done yet
        heard = tokens._generation  # moved already by the listener's connection
        assert (await one.delete("/v1/tokens/current", headers=ze.auth)).status_code == 204
        await until(lambda: tokens._generation > heard, "the revocation reaching the other")
        slow.hold.set()
        assert await lookup is not None  # what it read before the revocation
        tokens.pool = slow.pool

        assert token_hash(ze.token) not in tokens._cache
        assert await write_as(other, ze.token) == 401


class SlowReads:
    """A pool whose reads wait, once they have read, until the test lets them answer."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool
        self.read = asyncio.Event()
        self.hold = asyncio.Event()

    async def fetchrow(self, *args: Any) -> Any:
        row = await self.pool.fetchrow(*args)
        self.read.set()
        await self.hold.wait()
        return row


async def _cut_listener(database: Database) -> None:
    owner = await asyncpg.connect(database.owner_dsn)
    try:
        cut = await owner.fetchval(
            "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity"
            " WHERE application_name = $1 AND pid <> pg_backend_pid()"
            " ORDER BY backend_start DESC LIMIT 1",
            LISTENER_NAME,
        )
    finally:
        await owner.close()
    assert cut


async def test_a_lookup_spanning_a_listener_reconnect_caches_nothing(database: Database) -> None:
    """A lookup starts while the instance is not listening and reads the token as valid;
    the token is revoked (nobody hears it); the listener reconnects; the lookup ends: what
    it read is not cached, and the revoked token is refused there at once."""
    async with serve(database) as one, serve(database) as other:
        await listening(other)
        ze = await register(one, "Zé")
        tokens = tokens_of(other)
        await _cut_listener(database)
        await until(lambda: not tokens._listening, "noticing the cut")

        slow = SlowReads(tokens.pool)
        tokens.pool = slow  # type: ignore[assignment]
        lookup = asyncio.create_task(tokens.principal(ze.token))
        await slow.read.wait()  # read as valid, before the revocation
        assert (await one.delete("/v1/tokens/current", headers=ze.auth)).status_code == 204
        await until(lambda: tokens._listening, "the listener reconnecting")
        slow.hold.set()
        assert await lookup is not None
        tokens.pool = slow.pool

        cached = token_hash(ze.token) in tokens._cache
        answer = await write_as(other, ze.token)

    assert (cached, answer) == (False, 401)


async def test_a_player_revokes_every_token_but_the_one_they_send(
    client: httpx.AsyncClient,
) -> None:
    """A token lost (or stolen): the player issues a new one and, with it, revokes every
    other, on every instance; an administrator revokes them all; nobody else may."""
    ze = await register(client, "Zé")
    others = []
    for _ in range(2):
        issued = await client.post(f"/v1/players/{ze.id}/tokens", headers=ze.auth)
        assert issued.status_code == 201, issued.text
        others.append(issued.json()["token"])
    bia = await register(client, "Bia")
    kept = others[-1]

    refused = await client.delete(f"/v1/players/{ze.id}/tokens", headers=bia.auth)
    revoked = await client.delete(f"/v1/players/{ze.id}/tokens", headers=bearer(kept))

    assert_problem(refused, 403, "forbidden")
    assert (revoked.status_code, revoked.json()) == (200, {"revoked": 2})
    assert [await write_as(client, t) for t in (ze.token, others[0], kept)] == [401, 401, 201]
    by_admin = await client.delete(f"/v1/players/{ze.id}/tokens", headers=ADMIN)
    assert by_admin.json() == {"revoked": 1}
    assert await write_as(client, kept) == 401
    assert await write_as(client, bia.token) == 201


async def test_a_thief_spending_a_stolen_tokens_allowance_cannot_stop_its_revocation(
    database: Database,
) -> None:
    """The thief keeps the token's (and its player's) write allowance spent: a revocation is
    charged to the address it comes from alone, so the owner's goes through."""
    settings = Settings(
        bootstrap_token=ADMIN_TOKEN,
        pool_size=5,
        rate_writes_per_token=Rate(3, 60),
        rate_writes_per_player=Rate(3, 60),
    )
    async with serve(database, settings) as client:
        ze = await register(client, "Zé")
        stolen = bearer(ze.token)
        for n in range(4):  # the thief, with the token Zé also holds
            await client.post("/v1/players", json={"name": f"Sybil {n}"}, headers=stolen)
        spent = await client.post("/v1/players", json={"name": "Sybil"}, headers=stolen)
        everyone = await client.delete(f"/v1/players/{ze.id}/tokens", headers=ze.auth)
        revoked = await client.delete("/v1/tokens/current", headers=ze.auth)
        still = await client.get(f"/v1/players/{ze.id}/data", headers=stolen)

    assert spent.status_code == 429
    assert (everyone.status_code, revoked.status_code, still.status_code) == (200, 204, 401)

"""The rate limits' holes of issue 18, closed: a flood of bad tokens spends a bucket of its
own, not the allowance of the players behind its address; a player's tokens share one
allowance, and a player holds a bounded number of them; an import is charged per line; a
forwarded address counts only from a trusted proxy."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import asyncpg
import httpx
import msgspec
import pytest

from service.http.auth import LISTENER_NAME, Principal, token_hash
from service.http.web.rate_limits import Rate
from service.settings import Settings
from tests.api.conftest import ADMIN, ADMIN_TOKEN, Player, bearer, register, serve
from tests.api.test_tokens import listening, tokens_of, until
from tests.conftest import Database


@asynccontextmanager
async def limited(database: Database, **limits: object) -> AsyncIterator[httpx.AsyncClient]:
    settings = Settings(bootstrap_token=ADMIN_TOKEN, pool_size=5, **limits)  # type: ignore[arg-type]
    async with serve(database, settings) as client:
        yield client


async def last_position(client: httpx.AsyncClient) -> int:
    return int((await client.get("/health")).json()["last_position"])


async def four(client: httpx.AsyncClient) -> list[Player]:
    return [await register(client, name) for name in ("Zé", "Ana", "Tião", "Bia")]


def new_game(players: list[Player]) -> dict[str, object]:
    return {"rules": {"preset": "pontos"}, "seats": [p.id for p in players]}


async def test_a_flood_of_bad_tokens_does_not_lock_out_the_players_of_its_address(
    database: Database,
) -> None:
    async with limited(
        database, rate_writes_per_address=Rate(5, 60), rate_refused_per_address=Rate(3, 60)
    ) as client:
        players = await four(client)
        zé = players[0]
        first = await client.post("/v1/matches", json=new_game(players), headers=zé.auth)
        flood = [
            await client.post("/v1/matches", json=new_game(players), headers=headers)
            for headers in [bearer(f"guess-{n}") for n in range(20)] + [{}] * 5
        ]
        after = [
            await client.post("/v1/matches", json=new_game(players), headers=zé.auth)
            for _ in range(5)
        ]

    assert first.status_code == 201
    assert [a.status_code for a in flood] == [401] * 3 + [429] * 22
    assert flood[-1].json()["code"] == "rate-limited"
    assert "without a valid token" in flood[-1].json()["detail"]
    assert [a.status_code for a in after] == [201] * 4 + [429], "the address's own 5"


async def test_a_players_tokens_share_one_allowance(database: Database) -> None:
    async with limited(database, rate_writes_per_player=Rate(5, 60)) as client:
        players = await four(client)
        zé = players[0]
        tokens = [zé.token]
        for _ in range(2):  # two writes of the five
            issued = await client.post(f"/v1/players/{zé.id}/tokens", headers=zé.auth)
            assert issued.status_code == 201, issued.text
            tokens.append(issued.json()["token"])
        writes = [
            await client.post("/v1/matches", json=new_game(players), headers=bearer(token))
            for token in tokens * 2
        ]
        others = await client.post("/v1/matches", json=new_game(players), headers=players[1].auth)

    assert [w.status_code for w in writes] == [201] * 3 + [429] * 3
    assert writes[3].headers["ratelimit-limit"] == "5"
    assert others.status_code == 201, "another player's allowance is their own"


async def test_a_player_holds_at_most_the_live_tokens_allowed(database: Database) -> None:
    async with limited(database, max_tokens_per_player=3) as client:
        zé = await register(client, "Zé")  # one live token
        issued = [
            await client.post(f"/v1/players/{zé.id}/tokens", headers=zé.auth) for _ in range(3)
        ]
        revoked = await client.delete("/v1/tokens/current", headers=zé.auth)
        after_revoking = await client.post(
            f"/v1/players/{zé.id}/tokens", headers=bearer(issued[0].json()["token"])
        )
        by_an_administrator = await client.post(f"/v1/players/{zé.id}/tokens", headers=ADMIN)

    assert [i.status_code for i in issued] == [201, 201, 409]
    refused = issued[2]
    assert refused.headers["content-type"].startswith("application/problem+json")
    assert refused.json()["code"] == "too-many-tokens"
    assert "token" not in refused.json()
    assert revoked.status_code == 204
    assert after_revoking.status_code == 201, "a revoked token no longer counts"
    assert by_an_administrator.status_code == 201, "a player who lost theirs gets one"


async def test_an_import_is_charged_one_write_per_line(database: Database) -> None:
    async with limited(
        database, rate_writes_per_token=Rate(5, 60), rate_refused_per_address=Rate(5, 60)
    ) as client:
        players = await four(client)
        zé = players[0]

        def lines(*keys: str) -> bytes:
            return b"\n".join(
                msgspec.json.encode({"key": key, **new_game(players)}) for key in keys
            )

        three = await client.post(
            "/v1/imports/games", content=lines("a", "b", "c"), headers=zé.auth
        )
        before = await last_position(client)
        three_more = await client.post(
            "/v1/imports/games", content=lines("d", "e", "f"), headers=zé.auth
        )
        six = await client.post(
            "/v1/imports/games", content=lines(*"ghijkl"), headers=bearer(players[1].token)
        )
        after = await last_position(client)
        anonymous = await client.post("/v1/imports/games", content=lines(*"mnopqr"))

    assert three.status_code == 200, three.text
    assert three.json()["imported"] == 3
    assert three.headers["ratelimit-remaining"] == "2"
    assert three_more.status_code == 429
    assert three_more.json()["code"] == "rate-limited"
    assert int(three_more.headers["retry-after"]) >= 12, "3 writes when 2 are left: 1 more"
    assert three_more.headers["ratelimit-remaining"] == "2", "a refused import costs nothing"
    assert six.status_code == 413, "more lines than a whole allowance"
    assert six.json()["code"] == "too-many-lines"
    assert after == before, "nothing was written"
    assert anonymous.status_code == 401, "refused whole, before a line is read"
    assert anonymous.json()["code"] == "unauthorized"


@pytest.mark.parametrize(
    ("trusted", "fresh"), [(("127.0.0.1",), True), (("10.0.0.0/8",), False), ((), False)]
)
async def test_a_forwarded_address_counts_only_from_a_trusted_proxy(
    database: Database, trusted: tuple[str, ...], fresh: bool
) -> None:
    """The test client connects from 127.0.0.1: a proxy there is believed only when listed."""
    async with limited(
        database, rate_registrations_per_address=Rate(2, 3600), trusted_proxies=trusted
    ) as client:
        zé = await register(client, "Zé")

        async def registration(name: str, client_address: str) -> int:
            headers = {**zé.auth, "X-Forwarded-For": client_address}
            answer = await client.post("/v1/players", json={"name": name}, headers=headers)
            return answer.status_code

        statuses = [await registration(f"P{n}", "203.0.113.1") for n in range(3)]
        elsewhere = await registration("Q", "203.0.113.2")

    assert statuses == [201, 201, 429]
    assert elsewhere == (201 if fresh else 429)


def test_the_new_limits_are_read_from_the_environment_and_bad_ones_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    defaults = Settings.from_environment()
    monkeypatch.setenv("DOMINO_TRUSTED_PROXIES", " 10.0.0.0/8, 192.168.1.7 ,::1")
    monkeypatch.setenv("DOMINO_MAX_TOKENS_PER_PLAYER", "off")
    monkeypatch.setenv("DOMINO_RATE_REFUSED_PER_ADDRESS", "10/minute")
    monkeypatch.setenv("DOMINO_RATE_WRITES_PER_PLAYER", "off")
    configured = Settings.from_environment()

    assert defaults.trusted_proxies == ()
    assert defaults.max_tokens_per_player == 10
    assert defaults.rate_writes_per_player == Rate(300, 60)
    assert defaults.rate_refused_per_address == Rate(60, 60)
    assert configured.trusted_proxies == ("10.0.0.0/8", "192.168.1.7/32", "::1/128")
    assert configured.max_tokens_per_player is None
    assert configured.rate_refused_per_address == Rate(10, 60)
    assert configured.rate_writes_per_player is None
    for variable, bad in [
        ("DOMINO_TRUSTED_PROXIES", "*"),
        ("DOMINO_TRUSTED_PROXIES", "proxy.example"),
        ("DOMINO_MAX_TOKENS_PER_PLAYER", "0"),
        ("DOMINO_MAX_TOKENS_PER_PLAYER", "many"),
    ]:
        monkeypatch.setenv(variable, bad)
        with pytest.raises(ValueError, match=variable):
            Settings.from_environment()
        monkeypatch.delenv(variable)


async def test_a_flood_of_bad_tokens_does_not_lock_out_a_player_this_process_has_not_seen(
    database: Database,
) -> None:
    """Once an address's refused writes are spent, a token this process has not seen valid is
    looked up only when it may be live (a filter of every live token, as every instance
    knows it): a guessed one is still refused unlooked, while a player registered meanwhile,
    one this process never saw (a restart), or one issued on another instance, is served."""
    limits = {"rate_writes_per_address": Rate(100, 60), "rate_refused_per_address": Rate(3, 60)}
    settings = Settings(bootstrap_token=ADMIN_TOKEN, pool_size=5, **limits)  # type: ignore[arg-type]
    async with serve(database, settings) as first:
        known = await register(first, "Zé")  # registered before the restart below
    async with serve(database, settings) as client, serve(database, settings) as other:
        await listening(client)
        await listening(other)
        flood = [
            await client.post("/v1/players", json={"name": "x"}, headers=bearer(f"guess-{n}"))
            for n in range(5)
        ]
        newcomer = await register(client, "Ana")  # by the administrator, not limited
        elsewhere = await register(other, "Bia")  # issued on the other instance
        await until(
            lambda: tokens_of(client).live.may_hold(token_hash(elsewhere.token)),
            "the other instance's issue heard",
        )
        served = [
            await client.patch(f"/v1/players/{p.id}", json={"name": f"{n}"}, headers=p.auth)
            for n, p in enumerate((newcomer, known, elsewhere))
        ]
        guessed = await client.post("/v1/players", json={"name": "x"}, headers=bearer("guess-9"))

    assert [f.status_code for f in flood] == [401] * 3 + [429] * 2
    assert [s.status_code for s in served] == [200, 200, 200]
    assert guessed.status_code == 429


async def fill_tokens(database: Database, count: int) -> None:
    """`count` live tokens of other players (a big service's table)."""
    owner = await asyncpg.connect(database.owner_dsn)
    try:
        await owner.execute(
            "INSERT INTO tokens (token_hash, player_id, expires_at)"
            " SELECT sha256(('filler-' || n)::bytea), 'player-filler-' || (n % 1000), NULL"
            " FROM generate_series(1, $1) AS n",
            count,
        )
    finally:
        await owner.close()


async def spend_refused(client: httpx.AsyncClient) -> None:
    for n in range(3):  # the address's refused writes: spent
        answer = await client.post("/v1/players", json={"name": "x"}, headers=bearer(f"g{n}"))
        assert answer.status_code == 401


class CountingPool:
    """The tokens' pool, counting the lookups (`fetchrow`) that reach the database."""

    def __init__(self, pool: Any) -> None:
        self._pool = pool
        self.lookups = 0

    async def fetchrow(self, *args: Any, **kwargs: Any) -> Any:
        self.lookups += 1
        return await self._pool.fetchrow(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._pool, name)


async def test_a_token_issued_while_the_listener_loads_is_served(
    database: Database,
) -> None:
    """A token committed after the load's snapshot, whose notice reaches the listener before
    the load returns, is in the filter the load makes (or it would be refused unlooked
    from an address whose refused writes are spent, until the next load)."""
    await fill_tokens(database, 600_000)
    settings = limited_settings()
    async with serve(database, settings) as other:
        await listening(other)
        ana = await register(other, "Ana")
        owner = await asyncpg.connect(database.owner_dsn)
        try:
            async with serve(database, settings) as client:
                deadline = time.monotonic() + 30
                while not await owner.fetchval(  # the listener's load, running
                    "SELECT EXISTS (SELECT FROM pg_stat_activity WHERE application_name = $1"
                    " AND state = 'active' AND query LIKE 'SELECT token_hash FROM tokens%')",
                    LISTENER_NAME,
                ):
                    assert time.monotonic() < deadline, "the load was never seen running"
                    await asyncio.sleep(0.005)
                issued = await tokens_of(other).issue(
                    ana.id, Principal(None, admin=True)
                )  # the other instance
                await listening(client)
                await asyncio.sleep(0.5)  # any notice still on its way: heard
                held = tokens_of(client).live.may_hold(token_hash(issued.token))
                await spend_refused(client)
                answer = await client.patch(
                    f"/v1/players/{ana.id}", json={"name": "Ana B"}, headers=bearer(issued.token)
                )
        finally:
            await owner.close()
    assert (held, answer.status_code) == (True, 200), (held, answer.status_code, answer.text)


async def test_a_flood_while_the_listener_reconnects_costs_no_lookup(database: Database) -> None:
    """While the listener is down (or loading), the filter it loaded last still stands: a
    flood of guessed tokens from an address whose refused writes are spent is refused
    unlooked, listening or not."""
    async with serve(database, limited_settings()) as client:
        await listening(client)
        await spend_refused(client)
        tokens = tokens_of(client)
        counting = CountingPool(tokens.pool)
        tokens.pool = counting  # type: ignore[assignment]
        owner = await asyncpg.connect(database.owner_dsn)
        try:  # the listener's connection cut (a failover, a restart of PostgreSQL's)
            assert await owner.fetchval(
                "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity"
                " WHERE application_name = $1",
                LISTENER_NAME,
            )
        finally:
            await owner.close()
        await until(lambda: not tokens._listening, "noticing the cut")
        flood = [
            await client.post("/v1/players", json={"name": "x"}, headers=bearer(f"guess-{n}"))
            for n in range(20)
        ]
    assert [a.status_code for a in flood] == [429] * 20
    assert counting.lookups == 0, f"{counting.lookups} guessed tokens looked up"


def limited_settings() -> Settings:
    limits = {"rate_writes_per_address": Rate(1000, 60), "rate_refused_per_address": Rate(3, 60)}
    return Settings(bootstrap_token=ADMIN_TOKEN, pool_size=5, **limits)  # type: ignore[arg-type]

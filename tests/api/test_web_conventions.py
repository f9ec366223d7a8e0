"""The API as browser and mobile clients expect it: CORS, compressed answers, ETag and 304,
rate limits with their headers."""

from __future__ import annotations

import asyncio
import gzip
import random
import time
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest

from service.app import create_app
from service.http.web.rate_limits import Rate
from service.settings import Settings
from tests.api.conftest import (
    ADMIN,
    ADMIN_TOKEN,
    ADMINISTRATOR,
    Table,
    new_match,
    register,
    running,
    serve,
)
from tests.api.feed import feed_scope
from tests.api.play import Game, create_game, next_move, sorted_deal
from tests.conftest import Database

SITE = "https://clube.example"
APP = "https://app.clube.example"


@pytest.fixture
async def configured(database: Database) -> AsyncIterator[httpx.AsyncClient]:
    """Browsers on APP may write; writes are limited to 3 a minute per token, and
    registrations to 2 an hour per address."""
    settings = Settings(
        bootstrap_token=ADMIN_TOKEN,
        cors_origins=(APP,),
        rate_writes_per_token=Rate(3, 60),
        rate_writes_per_address=Rate(1000, 60),
        rate_registrations_per_address=Rate(2, 3600),
    )
    async with serve(database, settings) as client:
        yield client


async def test_any_origin_may_read(client: httpx.AsyncClient) -> None:
    response = await client.get("/v1/rankings", headers={"Origin": SITE})

    assert response.status_code == 200
    assert response.headers["access-control-allow-origin"] == "*"
    exposed = response.headers["access-control-expose-headers"]
    assert "ETag" in exposed
    assert "RateLimit-Remaining" in exposed


async def test_a_browser_write_from_an_origin_not_listed_is_not_let_through(
    client: httpx.AsyncClient,
) -> None:
    preflight = await client.options(
        "/v1/matches",
        headers={
            "Origin": SITE,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "authorization, content-type",
        },
    )
    read_preflight = await client.options(
        "/v1/rankings", headers={"Origin": SITE, "Access-Control-Request-Method": "GET"}
    )

    assert preflight.status_code == 204
    assert "access-control-allow-origin" not in preflight.headers
    assert read_preflight.headers["access-control-allow-origin"] == "*"
    assert "POST" not in read_preflight.headers["access-control-allow-methods"]


async def test_a_listed_origin_may_write(configured: httpx.AsyncClient) -> None:
    preflight = await configured.options(
        "/v1/players",
        headers={
            "Origin": APP,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "authorization, content-type, idempotency-key",
        },
    )
    written = await configured.post(
        "/v1/players", json={"name": "Zé"}, headers={**ADMIN, "Origin": APP}
    )

    assert preflight.status_code == 204
    assert preflight.headers["access-control-allow-origin"] == APP
    assert "POST" in preflight.headers["access-control-allow-methods"]
    assert "Idempotency-Key" in preflight.headers["access-control-allow-headers"]
    assert "access-control-allow-credentials" not in preflight.headers
    assert written.status_code == 201
    assert written.headers["access-control-allow-origin"] == APP
    assert "Origin" in written.headers["vary"]


async def test_a_listed_origin_may_revoke_its_token_from_a_browser(
    configured: httpx.AsyncClient,
) -> None:
    preflight = await configured.options(
        "/v1/tokens/current",
        headers={
            "Origin": APP,
            "Access-Control-Request-Method": "DELETE",
            "Access-Control-Request-Headers": "authorization",
        },
    )

    assert preflight.headers["access-control-allow-origin"] == APP
    assert "DELETE" in preflight.headers["access-control-allow-methods"].split(", ")


async def test_large_answers_are_gzipped_for_clients_that_accept_it(
    client: httpx.AsyncClient,
) -> None:
    for n in range(40):
        await register(client, f"Jogador {n}")
    names = {f"Jogador {n}" for n in range(40)}
    listed = await until(client, "/v1/players?limit=200", lambda b: len(b["players"]) >= 40)

    plain = await client.get("/v1/players?limit=200", headers={"Accept-Encoding": "identity"})
    zipped = await client.get("/v1/players?limit=200", headers={"Accept-Encoding": "gzip"})
    raw = await client.send(
        client.build_request("GET", "/v1/players?limit=200", headers={"Accept-Encoding": "gzip"}),
        stream=True,
    )
    compressed = b"".join([chunk async for chunk in raw.aiter_raw()])

    assert "content-encoding" not in plain.headers
    assert zipped.headers["content-encoding"] == "gzip"
    assert zipped.json() == plain.json() == listed
    assert names <= {p["name"] for p in zipped.json()["players"]}
    assert gzip.decompress(compressed) == plain.content
    assert len(compressed) < len(plain.content) / 3
    assert "Accept-Encoding" in zipped.headers["vary"]


async def test_a_small_answer_is_not_compressed(client: httpx.AsyncClient) -> None:
    response = await client.get("/v1/rankings", headers={"Accept-Encoding": "gzip"})
    assert len(response.content) < 1024
    assert "content-encoding" not in response.headers


async def test_a_read_answers_304_until_it_changes(client: httpx.AsyncClient) -> None:
    first = await client.get("/v1/players")
    tag = first.headers["etag"]
    again = await client.get("/v1/players", headers={"If-None-Match": tag})
    weakly = await client.get("/v1/players", headers={"If-None-Match": f"W/{tag}"})
    listed = await client.get("/v1/players", headers={"If-None-Match": f'"other", {tag}'})
    anything = await client.get("/v1/players", headers={"If-None-Match": "*"})
    stale = await client.get("/v1/players", headers={"If-None-Match": '"other"'})

    assert first.headers["cache-control"] == "no-cache"
    assert tag[0] == tag[-1] == '"', "a strong tag"
    assert (again.status_code, again.content, again.headers["etag"]) == (304, b"", tag)
    assert weakly.status_code == listed.status_code == anything.status_code == 304
    assert stale.status_code == 200

    await register(client, "Novo")
    changed = await until(
        client, "/v1/players", lambda b: len(b["players"]) > len(first.json()["players"])
    )
    after = await client.get("/v1/players", headers={"If-None-Match": tag})
    assert changed == after.json()
    assert after.status_code == 200
    assert after.headers["etag"] != tag


async def test_a_game_is_tagged_with_its_version_and_answers_304(
    client: httpx.AsyncClient, table: Table
) -> None:
    game = await new_match(client, table)
    path = f"/v1/matches/{game['id']}"
    response = await client.get(path, headers=ADMIN)
    unchanged = await client.get(path, headers={**ADMIN, "If-None-Match": '"1"'})

    assert response.headers["etag"] == '"1"'
    assert unchanged.status_code == 304
    await client.post(f"{path}/hands", json={"deal": "server"}, headers=ADMIN)
    moved = await client.get(
        path, headers={**ADMIN, "If-None-Match": '"1"', "Accept-Encoding": "identity"}
    )
    assert moved.status_code == 200
    assert moved.headers["etag"] == '"2"'


async def test_writes_past_the_limit_are_refused_with_429_and_change_nothing(
    configured: httpx.AsyncClient,
) -> None:
    players = [await register(configured, name) for name in ("Zé", "Ana", "Tião", "Bia")]
    zé = players[0]
    body = {"rules": {"preset": "pontos"}, "seats": [p.id for p in players]}
    answers = [await configured.post("/v1/matches", json=body, headers=zé.auth) for _ in range(4)]
    created = [a.json()["id"] for a in answers if a.status_code == 201]
    listed = await until(
        configured, f"/v1/players/{zé.id}/matches", lambda b: len(b["matches"]) >= 3
    )

    assert [a.status_code for a in answers] == [201, 201, 201, 429]
    assert [a.headers["ratelimit-remaining"] for a in answers] == ["2", "1", "0", "0"]
    refused = answers[-1]
    assert refused.headers["content-type"].startswith("application/problem+json")
    assert refused.json()["code"] == "rate-limited"
    assert 1 <= int(refused.headers["retry-after"]) <= 20, "a write every 20 s"
    assert refused.headers["ratelimit-limit"] == "3"
    assert int(refused.headers["ratelimit-reset"]) <= 60
    assert sorted(m["id"] for m in listed["matches"]) == sorted(created), "nothing more made"


async def test_one_limit_counts_the_writes_of_every_route(
    configured: httpx.AsyncClient,
) -> None:
    """A game, a deal and a move: three routes, one bucket (3 writes a minute per token)."""
    players = [await register(configured, name) for name in ("Zé", "Ana", "Tião", "Bia")]
    zé = players[0]
    body = {"rules": {"preset": "pontos"}, "seats": [p.id for p in players]}
    created = await configured.post("/v1/matches", json=body, headers=zé.auth)
    game = f"/v1/matches/{created.json()['id']}"
    dealt = await configured.post(f"{game}/hands", json={"deal": "server"}, headers=zé.auth)
    move = {"seat": 0, "tile": "6-6"}  # played or refused by the rules: a write all the same
    answers = [await configured.post(f"{game}/moves", json=move, headers=zé.auth) for _ in "ab"]

    assert [created.status_code, dealt.status_code] == [201, 201]
    assert [created.headers["ratelimit-remaining"], dealt.headers["ratelimit-remaining"]] == [
        "2",
        "1",
    ]
    assert answers[0].headers["ratelimit-remaining"] == "0"
    assert answers[0].status_code != 429, "the third write is allowed"
    assert answers[1].status_code == 429, "the fourth is not"
    assert answers[1].json()["code"] == "rate-limited"


async def test_registrations_have_a_tighter_limit_per_address(
    configured: httpx.AsyncClient,
) -> None:
    someone = await register(configured, "Organizador")  # by the administrator: not limited
    answers = [
        await configured.post("/v1/players", json={"name": f"Novo {n}"}, headers=someone.auth)
        for n in range(3)
    ]
    listed = await until(configured, "/v1/players?limit=50", lambda b: len(b["players"]) >= 3)

    assert [a.status_code for a in answers] == [201, 201, 429]
    assert answers[2].json()["code"] == "rate-limited"
    assert int(answers[2].headers["retry-after"]) > 60, "one registration per half hour"
    assert "Novo 2" not in {p["name"] for p in listed["players"]}


async def test_the_administrator_and_reads_are_not_limited(
    configured: httpx.AsyncClient,
) -> None:
    for n in range(6):
        assert (
            await configured.post("/v1/players", json={"name": f"P{n}"}, headers=ADMIN)
        ).status_code == 201
    for _ in range(10):
        response = await configured.get("/v1/rankings")
        assert response.status_code == 200
        assert "ratelimit-limit" not in response.headers


async def test_a_200_row_ranking_is_gzipped_and_polled_with_its_etag(
    client: httpx.AsyncClient,
) -> None:
    await asyncio.gather(*(confirmed_game(client, f"Mesa {t}") for t in range(50)))
    path = "/v1/rankings?limit=200"
    ranking = await until(client, path, lambda b: len(b["rows"]) >= 200)

    plain = await client.get(path, headers={"Accept-Encoding": "identity"})
    raw = await client.send(
        client.build_request("GET", path, headers={"Accept-Encoding": "gzip"}), stream=True
    )
    compressed = b"".join([chunk async for chunk in raw.aiter_raw()])
    tag = raw.headers["etag"]
    print(f"\n200-row ranking: {len(plain.content)} bytes plain, {len(compressed)} gzipped")

    assert plain.json() == ranking
    assert len(ranking["rows"]) == 200
    assert raw.headers["content-encoding"] == "gzip"
    assert gzip.decompress(compressed) == plain.content
    assert len(compressed) < len(plain.content) / 4
    assert tag == plain.headers["etag"][:-1] + '-gzip"', "the plain tag, for its gzipped bytes"
    unchanged = await client.get(path, headers={"If-None-Match": tag})
    assert (unchanged.status_code, unchanged.content) == (304, b"")
    assert unchanged.headers["etag"] == tag

    await confirmed_game(client, "Mesa nova")
    # all four of its players, not the first batch the projection folded of them
    changed = await until(client, path, lambda b: b["total"] == ranking["total"] + 4)
    after = await client.get(path, headers={"If-None-Match": tag})
    assert after.status_code == 200
    assert after.json() == changed
    assert after.headers["etag"] not in (tag, plain.headers["etag"])


async def test_csv_answers_are_tagged_too(client: httpx.AsyncClient) -> None:
    registered = await client.post("/v1/players", json={"name": "Zé"}, headers=ADMIN)
    written = int(registered.headers["domino-position"])
    report = f"/v1/players/{registered.json()['id']}/report?since=2026-01-01&until=2026-02-01"
    await until(client, report, lambda b: b["as_of_position"] >= written)  # folded: it stays
    path = f"{report}&format=csv"
    first = await client.get(path)
    again = await client.get(path, headers={"If-None-Match": first.headers["etag"]})

    assert first.headers["content-type"].startswith("text/csv")
    assert first.content
    assert again.status_code == 304
    assert again.headers["etag"] == first.headers["etag"]


async def test_a_gzipped_game_tag_is_taken_as_if_match(
    client: httpx.AsyncClient, table: Table
) -> None:
    game = Game(client, table, (await new_match(client, table))["id"])
    await game.ok("hands", sorted_deal("pontos"), ADMINISTRATOR)  # who posts a deal sees it
    seen = await client.get(game.url(), headers={**ADMIN, "Accept-Encoding": "gzip"})
    stale = await game.post(
        "moves", next_move(seen.json(), random.Random(1)), ADMINISTRATOR, **{"If-Match": '"1-gzip"'}
    )
    moved = await game.post(
        "moves",
        next_move(seen.json(), random.Random(1)),
        ADMINISTRATOR,
        **{"If-Match": seen.headers["etag"]},
    )

    assert seen.headers["content-encoding"] == "gzip"
    assert seen.headers["etag"] == '"2-gzip"'
    assert stale.status_code == 409
    assert moved.status_code == 201, moved.text


async def test_the_live_feed_is_sent_as_it_comes_neither_compressed_nor_tagged(
    database: Database,
) -> None:
    app = create_app(Settings(bootstrap_token=ADMIN_TOKEN), database.app_dsn)
    asked = ((b"accept-encoding", b"gzip"), (b"if-none-match", b"*"), (b"origin", SITE.encode()))
    scope = feed_scope(headers=asked)
    sent: list[dict[str, Any]] = []
    first_body = asyncio.Event()

    async def receive() -> dict[str, Any]:
        await asyncio.Event().wait()  # the client never leaves: the test stops the stream
        raise AssertionError

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)
        if message["type"] == "http.response.body":
            first_body.set()

    async with running(app):
        feed = asyncio.create_task(app(scope, receive, send))  # type: ignore[arg-type]
        await asyncio.wait_for(first_body.wait(), 10)
        feed.cancel()
        await asyncio.gather(feed, return_exceptions=True)

    start, body = sent[0], sent[1]
    headers = {bytes(n).lower(): bytes(v) for n, v in start["headers"]}
    assert start["status"] == 200
    assert headers[b"content-type"].startswith(b"text/event-stream")
    assert b"content-encoding" not in headers
    assert b"etag" not in headers
    assert headers[b"access-control-allow-origin"] == b"*"
    assert body["more_body"] is True
    assert b"keep-alive" in body["body"]


def test_rate_limits_are_read_from_the_environment_and_bad_ones_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DOMINO_RATE_WRITES_PER_TOKEN", "off")
    monkeypatch.setenv("DOMINO_RATE_REGISTRATIONS_PER_ADDRESS", "5/hour")
    settings = Settings.from_environment()
    assert settings.rate_writes_per_token is None
    assert settings.rate_registrations_per_address == Rate(5, 3600)
    assert settings.rate_writes_per_address == Rate(1200, 60), "the default"

    monkeypatch.setenv("DOMINO_RATE_WRITES_PER_ADDRESS", "lots")
    with pytest.raises(ValueError, match="DOMINO_RATE_WRITES_PER_ADDRESS"):
        Settings.from_environment()


async def confirmed_game(client: httpx.AsyncClient, name: str) -> None:
    """Four new players win and lose one game of pontos, each confirming it (their own
    consent: it counts for all four)."""
    players = [await register(client, f"{name} {seat}") for seat in range(4)]
    table = Table(players, ADMINISTRATOR, ADMINISTRATOR)
    game = await create_game(client, table)
    await game.win_by_results("pontos")
    for player in players:
        await game.ok("confirmations", {}, by=player)


async def until(client: httpx.AsyncClient, path: str, done: object) -> dict[str, Any]:
    """Poll until the projections show `done`: a busy machine only waits longer."""
    assert callable(done)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        body: dict[str, Any] = (await client.get(path)).json()
        if done(body):
            return body
        await asyncio.sleep(0.05)
    raise AssertionError(f"{path} never reached the expected state")

"""Every read of the service, as text, for a test to search for an erased name: the API's
reads, the live stream, the pages, the exports, the reports; and a dump of the database."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
from typing import Any, cast

import httpx

from service.store.embedded import BIN
from tests.api.conftest import Player
from tests.api.feed import feed_scope

PG_BIN = BIN  # the wheel's, located without importing it (its import warns)


async def live_stream(client: httpx.AsyncClient) -> str:
    """`/v1/events/stream` from the first event until it has caught up (its keep-alive)."""
    app = cast(Any, client._transport).app
    scope = feed_scope(b"after=0")
    chunks: list[bytes] = []
    caught_up = asyncio.Event()

    async def receive() -> dict[str, Any]:
        await asyncio.Event().wait()
        raise AssertionError

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.body":
            chunks.append(bytes(message.get("body", b"")))
            if b"keep-alive" in chunks[-1]:
                caught_up.set()

    feed = asyncio.create_task(app(scope, receive, send))
    try:
        await asyncio.wait_for(caught_up.wait(), 20)
    finally:
        feed.cancel()
        await asyncio.gather(feed, return_exceptions=True)
    return b"".join(chunks).decode()


async def every_read(
    client: httpx.AsyncClient, player: Player, games: list[str], competition: str
) -> dict[str, str]:
    """Each read's text (decoded: a JSON's escapes undone), by its path."""
    paths = [
        f"/v1/players/{player.id}",
        f"/v1/players/{player.id}/stats",
        f"/v1/players/{player.id}/achievements",
        f"/v1/players/{player.id}/matches",
        f"/v1/players/{player.id}/ratings",
        f"/v1/players/{player.id}/report",
        "/v1/players?name=a",
        "/v1/players?name=zequinha",
        "/v1/players",
        "/v1/events?after=0&limit=1000",
        "/v1/exports/games?status=all",
        "/v1/rankings",
        "/v1/ratings",
        "/v1/records",
        "/v1/matches",
        "/v1/competitions",
        f"/v1/competitions/{competition}",
        f"/v1/competitions/{competition}/matches",
        f"/v1/competitions/{competition}/members",
        f"/v1/competitions/{competition}/report",
        f"/v1/competitions/{competition}/standings",
        "/",
        "/ranking",
        "/recordes",
        f"/jogadores/{player.id}",
        f"/jogadores/{player.id}/relatorio",
        f"/competicoes/{competition}",
        f"/competicoes/{competition}/relatorio",
    ]
    for game in games:
        paths += [
            f"/v1/matches/{game}",
            f"/v1/matches/{game}/events",
            f"/v1/matches/{game}/events?at=1",
            f"/v1/matches/{game}/sumula",
            f"/v1/matches/{game}/sumula?format=csv",
            f"/v1/matches/{game}/verify",
            f"/partidas/{game}",
            f"/partidas/{game}?passo=1",
        ]
    texts: dict[str, str] = {}
    for path in paths:
        answer = await client.get(path)
        texts[path] = _decoded(answer)
    texts["/v1/events/stream"] = await live_stream(client)
    refused = await client.post(f"/v1/players/{player.id}/tokens", headers=player.auth)
    texts["an error: a revoked token"] = _decoded(refused)
    return texts


def _decoded(answer: httpx.Response) -> str:
    kind = answer.headers.get("content-type", "")
    if "ndjson" in kind:
        lines = [json.loads(line) for line in answer.text.splitlines() if line]
        return json.dumps(lines, ensure_ascii=False)
    if "json" in kind:
        return json.dumps(answer.json(), ensure_ascii=False)
    return answer.text


def pg_dump(owner_dsn: str) -> str:
    """The whole database as `pg_dump` writes it (data and schema, plain SQL)."""
    found = subprocess.run(
        [str(PG_BIN / "pg_dump"), "--no-owner", "--dbname", owner_dsn],
        check=True,
        capture_output=True,
        env={**os.environ, "LC_ALL": "C"},
    )
    return found.stdout.decode()

"""Reads from a streaming standby: a primary and a standby of the embedded PostgreSQL's own
binaries on loopback (pg_basebackup, streaming), the app reading through the standby."""

from __future__ import annotations

import asyncio
from typing import Any

import asyncpg
import httpx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.api.conftest import ADMIN
from tests.replica.conftest import Pair


async def health(client: httpx.AsyncClient) -> dict[str, Any]:
    body: dict[str, Any] = (await client.get("/health")).json()
    return body


async def until_replica(client: httpx.AsyncClient, state: str, seconds: float = 20) -> None:
    for _ in range(int(seconds / 0.1)):
        if (await health(client))["read_replica"]["state"] == state:
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"the replica is not {state}: {await health(client)}")


async def register(client: httpx.AsyncClient, name: str) -> tuple[str, int]:
    response = await client.post("/v1/players", json={"name": name}, headers=ADMIN)
    assert response.status_code == 201, response.text
    return response.json()["id"], int(response.headers["domino-position"])


async def test_every_write_answers_the_position_it_reached(client: httpx.AsyncClient) -> None:
    _, first = await register(client, "Zé")
    _, second = await register(client, "Ana")
    assert second > first > 0
    feed = await client.get(
        "/v1/events",
        params={"after": first - 1, "limit": 5},
        headers={"Domino-Read-After": str(second)},
    )
    assert [e["position"] for e in feed.json()["events"]] == [first, second]


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    names=st.lists(
        st.text(st.characters(categories=["L"]), min_size=1, max_size=12), min_size=1, max_size=4
    )
)
async def test_a_read_after_a_write_never_sees_the_state_before_it(
    client: httpx.AsyncClient, names: list[str]
) -> None:
    await until_replica(client, "up")
    for name in names:
        player, position = await register(client, name)
        response = await client.get(
            "/v1/events",
            params={"after": position - 1, "limit": 1},
            headers={"Domino-Read-After": str(position)},
        )
        assert response.status_code == 200
        [event] = response.json()["events"]
        assert event["position"] == position
        assert event["stream"] == f"player-{player}"


async def test_reads_are_served_by_the_replica(client: httpx.AsyncClient) -> None:
    await until_replica(client, "up")
    before = (await health(client))["read_replica"]
    for _ in range(5):
        assert (await client.get("/v1/rankings")).status_code == 200
        assert (await client.get("/v1/events")).status_code == 200
    after = (await health(client))["read_replica"]
    assert after["reads_on_replica"] >= before["reads_on_replica"] + 10
    assert after["reads_on_primary"] == before["reads_on_primary"]


async def test_a_lagging_replica_sends_reads_to_the_primary(
    client: httpx.AsyncClient, pair: Pair
) -> None:
    await until_replica(client, "up")
    standby = await asyncpg.connect(pair.standby.dsn())
    try:
        await standby.execute("SELECT pg_wal_replay_pause()")
        _, position = await register(client, "Tião")
        await until_replica(client, "lagging")
        assert (await health(client))["status"] == "degraded"

        primary_reads = (await health(client))["read_replica"]["reads_on_primary"]
        response = await client.get(
            "/v1/events",
            params={"after": position - 1},
            headers={"Domino-Read-After": str(position)},
        )
        assert [e["position"] for e in response.json()["events"]] == [position]
        assert (await health(client))["read_replica"]["reads_on_primary"] > primary_reads
    finally:
        await standby.execute("SELECT pg_wal_replay_resume()")
        await standby.close()
    await until_replica(client, "up")
    assert (await health(client))["status"] == "ok"


async def test_a_bad_read_after_is_refused(client: httpx.AsyncClient) -> None:
    response = await client.get("/v1/events", headers={"Domino-Read-After": "soon"})
    assert response.status_code == 400
    assert response.json()["code"] == "invalid-read-after"


async def test_a_standby_stopped_under_load_costs_readers_nothing(
    client: httpx.AsyncClient, pair: Pair
) -> None:
    await until_replica(client, "up")
    statuses: list[int] = []
    wrong: list[str] = []
    stop = asyncio.Event()

    async def reader() -> None:
        while not stop.is_set():
            page = await client.get("/v1/events", params={"after": 0, "limit": 50})
            statuses.append(page.status_code)
            if page.status_code != 200:
                wrong.append(page.text[:300])
            positions = [e["position"] for e in page.json().get("events", [])]
            if positions != list(range(1, len(positions) + 1)):
                wrong.append(f"a page with gaps: {positions}")
            ranking = await client.get("/v1/rankings")
            statuses.append(ranking.status_code)
            if ranking.status_code != 200:
                wrong.append(ranking.text[:300])

    async def writer() -> None:
        n = 0
        while not stop.is_set():
            n += 1
            _, position = await register(client, f"Jogador {n}")
            seen = await client.get(
                "/v1/events",
                params={"after": position - 1, "limit": 1},
                headers={"Domino-Read-After": str(position)},
            )
            statuses.append(seen.status_code)
            if [e["position"] for e in seen.json().get("events", [])] != [position]:
                wrong.append(f"position {position} not seen after its write")

    tasks = [asyncio.create_task(reader()) for _ in range(4)] + [asyncio.create_task(writer())]
    await asyncio.sleep(1)
    served_before = (await health(client))["read_replica"]["reads_on_replica"]
    await asyncio.to_thread(pair.standby.stop)
    await asyncio.sleep(2)
    stop.set()
    await asyncio.gather(*tasks)

    assert wrong == []
    assert set(statuses) == {200}, statuses
    assert served_before > 0, "the replica served nothing before it stopped"
    status = await health(client)
    assert status["read_replica"]["state"] == "down"
    assert status["status"] == "degraded"

    await asyncio.to_thread(pair.standby.start)
    await until_replica(client, "up")

"""Faults survived, nothing lost: the real service process on a real PostgreSQL, killed,
cut off from its database, or doubled, while clients keep playing with retries."""

from __future__ import annotations

import asyncio
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import httpx
import msgspec
import pytest

from projections.runner import APPLICATION_NAME as RUNNER_NAME
from service.http.auth import LISTENER_NAME
from service.store.embedded import EmbeddedPostgres
from service.store.event_store import RecordedEvent
from service.store.matches import replay
from tests.conftest import APP_PASSWORD, Database
from tests.projections.test_http import FOLDED, settled
from tests.reliability.harness import (
    ADMIN,
    Ledger,
    ServiceProcess,
    new_game,
    play,
    register_seats,
    stored_keys,
)

pytestmark = pytest.mark.reliability

GAMES, WRITES = 6, 40
PRESETS = ("cinquenta", "sueca", "truco")
"""The clients play dominoes and both card games, cards and deals as they come."""


@pytest.fixture
def data_dir() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="domino-service-") as name:
        yield Path(name)


async def assert_nothing_lost_or_doubled(owner_dsn: str, url: str, ledger: Ledger) -> None:
    connection = await asyncpg.connect(owner_dsn)
    try:
        for match_id, acknowledged in ledger.acknowledged.items():
            stored = await stored_keys(connection, match_id)
            assert sorted(stored) == sorted(acknowledged), "acknowledged != stored writes"
            versions = [v for key in acknowledged for v in stored[key]]
            assert versions == sorted(set(versions)), "a write was stored twice or out of order"
            rows = await connection.fetch(
                "SELECT position, stream_id, stream_version, event_type, data::text,"
                " metadata::text, recorded_at, encode(hash, 'hex'), secret::text FROM events"
                " WHERE stream_id = $1 ORDER BY stream_version",
                f"match-{match_id}",
            )
            replayed = replay(match_id, [RecordedEvent(*row) for row in rows])
            async with httpx.AsyncClient() as client:
                served = (await client.get(f"{url}/v1/matches/{match_id}", headers=ADMIN)).json()
            assert served["version"] == replayed.version
            assert served["score"] == msgspec.to_builtins(replayed.state.score)
            assert served["status"] == replayed.state.status
            assert len(served["hands"]) == len(replayed.state.hands)
            if match_id in ledger.ended_early(WRITES):
                assert replayed.state.status != "in_progress", "a client stopped too soon"
    finally:
        await connection.close()


def assert_every_write_acknowledged(ledger: Ledger) -> None:
    assert len(ledger.planned) == GAMES
    assert ledger.count() == sum(ledger.planned.values())


async def start_games(url: str) -> list[str]:
    async with httpx.AsyncClient(timeout=15) as client:
        seats = await register_seats(client, url)
        return [await new_game(client, url, seats, PRESETS[n % 3]) for n in range(GAMES)]


async def playing_until_a_tenth_is_acknowledged(
    url: str, ledger: Ledger
) -> list[asyncio.Task[None]]:
    """Clients playing GAMES games with retries, once a tenth of their writes are in: the
    moment a fault lands mid-load, however fast the machine."""
    games = await start_games(url)
    deadline = time.monotonic() + 120
    clients = [asyncio.create_task(play([url], g, WRITES, ledger, deadline)) for g in games]
    await ledger.reaches(GAMES * WRITES // 10)
    return clients


async def test_a_killed_service_loses_no_acknowledged_move_and_doubles_none(
    database: Database, data_dir: Path
) -> None:
    service = ServiceProcess(database.owner_dsn, data_dir, APP_PASSWORD).start()
    try:
        ledger = Ledger()
        clients = await playing_until_a_tenth_is_acknowledged(service.url, ledger)
        await asyncio.to_thread(service.kill)
        killed_after = ledger.count()
        await asyncio.to_thread(service.start)
        await asyncio.gather(*clients)

        assert 0 < killed_after < ledger.count(), "the kill did not land mid-load"
        assert_every_write_acknowledged(ledger)
        await assert_nothing_lost_or_doubled(database.owner_dsn, service.url, ledger)
    finally:
        service.stop()


@pytest.fixture
def own_postgres() -> Iterator[EmbeddedPostgres]:
    with tempfile.TemporaryDirectory(prefix="domino-outage-") as name:
        Path(name).chmod(0o755)
        # Below Linux's ephemeral range (32768-60999): no client connection holds it.
        server = EmbeddedPostgres(Path(name), durable=False, port=29420).start()
        try:
            yield server
        finally:
            server.stop()


async def test_a_database_outage_answers_503_and_recovers_by_itself(
    own_postgres: EmbeddedPostgres, data_dir: Path
) -> None:
    service = ServiceProcess(own_postgres.dsn(), data_dir, APP_PASSWORD).start()
    try:
        ledger = Ledger()
        clients = await playing_until_a_tenth_is_acknowledged(service.url, ledger)
        await asyncio.to_thread(own_postgres.stop)
        await asyncio.sleep(3)
        async with httpx.AsyncClient(timeout=10) as client:
            during = await client.get(f"{service.url}/health")
        port = own_postgres.port
        await asyncio.to_thread(own_postgres.restart)  # as the supervisor: on its port
        assert own_postgres.port == port, "PostgreSQL came back on another port"
        await asyncio.gather(*clients)

        assert during.status_code == 503
        assert ledger.statuses[503] > 0, "no request met the outage"
        assert set(ledger.statuses) <= {201, 503}
        assert ledger.slowest < 10, "a request hung during the outage"
        assert_every_write_acknowledged(ledger)
        await assert_nothing_lost_or_doubled(own_postgres.dsn(), service.url, ledger)
    finally:
        service.stop()


async def test_two_instances_on_one_database_lose_and_double_nothing(
    database: Database, data_dir: Path
) -> None:
    first = ServiceProcess(database.owner_dsn, data_dir, APP_PASSWORD).start()
    second = ServiceProcess(database.owner_dsn, data_dir, APP_PASSWORD).start()
    try:
        games = await start_games(first.url)
        ledger = Ledger()
        deadline = time.monotonic() + 120
        await asyncio.gather(
            *(play([first.url, second.url], g, WRITES, ledger, deadline) for g in games)
        )

        assert_every_write_acknowledged(ledger)
        await assert_nothing_lost_or_doubled(database.owner_dsn, first.url, ledger)
        async with httpx.AsyncClient() as client:
            for game in games:
                one = await client.get(f"{first.url}/v1/matches/{game}", headers=ADMIN)
                two = await client.get(f"{second.url}/v1/matches/{game}", headers=ADMIN)
                assert one.json() == two.json()
    finally:
        first.stop()
        second.stop()


async def test_a_service_started_with_two_workers_serves_and_loses_and_doubles_nothing(
    database: Database, data_dir: Path
) -> None:
    service = ServiceProcess(database.owner_dsn, data_dir, APP_PASSWORD, "--workers", "2")
    service.start()
    try:
        games = await start_games(service.url)
        ledger = Ledger()
        deadline = time.monotonic() + 120
        await asyncio.gather(*(play([service.url], g, WRITES, ledger, deadline) for g in games))

        assert_every_write_acknowledged(ledger)
        await assert_nothing_lost_or_doubled(database.owner_dsn, service.url, ledger)
        async with httpx.AsyncClient(base_url=service.url) as client:
            health = await settled(client, seconds=30)  # one of the workers folds
        assert health["status"] == "ok"
        assert {p["name"] for p in health["projections"]} == set(FOLDED)
        workers = await connections_named(database.owner_dsn, LISTENER_NAME)
        assert workers == 2, "both workers should hold their own connections"
        # Which worker takes a connection is the kernel's choice; two instances with clients
        # alternating between them (above) is the test of caches kept apart.
    finally:
        assert service.stop() == 0, "SIGTERM stops both workers cleanly"


async def connections_named(owner_dsn: str, application_name: str) -> int:
    """Connections to this database whose application_name is like the pattern: the token
    listener (one per worker) and the projection runner name theirs."""
    connection = await asyncpg.connect(owner_dsn)
    try:
        return int(
            await connection.fetchval(
                "SELECT count(*) FROM pg_stat_activity WHERE application_name LIKE $1"
                " AND datname = current_database()",
                application_name,
            )
        )
    finally:
        await connection.close()


async def test_a_service_without_projections_serves_while_a_runner_process_folds(
    database: Database, data_dir: Path
) -> None:
    service = ServiceProcess(database.owner_dsn, data_dir, APP_PASSWORD, "--no-projections")
    service.start()
    runner: subprocess.Popen[bytes] | None = None
    try:
        await start_games(service.url)
        async with httpx.AsyncClient(base_url=service.url) as client:
            assert await connections_named(database.owner_dsn, f"{RUNNER_NAME}%") == 0
            alone = (await client.get("/health")).json()
            runner = service.command("projections", "run")
            folded = await settled(client, seconds=30)
        runner.terminate()
        stopped = await asyncio.to_thread(runner.wait, 20)

        assert {p["name"]: p["position"] for p in alone["projections"]} == {
            "directory": 0,
            "ratings": 0,
            "stats": 0,
            "tournaments": 0,
        }, "nothing folds in a service without projections"
        assert alone["last_position"] > 0
        assert folded["status"] == "ok"
        assert all(p["position"] == folded["last_position"] for p in folded["projections"])
        assert stopped == 0, "the runner stops cleanly on SIGTERM"
    finally:
        if runner is not None and runner.poll() is None:
            runner.kill()
        service.stop()


async def test_sigterm_stops_the_service_while_a_client_follows_the_live_feed(
    database: Database, data_dir: Path
) -> None:
    """The feed ends its response when the service begins to stop: the follower reads a
    complete answer (and resumes elsewhere with Last-Event-ID), and the service does not
    wait out its graceful timeout for a response that never ends, then cut it mid-chunk."""
    service = ServiceProcess(database.owner_dsn, data_dir, APP_PASSWORD).start()
    following = asyncio.Event()

    async def follow() -> None:
        async with (
            httpx.AsyncClient(timeout=None) as client,
            client.stream("GET", f"{service.url}/v1/events/stream") as stream,
        ):
            following.set()
            async for _ in stream.aiter_lines():
                pass

    feed = asyncio.create_task(follow())
    try:
        await asyncio.wait_for(following.wait(), 10)
        stopped = await asyncio.to_thread(service.stop)
        ended = await asyncio.wait_for(asyncio.gather(feed, return_exceptions=True), 10)
    finally:
        feed.cancel()
        await asyncio.gather(feed, return_exceptions=True)

    assert stopped == 0, "the service had to be killed: a live feed held it open"
    assert list(ended) == [None], f"the feed was cut, not ended: {ended}"

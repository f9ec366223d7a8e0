"""The embedded PostgreSQL killed under the service: started again by the command that owns
it, with its crash recovery, and nothing acknowledged lost."""

from __future__ import annotations

import asyncio
import os
import signal
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import asyncpg
import httpx
import pytest

from service.store.embedded import EmbeddedPostgres
from service.store.supervisor import Supervisor, read_status
from tests.conftest import APP_PASSWORD
from tests.reliability.harness import Ledger, ServiceProcess
from tests.reliability.test_faults import (
    assert_every_write_acknowledged,
    assert_nothing_lost_or_doubled,
    playing_until_a_tenth_is_acknowledged,
)

pytestmark = pytest.mark.reliability


@pytest.fixture
def folder() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="domino-supervised-") as name:
        Path(name).chmod(0o755)  # as root, the server's own OS user must get through
        yield Path(name)


def kill_postmaster(pgdata: Path) -> int:
    pid = int((pgdata / "postmaster.pid").read_text().split()[0])
    os.kill(pid, signal.SIGKILL)
    return pid


async def test_a_killed_postgresql_is_started_again_with_its_committed_data(
    folder: Path,
) -> None:
    server = EmbeddedPostgres(folder, port=54431).start()
    supervisor = Supervisor(server, folder / "status.json").start()
    try:
        connection = await asyncpg.connect(server.dsn())
        await connection.execute("CREATE TABLE kept (n int); INSERT INTO kept VALUES (7)")
        await connection.close()
        port = server.port

        kill_postmaster(server.pgdata)
        status = await until(lambda: _restarted(folder / "status.json"), seconds=60)

        assert status.state == "running"
        assert status.last_exit_at is not None
        assert status.last_restart_at is not None
        assert status.last_recovery_seconds is not None
        assert status.last_recovery_seconds >= 0
        assert server.port == port, "clients keep their DSN"
        connection = await asyncpg.connect(server.dsn())
        assert await connection.fetchval("SELECT n FROM kept") == 7
        await connection.close()
    finally:
        supervisor.stop()
        server.stop()
    assert not (folder / "status.json").exists()
    assert not (server.pgdata / "postmaster.pid").exists(), "a stop on purpose stays stopped"


async def test_the_service_outlives_its_killed_postgresql_and_loses_nothing(
    folder: Path,
) -> None:
    service = ServiceProcess("", folder, APP_PASSWORD)  # no DATABASE_URL: embedded
    service.start()
    try:
        ledger = Ledger()
        clients = await playing_until_a_tenth_is_acknowledged(service.url, ledger)
        kill_postmaster(folder / "pg")
        killed_after = ledger.count()
        health = await until(lambda: _healthy_again(service.url), seconds=60)
        await asyncio.gather(*clients)

        assert health["embedded_postgres"]["restarts"] == 1
        assert health["embedded_postgres"]["state"] == "running"
        assert 0 < killed_after < ledger.count(), "the kill did not land mid-load"
        assert set(ledger.statuses) <= {201, 503}, ledger.statuses
        assert_every_write_acknowledged(ledger)
        owner = EmbeddedPostgres(folder).start()  # finds the running server: its DSN
        await assert_nothing_lost_or_doubled(owner.dsn(), service.url, ledger)
    finally:
        assert service.stop() == 0
    assert not (folder / "pg" / "postmaster.pid").exists()


def _restarted(status_file: Path) -> Any:
    status = read_status(str(status_file))
    return status if status is not None and status.restarts == 1 else None


async def _healthy_again(url: str) -> Any:
    async with httpx.AsyncClient(timeout=2) as client:
        try:
            response = await client.get(f"{url}/health")
        except httpx.TransportError:
            return None
    body = response.json()
    supervised = body.get("embedded_postgres") or {}
    if response.status_code == 200 and supervised.get("restarts") == 1:
        return body
    return None


async def until(probe: Any, seconds: float) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = probe()
        if asyncio.iscoroutine(found):
            found = await found
        if found is not None:
            return found
        await asyncio.sleep(0.1)
    raise AssertionError(f"not within {seconds} s")

"""The real `domino serve` process on a loopback port, against clients that claim another
address in X-Forwarded-For (issue 18)."""

from __future__ import annotations

import tempfile
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path

import httpx
import pytest

from tests.conftest import APP_PASSWORD, Database
from tests.reliability.harness import ADMIN, ServiceProcess

pytestmark = pytest.mark.reliability

@pytest.fixture
def data_dir() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="domino-service-") as name:
        yield Path(name)


@asynccontextmanager
async def service_with(
    database: Database, data_dir: Path, **environment: str
) -> AsyncIterator[ServiceProcess]:
    service = ServiceProcess(database.owner_dsn, data_dir, APP_PASSWORD)
    service.env.update(environment)
    service.start()
    try:
        yield service
    finally:
        service.stop()


async def test_a_spoofed_forwarded_address_gets_no_fresh_allowance(
    database: Database, data_dir: Path
) -> None:
    """No DOMINO_TRUSTED_PROXIES: X-Forwarded-For from loopback is not believed (uvicorn
    believed it by default, and 25 registrations passed a limit of 20)."""
    async with (
        service_with(database, data_dir, DOMINO_RATE_REGISTRATIONS_PER_ADDRESS="2/hour") as service,
        httpx.AsyncClient(base_url=service.url, timeout=5) as client,
    ):
        registered = await client.post("/v1/players", json={"name": "Zé"}, headers=ADMIN)
        zé = {"Authorization": f"Bearer {registered.json()['token']}"}
        answers = [
            await client.post(
                "/v1/players",
                json={"name": f"P{n}"},
                headers={**zé, "X-Forwarded-For": f"203.0.113.{n}"},
            )
            for n in range(3)
        ]

    assert [a.status_code for a in answers] == [201, 201, 429]
    assert answers[2].json()["code"] == "rate-limited"

"""The live service on a real PostgreSQL, for the contract tests."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Iterator

import asyncpg
import httpx
import pytest
import uvicorn

from service.app import create_app
from service.settings import Settings
from service.store.database import APP_ROLE, database_dsn, with_credentials
from tests.conftest import APP_PASSWORD, copy_template

TOKEN = "fuzz-admin-token-0123456789"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def live_url(admin_dsn: str, template: str) -> Iterator[str]:
    name = f"fuzz_{int(time.time() * 1000)}"

    async def create() -> None:
        admin = await asyncpg.connect(admin_dsn)
        try:
            await copy_template(admin, name, template)
        finally:
            await admin.close()

    asyncio.run(create())
    app_dsn = with_credentials(database_dsn(admin_dsn, name), APP_ROLE, APP_PASSWORD)
    port = _free_port()
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(Settings(bootstrap_token=TOKEN), app_dsn),
            host="127.0.0.1",
            port=port,
            log_level="warning",
            access_log=False,
        )
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.started, "the service did not start"
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def seats(live_url: str) -> list[str]:
    """Four registered players: the games created by the contract tests seat them."""
    headers = {"Authorization": f"Bearer {TOKEN}"}
    with httpx.Client(base_url=live_url, headers=headers) as client:
        return [
            client.post("/v1/players", json={"name": name}).json()["id"]
            for name in ("Zé", "Ana", "Tião", "Bia")
        ]

"""schemathesis against the committed OpenAPI document, on the live service and a real
PostgreSQL: no input makes it answer 5xx, and every answer matches the document."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import asyncpg
import pytest
import schemathesis
import uvicorn
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from service.app import create_app
from service.database import APP_ROLE, database_dsn, with_credentials
from service.openapi_document import DOCUMENT
from service.settings import Settings
from tests.conftest import APP_PASSWORD

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
            await admin.execute(f"CREATE DATABASE {name} TEMPLATE {template}")
        finally:
            await admin.close()

    asyncio.run(create())
    app_dsn = with_credentials(database_dsn(admin_dsn, name), APP_ROLE, APP_PASSWORD)
    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(
        create_app(Settings(bootstrap_token=TOKEN), app_dsn), host="127.0.0.1", port=port,
        log_level="warning", access_log=False,
    ))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.started, "the service did not start"
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)


# The live stream never ends by design: it is tested on its own (tests/integration).
schema = schemathesis.openapi.from_path(str(DOCUMENT)).exclude(operation_id="streamEvents")


@schema.parametrize()
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_input_gets_a_5xx_and_every_answer_matches_the_document(case: Any, live_url: str):
    # Random ids name nothing, so a valid body may rightly answer 404: positive data is
    # not always accepted here. Every other check of schemathesis applies.
    case.call_and_validate(
        base_url=live_url, headers={"Authorization": f"Bearer {TOKEN}"},
        excluded_checks=[positive_data_acceptance],
    )

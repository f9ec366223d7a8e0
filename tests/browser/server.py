"""The app served over real HTTP for a browser: uvicorn on a free loopback port, in a
thread of its own with its own event loop, on a test database."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn

from service.app import create_app
from service.settings import Settings
from tests.api.conftest import ADMIN_TOKEN
from tests.conftest import Database
from tests.reliability.harness import free_port

STARTUP_SECONDS = 30


@contextmanager
def served(database: Database) -> Iterator[str]:
    """The service's base URL while it runs (projections included)."""
    app = create_app(Settings(bootstrap_token=ADMIN_TOKEN, pool_size=5), database.app_dsn)
    config = uvicorn.Config(
        app, host="127.0.0.1", port=free_port(), log_config=None, log_level="warning"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="uvicorn", daemon=True)
    thread.start()
    deadline = time.monotonic() + STARTUP_SECONDS
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the service did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{config.port}"
    finally:
        server.should_exit = True
        thread.join(timeout=15)

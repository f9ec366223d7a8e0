"""A primary and a streaming standby of the embedded PostgreSQL's own binaries on loopback
(pg_basebackup, streaming), and the app on them: reading through the standby (`client`),
or from the primary alone (`primary_client`)."""

from __future__ import annotations

import tempfile
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from service.settings import Settings
from service.store.database import prepare
from service.store.embedded import EmbeddedPostgres
from tests.api.conftest import ADMIN_TOKEN, serve
from tests.conftest import Database
from tests.reliability.harness import free_port


@dataclass
class Pair:
    primary: EmbeddedPostgres
    standby: EmbeddedPostgres
    app_dsn: str


@pytest.fixture(scope="module")
def folder() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="domino-replica-") as name:
        Path(name).chmod(0o755)  # as root, the servers' own OS user must get through
        yield Path(name)


@pytest.fixture(scope="module")
def pair(folder: Path) -> Iterator[Pair]:
    primary = EmbeddedPostgres(folder / "primary", durable=False, port=free_port()).start()
    try:
        app_dsn = prepare(primary.dsn(), folder / "primary")
        standby = EmbeddedPostgres.standby_of(primary, folder / "standby", port=free_port())
        try:
            yield Pair(primary, standby, app_dsn)
        finally:
            standby.stop()
    finally:
        primary.stop()


@pytest.fixture(scope="module")
async def client(pair: Pair) -> AsyncIterator[httpx.AsyncClient]:
    database = Database("postgres", pair.primary.dsn(), pair.app_dsn)
    options = Settings(
        bootstrap_token=ADMIN_TOKEN, read_url=pair.standby.dsn(), read_max_lag=1.0, read_wait=2.0
    )
    async with serve(database, options) as test_client:
        yield test_client


@pytest.fixture(scope="module")
async def primary_client(pair: Pair) -> AsyncIterator[httpx.AsyncClient]:
    """The app with no replica: every read on the primary."""
    database = Database("postgres", pair.primary.dsn(), pair.app_dsn)
    async with serve(database, Settings(bootstrap_token=ADMIN_TOKEN, read_wait=2.0)) as test:
        yield test

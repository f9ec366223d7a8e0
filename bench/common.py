"""What every benchmark needs: a durable PostgreSQL (DATABASE_URL, else embedded) and a fresh
database migrated to the newest schema."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import asyncpg

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from service.store.database import (
    APP_ROLE,
    database_dsn,
    grant_app_login,
    migrate,
    with_credentials,
)
from service.store.embedded import EmbeddedPostgres

BENCH_DIR = Path(__file__).resolve().parents[1] / ".bench"


@contextmanager
def server() -> Iterator[str]:
    """The superuser DSN of a durable server (fsync on): DATABASE_URL or an embedded one."""
    if os.environ.get("DATABASE_URL"):
        yield os.environ["DATABASE_URL"]
        return
    port = int(os.environ.get("BENCH_PG_PORT", "54339"))
    postgres = EmbeddedPostgres(BENCH_DIR, port=port).start()
    try:
        yield postgres.dsn()
    finally:
        postgres.stop()


def fresh_database(admin_dsn: str, name: str) -> tuple[str, str]:
    """(owner DSN, service-role DSN) of a new, migrated database called `name`."""

    async def recreate() -> None:
        connection = await asyncpg.connect(admin_dsn)
        try:
            await connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            await connection.execute(f'CREATE DATABASE "{name}"')
        finally:
            await connection.close()

    asyncio.run(recreate())
    owner = database_dsn(admin_dsn, name)
    migrate(owner)
    asyncio.run(grant_app_login(admin_dsn, "bench-app-password"))
    return owner, with_credentials(owner, APP_ROLE, "bench-app-password")


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]

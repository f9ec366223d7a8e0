"""Alembic environment: runs revisions as the schema owner over SQLAlchemy's asyncpg dialect.

The connection URL comes from `config.attributes["dsn"]` (set by service.store.database), so a
password never passes through Alembic's ini interpolation.
"""

import asyncio

from alembic import context
from sqlalchemy.ext.asyncio import create_async_engine

config = context.config


def _async_url(dsn: str) -> str:
    scheme, rest = dsn.split("://", 1)
    return f"postgresql+asyncpg://{rest}" if scheme in ("postgres", "postgresql") else dsn


def _run(connection):  # type: ignore[no-untyped-def]
    context.configure(connection=connection, target_metadata=None, transaction_per_migration=True)
    with context.begin_transaction():
        context.run_migrations()


async def _run_online() -> None:
    engine = create_async_engine(_async_url(config.attributes["dsn"]))
    try:
        async with engine.connect() as connection:
            await connection.run_sync(_run)
            await connection.commit()
    finally:
        await engine.dispose()


if context.is_offline_mode():
    raise SystemExit("offline (SQL script) mode is not supported: run against a database")
asyncio.run(_run_online())

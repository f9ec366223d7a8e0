"""Schema migrations (as the owner) and the service's own restricted role."""

from __future__ import annotations

import asyncio
import secrets
from pathlib import Path
from urllib.parse import quote, urlsplit, urlunsplit

import asyncpg
from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory

import migrations

APP_ROLE = "domino_app"
MIGRATIONS_DIR = Path(migrations.__file__).parent


def alembic_config(owner_dsn: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.attributes["dsn"] = owner_dsn
    return config


def head_revision() -> str:
    head = ScriptDirectory.from_config(alembic_config("")).get_current_head()
    assert head is not None
    return head


def migrate(owner_dsn: str) -> None:
    """Bring the schema to the newest revision. Blocking: call it from a thread or at start."""
    command.upgrade(alembic_config(owner_dsn), "head")


async def current_revision(
    connection: asyncpg.Connection | asyncpg.pool.PoolConnectionProxy,
) -> str | None:
    try:
        value = await connection.fetchval("SELECT version_num FROM alembic_version")
    except asyncpg.UndefinedTableError:
        return None
    return str(value) if value is not None else None


def with_credentials(dsn: str, user: str, password: str) -> str:
    parts = urlsplit(dsn)
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    netloc = f"{quote(user, safe='')}:{quote(password, safe='')}@{host}"
    if parts.port:
        netloc += f":{parts.port}"
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))


def database_dsn(dsn: str, name: str) -> str:
    """The same server and credentials, another database."""
    base, _, query = dsn.partition("?")
    return base.rsplit("/", 1)[0] + f"/{name}" + (f"?{query}" if query else "")


def app_password(data_dir: Path, given: str | None) -> str:
    """The service role's password: given, or generated once and kept in the data folder."""
    if given:
        return given
    path = data_dir / "app-password"
    if not path.exists():
        data_dir.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_urlsafe(24))
        path.chmod(0o600)
    return path.read_text().strip()


async def grant_app_login(owner_dsn: str, password: str) -> None:
    connection = await asyncpg.connect(owner_dsn)
    try:
        # Same password each start, so several instances can share the role.
        await connection.execute(f"ALTER ROLE {APP_ROLE} LOGIN PASSWORD {_literal(password)}")
    finally:
        await connection.close()


def _literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def prepare(owner_dsn: str, data_dir: Path, given_password: str | None = None) -> str:
    """Migrate as the owner and answer the DSN the service connects with (INSERT/SELECT only)."""
    migrate(owner_dsn)
    password = app_password(data_dir, given_password)
    asyncio.run(grant_app_login(owner_dsn, password))
    return with_credentials(owner_dsn, APP_ROLE, password)

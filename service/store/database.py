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
from service.store.fingerprint_seal import seal_kept_fingerprints

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


def migrate(owner_dsn: str, fingerprint_key: bytes | None = None) -> None:
    """Bring the schema to the newest revision. Blocking: call it from a thread or at start.
    With the service's fingerprint key, then check it and seal the fingerprints kept plain
    (0022, L9)."""
    primary = asyncio.run(primary_of(owner_dsn))
    command.upgrade(alembic_config(primary), "head")
    if fingerprint_key is not None:
        asyncio.run(seal_kept_fingerprints(primary, fingerprint_key))


async def primary_of(dsn: str) -> str:
    """A DSN of several hosts (a Patroni cluster: `h1:p1,h2:p2,...?target_session_attrs=
    read-write`) as the one host that takes writes now; any other DSN as it is."""
    if "," not in _hosts(dsn):
        return dsn
    connection = await asyncpg.connect(dsn)
    try:
        row = await connection.fetchrow(
            "SELECT host(inet_server_addr()), current_setting('port')::int"
        )
    finally:
        await connection.close()
    assert row is not None
    host = row[0] if ":" not in str(row[0]) else f"[{row[0]}]"
    return _with_hosts(dsn, f"{host}:{row[1]}")


def _hosts(dsn: str) -> str:
    """The host list of a DSN: what follows its credentials, up to its database."""
    rest = dsn.split("://", 1)[-1]
    return rest.split("/", 1)[0].rpartition("@")[2]


def _with_hosts(dsn: str, hosts: str) -> str:
    scheme, rest = dsn.split("://", 1)
    netloc, slash, tail = rest.partition("/")
    credentials, at, _ = netloc.rpartition("@")
    return f"{scheme}://{credentials}{at}{hosts}{slash}{tail}"


async def current_revision(
    connection: asyncpg.Connection | asyncpg.pool.PoolConnectionProxy,
) -> str | None:
    try:
        value = await connection.fetchval("SELECT version_num FROM alembic_version")
    except asyncpg.UndefinedTableError:
        return None
    return str(value) if value is not None else None


def with_credentials(dsn: str, user: str, password: str) -> str:
    """The same server (or servers: `h1:p1,h2:p2`), these credentials."""
    if "," in _hosts(dsn):
        scheme, rest = dsn.split("://", 1)
        credentials = f"{quote(user, safe='')}:{quote(password, safe='')}@"
        return f"{scheme}://{credentials}{rest.split('/', 1)[0].rpartition('@')[2]}/" + (
            rest.split("/", 1)[1] if "/" in rest else ""
        )
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


def prepare(
    owner_dsn: str,
    data_dir: Path,
    given_password: str | None = None,
    fingerprint_key: bytes | None = None,
) -> str:
    """Migrate as the owner and answer the DSN the service connects with (it reads, and
    appends through `append_events` alone: 0023)."""
    migrate(owner_dsn, fingerprint_key)
    password = app_password(data_dir, given_password)
    asyncio.run(grant_app_login(owner_dsn, password))
    app_dsn = with_credentials(owner_dsn, APP_ROLE, password)
    if "," in _hosts(app_dsn):
        asyncio.run(_logs_in_everywhere(app_dsn))
    return app_dsn


async def _logs_in_everywhere(app_dsn: str, seconds: float = 30) -> None:
    """A cluster's standbys replay the role's new password a moment after the primary has
    it; a client tries the nodes in turn and stops at the first refusal, so wait until no
    node refuses it."""
    scheme, rest = app_dsn.split("://", 1)
    tail = rest.split("/", 1)[1] if "/" in rest else ""
    database = tail.split("?", 1)[0]
    deadline = asyncio.get_running_loop().time() + seconds
    for host in _hosts(app_dsn).split(","):
        single = _with_hosts(f"{scheme}://{rest.split('/', 1)[0]}/{database}", host)
        while True:
            try:
                connection = await asyncpg.connect(single, timeout=5)
                await connection.close()
                break
            except asyncpg.InvalidPasswordError:
                if asyncio.get_running_loop().time() > deadline:
                    raise
                await asyncio.sleep(0.1)
            except (OSError, asyncpg.PostgresError, TimeoutError):
                break  # a node down or not yet a standby: not ours to wait for

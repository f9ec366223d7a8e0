"""A test's database: a copy of the migrated template, or one a finished test used, emptied
back to what a copy is and checked to be so.

Copying the template (CREATE DATABASE) cost PostgreSQL 70-100 ms of CPU each time, for
about 600 of the suite's tests; emptying a used database costs a fraction of it (issue 34,
bench/README.md). A used database is taken again only when, after it is emptied, it has
exactly a fresh copy's schema, grants, settings, rows and planner statistics (`state_of`):
a test that changed anything else (made a partition, disabled a trigger, set a setting of
its database) leaves one that is dropped, and the next test gets a new copy. A reused
database takes a new name before anyone connects to it: a process of the test before that
still tried its old name finds nothing, and one still connected makes the renaming fail
and the database is dropped instead.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import asyncpg

from service.store.database import database_dsn

_numbers = itertools.count()


class Databases:
    """This process's databases for tests, copies of one template."""

    def __init__(self, admin_dsn: str, template: str) -> None:
        self.admin_dsn = admin_dsn
        self.template = template
        self.used: list[str] = []
        """Databases that finished tests used, oldest first."""
        self.fresh: tuple[str, list[tuple[str, bool]]] | None = None
        """A fresh copy's state (`state_of`) and its tables (name, and whether the copy has
        rows in it: those keep them)."""

    @asynccontextmanager
    async def one(self) -> AsyncIterator[str]:
        """The name of a database in a fresh copy's state, for one test; it is used again
        after a test that ends without an error (one that fails keeps it as it left it, to
        look at)."""
        admin = await asyncpg.connect(self.admin_dsn)
        try:
            name = await self._reused(admin) or await self._copy(admin)
            yield name
            await _hang_up(admin, name)
            self.used.append(name)
        finally:
            await admin.close()

    async def drop_used(self) -> None:
        """Drops the used databases (the end of a run on a server that outlives it)."""
        admin = await asyncpg.connect(self.admin_dsn)
        try:
            while self.used:
                await admin.execute(f"DROP DATABASE IF EXISTS {self.used.pop()} WITH (FORCE)")
        finally:
            await admin.close()

    async def _copy(self, admin: asyncpg.Connection) -> str:
        name = _new_name()
        await copy_template(admin, name, self.template)
        if self.fresh is None:
            connection = await asyncpg.connect(database_dsn(self.admin_dsn, name))
            try:
                tables = await _tables(connection)
                self.fresh = (await state_of(connection, tables), tables)
            finally:
                await connection.close()
        return name

    async def _reused(self, admin: asyncpg.Connection) -> str | None:
        """A used database, renamed, emptied and found in a fresh copy's state; None if there
        is none (one that cannot be is dropped)."""
        if len(self.used) < 2 or self.fresh is None:
            return None
        # the oldest: the sessions of the test that just ended may take a moment to go
        old, name = self.used.pop(0), _new_name()
        # with a session on it, renaming would wait 5 s for the session to go, then fail
        if await _sessions_on(admin, old) or not await _renamed(admin, old, name):
            await admin.execute(f"DROP DATABASE {old} WITH (FORCE)")
            return None
        fresh_state, tables = self.fresh
        connection = await asyncpg.connect(database_dsn(self.admin_dsn, name))
        try:
            await _empty(connection, tables)
            emptied = await state_of(connection, tables) == fresh_state
        except asyncpg.PostgresError:  # a table of the copy's is gone, or renamed
            emptied = False
        finally:
            await connection.close()
        if not emptied:
            await admin.execute(f"DROP DATABASE {name} WITH (FORCE)")
            return None
        return name


async def copy_template(admin: asyncpg.Connection, name: str, template: str) -> None:
    """Creates database `name` as a copy of `template`. FILE_COPY copies the files whole:
    on a test server (fsync off) about five times quicker, with its drop, than PostgreSQL
    15's default of writing every page to the WAL; a server older than 15 knows only that."""
    modern = admin.get_server_version() >= (15, 0)
    strategy = " STRATEGY FILE_COPY" if modern else ""
    await admin.execute(f"CREATE DATABASE {name} TEMPLATE {template}{strategy}")


def _new_name() -> str:
    return f"test_{os.getpid()}_{next(_numbers)}"


async def _hang_up(admin: asyncpg.Connection, name: str) -> None:
    """Ends the sessions a test left on its database (a pool not closed, a killed service's)."""
    await admin.execute(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
        " WHERE datname = $1 AND pid <> pg_backend_pid()",
        name,
    )


async def _renamed(admin: asyncpg.Connection, old: str, new: str) -> bool:
    try:
        await admin.execute(f"ALTER DATABASE {old} RENAME TO {new}")
    except asyncpg.ObjectInUseError:  # a session came meanwhile
        return False
    return True


async def _sessions_on(admin: asyncpg.Connection, name: str) -> int:
    sessions: int = await admin.fetchval(
        "SELECT count(*) FROM pg_stat_activity WHERE datname = $1", name
    )
    return sessions


async def _tables(connection: asyncpg.Connection) -> list[tuple[str, bool]]:
    names = await connection.fetch(
        "SELECT c.oid::regclass::text AS name FROM pg_class c"
        f" WHERE c.relkind = 'r' AND c.relnamespace IN ({_USER_NAMESPACES}) ORDER BY 1"
    )
    counts = await _row_counts(connection, [row["name"] for row in names])
    return [(table, count > 0) for table, count in counts.items()]


async def _row_counts(connection: asyncpg.Connection, tables: list[str]) -> dict[str, int]:
    if not tables:
        return {}
    rows = await connection.fetch(
        " UNION ALL ".join(f"SELECT '{table}', count(*) FROM {table}" for table in tables)
    )
    return {row[0]: row[1] for row in rows}


async def _empty(connection: asyncpg.Connection, tables: list[tuple[str, bool]]) -> None:
    """Truncates the tables a test filled (the copy's own rows stay) and forgets the planner's
    statistics: TRUNCATE leaves a table with no pages and no row estimate, as a fresh copy's.
    The log refuses TRUNCATE by its triggers, which a replica's session role does not fire."""
    counts = await _row_counts(connection, [table for table, seeded in tables if not seeded])
    filled = [table for table, count in counts.items() if count > 0]
    async with connection.transaction():
        await connection.execute("SET LOCAL session_replication_role = replica")
        if filled:
            await connection.execute(f"TRUNCATE {', '.join(filled)} RESTART IDENTITY")
        await connection.execute(
            "DELETE FROM pg_statistic WHERE starelid IN"
            f" (SELECT oid FROM pg_class WHERE relnamespace IN ({_USER_NAMESPACES}))"
        )


_USER_NAMESPACES = (
    "SELECT oid FROM pg_namespace WHERE nspname NOT IN"
    " ('pg_catalog', 'information_schema', 'pg_toast')"
    " AND nspname NOT LIKE 'pg\\_temp\\_%' AND nspname NOT LIKE 'pg\\_toast\\_temp\\_%'"
)

_CATALOG_STATE = f"""
WITH spaces AS ({_USER_NAMESPACES}),
relations AS (SELECT * FROM pg_class WHERE relnamespace IN (SELECT oid FROM spaces))
SELECT md5(string_agg(part, E'\\n' ORDER BY part)) FROM (
  SELECT format('namespace %s %s', nspname, nspacl) FROM pg_namespace
    WHERE oid IN (SELECT oid FROM spaces)
  UNION ALL SELECT format('relation %s %s %s %s %s %s %s %s %s %s',
      oid::regclass, relkind, relacl, reloptions, relispartition,
      pg_get_expr(relpartbound, oid), relrowsecurity, relforcerowsecurity, relpersistence,
      CASE WHEN relkind IN ('r', 't', 'm') THEN format('%s %s', relpages, reltuples) END)
    FROM relations
  UNION ALL SELECT format('sequence %s %s', oid::regclass, pg_sequence_last_value(oid))
    FROM relations WHERE relkind = 'S'
  UNION ALL SELECT format('column %s %s %s %s %s %s %s %s', a.attrelid::regclass, a.attnum,
      a.attname, a.atttypid::regtype, a.attnotnull, a.attacl, a.attoptions,
      pg_get_expr(d.adbin, d.adrelid))
    FROM pg_attribute a LEFT JOIN pg_attrdef d ON (d.adrelid, d.adnum) = (a.attrelid, a.attnum)
    WHERE a.attrelid IN (SELECT oid FROM relations) AND a.attnum > 0 AND NOT a.attisdropped
  UNION ALL SELECT format('constraint %s %s %s', conrelid::regclass, conname,
      pg_get_constraintdef(oid))
    FROM pg_constraint WHERE connamespace IN (SELECT oid FROM spaces)
  UNION ALL SELECT format('index %s %s', pg_get_indexdef(indexrelid), indisvalid)
    FROM pg_index WHERE indrelid IN (SELECT oid FROM relations)
  UNION ALL SELECT format('trigger %s %s', pg_get_triggerdef(oid), tgenabled)
    FROM pg_trigger WHERE tgrelid IN (SELECT oid FROM relations)
  UNION ALL SELECT format('function %s %s %s %s %s', oid::regprocedure, md5(prosrc),
      proconfig, proacl, prosecdef)
    FROM pg_proc WHERE pronamespace IN (SELECT oid FROM spaces)
  UNION ALL SELECT format('policy %s %s %s %s', polrelid::regclass, polname,
      pg_get_expr(polqual, polrelid), pg_get_expr(polwithcheck, polrelid))
    FROM pg_policy WHERE polrelid IN (SELECT oid FROM relations)
  UNION ALL SELECT format('rule %s', pg_get_ruledef(oid)) FROM pg_rewrite
    WHERE ev_class IN (SELECT oid FROM relations)
  UNION ALL SELECT format('type %s %s', oid::regtype, typacl) FROM pg_type
    WHERE typnamespace IN (SELECT oid FROM spaces)
  UNION ALL SELECT format('extended statistics %s %s', stxrelid::regclass, stxname)
    FROM pg_statistic_ext
  UNION ALL SELECT format('event trigger %s %s %s', evtname, evtevent, evtenabled)
    FROM pg_event_trigger
  UNION ALL SELECT format('extension %s %s', extname, extversion) FROM pg_extension
  UNION ALL SELECT format('default privileges %s', defaclacl) FROM pg_default_acl
  UNION ALL SELECT format('database %s %s %s', datacl, datconnlimit, datallowconn)
    FROM pg_database WHERE datname = current_database()
  UNION ALL SELECT format('settings %s %s', setrole, setconfig) FROM pg_db_role_setting
    WHERE setdatabase = (SELECT oid FROM pg_database WHERE datname = current_database())
  UNION ALL SELECT format('statistics %s', count(*)) FROM pg_statistic
    WHERE starelid IN (SELECT oid FROM relations)
  UNION ALL SELECT format('large objects %s', count(*)) FROM pg_largeobject_metadata
) AS parts(part)
"""


async def state_of(connection: asyncpg.Connection, tables: list[tuple[str, bool]]) -> str:
    """A digest of what a test may find in its database: the schema and its grants, the
    database's settings, the planner's statistics, and every table's rows."""
    rows = " UNION ALL ".join(
        f"SELECT '{table}', md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), ''))"
        f" FROM {table} AS t"
        for table, _ in tables
    )
    catalog = await connection.fetchval(_CATALOG_STATE)
    contents = await connection.fetch(rows) if rows else []
    return f"{catalog} {sorted((row[0], row[1]) for row in contents)}"

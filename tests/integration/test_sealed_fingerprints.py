"""Fingerprints kept plain before 0022 (L9): `domino migrate` seals each with the service's key,
so that no kept fingerprint confirms a guessed body, while a retry of a request made before
the upgrade still replays, a torneio's own keys still replay, and the table refuses every
other change. Sealing is done once, whatever runs it again: a downgrade and an upgrade, a
start after a process of the older version wrote more plain ones. A start with another key
file is refused before it seals anything."""

from __future__ import annotations

import asyncio
import hashlib
import os
import subprocess
import sys
from pathlib import Path

import asyncpg
import pytest
from alembic import command

from service.store.database import alembic_config, migrate
from service.store.event_store import (
    APPEND,
    EventStore,
    IdempotencyKeyReused,
    NewEvent,
    fingerprint_of,
)
from service.store.fingerprint_key import seal
from service.store.fingerprint_seal import FingerprintKeyMismatch
from service.store.within import append_within
from tests.conftest import Database

KEY = bytes(range(32))
EVENTS = [NewEvent("player_registered", '{"name": "Zequinha da Silva"}')]
POLICY_KEY = "torneio:match_confirmed:m1"


async def kept(connection: asyncpg.Connection) -> dict[str, bytes]:
    rows = await connection.fetch("SELECT key, fingerprint FROM idempotency_keys")
    return {row[0]: bytes(row[1]) for row in rows}


async def appended_plain(connection: asyncpg.Connection, stream: str, key: str) -> bytes:
    """An append with its key as the service kept it before 0022: the plain fingerprint."""
    plain = fingerprint_of(stream, 0, EVENTS)
    row = await connection.fetchrow(
        APPEND, [stream], [0], [1], [key], [plain], [EVENTS[0].type], [EVENTS[0].data], ["{}"],
        [None],
    )  # fmt: skip
    assert row is not None
    assert row[0] == "appended"
    return plain


async def retried(database: Database, stream: str, key: str, with_key: bytes = KEY) -> bool:
    pool = await asyncpg.create_pool(database.app_dsn, min_size=1, max_size=1)
    try:
        store = EventStore(pool, with_key)
        again = await store.append(stream, EVENTS, expected_version=0, idempotency_key=key)
        assert len(await store.read_stream(stream)) == 1
        return again.replayed
    finally:
        await pool.close()


async def test_fingerprints_kept_before_0022_are_sealed_once_and_their_retries_replay(
    database: Database,
) -> None:
    config = alembic_config(database.owner_dsn)
    await asyncio.to_thread(command.downgrade, config, "0021")
    connection = await asyncpg.connect(database.owner_dsn)
    try:
        plain = await appended_plain(connection, "player-legado", "admin:cadastro")
        torneio = [NewEvent("round_paired", '{"round": 1}')]
        first = await append_within(
            connection, "torneio-t1", torneio, expected_version=0, idempotency_key=POLICY_KEY
        )
        assert first == "appended"
        await asyncio.to_thread(command.upgrade, config, "head")
        assert (await kept(connection))["admin:cadastro"] == plain, "the migration seals nothing"

        await asyncio.to_thread(migrate, database.owner_dsn, KEY)

        after = await kept(connection)
        assert after == {
            "admin:cadastro": seal(KEY, plain),
            POLICY_KEY: hashlib.sha256(POLICY_KEY.encode()).digest(),  # the key's own digest
        }
        await asyncio.to_thread(migrate, database.owner_dsn, KEY)
        await asyncio.to_thread(command.downgrade, config, "0021")
        await asyncio.to_thread(command.upgrade, config, "head")
        await asyncio.to_thread(migrate, database.owner_dsn, KEY)
        assert await kept(connection) == after, "sealed once, whatever runs again"
        again = await append_within(
            connection, "torneio-t1", torneio, expected_version=0, idempotency_key=POLICY_KEY
        )
        assert again == "replayed"
    finally:
        await connection.close()
    assert await retried(database, "player-legado", "admin:cadastro")
    with pytest.raises(IdempotencyKeyReused):  # under another key: not the same request
        await retried(database, "player-legado", "admin:cadastro", with_key=bytes(32))


async def test_plain_fingerprints_an_older_process_writes_later_are_sealed_at_the_next_start(
    database: Database,
) -> None:
    """Meanwhile (a rolling upgrade), a retry through this version still replays."""
    connection = await asyncpg.connect(database.owner_dsn)
    try:
        await asyncio.to_thread(migrate, database.owner_dsn, KEY)
        plain = await appended_plain(connection, "player-tarde", "admin:tarde")
        assert await retried(database, "player-tarde", "admin:tarde")
        assert (await kept(connection))["admin:tarde"] == plain
        await asyncio.to_thread(migrate, database.owner_dsn, KEY)
        assert (await kept(connection))["admin:tarde"] == seal(KEY, plain)
    finally:
        await connection.close()
    assert await retried(database, "player-tarde", "admin:tarde")
    with pytest.raises(IdempotencyKeyReused):
        await retried(database, "player-tarde", "admin:tarde", with_key=bytes(32))


async def test_a_plain_fingerprint_kept_replays_only_its_own_request(database: Database) -> None:
    """The plain row answers the request it is the digest of, and no other."""
    connection = await asyncpg.connect(database.owner_dsn)
    try:
        await appended_plain(connection, "player-a", "admin:a")
    finally:
        await connection.close()
    pool = await asyncpg.create_pool(database.app_dsn, min_size=1, max_size=1)
    try:
        store = EventStore(pool, KEY)
        other = [NewEvent("player_registered", '{"name": "Outro Nome"}')]
        with pytest.raises(IdempotencyKeyReused):
            await store.append("player-a", other, expected_version=0, idempotency_key="admin:a")
        plain = fingerprint_of("player-a", 0, EVENTS)
        assert (await store.idempotent_result("admin:a", plain)) is not None
        with pytest.raises(IdempotencyKeyReused):
            await store.idempotent_result("admin:a", fingerprint_of("player-a", 0, other))
        assert len(await store.read_stream("player-a")) == 1
    finally:
        await pool.close()


async def test_a_start_with_another_key_file_is_refused_before_it_seals_anything(
    database: Database,
) -> None:
    """Also after a downgrade and an upgrade: the key's check value is kept."""
    await asyncio.to_thread(migrate, database.owner_dsn, KEY)
    config = alembic_config(database.owner_dsn)
    await asyncio.to_thread(command.downgrade, config, "0021")
    await asyncio.to_thread(command.upgrade, config, "head")
    connection = await asyncpg.connect(database.owner_dsn)
    try:
        plain = await appended_plain(connection, "player-outra", "admin:outra")
        with pytest.raises(FingerprintKeyMismatch, match="DOMINO_FINGERPRINT_KEY_FILE"):
            await asyncio.to_thread(migrate, database.owner_dsn, bytes(32))
        assert (await kept(connection))["admin:outra"] == plain
    finally:
        await connection.close()


async def test_the_keys_table_refuses_every_change_but_a_seal(database: Database) -> None:
    connection = await asyncpg.connect(database.owner_dsn)
    try:
        plain = await appended_plain(connection, "player-x", "admin:x")
        sealed = seal(KEY, plain)
        refused = [
            ("UPDATE idempotency_keys SET stream_id = 'player-y'", ()),
            ("UPDATE idempotency_keys SET fingerprint = $1, last_version = 2", (sealed,)),
            ("UPDATE idempotency_keys SET fingerprint = $1", (b"\x02" + sealed[1:],)),
            ("UPDATE idempotency_keys SET fingerprint = $1", (hashlib.sha256(b"x").digest(),)),
            ("DELETE FROM idempotency_keys", ()),
            ("TRUNCATE idempotency_keys", ()),
        ]
        for statement, arguments in refused:
            with pytest.raises(asyncpg.PostgresError, match="append-only"):
                await connection.execute(statement, *arguments)
        await connection.execute("UPDATE idempotency_keys SET fingerprint = $1", sealed)
        for again in (plain, seal(bytes(32), plain)):  # sealed: for good, and only once
            with pytest.raises(asyncpg.PostgresError, match="append-only"):
                await connection.execute("UPDATE idempotency_keys SET fingerprint = $1", again)
        assert await kept(connection) == {"admin:x": sealed}
    finally:
        await connection.close()


async def test_new_keys_are_kept_sealed(database: Database) -> None:
    """What the store writes now is sealed: nothing is left for the sealing to do."""
    pool = await asyncpg.create_pool(database.app_dsn, min_size=1, max_size=2)
    try:
        store = EventStore(pool, KEY)
        await store.append("player-novo", EVENTS, expected_version=0, idempotency_key="k:1")
    finally:
        await pool.close()
    connection = await asyncpg.connect(database.owner_dsn)
    try:
        plain = fingerprint_of("player-novo", 0, EVENTS)
        assert await kept(connection) == {"k:1": seal(KEY, plain)}
    finally:
        await connection.close()


def domino_migrate(database: Database, key_file: Path) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("DOMINO_")}
    return subprocess.run(
        [sys.executable, "-m", "service", "migrate"],
        env={
            **environment,
            "DATABASE_URL": database.owner_dsn,
            "DOMINO_FINGERPRINT_KEY_FILE": str(key_file),
        },
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_domino_migrate_makes_the_key_and_refuses_another_by_name(
    database: Database, tmp_path: Path
) -> None:
    made = domino_migrate(database, tmp_path / "one" / "fingerprint.key")
    assert made.returncode == 0, made.stderr[-2000:]
    assert (tmp_path / "one" / "fingerprint.key").exists()
    again = domino_migrate(database, tmp_path / "one" / "fingerprint.key")
    assert again.returncode == 0, again.stderr[-2000:]

    other = domino_migrate(database, tmp_path / "two" / "fingerprint.key")
    damaged = tmp_path / "damaged.key"
    damaged.write_text("not a key")
    damaged.chmod(0o600)
    unreadable = domino_migrate(database, damaged)

    assert other.returncode == 1
    assert "is not the one this database's Idempotency-Keys were sealed with" in other.stderr
    assert unreadable.returncode == 1
    assert "cannot be the fingerprint key" in unreadable.stderr
    for refused in (other, unreadable):
        assert "Traceback" not in refused.stderr, refused.stderr[-2000:]

"""Fingerprints kept before 0022 (L9): `domino migrate` seals each with the service's key, so
that no kept fingerprint confirms a guessed body, while a retry of a request made before
the upgrade still replays, a torneio's own keys still replay, and the table still refuses
any other change."""

from __future__ import annotations

import asyncio
import hashlib

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
from service.store.within import append_within
from tests.conftest import Database

KEY = bytes(range(32))
EVENTS = [NewEvent("player_registered", '{"name": "Zequinha da Silva"}')]


async def kept(connection: asyncpg.Connection) -> dict[str, tuple[bytes, bool]]:
    rows = await connection.fetch("SELECT key, fingerprint, unsealed FROM idempotency_keys")
    return {row[0]: (bytes(row[1]), row[2]) for row in rows}


async def test_fingerprints_kept_before_0022_are_sealed_and_their_retries_replay(
    database: Database,
) -> None:
    config = alembic_config(database.owner_dsn)
    await asyncio.to_thread(command.downgrade, config, "0021")
    plain = fingerprint_of("player-legado", 0, EVENTS)
    connection = await asyncpg.connect(database.owner_dsn)
    try:
        await connection.fetch(  # as the service before 0022 kept a request's fingerprint
            APPEND,
            ["player-legado"],
            [0],
            [1],
            ["admin:cadastro"],
            [plain],
            [EVENTS[0].type],
            [EVENTS[0].data],
            ["{}"],
            [None],
        )
        torneio = [NewEvent("round_paired", '{"round": 1}')]
        policy_key = "torneio:match_confirmed:m1"
        appended = await append_within(
            connection, "torneio-t1", torneio, expected_version=0, idempotency_key=policy_key
        )
        assert appended == "appended"
        await asyncio.to_thread(command.upgrade, config, "head")
        assert {k: u for k, (_, u) in (await kept(connection)).items()} == {
            "admin:cadastro": True,
            policy_key: True,
        }

        await asyncio.to_thread(migrate, database.owner_dsn, KEY)

        after = await kept(connection)
        assert after["admin:cadastro"] == (seal(KEY, plain), False)
        assert after[policy_key] == (hashlib.sha256(policy_key.encode()).digest(), False)
        assert plain not in {fingerprint for fingerprint, _ in after.values()}
        with pytest.raises(asyncpg.PostgresError, match="append-only"):
            await connection.execute("UPDATE idempotency_keys SET fingerprint = '\\x00'")
        await asyncio.to_thread(migrate, database.owner_dsn, KEY)
        assert await kept(connection) == after, "sealed once: a second run changes nothing"

        again = await append_within(
            connection, "torneio-t1", torneio, expected_version=0, idempotency_key=policy_key
        )
        assert again == "replayed"
    finally:
        await connection.close()

    pool = await asyncpg.create_pool(database.app_dsn, min_size=1, max_size=2)
    try:
        retried = await EventStore(pool, KEY).append(
            "player-legado", EVENTS, expected_version=0, idempotency_key="admin:cadastro"
        )
        assert retried.replayed
        assert (retried.first_version, retried.last_version) == (1, 1)
        with pytest.raises(IdempotencyKeyReused):  # another key: not the same request
            await EventStore(pool, bytes(32)).append(
                "player-legado", EVENTS, expected_version=0, idempotency_key="admin:cadastro"
            )
        assert len(await EventStore(pool, KEY).read_stream("player-legado")) == 1
    finally:
        await pool.close()


async def test_new_keys_are_kept_sealed(database: Database) -> None:
    """What the store writes now is sealed and marked so: nothing is left for the sealing."""
    pool = await asyncpg.create_pool(database.app_dsn, min_size=1, max_size=2)
    try:
        store = EventStore(pool, KEY)
        await store.append("player-novo", EVENTS, expected_version=0, idempotency_key="k:1")
    finally:
        await pool.close()
    connection = await asyncpg.connect(database.owner_dsn)
    try:
        plain = fingerprint_of("player-novo", 0, EVENTS)
        assert await kept(connection) == {"k:1": (seal(KEY, plain), False)}
    finally:
        await connection.close()

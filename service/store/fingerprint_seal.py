"""Sealing the fingerprints Idempotency-Keys kept plain (L9, migration 0022): each becomes what
the event store keeps now for the same request, `seal(key, fingerprint)`, so that a retry
or an import made again after the upgrade still replays, and no kept fingerprint lets
whoever reads the database test a guessed name any more.

Run by `domino migrate` and at every start of the service's commands, as the owner: the
plain ones are those of 32 bytes (a sealed one has 33), so a second run, or a run after a
downgrade and an upgrade, seals nothing twice, and a run after a process of the older
version wrote more seals those. A torneio's own keys (service/store/within.py) keep the
digest of the key itself, which says nothing the key does not: they stay as they are.

The key is checked first against the one the database was sealed with (its check value):
another key would leave every retry of a key used before refused, and instances of one
service that each made a key of their own would refuse each other's retries."""

from __future__ import annotations

import logging

import asyncpg

from service.store.fingerprint_key import check_value, seal

log = logging.getLogger(__name__)

BATCH = 10_000

_PLAIN = """
    FROM idempotency_keys
   WHERE octet_length(fingerprint) = 32
     AND fingerprint <> sha256(convert_to(key, 'UTF8'))
"""

_REWRITE = """
    UPDATE idempotency_keys AS kept SET fingerprint = sealed.fingerprint
      FROM unnest($1::text[], $2::bytea[]) AS sealed (key, fingerprint)
     WHERE kept.key = sealed.key AND octet_length(kept.fingerprint) = 32
"""


class FingerprintKeyMismatch(RuntimeError):
    """The key file is not the one this database's fingerprints were sealed with."""


async def seal_kept_fingerprints(owner_dsn: str, key: bytes) -> int:
    """Check the key, then seal every fingerprint kept plain, a batch a transaction (an
    interrupted run goes on where it stopped); answers how many were sealed. Progress goes
    to the log."""
    connection = await asyncpg.connect(owner_dsn)
    try:
        await _check(connection, key)
        waiting = await connection.fetchval(f"SELECT count(*) {_PLAIN}")
        done = 0
        while True:
            async with connection.transaction():
                rows = await connection.fetch(
                    f"SELECT key, fingerprint {_PLAIN} ORDER BY key LIMIT $1 FOR UPDATE", BATCH
                )
                if not rows:
                    break
                sealed = [seal(key, bytes(row[1])) for row in rows]
                await connection.execute(_REWRITE, [row[0] for row in rows], sealed)
            done += len(rows)
            log.info(
                "idempotency keys: %d of %d plain fingerprints sealed", done, max(waiting, done)
            )
        return done
    finally:
        await connection.close()


async def _check(connection: asyncpg.Connection, key: bytes) -> None:
    expected = check_value(key)
    await connection.execute(
        "INSERT INTO fingerprint_key_check (check_value) VALUES ($1) ON CONFLICT DO NOTHING",
        expected,
    )
    kept = await connection.fetchval("SELECT check_value FROM fingerprint_key_check")
    if bytes(kept) != expected:
        raise FingerprintKeyMismatch(
            "the fingerprint key file (DOMINO_FINGERPRINT_KEY_FILE) is not the one this"
            " database's Idempotency-Keys were sealed with: put that file back (every instance"
            " of one service shares it). If it is lost for good, delete the row of"
            " fingerprint_key_check as the schema owner: the retries of keys used before then"
            " answer 422 idempotency-key-reused, and nothing else changes"
        )

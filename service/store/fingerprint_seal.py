"""Sealing the fingerprints that Idempotency-Keys kept before they were sealed (L9, migration
0022): each becomes what the event store now keeps for the same request, `seal(key,
fingerprint)`, so a retry or an import made again after the upgrade still replays, and no
kept fingerprint lets whoever reads the database test a guessed name any more.

A torneio's own keys (service/store/within.py) keep the digest of the key itself, which
says nothing the key does not: they stay as they are. The table refuses UPDATE to anyone;
the owner lifts that for the rewrite alone, within each batch's transaction."""

from __future__ import annotations

import hashlib
import logging

import asyncpg

from service.store.fingerprint_key import seal

log = logging.getLogger(__name__)

BATCH = 10_000

_REWRITE = """
    UPDATE idempotency_keys AS kept SET fingerprint = sealed.fingerprint, unsealed = false
      FROM unnest($1::text[], $2::bytea[]) AS sealed (key, fingerprint)
     WHERE kept.key = sealed.key
"""


async def seal_kept_fingerprints(owner_dsn: str, key: bytes) -> int:
    """Seal every fingerprint kept unsealed, a batch a transaction (an interrupted run goes
    on where it stopped); answers how many were sealed. Progress goes to the log."""
    connection = await asyncpg.connect(owner_dsn)
    try:
        waiting = await connection.fetchval("SELECT count(*) FROM idempotency_keys WHERE unsealed")
        done = 0
        while done < waiting:
            async with connection.transaction():
                rows = await connection.fetch(
                    "SELECT key, fingerprint FROM idempotency_keys WHERE unsealed"
                    " ORDER BY key LIMIT $1 FOR UPDATE",
                    BATCH,
                )
                if not rows:
                    break
                keys = [row[0] for row in rows]
                prints = [_sealed(key, row[0], bytes(row[1])) for row in rows]
                await connection.execute(
                    "ALTER TABLE idempotency_keys DISABLE TRIGGER idempotency_refuse_change"
                )
                await connection.execute(_REWRITE, keys, prints)
                await connection.execute(
                    "ALTER TABLE idempotency_keys ENABLE TRIGGER idempotency_refuse_change"
                )
            done += len(rows)
            log.info("idempotency keys: %d of %d fingerprints sealed", done, waiting)
        return done
    finally:
        await connection.close()


def _sealed(key: bytes, idempotency_key: str, fingerprint: bytes) -> bytes:
    if fingerprint == hashlib.sha256(idempotency_key.encode()).digest():
        return fingerprint  # a torneio's: the key's own digest
    return seal(key, fingerprint)

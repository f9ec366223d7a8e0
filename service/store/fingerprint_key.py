"""The key that seals every fingerprint an Idempotency-Key keeps (the event store's `sealed`),
kept outside the database: a key's row keeps its request's fingerprint for good, and a
plain digest of a body would let whoever reads the database test a guessed name or text in
it, even after the player's erasure (L9)."""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from pathlib import Path

KEY_BYTES = 32


def load_or_create(path: Path) -> bytes:
    """The key in `path` (hexadecimal), written there first, readable by its owner alone,
    when there is none. Workers starting together agree: the file appears whole or not at
    all (written aside, then linked into place), and the first to link it wins."""
    try:
        return _read(path)
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    aside = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    descriptor = os.open(aside, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w") as file:
        file.write(secrets.token_bytes(KEY_BYTES).hex() + "\n")
        file.flush()
        os.fsync(file.fileno())
    try:
        os.link(aside, path)
    except FileExistsError:
        pass  # another worker's key stands
    finally:
        aside.unlink()
    return _read(path)


def _read(path: Path) -> bytes:
    text = path.read_text().strip()
    try:
        key = bytes.fromhex(text)
    except ValueError:
        key = b""
    if len(key) != KEY_BYTES:
        raise ValueError(
            f"{path} must hold the fingerprint key: {KEY_BYTES * 2} hexadecimal digits"
            " (DOMINO_FINGERPRINT_KEY_FILE)"
        )
    return key


def process_key() -> bytes:
    """A key of this process alone (an app made in code with no key file: tests, benches);
    a retry after a restart then answers 409, as with a key used for another request."""
    return secrets.token_bytes(KEY_BYTES)


def seal(key: bytes, fingerprint: bytes) -> bytes:
    """What the database keeps of a fingerprint: rows kept before the key (unsealed) are
    sealed the same way, from their fingerprint alone (service/store/fingerprint_seal.py)."""
    return hmac.new(key, fingerprint, hashlib.sha256).digest()

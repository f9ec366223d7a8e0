"""The key that seals every fingerprint an Idempotency-Key keeps (the event store's `sealed`),
kept outside the database: a key's row keeps its request's fingerprint for good, and a
plain digest of a body would let whoever reads the database test a guessed name or text in
it, even after the player's erasure (L9).

A sealed fingerprint says so itself: `SEALED` and then the HMAC, 33 bytes, where a plain
sha256 has 32. Sealing is therefore done once, whatever runs it again (a downgrade and an
upgrade, a start after a process of the older version wrote more plain ones)."""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import stat
from pathlib import Path

KEY_BYTES = 32
UNUSABLE = "cannot be the fingerprint key (DOMINO_FINGERPRINT_KEY_FILE)"
SEALED = b"\x01"
"""The first byte of a sealed fingerprint (a plain one is a bare sha256, 32 bytes)."""


def seal(key: bytes, fingerprint: bytes) -> bytes:
    """What the database keeps of a fingerprint: rows kept before (plain) are sealed the same
    way, from their fingerprint alone (service/store/fingerprint_seal.py)."""
    return SEALED + keyed(key, fingerprint)


def keyed(key: bytes, data: bytes) -> bytes:
    """HMAC-SHA256 of `data` under the service's key: a digest no database reader can
    recompute from a guess (an import line's key of its own, say)."""
    return hmac.new(key, data, hashlib.sha256).digest()


def check_value(key: bytes) -> bytes:
    """Kept in the database, to tell at start a key file that is not the one in use."""
    return keyed(key, b"domino fingerprint key check")


class Seals:
    """A store's key at work: what it keeps of a fingerprint, and what it reads back."""

    def __init__(self, key: bytes) -> None:
        self._key = key

    def sealed(self, fingerprint: bytes) -> bytes:
        """A request's fingerprint as its key keeps it: compare kept ones with `is_kept`."""
        return seal(self._key, fingerprint)

    def keyed(self, data: bytes) -> bytes:
        """A digest of `data` no database reader can recompute from a guess."""
        return keyed(self._key, data)

    def is_kept(self, kept: bytes, fingerprint: bytes) -> bool:
        """Whether what a key keeps is this fingerprint: sealed, or plain as a process of
        the older version kept it and the next start will seal it."""
        if len(kept) == len(fingerprint):
            return hmac.compare_digest(kept, fingerprint)
        return hmac.compare_digest(kept, self.sealed(fingerprint))


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
    descriptor = os.open(aside, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    with os.fdopen(descriptor, "w") as file:
        file.write(secrets.token_bytes(KEY_BYTES).hex() + "\n")
        file.flush()
        os.fsync(file.fileno())
    try:
        os.link(aside, path)
    except FileExistsError:
        pass  # another worker's key stands (or something else is there: read says what)
    finally:
        aside.unlink()
    _sync_directory(path.parent)
    return _read(path)


def _read(path: Path) -> bytes:
    """The key, from a regular file of this user's that nobody else may read: never through
    a symbolic link (one planted there could point at a key others know)."""
    descriptor = _opened(path)
    with os.fdopen(descriptor) as file:
        status = os.fstat(file.fileno())
        if not stat.S_ISREG(status.st_mode):
            raise ValueError(f"{path} {UNUSABLE}: not a regular file")
        if status.st_uid != os.geteuid() or status.st_mode & 0o077:
            raise ValueError(
                f"{path} {UNUSABLE}: it must belong to this user and be readable by no one"
                f" else (chmod 600 {path})"
            )
        text = file.read().strip()
    try:
        key = bytes.fromhex(text)
    except ValueError:
        key = b""
    if len(key) != KEY_BYTES:
        raise ValueError(f"{path} {UNUSABLE}: it must hold {KEY_BYTES * 2} hexadecimal digits")
    return key


def _sync_directory(directory: Path) -> None:
    """The new name made durable: a crash right after must not lose the key in use."""
    descriptor = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def process_key() -> bytes:
    """A key of this process alone (an app made in code with no key file: tests, benches);
    a retry after a restart is then refused (422), as a key used for another request is."""
    return secrets.token_bytes(KEY_BYTES)


def _opened(path: Path) -> int:
    """The key file opened; FileNotFoundError when there is none. Not found, then there:
    another worker linked its key meanwhile, which is read (a race, not a damaged file)."""
    for _ in range(3):
        try:
            return os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)  # a FIFO: no wait
        except FileNotFoundError:
            if not os.path.lexists(path):
                raise
        except OSError as error:  # a symbolic link (dangling or not): ELOOP
            raise ValueError(f"{path} {UNUSABLE}: {error.strerror}") from None
    raise ValueError(f"{path} {UNUSABLE}: it keeps appearing and vanishing")

"""Retries that arrive while the first request with their Idempotency-Key is still being
decided wait for it, then answer exactly its answer.

Without this, a retry sent before the first one's append committed found no answer stored
yet, decided again against the game the first one had just changed, and was refused
(409, 422) where it should have been answered 201 like the first. Within one process the
lock orders them; between processes, `Matches.execute` looks the key up again before it
refuses anything (a key is only ever stored with its first answer).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager


class KeyLocks:
    def __init__(self) -> None:
        self._held: dict[str, tuple[asyncio.Lock, int]] = {}

    @asynccontextmanager
    async def held(self, key: str | None) -> AsyncIterator[None]:
        """Hold the key's lock (no lock at all for a request without a key)."""
        if key is None:
            yield
            return
        lock, waiting = self._held.get(key, (asyncio.Lock(), 0))
        self._held[key] = (lock, waiting + 1)
        try:
            async with lock:
                yield
        finally:
            lock, waiting = self._held[key]
            if waiting == 1:
                del self._held[key]  # nobody else wants it: forget it
            else:
                self._held[key] = (lock, waiting - 1)

    def __len__(self) -> int:
        return len(self._held)

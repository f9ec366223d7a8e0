"""The tokens that may be live, as every instance knows them: a Bloom filter of their
digests, loaded from the `tokens` table when the instance starts listening and told of
each token issued anywhere since (NOTIFY on `ISSUED_CHANNEL`).

A write whose token this process has not yet seen valid, from an address whose refused
writes are spent (service/http/web/rate_limits.py), is looked up only when the filter may
hold its token: a guessed token almost never is, so a flood of them still costs no lookup,
while a player's real token, new or unseen since a restart, is looked up and served. A
token revoked or expired stays in the filter until its next load (every ten minutes,
`LIVE_RELOAD_SECONDS`, and at each reconnect): meanwhile it costs a lookup, and is refused.
"""

from __future__ import annotations

ISSUED_CHANNEL = "domino_tokens_issued"
BITS = 1 << 23
"""1 MiB: at 100,000 tokens a guessed one passes once in 50 million; at a million, once
in 55 (a lookup each time, no more)."""
PROBES = 7


class LiveTokens:
    def __init__(self, bits: int = BITS) -> None:
        self._bits = bits
        self._filter = bytearray(bits // 8)

    def _positions(self, digest: bytes) -> list[int]:
        # A token's SHA-256 is already uniform: its slices are the filter's hashes.
        return [
            int.from_bytes(digest[4 * n : 4 * n + 4], "big") % self._bits for n in range(PROBES)
        ]

    def add(self, digest: bytes) -> None:
        for position in self._positions(digest):
            self._filter[position >> 3] |= 1 << (position & 7)

    def may_hold(self, digest: bytes) -> bool:
        return all(
            self._filter[position >> 3] & (1 << (position & 7))
            for position in self._positions(digest)
        )

"""Token buckets: the arithmetic of the rate limits (service/http/web/rate_limits.py).

`N/period` holds N requests and refills at N per period, so a client may burst up to N and
then keeps to the rate. A request is charged to several buckets at once (its address, its
token, its player), all or nothing: a request refused by one bucket costs the others
nothing.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

MAX_BUCKETS = 100_000  # the least recently used are forgotten (a forgotten one is full)

Headers = list[tuple[bytes, bytes]]


@dataclass(frozen=True)
class Rate:
    requests: int
    seconds: float

    @classmethod
    def parse(cls, text: str, variable: str) -> Rate | None:
        """`600/minute`, `20/hour`, `5/second`, `100/30s`; `off`: no limit."""
        if text.strip().lower() == "off":
            return None
        count, _, per = text.strip().partition("/")
        units = {"second": 1, "minute": 60, "hour": 3600, "day": 86400}
        try:
            requests = int(count)
            seconds = float(units[per]) if per in units else float(per.removesuffix("s"))
        except (KeyError, ValueError):
            requests, seconds = 0, 0.0
        if requests < 1 or not 0 < seconds <= 86400:
            raise ValueError(
                f"{variable} must be a rate like 600/minute, 20/hour or 100/30s, or off,"
                f" not {text!r}"
            )
        return cls(requests, seconds)

    def __str__(self) -> str:
        return f"{self.requests}/{self.seconds:g}s"


class Buckets:
    """Token buckets by key, for one rate."""

    def __init__(self, rate: Rate) -> None:
        self.rate = rate
        self.per_second = rate.requests / rate.seconds
        self._level: OrderedDict[str, tuple[float, float]] = OrderedDict()  # tokens, at

    def level(self, key: str, now: float) -> float:
        """The tokens in `key`'s bucket now."""
        tokens, at = self._level.get(key, (float(self.rate.requests), now))
        return min(float(self.rate.requests), tokens + (now - at) * self.per_second)

    def spend(self, key: str, now: float, count: int) -> None:
        tokens = self.level(key, now) - count
        self._level.pop(key, None)
        self._level[key] = (tokens, now)
        while len(self._level) > MAX_BUCKETS:
            self._level.popitem(last=False)

    def seconds_until(self, tokens: float, count: int) -> float:
        """Until a bucket holding `tokens` holds `count`; inf when it never can."""
        if count > self.rate.requests:
            return math.inf
        return max(0.0, (count - tokens) / self.per_second)

    def seconds_to_full(self, tokens: float) -> float:
        return (self.rate.requests - tokens) / self.per_second


@dataclass(frozen=True)
class Verdict:
    allowed: bool
    retry_after: float
    """Seconds until the request would be allowed (0 when it is; inf: never, the count is
    over a bucket's size)."""
    headers: Headers
    """The IETF draft's RateLimit-* headers of the tightest bucket."""


def charge(
    buckets: Sequence[tuple[Buckets, str]], count: int, now: float, spent: int = 0
) -> Verdict:
    """`count` requests from every (bucket, key), or from none if one cannot cover them.
    `spent`: what the same request was charged already; refused, it is given back, so
    that the request is refused whole (and its Retry-After is for the whole)."""
    levels = [(bucket, key, bucket.level(key, now)) for bucket, key in buckets]
    allowed = all(tokens >= count for _, _, tokens in levels)
    if not allowed and spent:
        for bucket, key, _ in levels:
            bucket.spend(key, now, -spent)
        levels = [(bucket, key, bucket.level(key, now)) for bucket, key, _ in levels]
    if allowed:
        for bucket, key, _ in levels:
            bucket.spend(key, now, count)
    left = [(tokens - count if allowed else tokens, bucket) for bucket, _, tokens in levels]
    tokens, tightest = min(left, key=lambda pair: pair[0])
    headers = [
        (b"ratelimit-limit", str(tightest.rate.requests).encode()),
        (b"ratelimit-remaining", str(max(0, math.floor(tokens))).encode()),
        (b"ratelimit-reset", str(math.ceil(tightest.seconds_to_full(tokens))).encode()),
    ]
    waits = [bucket.seconds_until(tokens, count + spent) for bucket, _, tokens in levels]
    return Verdict(allowed, 0.0 if allowed else max(waits), headers)

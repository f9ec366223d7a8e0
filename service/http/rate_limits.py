"""Rate limits on writes, per token and per address, and stricter ones on registrations.

Each limit is a token bucket: `N/period` holds N requests and refills at N per period, so a
client may burst up to N and then keeps to the rate. A request over a limit is answered 429
`rate-limited` with `Retry-After` (seconds until one request is allowed again) and changes
nothing. Every limited request is answered the IETF draft's headers
(draft-ietf-httpapi-ratelimit-headers-07): `RateLimit-Limit`, `RateLimit-Remaining` and
`RateLimit-Reset` (seconds until the bucket is full again), of the tightest bucket it used.

The buckets live in each process (each instance or worker counts on its own: with N of
them, a client may reach N times the limit); the bootstrap administrator is not limited
(tests, benchmarks, the operator's own scripts). Reads are never limited.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import time
from collections import OrderedDict
from dataclasses import dataclass

from litestar.enums import ScopeType
from litestar.types import ASGIApp, Message, Receive, Scope, Send

from service.http.conventions import MIDDLEWARE_APPLIED
from service.http.problems import send_problem

MAX_BUCKETS = 100_000  # the least recently used are forgotten (a forgotten one is full)
READ_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
INTERNAL = "domino_internal"  # set by service/http/imports.py on the writes it makes
REGISTRATION = ("POST", "/v1/players")
NO_LIMITS = {
    name: "off"
    for name in (
        "DOMINO_RATE_WRITES_PER_TOKEN",
        "DOMINO_RATE_WRITES_PER_ADDRESS",
        "DOMINO_RATE_REGISTRATIONS_PER_ADDRESS",
    )
}
"""The environment of a service under load tests (tests/reliability, bench): hundreds of
writes a second from one address, with players' tokens too."""


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
        self._level: OrderedDict[str, tuple[float, float]] = OrderedDict()  # tokens, at

    def take(self, key: str, now: float) -> tuple[bool, float, float, float]:
        """(allowed, tokens left, seconds until one token, seconds until full)."""
        per_second = self.rate.requests / self.rate.seconds
        tokens, at = self._level.pop(key, (float(self.rate.requests), now))
        tokens = min(float(self.rate.requests), tokens + (now - at) * per_second)
        allowed = tokens >= 1
        if allowed:
            tokens -= 1
        self._level[key] = (tokens, now)
        while len(self._level) > MAX_BUCKETS:
            self._level.popitem(last=False)
        wait = 0.0 if tokens >= 1 else (1 - tokens) / per_second
        return allowed, tokens, wait, (self.rate.requests - tokens) / per_second


@dataclass(frozen=True)
class Limits:
    writes_per_token: Rate | None
    writes_per_address: Rate | None
    registrations_per_address: Rate | None


def rate_buckets(limits: Limits) -> dict[str, Buckets]:
    """The buckets of every limit, made once per process: Litestar builds a middleware per
    route, and each must count against the same buckets (a client spreading its writes over
    the routes would otherwise get the limit once per route)."""
    pairs = [
        ("token", limits.writes_per_token),
        ("address", limits.writes_per_address),
        ("registration", limits.registrations_per_address),
    ]
    return {name: Buckets(rate) for name, rate in pairs if rate is not None}


class RateLimits:
    """ASGI middleware."""

    def __init__(self, app: ASGIApp, buckets: dict[str, Buckets], exempt_token: str | None) -> None:
        self.app = app
        self.exempt = exempt_token.encode() if exempt_token else None
        self.buckets = buckets

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] != ScopeType.HTTP
            or scope["method"] in READ_METHODS
            or not self.buckets
            or scope.get(INTERNAL)  # an import's own writes: the import counted once
            or scope.get(MIDDLEWARE_APPLIED)
        ):
            await self.app(scope, receive, send)
            return
        token = _bearer(scope)
        if token is not None and self.exempt and hmac.compare_digest(token, self.exempt):
            await self.app(scope, receive, send)
            return
        address = (scope.get("client") or ("unknown", 0))[0]
        keys = [("address", address)]
        if token is not None:
            keys.append(("token", hashlib.sha256(token).hexdigest()))
        if (scope["method"], scope["path"].rstrip("/")) == REGISTRATION:
            keys.append(("registration", address))
        now = time.monotonic()
        tightest: tuple[float, Rate, float, float] | None = None
        refused_for = 0.0
        for name, key in keys:
            buckets = self.buckets.get(name)
            if buckets is None:
                continue
            allowed, left, wait, full = buckets.take(key, now)
            if not allowed:
                refused_for = max(refused_for, wait)
            if tightest is None or left < tightest[0]:
                tightest = (left, buckets.rate, full, wait)
        if tightest is None:
            await self.app(scope, receive, send)
            return
        left, rate, full, _ = tightest
        headers = [
            (b"ratelimit-limit", str(rate.requests).encode()),
            (b"ratelimit-remaining", str(max(0, math.floor(left))).encode()),
            (b"ratelimit-reset", str(math.ceil(full)).encode()),
        ]
        if refused_for > 0:
            retry_after = math.ceil(refused_for)
            await send_problem(
                send,
                429,
                "rate-limited",
                f"too many writes: retry in {retry_after} s (nothing was changed)",
                [(b"retry-after", str(retry_after).encode()), *headers],
            )
            return

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", ()), *headers]}
            await send(message)

        await self.app(scope, receive, sending)


def _bearer(scope: Scope) -> bytes | None:
    for name, value in scope["headers"]:
        if name == b"authorization":
            scheme, _, token = value.partition(b" ")
            return token.strip() if scheme.lower() == b"bearer" and token.strip() else None
    return None

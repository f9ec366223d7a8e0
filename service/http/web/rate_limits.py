"""Rate limits on writes: per address, per token and per player, stricter ones on
registrations, and a bucket of their own for the writes refused for want of a valid token.

Each limit is a token bucket (service/http/web/rate_buckets.py). A request over a limit is
answered 429 `rate-limited` with `Retry-After` (seconds until it is allowed) and changes
nothing. Every limited request is answered the IETF draft's headers
(draft-ietf-httpapi-ratelimit-headers-07): `RateLimit-Limit`, `RateLimit-Remaining` and
`RateLimit-Reset` (seconds until the bucket is full again), of the tightest bucket it used.

Who is asking is looked up first (the lookup is cached; Litestar's handlers find it on the
request): a write with a valid token is charged to its address, its token and its player
(so a player's tokens share one allowance); a write with no token, or a malformed, unknown
or expired one, is charged to the address's bucket of refused writes only, and answered
401 by the app as before. So a flood of bad tokens from one address (a NAT, a club's wifi)
spends its own bucket and not the allowance of the players behind that address; once it
is spent, a token not yet seen valid by this process is refused 429 without a lookup.
An import is charged one write per line (service/http/exports/imports.py, `charge_more`).

The buckets live in each process (each instance or worker counts on its own: with N of
them, a client may reach N times the limit); the bootstrap administrator is not limited
(tests, benchmarks, the operator's own scripts). Reads are never limited.
"""

from __future__ import annotations

import hmac
import math
import re
import time
from collections import OrderedDict
from dataclasses import dataclass

from litestar.enums import ScopeType
from litestar.types import ASGIApp, Message, Receive, Scope, Send

from service.http.auth import Principal, authorization, bearer_token, looked_up, token_hash
from service.http.problems import ApiError, send_problem
from service.http.web.conventions import MIDDLEWARE_APPLIED
from service.http.web.rate_buckets import MAX_BUCKETS, Buckets, Headers, Rate, Verdict, charge

READ_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
INTERNAL = "domino_internal"  # set by service/http/exports/imports.py on the writes it makes
REGISTRATION = ("POST", "/v1/players")
REVOCATION = ("DELETE", "/v1/tokens/current")
"""Charged to its address alone: a thief spending a stolen token's allowance (or its
player's) must not stop its owner from revoking it."""
REVOKE_ALL = re.compile(r"/v1/players/[^/]+/tokens")
NO_LIMITS = {
    name: "off"
    for name in (
        "DOMINO_RATE_WRITES_PER_TOKEN",
        "DOMINO_RATE_WRITES_PER_PLAYER",
        "DOMINO_RATE_WRITES_PER_ADDRESS",
        "DOMINO_RATE_REFUSED_PER_ADDRESS",
        "DOMINO_RATE_REGISTRATIONS_PER_ADDRESS",
    )
}
"""The environment of a service under load tests (tests/reliability, bench): hundreds of
writes a second from one address, with players' tokens too."""
_CHARGED = "domino.rate_charged"  # the scope's key for what a request was charged to

__all__ = ["INTERNAL", "NO_LIMITS", "Limiter", "Limits", "Rate", "RateLimits", "charge_more"]


@dataclass(frozen=True)
class Limits:
    writes_per_token: Rate | None = None
    writes_per_address: Rate | None = None
    registrations_per_address: Rate | None = None
    writes_per_player: Rate | None = None
    refused_per_address: Rate | None = None


class Limiter:
    """The buckets of every limit, and the tokens seen valid: made once per process, as
    Litestar builds a middleware per route and each must count against the same buckets (a
    client spreading its writes over the routes would otherwise get the limit per route)."""

    def __init__(self, limits: Limits, exempt_token: str | None) -> None:
        pairs = [
            ("token", limits.writes_per_token),
            ("player", limits.writes_per_player),
            ("address", limits.writes_per_address),
            ("registration", limits.registrations_per_address),
            ("refused", limits.refused_per_address),
        ]
        self.buckets = {name: Buckets(rate) for name, rate in pairs if rate is not None}
        self.exempt = exempt_token
        self._valid: OrderedDict[bytes, None] = OrderedDict()  # tokens' hashes

    def exempts(self, token: str) -> bool:
        return bool(self.exempt) and hmac.compare_digest(token.encode(), str(self.exempt).encode())

    def seen_valid(self, digest: bytes) -> bool:
        return digest in self._valid

    def found_valid(self, digest: bytes) -> None:
        self._valid.pop(digest, None)
        self._valid[digest] = None
        while len(self._valid) > MAX_BUCKETS:
            self._valid.popitem(last=False)

    def found_invalid(self, digest: bytes) -> None:
        self._valid.pop(digest, None)

    def refused_allowance_left(self, address: str, now: float) -> bool:
        refused = self.buckets.get("refused")
        return refused is None or refused.level(address, now) >= 1

    def to_charge(
        self,
        address: str,
        principal: Principal | None,
        digest: bytes,
        registering: bool,
        revoking: bool = False,
    ) -> list[tuple[Buckets, str]]:
        """The buckets and keys a write is charged to."""
        if principal is None:
            keys = [("refused", address)]
        elif revoking:
            keys = [("address", address)]
        else:
            keys = [("address", address), ("token", digest.hex())]
            if principal.player_id is not None:
                keys.append(("player", principal.player_id))
            if registering:
                keys.append(("registration", address))
        return [(self.buckets[name], key) for name, key in keys if name in self.buckets]


@dataclass
class _Charged:
    """What a request was charged to, for an import's further lines, and the headers its
    answer carries (updated when it is charged more)."""

    buckets: list[tuple[Buckets, str]]
    headers: Headers
    authenticated: bool


class RateLimits:
    """ASGI middleware."""

    def __init__(self, app: ASGIApp, limiter: Limiter) -> None:
        self.app = app
        self.limiter = limiter

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        limiter = self.limiter
        if (
            scope["type"] != ScopeType.HTTP
            or scope["method"] in READ_METHODS
            or not limiter.buckets
            or scope.get(INTERNAL)  # an import's own writes: the import is charged per line
            or scope.get(MIDDLEWARE_APPLIED)
        ):
            await self.app(scope, receive, send)
            return
        try:
            token = bearer_token(authorization(scope))
        except ApiError:  # malformed: refused by the app, 401
            token = None
        if token is not None and limiter.exempts(token):
            await self.app(scope, receive, send)
            return
        address = (scope.get("client") or ("unknown", 0))[0]
        now = time.monotonic()
        digest = b"" if token is None else token_hash(token)
        tokens = scope["litestar_app"].state.tokens
        if (
            token is not None
            and not limiter.seen_valid(digest)
            and not limiter.refused_allowance_left(address, now)
            and not tokens.may_be_live(digest)
        ):
            await _refuse(send, limiter.buckets["refused"], address, now)
            return
        try:
            principal = await looked_up(tokens, scope)
        except ApiError:  # malformed, unknown or expired: the app answers 401
            principal = None
        if principal is not None:
            limiter.found_valid(digest)
        elif token is not None:
            limiter.found_invalid(digest)
        route = (scope["method"], scope["path"].rstrip("/"))
        revoking = route == REVOCATION or (
            route[0] == "DELETE" and REVOKE_ALL.fullmatch(route[1]) is not None
        )
        buckets = limiter.to_charge(address, principal, digest, route == REGISTRATION, revoking)
        if not buckets:
            await self.app(scope, receive, send)
            return
        verdict = charge(buckets, 1, now)
        if not verdict.allowed:
            await _too_many(send, verdict, principal is None)
            return
        charged = _Charged(buckets, verdict.headers, principal is not None)
        scope[_CHARGED] = charged  # type: ignore[literal-required]

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", ()), *charged.headers]}
            await send(message)

        await self.app(scope, receive, sending)


def charge_more(scope: Scope, count: int) -> Verdict | None:
    """`count` more writes on the allowances this request was charged to (an import's
    lines after its first), all or nothing; None when the request is not limited, or has
    no valid token (each of its writes is refused at once, and it counted once as such)."""
    charged = scope.get(_CHARGED)
    if not isinstance(charged, _Charged) or not charged.authenticated or count < 1:
        return None
    verdict = charge(charged.buckets, count, time.monotonic(), spent=1)
    charged.headers = verdict.headers
    return verdict


async def _refuse(send: Send, refused: Buckets, address: str, now: float) -> None:
    """A token not yet seen valid, once the address's refused writes are spent: refused
    without looking it up."""
    await _too_many(send, charge([(refused, address)], 1, now), True)


async def _too_many(send: Send, verdict: Verdict, unauthenticated: bool) -> None:
    retry_after = math.ceil(verdict.retry_after)
    what = "writes without a valid token from this address" if unauthenticated else "writes"
    await send_problem(
        send,
        429,
        "rate-limited",
        f"too many {what}: retry in {retry_after} s (nothing was changed)",
        [(b"retry-after", str(retry_after).encode()), *verdict.headers],
    )

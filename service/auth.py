"""Who is asking: bearer tokens (random, stored as SHA-256), the bootstrap administrator."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from datetime import datetime

import asyncpg
import msgspec
from litestar import Request
from litestar.datastructures import State

from service.problems import ApiError

CACHE_SECONDS = 30.0


class Principal(msgspec.Struct, frozen=True):
    player_id: str | None  # None for the bootstrap administrator
    admin: bool = False

    @property
    def actor(self) -> str:
        return self.player_id or "admin"


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> bytes:
    return hashlib.sha256(token.encode()).digest()


class Tokens:
    """Token checks, with a short in-memory cache so a move costs no extra query."""

    def __init__(self, pool: asyncpg.Pool, bootstrap_token: str | None) -> None:
        self.pool = pool
        self.bootstrap = bootstrap_token
        self._cache: dict[bytes, tuple[float, Principal | None]] = {}

    async def issue(self, player_id: str) -> str:
        token = new_token()
        await self.pool.execute(
            "INSERT INTO tokens (token_hash, player_id) VALUES ($1, $2)",
            token_hash(token),
            player_id,
        )
        return token

    async def revoke(self, token: str) -> None:
        """The token stops working now here, and within CACHE_SECONDS on other instances."""
        digest = token_hash(token)
        await self.pool.execute(
            "UPDATE tokens SET expires_at = now() WHERE token_hash = $1"
            " AND (expires_at IS NULL OR expires_at > now())",
            digest,
        )
        self._cache.pop(digest, None)

    async def principal(self, token: str) -> Principal | None:
        if self.bootstrap and hmac.compare_digest(token.encode(), self.bootstrap.encode()):
            return Principal(None, admin=True)
        digest = token_hash(token)
        cached = self._cache.get(digest)
        now = time.monotonic()
        if cached is not None and cached[0] > now:
            return cached[1]
        row = await self.pool.fetchrow(
            "SELECT player_id, expires_at FROM tokens WHERE token_hash = $1", digest
        )
        found = None
        if row is not None and (row[1] is None or row[1] > datetime.now(row[1].tzinfo)):
            found = Principal(row[0])
        if len(self._cache) > 100_000:
            self._cache.clear()
        self._cache[digest] = (now + CACHE_SECONDS, found)
        return found


def _bearer(request: Request[object, object, State]) -> str | None:
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip() or len(token) > 200:
        raise ApiError(401, "invalid-token", "send `Authorization: Bearer <token>`")
    return token.strip()


async def provide_principal(request: Request[object, object, State]) -> Principal:
    """Writes: a valid token is required."""
    token = _bearer(request)
    if token is None:
        raise ApiError(401, "unauthorized", "this needs `Authorization: Bearer <token>`")
    tokens: Tokens = request.app.state.tokens
    principal = await tokens.principal(token)
    if principal is None:
        raise ApiError(401, "invalid-token", "the token is unknown or expired")
    return principal


async def provide_viewer(request: Request[object, object, State]) -> Principal | None:
    """Reads: anonymous is fine; a token, if sent, must be valid."""
    token = _bearer(request)
    if token is None:
        return None
    tokens: Tokens = request.app.state.tokens
    principal = await tokens.principal(token)
    if principal is None:
        raise ApiError(401, "invalid-token", "the token is unknown or expired")
    return principal

"""Who is asking: bearer tokens (random, stored as SHA-256), the bootstrap administrator."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import Callable
from datetime import datetime, timedelta

import asyncpg
import msgspec
from asyncpg.pool import PoolConnectionProxy
from litestar import Request
from litestar.datastructures import State
from litestar.types import Scope

from service.http.live_tokens import ISSUED_CHANNEL, LiveTokens
from service.http.problems import ApiError
from service.store.registry import BOOTSTRAP_ACTOR

CACHE_SECONDS = 30.0
REVOKED_CHANNEL = "domino_tokens_revoked"
ERASED_PREFIX = "erased:"
"""A payload on REVOKED_CHANNEL naming an erased player: every instance drops what it
caches of their texts (`Tokens.on_erasure`)."""
RECONNECT_SECONDS = 1.0
HEARTBEAT_SECONDS = 5.0
LIVE_RELOAD_SECONDS = 600.0  # the live tokens' filter loaded again, its revoked ones gone
LIVE_LOAD_SLICE = 5_000  # tokens added to the filter between two turns of the event loop
LISTENER_NAME = "domino-token-revocations"  # application_name, for operators
FIRST_TOKEN_LOCK = 70232  # advisory lock on issuing a player a token: (this, hashtext(player id))

log = logging.getLogger("domino.auth")


class Principal(msgspec.Struct, frozen=True):
    player_id: str | None  # None for the bootstrap administrator
    admin: bool = False
    delegated: bool = False  # a token an administrator issued in the player's name

    @property
    def actor(self) -> str:
        return self.player_id or BOOTSTRAP_ACTOR


class Issued(msgspec.Struct, frozen=True):
    """A new token, to be shown once, and when it stops working (None: never)."""

    token: str
    expires_at: datetime | None


_COLUMNS = "token_hash, player_id, expires_at, issued_by, by_administrator"
_VALUES = "$1, $2, now() + make_interval(secs => $3), $4, $5"
"""A token's row: its hash, its player, its end (in seconds from now), and who issued it."""


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> bytes:
    return hashlib.sha256(token.encode()).digest()


class Tokens:
    """Token checks, with a short in-memory cache so a move costs no extra query.

    A revocation is broadcast (NOTIFY) to every instance, which drops the token from its
    cache at once. An instance that is not listening (its listener connection is down)
    does not cache, so no instance answers from a cache that may have missed one.
    """

    def __init__(
        self,
        pool: asyncpg.Pool,
        bootstrap_token: str | None,
        lifetime: timedelta | None = None,
        max_per_player: int | None = None,
    ) -> None:
        self.pool = pool
        self.bootstrap = bootstrap_token
        self.max_per_player = max_per_player  # live tokens a player may hold; None: any
        # A player's token lasts this long (None: forever), counted in seconds so that a
        # daylight-saving change in the database's time zone does not stretch a "day".
        self._lifetime_seconds = None if lifetime is None else lifetime.total_seconds()
        self._cache: dict[bytes, tuple[float, Principal | None]] = {}
        self._listening = False
        self._listener: asyncio.Task[None] | None = None
        # Moves on every revocation heard and every listener loss: a lookup that began
        # before it may have read a token as valid that is now revoked, so it caches nothing.
        self._generation = 0
        self.on_erasure: list[Callable[[], None]] = []
        """Called when any instance erases a player (their games' cached texts dropped)."""
        self.live = LiveTokens()
        """The tokens that may be live (service/http/live_tokens.py), trusted while listening."""
        self._arrived: list[bytes] | None = None

    async def start_listening(self, dsn: str) -> None:
        self._listener = asyncio.create_task(self._listen(dsn), name="token-revocations")

    async def stop_listening(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._listener

    async def _listen(self, dsn: str) -> None:
        while True:
            try:
                await self._listen_once(dsn)
            except (
                OSError,
                TimeoutError,
                asyncpg.PostgresError,
                asyncpg.InterfaceError,
                asyncpg.exceptions.TargetServerAttributeNotMatched,  # mid-failover
            ) as error:
                log.warning("token revocations: not listening (%r), retrying", error)
            finally:
                self._stop_caching()
            await asyncio.sleep(RECONNECT_SECONDS)

    async def _listen_once(self, dsn: str) -> None:
        connection = await asyncpg.connect(
            dsn, timeout=5, server_settings={"application_name": LISTENER_NAME}
        )
        try:
            lost = asyncio.Event()
            connection.add_termination_listener(lambda _: lost.set())
            await connection.add_listener(REVOKED_CHANNEL, self._revoked)
            await connection.add_listener(ISSUED_CHANNEL, self._issued)
            await self._load_live(connection)  # whatever was issued meanwhile
            self._cache.clear()  # whatever was revoked while nobody listened
            for hook in self.on_erasure:  # and whoever was erased meanwhile
                hook()
            # A lookup that began while nobody listened may have read a token revoked since,
            # whose notice nobody heard: it must not cache what it read.
            self._generation += 1
            self._listening = True
            loaded = time.monotonic()
            while not lost.is_set():
                # Not asyncio.wait_for: Python 3.11's loses a cancellation (gh-86296).
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(HEARTBEAT_SECONDS):
                        await lost.wait()
                await connection.fetchval("SELECT 1", timeout=2)  # a silent cut raises here
                if time.monotonic() - loaded > LIVE_RELOAD_SECONDS:
                    await self._load_live(connection)  # the tokens revoked since, gone
                    loaded = time.monotonic()
        finally:
            await connection.close(timeout=1)

    async def _load_live(self, connection: asyncpg.Connection) -> None:
        """The filter of live tokens made again from the table, then swapped in: built a
        slice at a time (a million tokens take seconds of Python, and the loop serves
        meanwhile), with the tokens issued during the load, which its snapshot may miss."""
        self._arrived = []
        try:
            rows = await connection.fetch(
                "SELECT token_hash FROM tokens WHERE expires_at IS NULL OR expires_at > now()"
            )
            fresh = LiveTokens()
            for n, row in enumerate(rows, 1):
                fresh.add(bytes(row[0]))
                if n % LIVE_LOAD_SLICE == 0:
                    await asyncio.sleep(0)
            for digest in self._arrived:
                fresh.add(digest)
            self.live = fresh
        finally:
            self._arrived = None

    def _revoked(self, _connection: object, _pid: int, _channel: str, payload: object) -> None:
        self._generation += 1
        if str(payload).startswith(ERASED_PREFIX):
            for hook in self.on_erasure:
                hook()
            return
        self._cache.pop(bytes.fromhex(str(payload)), None)

    def _issued(self, _connection: object, _pid: int, _channel: str, payload: object) -> None:
        self._heard_issued(bytes.fromhex(str(payload)))

    def _heard_issued(self, digest: bytes) -> None:
        self.live.add(digest)
        if self._arrived is not None:
            self._arrived.append(digest)

    def may_be_live(self, digest: bytes) -> bool:
        """Whether the token may be one issued and not yet expired. Not listening, the
        filter may lack a token issued meanwhile: that one is refused unlooked, as any
        token not yet seen valid was before the filter, until the listener loads it."""
        return self.live.may_hold(digest)

    def forget(self, digests: list[str]) -> None:
        """These tokens (hex digests), revoked here: dropped from this instance's cache now,
        without waiting to hear the NOTIFY."""
        self._generation += 1
        for digest in digests:
            self._cache.pop(bytes.fromhex(digest), None)

    def _stop_caching(self) -> None:
        """Not listening: revocations may go unheard, so nothing cached may be trusted."""
        self._listening = False
        self._generation += 1
        self._cache.clear()

    async def issue(self, player_id: str, by: Principal, *, capped: bool = True) -> Issued:
        """A new token, and who issued it. `capped`: refused (409 `too-many-tokens`) while the
        player holds `max_per_player` live ones (unexpired, unrevoked): each token would bring
        its own allowance of writes, and a leaked one is one more to find and revoke."""
        token = new_token()
        async with self.pool.acquire() as connection, connection.transaction():
            await connection.execute(  # one issue at a time per player: the count holds
                "SELECT pg_advisory_xact_lock($1, hashtext($2))", FIRST_TOKEN_LOCK, player_id
            )
            # Erased (its row written, `player_erased` maybe not yet): no token (L4). Shared
            # with the erasure's lock (migration 0015): neither slips past the other.
            await connection.execute(
                "SELECT pg_advisory_xact_lock_shared(erasure_lock($1))", player_id
            )
            if await connection.fetchval(
                "SELECT EXISTS (SELECT FROM erasures WHERE player_id = $1)", player_id
            ):
                raise ApiError(409, "player-erased", "this player's data was erased: no new token")
            if capped and self.max_per_player is not None:
                live = await connection.fetchval(
                    "SELECT count(*) FROM tokens WHERE player_id = $1"
                    " AND (expires_at IS NULL OR expires_at > now())",
                    player_id,
                )
                if live >= self.max_per_player:
                    raise ApiError(
                        409,
                        "too-many-tokens",
                        f"this player already holds {live} live tokens, the most allowed:"
                        " revoke one (DELETE /v1/tokens/current, sent with it) first",
                    )
            expires_at = await connection.fetchval(
                f"INSERT INTO tokens ({_COLUMNS}) VALUES ({_VALUES}) RETURNING expires_at",
                *self._row(token, player_id, by, minted=True),
            )
            await self._announce(connection, token)
        return Issued(token, expires_at)

    async def _announce(
        self, connection: asyncpg.Connection | PoolConnectionProxy, token: str
    ) -> None:
        """Every instance (this one at once) knows the token may be live, from its commit."""
        digest = token_hash(token)
        await connection.execute("SELECT pg_notify($1, $2)", ISSUED_CHANNEL, digest.hex())
        self._heard_issued(digest)

    async def issue_first(self, player_id: str, by: Principal) -> Issued | None:
        """A token for a player who has never had one, else None: a registration retried
        after its token was lost to a database fault still gets one, and only one (none
        once erased: L4). `by`: who registered them, and so holds it."""
        token = new_token()
        async with self.pool.acquire() as connection, connection.transaction():
            await connection.execute(
                "SELECT pg_advisory_xact_lock($1, hashtext($2))", FIRST_TOKEN_LOCK, player_id
            )
            # An erasure meanwhile (on the player's request) leaves no token to find, and
            # must not be undone by the retry: shared with the erasure's lock (migration 0015).
            await connection.execute(
                "SELECT pg_advisory_xact_lock_shared(erasure_lock($1))", player_id
            )
            row = await connection.fetchrow(
                f"INSERT INTO tokens ({_COLUMNS}) SELECT {_VALUES}"
                " WHERE NOT EXISTS (SELECT FROM tokens WHERE player_id = $2)"
                " AND NOT EXISTS (SELECT FROM erasures WHERE player_id = $2)"
                " RETURNING expires_at",
                *self._row(token, player_id, by, minted=False),
            )
            if row is not None:
                await self._announce(connection, token)
        return None if row is None else Issued(token, row[0])

    def _row(self, token: str, player: str, by: Principal, *, minted: bool) -> tuple[object, ...]:
        # L10: an administrator's for a registered player (not its first), or issued with one
        delegated = minted and (by.delegated or (by.admin and by.player_id != player))
        return (token_hash(token), player, self._lifetime_seconds, by.actor, delegated)

    async def revoke(self, token: str) -> None:
        """The token stops working now, on this instance and every other."""
        digest = token_hash(token)
        async with self.pool.acquire() as connection, connection.transaction():
            await connection.execute(
                "UPDATE tokens SET expires_at = now() WHERE token_hash = $1"
                " AND (expires_at IS NULL OR expires_at > now())",
                digest,
            )
            await connection.execute("SELECT pg_notify($1, $2)", REVOKED_CHANNEL, digest.hex())
        self._generation += 1
        self._cache.pop(digest, None)

    async def revoke_all(self, player_id: str, keep: str | None = None) -> int:
        """Every live token of the player stops working now (a lost one among them), but
        `keep`, the token the request carries; answers how many."""
        kept = b"" if keep is None else token_hash(keep)
        async with self.pool.acquire() as connection, connection.transaction():
            revoked = await connection.fetch(
                "UPDATE tokens SET expires_at = now() WHERE player_id = $1 AND token_hash <> $2"
                " AND (expires_at IS NULL OR expires_at > now()) RETURNING token_hash",
                player_id,
                kept,
            )
            for row in revoked:
                await connection.execute(
                    "SELECT pg_notify($1, $2)", REVOKED_CHANNEL, bytes(row[0]).hex()
                )
        self._generation += 1
        for row in revoked:
            self._cache.pop(bytes(row[0]), None)
        return len(revoked)

    async def principal(self, token: str) -> Principal | None:
        if self.bootstrap and hmac.compare_digest(token.encode(), self.bootstrap.encode()):
            return Principal(None, admin=True)
        digest = token_hash(token)
        cached = self._cache.get(digest) if self._listening else None
        now = time.monotonic()
        if cached is not None and cached[0] > now:
            return cached[1]
        generation = self._generation
        row = await self.pool.fetchrow(  # the database's clock sets expiry and judges it
            "SELECT player_id, extract(epoch FROM expires_at - now())::float8,"
            " by_administrator IS TRUE FROM tokens WHERE token_hash = $1",
            digest,
        )
        found, trust = None, CACHE_SECONDS
        if row is not None and (row[1] is None or row[1] > 0):
            found = Principal(row[0], delegated=row[2])
            trust = CACHE_SECONDS if row[1] is None else min(CACHE_SECONDS, row[1])
        if self._listening and generation == self._generation:
            if len(self._cache) > 100_000:
                self._cache.clear()
            self._cache[digest] = (now + trust, found)  # never past the token's expiry
        return found


def bearer_token(header: str | None) -> str | None:
    """The token of an `Authorization: Bearer <token>` header; None without the header."""
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip() or len(token) > 200:
        raise ApiError(401, "invalid-token", "send `Authorization: Bearer <token>`")
    return token.strip()


async def principal_of(tokens: Tokens, scope: Scope) -> Principal:
    """Writes: a valid token is required."""
    principal = await looked_up(tokens, scope)
    if principal is None:
        raise ApiError(401, "unauthorized", "this needs `Authorization: Bearer <token>`")
    return principal


async def looked_up(tokens: Tokens, scope: Scope) -> Principal | None:
    """Who sent this request (None: no token), looked up once per request whoever asks
    first (the rate limits, the strict body check, a handler's dependency); a malformed,
    unknown or expired token is refused, 401 `invalid-token`."""
    if _PRINCIPAL_KEY in scope:
        known = scope[_PRINCIPAL_KEY]  # type: ignore[literal-required]
    else:
        token = bearer_token(authorization(scope))
        known = _ANONYMOUS if token is None else await tokens.principal(token)
        scope[_PRINCIPAL_KEY] = known  # type: ignore[literal-required]
    if known is None:
        raise ApiError(401, "invalid-token", "the token is unknown or expired")
    return None if known is _ANONYMOUS else known


_PRINCIPAL_KEY = "domino.principal"
_ANONYMOUS = Principal(None)  # no token sent (a Principal only as a marker, never returned)


def authorization(scope: Scope) -> str | None:
    """The request's `Authorization` header, if any."""
    for name, value in scope["headers"]:
        if name == b"authorization":
            return bytes(value).decode("latin-1")
    return None


async def provide_principal(request: Request[object, object, State]) -> Principal:
    """Writes: a valid token is required."""
    return await principal_of(request.app.state.tokens, request.scope)


async def provide_viewer(request: Request[object, object, State]) -> Principal | None:
    """Reads: anonymous is fine; a token, if sent, must be valid."""
    return await looked_up(request.app.state.tokens, request.scope)

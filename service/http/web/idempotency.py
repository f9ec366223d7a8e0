"""A write's Idempotency-Key (scoped by its sender) and the digest of its request, for every
write that honours one: a game's, a competition's, a mesa's, a torneio's."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any, NamedTuple, Protocol

from litestar import Request

from service.http.auth import Principal
from service.http.problems import ApiError
from service.http.web.rate_limits import INTERNAL


class WithHeaders(Protocol):
    @property
    def headers(self) -> Mapping[str, str]:
        """Looked up by lower-case name."""
        ...


class Incoming(NamedTuple):
    """What a write reads of its request: from Litestar's `Request` (`incoming`), or from
    the ASGI scope on the lean path (service/http/matches/lean_writes.py)."""

    method: str
    path: str
    headers: Mapping[str, str]
    body: bytes


async def incoming(request: Request[Any, Any, Any]) -> Incoming:
    return Incoming(request.method, request.url.path, request.headers, await request.body())


MAX_KEY_LENGTH = 200
"""Characters of an Idempotency-Key, as the header's bytes read back (Latin-1): bytes."""


def idempotency_key(request: WithHeaders, principal: Principal) -> str | None:
    key = request.headers.get("idempotency-key")
    if key is None:
        return None
    if not 1 <= len(key) <= MAX_KEY_LENGTH:
        raise ApiError(400, "invalid-idempotency-key", "an Idempotency-Key has 1 to 200 characters")
    return f"{principal.actor}:{key}"  # keys are scoped by who sends them


async def fingerprint(request: Request[Any, Any, Any]) -> bytes:
    """The request's method, path and body; an import's game creation, its whole line's
    (`IMPORT_LINE`), so that its key, used again with another line, is refused."""
    line = request.scope.get(IMPORT_LINE) if request.scope.get(INTERNAL) else None
    return line if isinstance(line, bytes) else digest(await incoming(request))


IMPORT_LINE = "domino_import_line"
"""The scope's key for the digest of the import line a write of the import carries
(service/http/exports/imports.py): only an import's own writes (`INTERNAL`) set it."""


def digest(request: Incoming) -> bytes:
    return hashlib.sha256(f"{request.method} {request.path}\n".encode() + request.body).digest()

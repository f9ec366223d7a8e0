"""What every write on a game shares: idempotency, expected version, access, metadata."""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from litestar import Request, Response
from litestar.datastructures import State

from domain import MatchCommand
from domain.competitions import CompetitionCreated
from service.access import Access, access_of
from service.auth import Principal
from service.problems import ApiError
from service.records import Matches, MatchRecord
from service.views import MatchState, match_state, visible_seats

Build = Callable[[MatchRecord, datetime], MatchCommand]
Authorize = Callable[[Access, MatchRecord], None]


def now() -> datetime:
    return datetime.now(UTC)


def idempotency_key(request: Request[Any, Any, Any], principal: Principal) -> str | None:
    key = request.headers.get("idempotency-key")
    if key is None:
        return None
    if not 1 <= len(key) <= 200:
        raise ApiError(400, "invalid-idempotency-key", "an Idempotency-Key has 1 to 200 characters")
    return f"{principal.actor}:{key}"  # keys are scoped by who sends them


def expected_version(request: Request[Any, Any, Any], in_body: int | None) -> int | None:
    if in_body is not None:
        return in_body
    header = request.headers.get("if-match")
    if header is None or header.strip() == "*":  # "*": any version will do (RFC 9110)
        return None
    text = header.strip().removeprefix("W/").strip('"')
    if not (text.isascii() and text.isdigit()) or len(text) > 12:  # "²".isdigit() too
        raise ApiError(400, "invalid-if-match", 'If-Match takes the game\'s version, e.g. "12"')
    return int(text)


async def fingerprint(request: Request[Any, Any, Any]) -> bytes:
    body = await request.body()
    return hashlib.sha256(f"{request.method} {request.url.path}\n".encode() + body).digest()


def metadata(
    request: Request[Any, Any, Any], principal: Principal, key: str | None, **extra: object
) -> dict[str, object]:
    data: dict[str, object] = {
        "actor": principal.actor,
        "request_id": (request.headers.get("x-request-id") or str(uuid.uuid4()))[:100],
    }
    if key is not None:
        data["idempotency_key"] = key
    client_time = request.headers.get("x-client-time")
    if client_time:
        data["client_time"] = client_time[:64]
    return data | extra


async def competition_of(state: State, record: MatchRecord) -> CompetitionCreated | None:
    competition_id = record.state.competition_id
    return await state.registry.competition(competition_id) if competition_id else None


def answer(
    record: MatchRecord,
    access: Access,
    principal: Principal | None,
    status: int = 200,
    reveal: bool = False,
) -> Response[MatchState]:
    seen = visible_seats(record, principal.actor if principal else None, access.sees_all or reveal)
    body = match_state(record.match_id, record.version, record.state, seen)
    return Response(body, status_code=status, headers={"ETag": f'"{record.version}"'})


async def first_answer(state: State, key: str | None, digest: bytes | None) -> MatchRecord | None:
    """The game as the first request with this key and body left it; None for a new key."""
    if key is None or digest is None:
        return None
    prior = await state.store.idempotent_result(key, digest)
    if prior is None:
        return None
    matches: Matches = state.matches
    return await matches.at_version(prior.stream_id.removeprefix("match-"), prior.last_version)


async def write(
    request: Request[Any, Any, Any],
    state: State,
    principal: Principal,
    match_id: str,
    build: Build,
    authorize: Authorize,
    body_version: int | None,
    again: Callable[[MatchRecord], bool] | None = None,
    **extra_metadata: object,
) -> Response[MatchState]:
    matches: Matches = state.matches
    key = idempotency_key(request, principal)
    digest = await fingerprint(request) if key else None
    first = await first_answer(state, key, digest)
    if first is not None:
        access = access_of(principal, first.state, await competition_of(state, first))
        return answer(first, access, principal, 201)
    record = await matches.load(match_id)
    access = access_of(principal, record.state, await competition_of(state, record))
    authorize(access, record)
    record = await matches.execute(
        match_id,
        lambda current: build(current, now()),
        metadata(request, principal, key, **extra_metadata),
        expected_version=expected_version(request, body_version),
        idempotency_key=key,
        fingerprint=digest,
        again=again,
    )
    return answer(record, access, principal, 201)

"""Every error answer: `application/problem+json` (RFC 9457) with a stable `code`."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Annotated, Any

import asyncpg
import msgspec
from litestar import MediaType, Request, Response
from litestar.exceptions import (
    HTTPException,
    NotAuthorizedException,
    NotFoundException,
    PermissionDeniedException,
    ValidationException,
)
from litestar.types import Send
from msgspec import Meta

from domain import DomainError, WrongStatus
from domain.match.bodies import MalformedRequest
from service.reads.errors import InvalidQuery
from service.store.errors import Busy, NotFound, Refused
from service.store.event_store import IdempotencyKeyReused, VersionConflict
from service.store.reads import ReadModelsBehind

PROBLEM_JSON = "application/problem+json"
log = logging.getLogger("domino.problems")


class Problem(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    type: Annotated[str, Meta(description="A URI naming the kind of problem.")]
    title: Annotated[str, Meta(description="A short summary of the kind of problem.")]
    status: Annotated[int, Meta(description="The HTTP status code.")]
    code: Annotated[str, Meta(description="Stable machine-readable error code.")]
    detail: Annotated[str, Meta(description="What went wrong and what to fix.")]
    errors: Annotated[
        list[dict[str, Any]] | None, Meta(description="Field-level details, when any.")
    ] = None


class ApiError(Exception):
    """An error the HTTP layer raises itself (auth, lookups, version preconditions)."""

    def __init__(
        self, status: int, code: str, detail: str, headers: dict[str, str] | None = None
    ) -> None:
        super().__init__(detail)
        self.status = status
        self.code = code
        self.detail = detail
        self.headers = headers


async def send_problem(
    send: Send, status: int, code: str, detail: str, headers: Sequence[tuple[bytes, bytes]] = ()
) -> None:
    """A problem+json answer sent by an ASGI middleware, before any route handles the
    request (the same body as `problem`)."""
    body = msgspec.json.encode(problem_body(status, code, detail))
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", PROBLEM_JSON.encode()),
                (b"content-length", str(len(body)).encode()),
                *headers,
            ],
        }
    )
    await send({"type": "http.response.body", "body": body, "more_body": False})


def problem_body(
    status: int, code: str, detail: str, errors: list[dict[str, Any]] | None = None
) -> Problem:
    return Problem(
        type=f"/problems/{code}",
        title=code.replace("-", " "),
        status=status,
        code=code,
        detail=detail,
        errors=errors,
    )


def problem(
    status: int,
    code: str,
    detail: str,
    errors: list[dict[str, Any]] | None = None,
    headers: dict[str, str] | None = None,
) -> Response[Problem]:
    body = problem_body(status, code, detail, errors)
    return Response(body, status_code=status, media_type=PROBLEM_JSON, headers=headers)


def _domain(_: Request[Any, Any, Any], error: DomainError) -> Response[Problem]:
    status = 409 if isinstance(error, WrongStatus) else 422
    if isinstance(error, MalformedRequest):
        status = 400  # the body does not say one thing the game can do
    return problem(status, error.code, error.message)


def _api(_: Request[Any, Any, Any], error: ApiError) -> Response[Problem]:
    return problem(error.status, error.code, error.detail, headers=error.headers)


def _conflict(_: Request[Any, Any, Any], error: VersionConflict) -> Response[Problem]:
    return problem(
        409,
        "version-conflict",
        f"the game is at version {error.actual}, not {error.expected}: read it again and retry",
    )


def _reused(_: Request[Any, Any, Any], error: IdempotencyKeyReused) -> Response[Problem]:
    return problem(
        422,
        "idempotency-key-reused",
        "this Idempotency-Key was used for another request: use a new key",
    )


def _not_found(_: Request[Any, Any, Any], error: NotFound) -> Response[Problem]:
    return problem(404, f"{error.what}-not-found", str(error))


def _invalid_query(_: Request[Any, Any, Any], error: InvalidQuery) -> Response[Problem]:
    return problem(400, error.code, error.detail)


def _busy(_: Request[Any, Any, Any], error: Busy) -> Response[Problem]:
    return problem(503, "busy", str(error), headers={"Retry-After": "1"})


def _refused(_: Request[Any, Any, Any], error: Refused) -> Response[Problem]:
    return problem(409, error.code, error.detail)


def _behind(_: Request[Any, Any, Any], error: ReadModelsBehind) -> Response[Problem]:
    detail = (
        f"Domino-Read-After {error.wanted}: the read models have folded position "
        f"{error.folded} so far; retry in a moment"
    )
    return problem(503, "read-models-behind", detail, headers={"Retry-After": "1"})


def _http(_: Request[Any, Any, Any], error: HTTPException) -> Response[Problem]:
    status = error.status_code
    if isinstance(error, ValidationException):
        extra = error.extra if isinstance(error.extra, list) else None
        return problem(400, _invalid(extra), _validation_detail(error), extra)
    code = {
        400: "invalid-body",  # the body is not JSON at all
        401: "unauthorized",
        403: "forbidden",
        404: "not-found",
        405: "method-not-allowed",
        413: "body-too-large",
        415: "unsupported-media-type",
        429: "too-many-requests",
    }.get(status, "bad-request" if status < 500 else "unavailable")
    if isinstance(error, NotFoundException):
        return problem(404, "not-found", "no such resource")
    if isinstance(error, NotAuthorizedException | PermissionDeniedException):
        return problem(status, code, error.detail)
    return problem(status, code, error.detail or code, headers=dict(error.headers or {}))


def _invalid(errors: list[Any] | None) -> str:
    """`invalid-parameters` when only the query, path or headers are wrong, else the body."""
    sources = {e.get("source") for e in errors or [] if isinstance(e, dict)}
    if sources and "body" not in sources and None not in sources:
        return "invalid-parameters"
    return "invalid-body"


def _validation_detail(error: ValidationException) -> str:
    detail = error.detail or "the request body is not valid"
    if isinstance(error.extra, list) and error.extra:
        first = error.extra[0]
        if isinstance(first, dict) and "message" in first:
            detail = f"{detail}: {first['message']}"
            if first.get("key"):
                detail = f"{detail} (at `{first['key']}`)"
    return detail


def _database_down(request: Request[Any, Any, Any], error: Exception) -> Response[Problem]:
    log.warning("database unavailable: %r", error)
    # A connection cut mid-query can come back to the pool in a broken state: have the pool
    # open fresh connections rather than hand it out again.
    pool = getattr(request.app.state, "pool", None)
    if pool is not None:
        _background.add(task := asyncio.ensure_future(pool.expire_connections()))
        task.add_done_callback(_background.discard)
    response = problem(
        503, "database-unavailable", "the database is not answering: retry in a moment"
    )
    response.headers["Retry-After"] = "1"
    return response


_background: set[asyncio.Future[None]] = set()


def _too_deep(_: Request[Any, Any, Any], error: RecursionError) -> Response[Problem]:
    return problem(400, "invalid-body", "the body is nested too deeply to be a valid request")


def _not_utf8(_: Request[Any, Any, Any], error: UnicodeDecodeError) -> Response[Problem]:
    return problem(400, "invalid-body", "the body is not UTF-8: send JSON encoded as UTF-8")


def _nul_in_text(_: Request[Any, Any, Any], error: asyncpg.DataError) -> Response[Problem]:
    # PostgreSQL refuses the NUL character in text and jsonb; nothing was written.
    return problem(400, "invalid-text", "text may not contain the NUL character (\\u0000)")


def _unexpected(_: Request[Any, Any, Any], error: Exception) -> Response[Problem]:
    log.exception("unexpected error: %r", error, exc_info=error)
    return problem(500, "internal-error", "an unexpected error: it is logged; please report it")


EXCEPTION_HANDLERS: dict[type[Exception] | int, Any] = {
    DomainError: _domain,
    ApiError: _api,
    VersionConflict: _conflict,
    IdempotencyKeyReused: _reused,
    ReadModelsBehind: _behind,
    NotFound: _not_found,
    InvalidQuery: _invalid_query,
    Busy: _busy,
    Refused: _refused,
    HTTPException: _http,
    OSError: _database_down,
    asyncpg.InterfaceError: _database_down,
    asyncpg.CannotConnectNowError: _database_down,
    asyncpg.ConnectionDoesNotExistError: _database_down,
    asyncpg.PostgresConnectionError: _database_down,
    asyncpg.exceptions.OperatorInterventionError: _database_down,
    asyncpg.exceptions.InternalClientError: _database_down,
    TimeoutError: _database_down,
    RecursionError: _too_deep,  # msgspec's answer to JSON nested thousands deep
    UnicodeDecodeError: _not_utf8,  # msgspec's answer to a string that is not UTF-8
    asyncpg.exceptions.UntranslatableCharacterError: _nul_in_text,  # "\u0000" in jsonb
    asyncpg.exceptions.CharacterNotInRepertoireError: _nul_in_text,  # a 0x00 byte in text
    Exception: _unexpected,
}

__all__ = ["EXCEPTION_HANDLERS", "PROBLEM_JSON", "ApiError", "MediaType", "Problem", "problem"]

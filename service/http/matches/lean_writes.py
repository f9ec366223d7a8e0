"""The writes on a game (service/http/matches/game_writes.py) served without Litestar's per-request
machinery: a move, the request the service answers most, costs far less CPU.

For each request Litestar builds the handler's arguments through its signature model and
its dependency injection, decodes the body a second time (laxly, after the strict read of
service/http/web/strict_bodies.py) and renders the answer through its response classes: about
40% of a move's CPU in a profile (issue 12). This ASGI layer sits in front of Litestar's
router and, for a POST that the router sends to one of the writes, does the same work
directly:

1. Around everything below, the middlewares of every route (CORS, rate limits, read
   routing) and Litestar's own exception handling, with the route's handlers: a write over
   its limit is refused before anything else, as on Litestar's path.
2. Checks that change nothing anywhere, in Litestar's order: the token (before the body
   is read), then the body (JSON, at most `MAX_BODY_BYTES`, read strictly into the write's
   body type, no key twice in one object). A request refused here goes on to Litestar's
   own pipeline with its body untouched and the middlewares marked as run
   (`MIDDLEWARE_APPLIED`); one out of the
   ordinary (no Content-Length, chunked, another media type, a header twice) goes to
   Litestar before step 1, as it came. Either is answered exactly as before: every refusal
   of a malformed request stays Litestar's. A database that fails the token lookup is
   answered 503 here, once.
3. `write` (service/http/matches/writes.py), the very function Litestar's handler calls. Its answer
   is encoded by Litestar's encoder and sent with the headers Litestar sends.

tests/api/test_lean_writes.py plays the same games, refusals included, through this path and
through Litestar's, and compares the answers byte for byte.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

import msgspec
from litestar import Litestar
from litestar._asgi.utils import is_valid_host, wrap_in_exception_handler
from litestar.enums import ScopeType
from litestar.handlers import HTTPRouteHandler
from litestar.types import ASGIApp, ExceptionHandlersMap, Receive, ReceiveMessage, Scope, Send
from litestar.utils import normalize_path
from litestar.utils.scope.state import ScopeState

from service.http.auth import principal_of
from service.http.matches.game_writes import WRITES
from service.http.matches.writes import GameWrite, Incoming, write
from service.http.problems import ApiError
from service.http.web.conventions import MIDDLEWARE_APPLIED
from service.http.web.duplicate_keys import duplicate_key

_LEAN = "domino.lean_write"  # the scope's key for the route and headers found
_JSON = "application/json"


class _Write(NamedTuple):
    spec: GameWrite[Any]
    decoder: msgspec.json.Decoder[Any]
    errors: ExceptionHandlersMap
    """The route's exception handlers, resolved once (Litestar's router sets them per request)."""


class LeanGameWrites:
    """ASGI: in front of Litestar's own handler (`app.asgi_handler`), see the module."""

    def __init__(
        self,
        app: Litestar,
        litestar: ASGIApp,
        middleware: Sequence[Callable[[ASGIApp], ASGIApp]],
        decoders: Mapping[HTTPRouteHandler, msgspec.json.Decoder[Any]],
        max_body_bytes: int,
    ) -> None:
        """`decoders`: the strict body decoder of each route (strict_bodies.body_decoders)."""
        self.litestar = litestar
        self.router = app.asgi_router
        self.max_body_bytes = max_body_bytes
        self.writes: dict[HTTPRouteHandler, _Write] = {}
        by_operation = {spec.operation_id: spec for spec in WRITES}
        for handler, decoder in decoders.items():
            spec = by_operation.get(str(handler.operation_id))
            if spec is not None and "POST" in handler.http_methods:
                self.writes[handler] = _Write(spec, decoder, handler.resolve_exception_handlers())
        if len(self.writes) != len(WRITES):
            raise RuntimeError("every write of game_writes.WRITES must be a route of the app")
        served: ASGIApp = wrap_in_exception_handler(self._write)
        for layer in reversed(middleware):  # the first listed is the outermost, as in Litestar
            served = layer(served)
        self.served = wrap_in_exception_handler(served)
        self.lean_answers = 0
        """Writes answered here: the tests check that this path is the one they exercise."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        found = self._route(scope)
        if found is None:
            await self.litestar(scope, receive, send)
            return
        handler, path_params, path_template, headers = found
        scope["path_params"] = path_params
        scope["path_template"] = path_template
        scope["route_handler"] = handler
        ScopeState.from_scope(scope).exception_handlers = self.writes[handler].errors
        scope[_LEAN] = (handler, headers)  # type: ignore[literal-required]
        await self.served(scope, receive, send)

    async def _write(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Inside the middlewares, as Litestar's handler is: the rate limits come first."""
        handler, headers = scope.pop(_LEAN)  # type: ignore[misc]
        spec, decoder, _ = self.writes[handler]
        state = scope["litestar_app"].state
        try:  # the token before the body, as Litestar's before_request hook does
            principal = await principal_of(state.tokens, scope)  # once per request
        except ApiError:  # a 401, answered by Litestar (the lookup is cached)
            await self._to_litestar(scope, receive, send)
            return
        body, received = await _body(receive, int(headers["content-length"]))
        try:
            if body is None:  # not all there, or more than announced
                raise ValueError("an incomplete body")
            data = spec.given(decoder.decode(body))
            if duplicate_key(body) is not None:
                raise ValueError("a key twice in one object")
        except Exception:  # refused on the way in, with no effect: Litestar says how
            await self._to_litestar(scope, _replaying(received, receive), send)
            return
        incoming = Incoming("POST", scope["path"], headers, body)
        match_id = scope["path_params"]["match_id"]
        answer = await write(incoming, state, principal, match_id, spec, data)
        encoded = answer.encoded()
        await send(
            {
                "type": "http.response.start",
                "status": answer.status,
                "headers": [
                    (b"etag", answer.etag.encode()),
                    (b"content-type", _JSON.encode()),
                    (b"content-length", b"%d" % len(encoded)),
                ],
            }
        )
        await send({"type": "http.response.body", "body": encoded, "more_body": False})
        self.lean_answers += 1

    async def _to_litestar(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Litestar's whole pipeline, but for the middlewares already run around this one."""
        scope[MIDDLEWARE_APPLIED] = True  # type: ignore[literal-required]
        await self.litestar(scope, receive, send)

    def _route(
        self, scope: Scope
    ) -> tuple[HTTPRouteHandler, dict[str, Any], str, dict[str, str]] | None:
        """The write this request is routed to, its path's values and template, and its
        headers, when it is an ordinary request to one of the writes."""
        if scope["type"] != ScopeType.HTTP or scope["method"] != "POST" or scope.get("root_path"):
            return None
        path = scope["path"]
        if normalize_path(path) != path:
            return None
        try:
            _, handler, _, path_params, template = self.router.handle_routing(path, "POST")
        except Exception:  # no such route: Litestar's 404 or 405
            return None
        if handler not in self.writes:
            return None
        raw = list(scope["headers"])
        headers = {name.decode("latin-1"): value.decode("latin-1") for name, value in raw}
        if len(headers) != len(raw) or "transfer-encoding" in headers:
            return None  # a header sent twice, or a chunked body: left to Litestar
        host = headers.get("host")
        length = headers.get("content-length", "")
        media_type = headers.get("content-type", "").partition(";")[0].strip().lower()
        if (
            (host is not None and not is_valid_host(host.encode("latin-1")))
            or not (length.isascii() and length.isdigit())
            or int(length) > self.max_body_bytes
            or media_type != _JSON
        ):
            return None
        return handler, path_params, template, headers


async def _body(receive: Receive, length: int) -> tuple[bytes | None, list[ReceiveMessage]]:
    """The whole body when it is exactly `length` bytes (as Content-Length announced), and
    the messages it came in (to give Litestar again, whole or not)."""
    messages: list[ReceiveMessage] = []
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        messages.append(message)
        if message["type"] != "http.request":
            return None, messages  # the client left
        chunks.append(message.get("body", b""))
        size += len(chunks[-1])
        if size > length:
            return None, messages
        if not message.get("more_body", False):
            break
    return (b"".join(chunks) if size == length else None), messages


def _replaying(messages: list[ReceiveMessage], receive: Receive) -> Receive:
    """The messages already received, again, for Litestar; then the client's next ones."""
    waiting = list(messages)

    async def replay() -> ReceiveMessage:
        return waiting.pop(0) if waiting else await receive()

    return replay

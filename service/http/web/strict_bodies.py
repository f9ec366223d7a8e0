"""Request bodies are JSON, read strictly: `{"seat": "3"}` is refused, not read as seat 3.

Litestar converts every handler argument in msgspec's lax mode, which suits query strings
(everything there is text) but also lets a body's `"3"` pass for 3 and `"true"` for true.
A client that sends the wrong type has a bug, and the record must not guess what it meant:
before the handler runs, the body is decoded once more, strictly, into the handler's own
`data` type, and a mismatch answers 400 `invalid-body` naming the field, in the same shape
as Litestar's own validation errors. A key twice in one object is refused the same way
(service/http/web/duplicate_keys.py).
"""

from __future__ import annotations

import re
from typing import Any

import msgspec
from litestar import Litestar, Request
from litestar.exceptions import ValidationException
from litestar.handlers import HTTPRouteHandler
from litestar.routes import HTTPRoute

from service.http.auth import provide_principal
from service.http.web.duplicate_keys import duplicate_key

_AT_FIELD = re.compile(r" - at `\$\.?(.*)`$")


def body_decoders(app: Litestar) -> dict[HTTPRouteHandler, msgspec.json.Decoder[Any]]:
    """A strict decoder per handler that takes a body, built once when the app is made (a
    type msgspec cannot decode fails here, not on a request)."""
    decoders: dict[HTTPRouteHandler, msgspec.json.Decoder[Any]] = {}
    for route in app.routes:
        if isinstance(route, HTTPRoute):
            for handler in route.route_handlers:
                data = handler.parsed_fn_signature.parameters.get("data")
                if data is not None:
                    decoders[handler] = msgspec.json.Decoder(data.annotation)
    return decoders


async def before_handling(request: Request[Any, Any, Any]) -> None:
    """The `before_request` hook: a token sent with any request must be valid, reads too
    (a revoked or unknown token is refused everywhere, 401); then bodies are read strictly."""
    if request.headers.get("authorization") is not None:
        await provide_principal(request)
    refuse_repeated_parameters(request)
    await refuse_lax_bodies(request)


def refuse_repeated_parameters(request: Request[Any, Any, Any]) -> None:
    """No parameter of the API takes a list: one given twice (`?offset=1&offset=2`) is a
    client's bug, refused rather than either value guessed."""
    seen: set[str] = set()
    for key, _ in request.query_params.multi_items():
        if key in seen:
            raise ValidationException(
                detail=f"Validation failed for {request.method} {request.url.path}",
                extra=[
                    {"message": f"`{key}` is given more than once", "key": key, "source": "query"}
                ],
            )
        seen.add(key)


async def refuse_lax_bodies(request: Request[Any, Any, Any]) -> None:
    """Every route with a body is a write: who asks is checked first, as the handler would
    (401 before 400). Bodies that are empty or not JSON at all are left to Litestar, which
    refuses them as before."""
    decoder = request.app.state.body_decoders.get(request.route_handler)
    if decoder is None:
        return
    await provide_principal(request)
    body = await request.body()
    if not body.strip():
        return
    try:
        repeated = duplicate_key(body)
    except msgspec.DecodeError:
        return
    if repeated is not None:
        raise ValidationException(
            detail=f"Validation failed for {request.method} {request.url.path}",
            extra=[
                {
                    "message": f"the key `{repeated}` appears twice in one object",
                    "key": repeated,
                    "source": "body",
                }
            ],
        )
    try:
        decoder.decode(body)
    except msgspec.ValidationError as error:
        message, field = _located(error)
        raise ValidationException(
            detail=f"Validation failed for {request.method} {request.url.path}",
            extra=[{"message": message, "key": field, "source": "body"}],
        ) from error
    except msgspec.DecodeError:
        return


def _located(error: msgspec.ValidationError) -> tuple[str, str]:
    """msgspec's "Expected `int`, got `str` - at `$.seat`" as ("Expected ...", "seat")."""
    text = str(error)
    found = _AT_FIELD.search(text)
    if found is None:
        return text, "data"  # the whole body, e.g. `null` for an object
    return text[: found.start()], found.group(1) or "data"

"""Request bodies are JSON, read strictly: `{"seat": "3"}` is refused, not read as seat 3.

Litestar converts every handler argument in msgspec's lax mode, which suits query strings
(everything there is text) but also lets a body's `"3"` pass for 3 and `"true"` for true.
A client that sends the wrong type has a bug, and the record must not guess what it meant:
before the handler runs, the body is decoded once more, strictly, into the handler's own
`data` type, and a mismatch answers 400 `invalid-body` naming the field.
"""

from __future__ import annotations

from typing import Any

import msgspec
from litestar import Request
from litestar.exceptions import ValidationException
from litestar.handlers import HTTPRouteHandler

_decoders: dict[HTTPRouteHandler, msgspec.json.Decoder[Any] | None] = {}


def _decoder(handler: HTTPRouteHandler) -> msgspec.json.Decoder[Any] | None:
    if handler not in _decoders:
        data = handler.parsed_fn_signature.parameters.get("data")
        _decoders[handler] = None if data is None else msgspec.json.Decoder(data.annotation)
    return _decoders[handler]


async def refuse_lax_bodies(request: Request[Any, Any, Any]) -> None:
    """A `before_request` hook. Bodies that are empty or not JSON at all are left to
    Litestar, which refuses them as before."""
    handler = request.route_handler
    decoder = _decoder(handler) if isinstance(handler, HTTPRouteHandler) else None
    if decoder is None:
        return
    body = await request.body()
    if not body.strip():
        return
    try:
        decoder.decode(body)
    except msgspec.ValidationError as error:
        raise ValidationException(
            detail="the request body is not valid",
            extra=[{"message": str(error), "key": "data", "source": "body"}],
        ) from error
    except msgspec.DecodeError:
        return

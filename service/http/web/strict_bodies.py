"""Request bodies are JSON, read strictly: `{"seat": "3"}` is refused, not read as seat 3.

Litestar converts every handler argument in msgspec's lax mode, which suits query strings
(everything there is text) but also lets a body's `"3"` pass for 3 and `"true"` for true.
A client that sends the wrong type has a bug, and the record must not guess what it meant:
before the handler runs, the body is decoded once more, strictly, into the handler's own
`data` type, and a mismatch answers 400 `invalid-body` naming the field, in the same shape
as Litestar's own validation errors. A key twice in one object is refused the same way
(service/http/web/duplicate_keys.py). A card or a tile not written as domain/codes.py spells
it ("7h", "11H", "7-7") is such a mismatch, and its message says the spelling.
"""

from __future__ import annotations

import re
from typing import Any, TypeVar

import msgspec
from litestar import Litestar, Request
from litestar.exceptions import ValidationException
from litestar.handlers import HTTPRouteHandler
from litestar.routes import HTTPRoute

from domain.codes import EXPECTED
from service.http.auth import provide_principal
from service.http.web.duplicate_keys import duplicate_key

T = TypeVar("T")
MISSING = "the body is missing: a JSON object is expected (see this write's body in /docs)"
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
        if _required(decoder.type):
            raise ValidationException(
                detail=f"Validation failed for {request.method} {request.url.path}",
                extra=[{"message": MISSING, "key": "data", "source": "body"}],
            )
        return  # a body that requires nothing may be left out
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
        message, field = _located(error, decoder.type)
        raise ValidationException(
            detail=f"Validation failed for {request.method} {request.url.path}",
            extra=[{"message": message, "key": field, "source": "body"}],
        ) from error
    except msgspec.DecodeError:
        return


def read_strictly(body: bytes, kind: type[T], method: str, path: str) -> T:
    """The body read strictly into `kind`, or the same 400 as a route's own body type; a
    missing body, or one that is not a JSON object, says what is expected."""
    try:
        return msgspec.json.decode(body, type=kind, strict=True)
    except msgspec.ValidationError as error:
        message, field = _located(error, kind)
    except msgspec.DecodeError:
        message, field = "a JSON object is expected", "data"
    if not body.strip():
        message = MISSING
    raise ValidationException(
        detail=f"Validation failed for {method} {path}",
        extra=[{"message": message, "key": field, "source": "body"}],
    )


def _located(error: msgspec.ValidationError, kind: Any = None) -> tuple[str, str]:
    """msgspec's "Expected `int`, got `str` - at `$.seat`" as ("Expected ...", "seat"); a
    card or a tile written otherwise than its one spelling (domain/codes.py) says that
    spelling in words, in every body alike; a value not among a field's choices lists them."""
    text = str(error)
    found = _AT_FIELD.search(text)
    if found is None:
        return text, "data"  # the whole body, e.g. `null` for an object
    message, field = text[: found.start()], found.group(1) or "data"
    if message.startswith("Invalid enum value") and kind is not None:
        choices = _choices(kind, field)
        if choices:
            message = f"{message}: choose one of {', '.join(map(str, choices))}"
    return _in_words(message, field), field


def _required(kind: Any) -> bool:
    """Whether a body of this type needs a field: an empty one cannot be it."""
    info = _unwrapped(msgspec.inspect.type_info(kind))
    return not isinstance(info, msgspec.inspect.StructType) or any(f.required for f in info.fields)


def _choices(kind: Any, field: str) -> tuple[object, ...]:
    """The values a body's field at this path (`rules.preset`, `hands[0]`) may take."""
    info: Any = msgspec.inspect.type_info(kind)
    for step in re.findall(r"[^.\[\]]+", field):
        info = _unwrapped(info)
        if isinstance(info, msgspec.inspect.StructType):
            info = next((f.type for f in info.fields if f.encode_name == step), None)
        elif isinstance(info, msgspec.inspect.ListType | msgspec.inspect.DictType):
            info = info.item_type if isinstance(info, msgspec.inspect.ListType) else info.value_type
        else:
            return ()
    info = _unwrapped(info)
    return tuple(info.values) if isinstance(info, msgspec.inspect.LiteralType) else ()


def _unwrapped(info: Any) -> Any:
    """A union's one option that is not null (an optional field's own type), without its
    documentation."""
    while isinstance(info, msgspec.inspect.Metadata):
        info = info.type
    if isinstance(info, msgspec.inspect.UnionType):
        options = [t for t in info.types if not isinstance(t, msgspec.inspect.NoneType)]
        return _unwrapped(options[0]) if len(options) == 1 else info
    return info


_PATTERN = re.compile(r"^Expected `str` matching regex '(.*)'$")
_FIELD_EXPECTED = {"red_three": 'a red three is "3D" or "3H", in capitals'}
"""Code fields read as a list of values rather than a pattern: what they expect."""


def _in_words(message: str, field: str) -> str:
    pattern = _PATTERN.match(message)
    if pattern is not None and pattern.group(1) in EXPECTED:
        return EXPECTED[pattern.group(1)]
    if message.startswith("Invalid enum value") and field in _FIELD_EXPECTED:
        return f"{message}: {_FIELD_EXPECTED[field]}"
    return message

"""How a request proves who sends it, in the API document: a bearer token, which every write
needs and a read may send (a seat's own hand, a server deal's cards). With it, /docs has an
Authorize button, and "Try it out" sends the token."""

from __future__ import annotations

from litestar.openapi.spec import Components, OpenAPI, SecurityScheme

BEARER = "bearer"
SCHEME = SecurityScheme(
    type="http",
    scheme="bearer",
    description="A player's token (from `POST /v1/players`, or `POST /v1/players/{id}/tokens`), "
    "or the administrator's (`DOMINO_BOOTSTRAP_TOKEN`): `Authorization: Bearer <token>`.",
)


def document_security(document: OpenAPI) -> OpenAPI:
    if document.components is None:
        document.components = Components()
    document.components.security_schemes = {BEARER: SCHEME}
    for item in (document.paths or {}).values():
        for method in ("get", "post", "put", "patch", "delete"):
            operation = getattr(item, method)
            if operation is None:
                continue
            # A write needs the token; a read may send one (none: the public's view).
            operation.security = [{BEARER: []}] if method != "get" else [{}, {BEARER: []}]
    return document

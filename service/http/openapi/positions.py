"""The read-your-writes headers in the document: `Domino-Position` on every write's answer,
`Domino-Read-After` on every read (service/http/read_routing.py)."""

from __future__ import annotations

from litestar.enums import ParamType
from litestar.openapi.spec import (
    OpenAPI,
    OpenAPIHeader,
    OpenAPIResponse,
    OpenAPIType,
    Parameter,
    Schema,
)

from service.http.read_routing import MAX_POSITION

_POSITION = Schema(type=OpenAPIType.INTEGER, minimum=0, maximum=MAX_POSITION)

WRITTEN = OpenAPIHeader(
    schema=_POSITION,
    description="The global position this write's events reached: send it back as "
    "`Domino-Read-After` to read a state that includes them.",
)
READ_AFTER = Parameter(
    name="Domino-Read-After",
    param_in=ParamType.HEADER,
    required=False,
    schema=_POSITION,
    description="A position a write answered in `Domino-Position`: with a read replica, "
    "the read is served from one that has replayed it, else by the primary (not a number: 400 "
    "`invalid-read-after`).",
)
UNROUTED = ("/health", "/v1/events/stream")
"""Reads that never go to the replica."""


def document_positions(document: OpenAPI) -> OpenAPI:
    for path, item in (document.paths or {}).items():
        for method in ("post", "put", "patch", "delete"):
            operation = getattr(item, method)
            for code, answer in (operation.responses or {}).items() if operation else ():
                if code.startswith("2") and isinstance(answer, OpenAPIResponse):
                    answer.headers = {**(answer.headers or {}), "Domino-Position": WRITTEN}
        if item.get is not None and path not in UNROUTED and path.startswith("/v1/"):
            item.get.parameters = [*(item.get.parameters or []), READ_AFTER]
    return document

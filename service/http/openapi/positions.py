"""Headers in the document: `Domino-Position` and the rate limits on every write's answer,
`ETag` and 304 on every read (service/http/web/read_routing.py, conventions.py,
rate_limits.py). The request headers (`Domino-Read-After`, `If-None-Match`) are said in the
document's description rather than as parameters of each read: a parameter in a header
makes schemathesis expect a read with an unknown header refused, and HTTP headers are open."""

from __future__ import annotations

from litestar.openapi.spec import (
    OpenAPI,
    OpenAPIHeader,
    OpenAPIResponse,
    OpenAPIType,
    Schema,
)

from service.http.web.read_routing import MAX_POSITION

_POSITION = Schema(type=OpenAPIType.INTEGER, minimum=0, maximum=MAX_POSITION)

WRITTEN = OpenAPIHeader(
    schema=_POSITION,
    description="The global position this write's events reached: send it back as "
    "`Domino-Read-After` to read a state that includes them.",
)
TAG = OpenAPIHeader(
    schema=Schema(type=OpenAPIType.STRING),
    description="A strong tag of the answer: a game's own version, else a hash of the body "
    "before compression, with `-gzip` when the answer is gzipped.",
)
RATE_HEADERS = {
    name: OpenAPIHeader(schema=Schema(type=OpenAPIType.INTEGER), description=text)
    for name, text in (
        ("RateLimit-Limit", "Writes allowed by the tightest limit this write counts against."),
        ("RateLimit-Remaining", "Of those, how many are left now."),
        ("RateLimit-Reset", "Seconds until they are all available again."),
    )
}
UNROUTED = ("/health", "/v1/events/stream")
"""Reads that never go to the replica."""


def document_positions(document: OpenAPI) -> OpenAPI:
    for path, item in (document.paths or {}).items():
        for method in ("post", "put", "patch", "delete"):
            operation = getattr(item, method)
            for code, answer in (operation.responses or {}).items() if operation else ():
                if code.startswith("2") and isinstance(answer, OpenAPIResponse):
                    answer.headers = {
                        **(answer.headers or {}),
                        "Domino-Position": WRITTEN,
                        **RATE_HEADERS,
                    }
        if item.get is not None and path not in UNROUTED and path.startswith("/v1/"):
            answers = item.get.responses or {}
            for code, answer in answers.items():
                if code == "200" and isinstance(answer, OpenAPIResponse):
                    answer.headers = {**(answer.headers or {}), "ETag": TAG}
            answers["304"] = OpenAPIResponse(
                description="Not modified: `If-None-Match` holds the answer's `ETag`."
            )
            item.get.responses = answers
    return document

"""Every operation documents its error answers: problem+json with the `Problem` shape.

Litestar documents only the success answer (and a 400 of its own shape); the service
answers every error as problem+json, so the document says so for every operation.
"""

from __future__ import annotations

from litestar.openapi.spec import (
    OpenAPI,
    OpenAPIMediaType,
    OpenAPIResponse,
    OpenAPIType,
    Reference,
    Schema,
)

from service.problems import PROBLEM_JSON

_READ = {400: "Invalid parameters.", 401: "The token sent is unknown or expired.",
         404: "No such resource.", 503: "The database is not answering; retry."}
_WRITE = _READ | {401: "No token, or an unknown or expired one.",
                  403: "The token's owner may not do this.",
                  409: "The game is not at the expected version, or not in a state for this.",
                  413: "The body is over 64 KiB.",
                  422: "The rules or the input refuse this (see `code`)."}

PROBLEM = Schema(
    type=OpenAPIType.OBJECT,
    description="An error, as RFC 9457 problem details.",
    required=["type", "title", "status", "code", "detail"],
    properties={
        "type": Schema(type=OpenAPIType.STRING, description="A URI naming the kind of problem."),
        "title": Schema(type=OpenAPIType.STRING, description="A short summary."),
        "status": Schema(type=OpenAPIType.INTEGER, description="The HTTP status code."),
        "code": Schema(type=OpenAPIType.STRING, description="Stable machine-readable code."),
        "detail": Schema(type=OpenAPIType.STRING, description="What went wrong, what to fix."),
        "errors": Schema(type=OpenAPIType.ARRAY, items=Schema(type=OpenAPIType.OBJECT),
                         description="Field-level details, when any."),
    },
)


def document_problems(document: OpenAPI) -> OpenAPI:
    assert document.components is not None
    schemas = document.components.schemas
    assert isinstance(schemas, dict)
    schemas["Problem"] = PROBLEM
    content = {PROBLEM_JSON: OpenAPIMediaType(schema=Reference("#/components/schemas/Problem"))}
    for item in (document.paths or {}).values():
        for method in ("get", "post"):
            operation = getattr(item, method)
            if operation is None:
                continue
            answers = _WRITE if method == "post" else _READ
            operation.responses = {
                **{code: answer for code, answer in (operation.responses or {}).items()
                   if not code.startswith(("4", "5"))},
                **{str(status): OpenAPIResponse(description=text, content=content)
                   for status, text in answers.items()},
            }
    return document

"""What Litestar cannot infer: every operation's problem+json answers, and examples of
the main requests.

Litestar documents only the success answer (and a 400 of its own shape); the service
answers every error as problem+json, so the document says so for every operation.
"""

from __future__ import annotations

from litestar.openapi.spec import (
    Example,
    OpenAPI,
    OpenAPIMediaType,
    OpenAPIResponse,
    OpenAPIType,
    Reference,
    Schema,
)

from domain import GAMES
from domain.games import ERROR_CODES
from service.http.problems import PROBLEM_JSON

_READ = {
    400: "Invalid parameters.",
    401: "The token sent is unknown or expired.",
    404: "No such resource.",
    503: "The database is not answering, or (`read-models-behind`) the read models have not "
    "yet folded the position asked in `Domino-Read-After`: retry after `Retry-After`.",
}
_WRITE = _READ | {
    401: "No token, or an unknown or expired one.",
    403: "The token's owner may not do this.",
    409: "The game is not at the expected version, or not in a state for this.",
    413: "The body is over 64 KiB.",
    422: "The rules or the input refuse this (see `code`).",
    429: "Too many writes from this token or address: `Retry-After` says when to retry; "
    "nothing was changed.",
}

PROBLEM = Schema(
    type=OpenAPIType.OBJECT,
    description="An error, as RFC 9457 problem details.",
    required=["type", "title", "status", "code", "detail"],
    properties={
        "type": Schema(type=OpenAPIType.STRING, description="A URI naming the kind of problem."),
        "title": Schema(type=OpenAPIType.STRING, description="A short summary."),
        "status": Schema(type=OpenAPIType.INTEGER, description="The HTTP status code."),
        "code": Schema(
            type=OpenAPIType.STRING,
            description="Stable machine-readable code: the service's own (invalid-body, "
            "forbidden, not-found, version-conflict, rate-limited, ...) or a refusal of the "
            f"rules, one of {', '.join(sorted(ERROR_CODES))}.",
        ),
        "detail": Schema(type=OpenAPIType.STRING, description="What went wrong, what to fix."),
        "errors": Schema(
            type=OpenAPIType.ARRAY,
            items=Reference("#/components/schemas/FieldError"),
            description="Field-level details, when any.",
        ),
    },
)


FIELD_ERROR = Schema(
    type=OpenAPIType.OBJECT,
    description="What is wrong with one part of the request.",
    properties={
        "message": Schema(type=OpenAPIType.STRING, description="What is wrong, what is expected."),
        "key": Schema(type=OpenAPIType.STRING, description="The field or parameter at fault."),
        "source": Schema(
            type=OpenAPIType.STRING, description="Where it was sent: body, query, path, header."
        ),
    },
)


def document_problems(document: OpenAPI) -> OpenAPI:
    assert document.components is not None
    schemas = document.components.schemas
    assert isinstance(schemas, dict)
    schemas["Problem"] = PROBLEM
    schemas["FieldError"] = FIELD_ERROR
    content = {PROBLEM_JSON: OpenAPIMediaType(schema=Reference("#/components/schemas/Problem"))}
    for item in (document.paths or {}).values():
        for method in ("get", "post", "patch", "delete"):
            operation = getattr(item, method)
            if operation is None:
                continue
            answers = _READ if method == "get" else _WRITE
            operation.responses = {
                **{
                    code: answer
                    for code, answer in (operation.responses or {}).items()
                    if not code.startswith(("4", "5"))
                },
                **{
                    str(status): OpenAPIResponse(description=text, content=content)
                    for status, text in answers.items()
                },
            }
    return document


SEATS = [
    "6f1c2d9e-4a7b-4f0e-9d3c-2b8a1e5f7c40",
    "9a0e5b1c-8d2f-4e3a-b6c7-1d2e3f4a5b6c",
    "c31b7a2d-5e4f-4a6b-8c9d-0e1f2a3b4c5d",
    "77d20f3e-6a5b-4c7d-9e8f-1a2b3c4d5e6f",
]
EXAMPLES: dict[str, dict[str, tuple[str, object]]] = {
    "registerPlayer": {"player": ("A new player", {"name": "Zé"})},
    "createCompetition": {
        "run": (
            "A torneio the service runs: a knock-out (more teams: groups or Swiss first)",
            {
                "name": "Copa do Bar",
                "kind": "torneio",
                "rules": {"preset": "pontos"},
                "teams": [[SEATS[0], SEATS[2]], [SEATS[1], SEATS[3]]],
                "format": {
                    "stages": [{"kind": "knockout", "third_place": False}],
                    "tie_breakers": ["head_to_head", "hands_difference"],
                },
                "prizes": {"1": "Troféu e R$ 500", "2": "Medalha"},
            },
        ),
        "amistoso": (
            "An amistoso: teams formed per game",
            {"name": "Sexta no Bar", "kind": "amistoso", "rules": {"preset": GAMES[-1].presets[0]}},
        ),
    },
    "postPenalty": {
        "out-of-turn": (
            "Seat 1 played out of turn",
            {"seat": 1, "kind": "out-of-turn", "note": "laid 2-4 before seat 0"},
        )
    },
}


def game_examples() -> dict[str, dict[str, tuple[str, object]]]:
    """Each registered game's bodies (its package's `examples`), under the writes they fit:
    a new game's rules by its preset's name, every other body by its name prefixed with its
    game's (`mau-mau-discard`, `buraco-discard`), so that no game's example hides another's."""
    writes: dict[str, dict[str, tuple[str, object]]] = {
        "createMatch": {
            "torneio": (
                "A game of a torneio, with its rules",
                {"seats": SEATS, "competition_id": "2f6c1a70-0d5e-4f7e-8a51-3c1d2e9b4a10"},
            )
        },
        "startHand": {"server": ("The service shuffles and deals", {"deal": "server"})},
        "postMove": {},
        "postResult": {},
    }
    for game in GAMES:
        examples = game.examples
        for name, (summary, rules) in examples.create.items():
            body = {"rules": rules, "seats": SEATS, "place": "Bar do Zé"}
            add_once(writes["createMatch"], name, (summary, body))
        for operation, named in (
            ("startHand", examples.deal),
            ("postMove", examples.move),
            ("postResult", examples.result),
        ):
            for name, example in named.items():
                add_once(writes[operation], example_name(game.name, name), example)
    return writes


def example_name(game: str, name: str) -> str:
    """An example's name in the document: the game's name first, once."""
    return name if name == game or name.startswith(f"{game}-") else f"{game}-{name}"


def add_once(named: dict[str, tuple[str, object]], name: str, example: tuple[str, object]) -> None:
    if name in named:
        raise ValueError(f"two examples named {name!r} for one write")
    named[name] = example


def document_examples(document: OpenAPI) -> OpenAPI:
    examples = EXAMPLES | game_examples()
    for item in (document.paths or {}).values():
        operation = item.post
        if operation is None or operation.operation_id not in examples:
            continue
        body = operation.request_body
        if body is None or isinstance(body, Reference):
            continue
        for media in body.content.values():
            media.examples = {
                name: Example(summary=summary, value=value)
                for name, (summary, value) in examples[operation.operation_id].items()
            }
    return document

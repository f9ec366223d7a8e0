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
        "code": Schema(type=OpenAPIType.STRING, description="Stable machine-readable code."),
        "detail": Schema(type=OpenAPIType.STRING, description="What went wrong, what to fix."),
        "errors": Schema(
            type=OpenAPIType.ARRAY,
            items=Schema(type=OpenAPIType.OBJECT),
            description="Field-level details, when any.",
        ),
    },
)


def document_problems(document: OpenAPI) -> OpenAPI:
    assert document.components is not None
    schemas = document.components.schemas
    assert isinstance(schemas, dict)
    schemas["Problem"] = PROBLEM
    content = {PROBLEM_JSON: OpenAPIMediaType(schema=Reference("#/components/schemas/Problem"))}
    for item in (document.paths or {}).values():
        for method in ("get", "post", "delete"):
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
            {"name": "Sexta no Bar", "kind": "amistoso", "rules": {"preset": "sueca"}},
        ),
    },
    "createMatch": {
        "pontos": (
            "A friendly game of pontos to 6",
            {
                "rules": {"preset": "pontos", "target": 6},
                "seats": SEATS,
                "place": "Bar do Zé",
            },
        ),
        "sueca": (
            "A game of Sueca to 4 game points",
            {"rules": {"preset": "sueca"}, "seats": SEATS, "place": "Bar do Zé"},
        ),
        "truco": (
            "A game of Truco to 12",
            {"rules": {"preset": "truco"}, "seats": SEATS},
        ),
        "torneio": (
            "A game of a torneio, with its rules",
            {
                "seats": SEATS,
                "competition_id": "2f6c1a70-0d5e-4f7e-8a51-3c1d2e9b4a10",
            },
        ),
    },
    "startHand": {
        "server": ("The service shuffles and deals", {"deal": "server"}),
        "posted": (
            "A deal posted by the scorekeeper (pontos: 6 tiles each, 4 in the dorme)",
            {
                "hands": [
                    ["6-6", "1-2", "0-3", "4-5", "2-2", "1-6"],
                    ["5-5", "0-1", "3-4", "2-6", "0-0", "1-3"],
                    ["4-4", "0-2", "3-5", "1-1", "2-4", "0-6"],
                    ["3-3", "1-4", "2-5", "0-4", "3-6", "5-6"],
                ],
                "dorme": ["0-5", "1-5", "2-3", "4-6"],
            },
        ),
        "sueca": (
            "A Sueca deal: 10 cards each; the trump card is the dealer's last",
            {
                "dealer": 3,
                "hands": [
                    ["AH", "7H", "KH", "2C", "3C", "4C", "5C", "6C", "QS", "JS"],
                    ["QH", "JH", "2H", "3H", "AC", "7C", "KC", "2S", "3S", "4S"],
                    ["4H", "5H", "6H", "QC", "JC", "5S", "6S", "KS", "7S", "AS"],
                    ["2D", "3D", "4D", "5D", "6D", "QD", "JD", "KD", "7D", "AD"],
                ],
                "trump_card": "AD",
            },
        ),
        "truco": (
            "A Truco deal: 3 cards each and the vira (its next rank is the manilha)",
            {
                "dealer": 3,
                "hands": [
                    ["3H", "KC", "5D"],
                    ["AS", "4C", "QH"],
                    ["2C", "7D", "JS"],
                    ["6H", "3S", "AD"],
                ],
                "vira": "4H",
            },
        ),
    },
    "postMove": {
        "play": ("Seat 2 lays 3-5 on the left end", {"seat": 2, "tile": "3-5", "end": "left"}),
        "pass": ("Seat 2 passes", {"seat": 2, "pass": True}),
        "card": ("Seat 1 plays the 7 of copas", {"seat": 1, "card": "7H"}),
        "redeal": (
            "Sueca: the opening player's cards are worth 10 or less",
            {"seat": 0, "redeal": True},
        ),
        "truco": ("Truco: seat 0 raises the hand to 3", {"seat": 0, "call": "truco"}),
        "accept": ("Truco: seat 1 accepts the raise", {"seat": 1, "accept": True}),
        "run": ("Truco: seat 3 runs from the raise", {"seat": 3, "run": True}),
        "covered": (
            "Truco: seat 2 plays a card face down (from round 2)",
            {"seat": 2, "card": "4C", "covered": True},
        ),
        "guarded": (
            "Only if the game is still at version 12",
            {"seat": 1, "tile": "6-6", "expected_version": 12},
        ),
    },
    "postResult": {
        "batida": (
            "Batida de cruzada by seat 3",
            {"outcome": "batida", "seat": 3, "kind": "cruzada"},
        ),
        "bloqueio": (
            "Blocked: team A holds 12 pips, team B 17",
            {"outcome": "bloqueio", "sums": {"A": 12, "B": 17}},
        ),
        "sueca": (
            "Sueca: team A took 75 card points in 6 tricks",
            {"points": {"A": 75, "B": 45}, "tricks": {"A": 6, "B": 4}},
        ),
        "bandeirada": (
            "Sueca: team B took every trick",
            {"points": {"A": 0, "B": 120}, "tricks": {"A": 0, "B": 10}},
        ),
        "truco": ("Truco: team A won a hand worth 3", {"winner": "A", "value": 3}),
        "truco-tie": ("Truco: every round tied", {"tie": True}),
    },
    "postPenalty": {
        "out-of-turn": (
            "Seat 1 played out of turn",
            {"seat": 1, "kind": "out-of-turn", "note": "laid 2-4 before seat 0"},
        )
    },
}


def document_examples(document: OpenAPI) -> OpenAPI:
    for item in (document.paths or {}).values():
        operation = item.post
        if operation is None or operation.operation_id not in EXAMPLES:
            continue
        body = operation.request_body
        if body is None or isinstance(body, Reference):
            continue
        for media in body.content.values():
            media.examples = {
                name: Example(summary=summary, value=value)
                for name, (summary, value) in EXAMPLES[operation.operation_id].items()
            }
    return document

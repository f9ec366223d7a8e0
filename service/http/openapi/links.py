"""OpenAPI links: which answer names the resource that later operations take.

A client (or schemathesis' stateful tests) follows them from a created player,
competition or game to every operation on it, and from any game's new state onwards.
"""

from __future__ import annotations

from litestar.openapi.spec import Link, OpenAPI, Operation

_PLAYER = (
    "player_id",
    [
        "getPlayer",
        "getPlayerStats",
        "getPlayerAchievements",
        "listPlayerMatches",
        "issuePlayerToken",
    ],
)
_COMPETITION = ("competition_id", ["getCompetition", "listCompetitionMatches"])
_MATCH = (
    "match_id",
    [
        "getMatch",
        "getMatchEvents",
        "verifyMatch",
        "startHand",
        "postMove",
        "postResult",
        "postPenalty",
        "undoMove",
        "annulHand",
        "abandonMatch",
        "confirmMatch",
    ],
)
_MATCH_WRITES = [
    "createMatch",
    "startHand",
    "postMove",
    "postResult",
    "postPenalty",
    "undoMove",
    "annulHand",
    "abandonMatch",
    "confirmMatch",
]

# operation id -> (path parameter the answer's `id` fills, operations that take it)
PRODUCERS: dict[str, tuple[str, list[str]]] = {
    "registerPlayer": _PLAYER,
    "createCompetition": _COMPETITION,
    **dict.fromkeys(_MATCH_WRITES, _MATCH),
}


def document_links(document: OpenAPI) -> OpenAPI:
    operations = _operations(document)
    for producer, (parameter, consumers) in PRODUCERS.items():
        success = next(code for code in operations[producer].responses or {} if code[0] == "2")
        answer = (operations[producer].responses or {})[success]
        answer.links = {  # type: ignore[union-attr]
            consumer: Link(
                operation_id=consumer,
                parameters={parameter: "$response.body#/id"},
                description=f"The `id` in this answer is the `{parameter}` of {consumer}.",
            )
            for consumer in consumers
        }
    return document


def _operations(document: OpenAPI) -> dict[str, Operation]:
    found: dict[str, Operation] = {}
    for item in (document.paths or {}).values():
        for method in ("get", "post", "delete"):
            operation = getattr(item, method)
            if operation is not None and operation.operation_id:
                found[operation.operation_id] = operation
    return found

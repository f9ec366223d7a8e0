"""Each game's own bodies in the API document, named after the game (`SuecaMove`,
`BuracoResult`, `HoldemHand`), from the structs its package declares (`Game.bodies`); each
shared write documented as the union of the registered games' bodies, and the state's hand as
the union of their hands, told apart by `"game"`."""

from __future__ import annotations

import re
from typing import Any

import msgspec
from litestar.openapi.spec import OpenAPI, OpenAPIType, Reference, Schema

from domain import GAMES
from domain.match.game import Bodies
from service.http.openapi.bodies import described_field, schema_of

ROLES = ("Deal", "Move", "Result", "Hand")
UNIONS = {
    "startHand": (
        "NewHand",
        "Deal",
        'The next hand\'s deal, as the game reads it: posted, or `{"deal": "server"}`.',
    ),
    "postMove": (
        "NewMove",
        "Move",
        "A move, as the game reads it (the seat, and one thing it does).",
    ),
    "postResult": (
        "NewResult",
        "Result",
        "A whole hand recorded by its result, as the game reads it.",
    ),
}
"""The shared writes whose body is a game's own: the union's name, the role, what it is."""
_REF = "#/components/schemas/{name}"


def titles() -> dict[str, Bodies[Any, Any, Any]]:
    """Each game with bodies by the name its structs carry (`MauMau`, `Holdem`, ...)."""
    return {
        game.bodies.move.__name__.removesuffix("Move"): game.bodies
        for game in GAMES
        if game.bodies is not None
    }


def renames() -> dict[str, str]:
    """Each game's struct to its name in the document: the game's title and its role."""
    names: dict[str, str] = {}
    for title, bodies in titles().items():
        kinds = (bodies.deal, bodies.move, bodies.result, bodies.hand)
        for role, kind in zip(ROLES, kinds, strict=True):
            names[kind.__name__] = title + role
    return names


def document_game_bodies(document: OpenAPI) -> OpenAPI:
    assert document.components is not None
    schemas = document.components.schemas
    assert isinstance(schemas, dict)
    kinds = [
        kind
        for bodies in titles().values()
        for kind in (bodies.deal, bodies.move, bodies.result, bodies.hand)
    ]
    _, exact = msgspec.json.schema_components(kinds, ref_template=_REF)
    names = renames()
    hands = {bodies.hand.__name__ for bodies in titles().values()}
    requests = _reachable(exact, [k.__name__ for k in kinds if k.__name__ not in hands])
    for name, raw in exact.items():
        raw = _renamed(raw, names) | ({"title": names[name]} if name in names else {})
        if name in requests:
            raw = without_defaults(raw)
        converted = schema_of(raw)
        assert isinstance(converted, Schema)
        schemas[names.get(name, name)] = converted
    for operation_id, (union, role, description) in UNIONS.items():
        schemas[union] = Schema(
            any_of=[Reference(_REF.format(name=t + role)) for t in titles()],
            description=description,
        )
        _point(document, operation_id, union)
    return document


def document_hands(document: OpenAPI) -> OpenAPI:
    """The state's `hand`: a union of each game's own hand (`HandInProgress`), or null."""
    assert document.components is not None
    schemas = document.components.schemas
    assert isinstance(schemas, dict)
    schemas["HandInProgress"] = hand_union()
    state = schemas["MatchState"]
    assert isinstance(state, Schema)
    assert state.properties is not None
    described = state.properties["hand"]
    assert isinstance(described, Schema)
    state.properties["hand"] = Schema(
        one_of=[Reference(_REF.format(name="HandInProgress")), Schema(type=OpenAPIType.NULL)],
        description=described.description,
    )
    return document


def hand_union() -> Schema:
    """The state's hand in progress: each game's own, told apart by its `"game"`."""
    mapping = {
        _tag(bodies.hand): _REF.format(name=title + "Hand") for title, bodies in titles().items()
    }
    return Schema(
        one_of=[Reference(ref) for ref in mapping.values()],
        discriminator={"propertyName": "game", "mapping": mapping},  # type: ignore[arg-type]
        description="The hand in progress, as the reader may see it: its game's own (`game`).",
    )


def _tag(kind: type) -> str:
    return str(kind.__struct_config__.tag)  # type: ignore[attr-defined]


def _point(document: OpenAPI, operation_id: str, union: str) -> None:
    for item in (document.paths or {}).values():
        operation = item.post
        if operation is None or operation.operation_id != operation_id:
            continue
        body = operation.request_body
        assert body is not None
        assert not isinstance(body, Reference)
        for media in body.content.values():
            media.schema = Reference(_REF.format(name=union))


def _renamed(raw: Any, names: dict[str, str]) -> Any:
    if isinstance(raw, dict):
        return {key: _renamed(value, names) for key, value in raw.items()}
    if isinstance(raw, list):
        return [_renamed(value, names) for value in raw]
    if isinstance(raw, str) and raw.startswith("#/components/schemas/"):
        name = raw.rpartition("/")[2]
        return _REF.format(name=names.get(name, name))
    return raw


def _reachable(schemas: dict[str, Any], roots: list[str]) -> set[str]:
    """The schemas these reach through their references (a request body's nested parts)."""
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        name = todo.pop()
        if name in seen or name not in schemas:
            continue
        seen.add(name)
        text = msgspec.json.encode(schemas[name]).decode()
        todo += re.findall(r"#/components/schemas/(\w+)", text)
    return seen


def without_defaults(raw: dict[str, Any]) -> dict[str, Any]:
    """A request body's schema without `default`s: a generated client (openapi-typescript)
    reads a default as "always there" and would make every optional field required. What
    the default is stays in the field's description."""
    properties = {}
    for name, field in raw.get("properties", {}).items():
        field = described_field(dict(field))
        if "default" in field:
            default = field.pop("default")
            if default is not None:
                said = msgspec.json.encode(default).decode()
                field["description"] = f"{field.get('description', '')} Default: {said}.".strip()
        properties[name] = field
    return {**raw, "properties": properties} if "properties" in raw else raw

"""Request bodies documented by msgspec, the library that validates them.

Litestar's own conversion drops constraints inside optional fields and list items (a
tile's pattern, a version's minimum, a seat id's length) and never says that unknown
fields are refused. A client that builds bodies from the document (or schemathesis)
would then send bodies the service refuses. msgspec's JSON Schema is exact.
"""

from __future__ import annotations

import re
from typing import Any

import msgspec
from litestar.openapi.spec import OpenAPI, OpenAPIType, Reference, Schema

from service.http.web.body import Body

_SCHEMA_LISTS = {"anyOf", "oneOf", "allOf", "prefixItems"}


def document_request_bodies(document: OpenAPI) -> OpenAPI:
    assert document.components is not None
    schemas = document.components.schemas
    assert isinstance(schemas, dict)
    _, exact = msgspec.json.schema_components(
        _subclasses(Body), ref_template="#/components/schemas/{name}"
    )
    for name, raw in exact.items():
        converted = _schema(raw)
        assert isinstance(converted, Schema)
        schemas[name] = converted
    return document


def schema_of(raw: dict[str, Any]) -> Schema | Reference:
    """msgspec's JSON Schema of a struct as Litestar's, each field's description on it."""
    return _schema(raw)


def _schema(raw: dict[str, Any]) -> Schema | Reference:
    if "$ref" in raw:
        return Reference(ref=raw["$ref"])
    fields: dict[str, Any] = {}
    for key, value in raw.items():
        if key == "properties":
            value = {name: _schema(_described(field)) for name, field in value.items()}
        elif key == "items" or (key == "additionalProperties" and isinstance(value, dict)):
            value = _schema(value)
        elif key in _SCHEMA_LISTS:
            value = [_schema(option) for option in value]
        elif key == "type":
            value = OpenAPIType(value)  # msgspec names one type; optional ones are anyOf
        fields[re.sub(r"(?<!^)([A-Z])", r"_\1", key).lower()] = value
    return Schema(**fields)


def described_field(field: dict[str, Any]) -> dict[str, Any]:
    return _described(field)


def _described(field: dict[str, Any]) -> dict[str, Any]:
    """An optional field's description sits on its non-null option: show it on the field."""
    options = field.get("anyOf", [])
    inner = next((o["description"] for o in options if "description" in o), None)
    if "description" in field or inner is None:
        return field
    return {"description": inner, **field}


def _subclasses(cls: type) -> list[type]:
    found: list[type] = []
    direct: type
    for direct in cls.__subclasses__():
        found += [direct, *_subclasses(direct)]
    return found


TAG_FIELDS = {
    "game": "The game this hand is of (its name, as in the game's state): it says which of the "
    "hands this is.",
    "family": 'Which shape this hand has: "dominoes" (a board of tiles), "cards" (tricks) or '
    '"stock" (a stock and a discard pile).',
    "kind": "The stage's kind: groups, swiss or knockout.",
}
"""Fields that msgspec writes as a union's tag: Litestar leaves them undescribed."""


def describe_tag_fields(document: OpenAPI) -> OpenAPI:
    assert document.components is not None
    schemas = document.components.schemas
    assert isinstance(schemas, dict)
    for schema in schemas.values():
        for name, prop in (schema.properties or {}).items():
            if name in TAG_FIELDS and isinstance(prop, Schema) and not prop.description:
                prop.description = TAG_FIELDS[name]
    return document

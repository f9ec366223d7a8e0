"""Every choice and every open object of the API document under a name of its own.

A generated client names what the document leaves inline after where it stands: an
operation's parameter (`get_player_stats_game_type_1`) or its place in a union
(`hand_out_scores_type_0`). Here each enumeration of more than one value, and each object
inside a union or a list, becomes a component: the same choices under one name
(`GameName`, `End`, `Suit`), the others after the field that holds them (`HandOutScores`).
"""

from __future__ import annotations

from typing import Any

from litestar.openapi.spec import OpenAPI, OpenAPIType, Reference, Schema

from domain import BY_NAME, PRESETS
from domain.competitions.format import TIE_BREAKERS

KNOWN: dict[frozenset[object], str] = {
    frozenset(BY_NAME): "GameName",
    frozenset(PRESETS): "PresetName",
    frozenset(
        {"in_progress", "finished", "confirmed", "cancelled", "disputed", "annulled", "stale"}
    ): "GameStatus",
    frozenset({"confirmed", "finished", "all"}): "ExportedStatus",
    frozenset({"json", "csv"}): "AnswerFormat",
    frozenset({"amistoso", "torneio"}): "CompetitionKind",
    frozenset({"players", "teams"}): "RankedBy",
    frozenset({"left", "right"}): "End",
    frozenset({"low", "high"}): "WildEnd",
    frozenset({"stock", "pile"}): "DrawFrom",
    frozenset({"C", "D", "H", "S"}): "Suit",
    frozenset({"A", "B"}): "Team",
    frozenset({"nil", "double_nil"}): "NilBid",
    frozenset({"simples", "carroca", "la-e-lo", "cruzada"}): "BatidaKind",
    frozenset({"batida", "bloqueio"}): "DominoesOutcome",
    frozenset({"server"}): "ServerDeal",
    frozenset(TIE_BREAKERS): "TieBreaker",
}
"""Choices met in several places, by their values: one name each."""
_REF = "#/components/schemas/{name}"


def name_inline_schemas(document: OpenAPI) -> OpenAPI:
    assert document.components is not None
    schemas = document.components.schemas
    assert isinstance(schemas, dict)
    namer = _Namer(schemas)
    for owner in list(schemas):
        schema = schemas[owner]
        if isinstance(schema, Schema):
            namer.within(schema, owner)
    for item in (document.paths or {}).values():
        for operation in (item.get, item.post, item.put, item.patch, item.delete):
            for parameter in (operation.parameters or []) if operation else []:
                if isinstance(parameter, Reference) or not isinstance(parameter.schema, Schema):
                    continue
                parameter.schema = namer.parameter(parameter.schema, parameter.name)
    return document


class _Namer:
    def __init__(self, schemas: dict[str, Any]) -> None:
        self.schemas = schemas

    def within(self, schema: Schema, owner: str) -> None:
        """Name what this component holds inline: its fields' choices and objects."""
        for field, value in (schema.properties or {}).items():
            if isinstance(value, Schema):
                schema.properties[field] = self.lifted(value, owner + _camel(field))  # type: ignore[index]
        if isinstance(schema.items, Schema):
            schema.items = self.lifted(schema.items, owner + "Item")
        for key in ("any_of", "one_of"):
            options = getattr(schema, key)
            if options:
                setattr(
                    schema,
                    key,
                    [self.lifted(o, owner) if isinstance(o, Schema) else o for o in options],
                )

    def lifted(self, schema: Schema, name: str, in_union: bool = False) -> Schema | Reference:
        """The schema, or a reference to a component that holds what it describes (a lone
        value only in a union: alone, it is a tag or a constant)."""
        if _choice(schema) or (in_union and _values(schema)):
            return self._component(schema, KNOWN.get(_values(schema), name))
        if schema.any_of or schema.one_of:
            key = "any_of" if schema.any_of else "one_of"
            options = [
                self.lifted(o, name, True) if isinstance(o, Schema) else o
                for o in getattr(schema, key)
            ]
            setattr(schema, key, options)
            return schema
        if isinstance(schema.items, Schema):
            schema.items = self.lifted(schema.items, name + "Item")
            return schema
        if _object(schema):
            return self._component(schema, name)
        return schema

    def parameter(self, schema: Schema, name: str) -> Schema | Reference:
        """A parameter's schema: its choices under their name, and null beside them where the
        service takes it (`?kind=null` is the filter left out)."""
        options = schema.any_of or schema.one_of or [schema]
        nullable = any(isinstance(o, Schema) and o.type == OpenAPIType.NULL for o in options)
        kept = [o for o in options if not (isinstance(o, Schema) and o.type == OpenAPIType.NULL)]
        values = [v for v in (schema.enum or []) if v is not None]
        if values:
            nullable = nullable or None in (schema.enum or [])
            kept = [Schema(type=OpenAPIType.STRING, enum=values, description=schema.description)]
        if len(kept) != 1 or not isinstance(kept[0], Schema):
            return schema
        chosen = kept[0]
        if not _choice(chosen):
            return schema
        named = self._component(chosen, KNOWN.get(_values(chosen), _camel(name)))
        if not nullable:
            return named
        return Schema(one_of=[named, Schema(type=OpenAPIType.NULL)], description=schema.description)

    def _component(self, schema: Schema, name: str) -> Reference:
        description = schema.description
        existing = self.schemas.get(name)
        if isinstance(existing, Schema) and _values(existing) != _values(schema):
            raise ValueError(f"two different schemas would be named {name}")
        if existing is None:
            self.schemas[name] = Schema(
                type=schema.type,
                enum=[v for v in schema.enum or [] if v is not None] or None,
                properties=schema.properties,
                additional_properties=schema.additional_properties,
                required=schema.required,
                title=name,
            )
            if _object(schema):
                self.within(self.schemas[name], name)
        return Reference(ref=_REF.format(name=name), description=description)


def _choice(schema: Schema) -> bool:
    return len([v for v in schema.enum or [] if v is not None]) > 1


def _object(schema: Schema) -> bool:
    return schema.type == OpenAPIType.OBJECT


def _values(schema: Schema) -> frozenset[object]:
    return frozenset(v for v in schema.enum or [] if v is not None)


def _camel(name: str) -> str:
    return "".join(part.capitalize() for part in name.replace("-", "_").split("_") if part)

"""The OpenAPI document in openapi/ is the one the app generates, and documents everything."""

from typing import Any

from service.http.openapi.document import DOCUMENT, generate, render


def test_the_committed_openapi_document_is_up_to_date() -> None:
    assert DOCUMENT.exists(), "run: .venv/bin/python -m service.http.openapi.document"
    assert DOCUMENT.read_text() == render(), (
        "openapi/openapi.json is stale: run .venv/bin/python -m service.http.openapi.document"
    )


def test_every_operation_has_an_id_and_a_summary() -> None:
    for path, item in generate()["paths"].items():
        for method, operation in item.items():
            if method in {"get", "post", "put", "patch", "delete"}:
                assert operation.get("operationId"), (method, path)
                assert operation.get("summary"), (method, path)


def _undocumented(schema: dict[str, Any]) -> list[str]:
    return [
        name
        for name, prop in schema.get("properties", {}).items()
        if not prop.get("description") and "$ref" not in prop
    ]


def test_every_field_of_every_body_has_a_description() -> None:
    schemas = generate()["components"]["schemas"]
    missing = {name: _undocumented(schema) for name, schema in schemas.items()}
    assert {name: fields for name, fields in missing.items() if fields} == {}

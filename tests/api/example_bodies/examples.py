"""Every example body, by a key that says where it comes from: `document:<operation>/<name>`
(the committed OpenAPI document, read now), `readme:<name>` and `design:<name>` (copied in
`written`)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from tests.api.example_bodies.written import DESIGN, README

ROOT = Path(__file__).resolve().parents[3]
DOCUMENT = ROOT / "openapi" / "openapi.json"
SAVED = Path(__file__).with_name("document_examples.json")

WRITES = {
    "registerPlayer": "/v1/players",
    "createCompetition": "/v1/competitions",
    "createMatch": "/v1/matches",
    "startHand": "hands",
    "postMove": "moves",
    "postResult": "results",
    "postPenalty": "penalties",
    "confirmMatch": "confirmations",
}
"""Where each operation posts: an absolute path, or a path under the game."""


@dataclass(frozen=True)
class Example:
    key: str
    operation: str
    body: Any
    """A JSON value, or a str: raw JSON text (a body that no dict can hold)."""

    @property
    def write(self) -> str:
        return WRITES[self.operation]


def document_examples(document: Path = DOCUMENT) -> dict[str, dict[str, Any]]:
    """{operationId: {name: body}} of every request body example in the document."""
    paths = json.loads(document.read_text(encoding="utf-8"))["paths"]
    found: dict[str, dict[str, Any]] = {}
    for item in paths.values():
        for operation in item.values():
            if not isinstance(operation, dict):
                continue
            content = operation.get("requestBody", {}).get("content", {})
            for media in content.values():
                for name, example in (media.get("examples") or {}).items():
                    found.setdefault(operation["operationId"], {})[name] = example["value"]
    return found


def saved_examples() -> dict[str, dict[str, Any]]:
    """Today's list, kept on purpose: an example may leave it only by an edit of this file."""
    saved: dict[str, dict[str, Any]] = json.loads(SAVED.read_text(encoding="utf-8"))
    return saved


@cache
def every_example() -> dict[str, Example]:
    found = {
        f"document:{operation}/{name}": Example(f"document:{operation}/{name}", operation, body)
        for operation, named in document_examples().items()
        for name, body in named.items()
    }
    for source, written in (("readme", README), ("design", DESIGN)):
        for name, (operation, body) in written.items():
            key = f"{source}:{name}"
            found[key] = Example(key, operation, body)
    return found


def example(key: str) -> Example:
    found = every_example().get(key)
    if found is None:
        raise AssertionError(f"{key} is no example any more: the document lost it, or renamed it")
    return found


def operation_of(key: str) -> str:
    """The operation an example is posted to, known without reading the document: a
    scenario is written before the document is read, and still names an example gone."""
    source, name = key.split(":", 1)
    if source == "document":
        return name.split("/", 1)[0]
    return {"readme": README, "design": DESIGN}[source][name][0]


def body_of(keys: tuple[str, ...]) -> Any:
    """The one body these examples write alike."""
    bodies = [(example(key).operation, example(key).body) for key in keys]
    assert all(body == bodies[0] for body in bodies), f"{keys} differ: {bodies}"
    return bodies[0][1]

"""schemathesis' stateful tests over the committed document's links, on the live service:
sequences of calls that carry real ids from one answer to the next (register a player,
then read their stats; create a game, deal, move, undo, confirm, read its history) find
no 5xx and no answer outside the document."""

from __future__ import annotations

import json
import zlib
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis import GenerationMode
from schemathesis.specs.openapi.checks import positive_data_acceptance

from service.http.openapi.document import DOCUMENT
from tests.contract.conftest import TOKEN

schema = schemathesis.openapi.from_path(str(DOCUMENT)).exclude(operation_id="streamEvents")
# Valid data only: it goes deepest into real games. Invalid data is the stateless test's.
schema.config.generation.update(modes=[GenerationMode.POSITIVE])
# Only the document's own links. The links schemathesis infers from lists (rankings rows,
# say) change shape as the database fills, which Hypothesis reports as a flaky strategy.
schema.config.phases.stateful.inference.algorithms = []


def test_every_link_names_an_operation_and_fills_its_path_parameter() -> None:
    document = json.loads(DOCUMENT.read_text())
    operations = {
        operation["operationId"]: (path, operation)
        for path, item in document["paths"].items()
        for operation in item.values()
        if isinstance(operation, dict) and "operationId" in operation
    }
    links = [
        (producer, link)
        for producer, (_, operation) in operations.items()
        for answer in operation["responses"].values()
        for link in answer.get("links", {}).values()
    ]

    assert {producer for producer, _ in links} >= {
        "registerPlayer",
        "createCompetition",
        "createMatch",
        "postMove",
    }
    for producer, link in links:
        consumer_path, _ = operations[link["operationId"]]
        for parameter in link["parameters"]:
            assert f"{{{parameter}}}" in consumer_path, (producer, link)


def test_the_state_machine_follows_the_links() -> None:
    transitions = " ".join(dir(schema.as_state_machine()))

    for producer, consumer in [
        ("POST_v1_players", "getPlayerStats"),
        ("POST_v1_competitions", "getCompetition"),
        ("POST_v1_matches", "startHand"),
        ("POST_v1_matches_match_id_moves", "undoMove"),
    ]:
        assert f"{producer}___201_{consumer}__" in transitions, (producer, consumer)


@pytest.mark.timeout(600)
def test_chains_of_linked_calls_get_no_5xx_and_every_answer_matches_the_document(
    live_url: str, seats: list[str]
) -> None:
    class Scenario(schema.as_state_machine()):  # type: ignore[misc]
        def before_call(self, case: Any) -> None:
            operation = case.operation.definition.raw.get("operationId")
            if operation == "createMatch" and isinstance(case.body, dict):
                # Real players, so that games exist and the links lead into them.
                case.body["seats"] = seats
                case.body.pop("competition_id", None)
                case.body.pop("stage", None)  # a stage needs a torneio
                case.body["rules"] = case.body.get("rules") or {"preset": "pontos"}
            if operation == "startHand" and zlib.crc32(repr(case.body).encode()) % 2:
                case.body = {"deal": "server"}  # half the hands are really dealt

        def get_call_kwargs(self, case: Any) -> dict[str, Any]:
            return {"base_url": live_url, "headers": {"Authorization": f"Bearer {TOKEN}"}}

        def validate_response(self, response: Any, case: Any, **kwargs: Any) -> None:
            # Random moves in a real game are mostly refused by the rules, rightly.
            case.validate_response(response, excluded_checks=[positive_data_acceptance])

    Scenario.run(
        settings=settings(
            max_examples=60,
            stateful_step_count=10,
            deadline=None,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
    )

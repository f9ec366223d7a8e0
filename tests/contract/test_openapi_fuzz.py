"""schemathesis against the committed OpenAPI document, on the live service and a real
PostgreSQL: no input makes it answer 5xx, and every answer matches the document."""

from __future__ import annotations

from typing import Any

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from service.http.openapi.document import DOCUMENT
from tests.contract.conftest import TOKEN

# The live stream never ends by design: it is tested on its own (tests/integration).
schema = schemathesis.openapi.from_path(str(DOCUMENT)).exclude(operation_id="streamEvents")
# A body over 64 KiB is refused (413) before it is read: a rejection like 400 or 422.
rejection = schema.config.checks.negative_data_rejection
rejection.expected_statuses = [*rejection.expected_statuses, "413"]


@schema.parametrize()
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_input_gets_a_5xx_and_every_answer_matches_the_document(
    case: Any, live_url: str
) -> None:
    # Random ids name nothing, so a valid body may rightly answer 404: positive data is
    # not always accepted here. Every other check of schemathesis applies.
    case.call_and_validate(
        base_url=live_url,
        headers={"Authorization": f"Bearer {TOKEN}"},
        excluded_checks=[positive_data_acceptance],
    )

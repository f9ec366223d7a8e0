"""The wire format stays v1 (issue 30): every example body of the API document, of the
README and of design.md is posted, each in a scenario where it is legal, and each is
accepted; the answers of every step are compared with golden files recorded from the code
(`.venv/bin/python -m tests.api.example_bodies.record`, or RECORD_ANSWER=1), under a rule
that lets the answers grow but not change: keys may be added, and a key may go only where
it said nothing (null, false, [] or {})."""

from __future__ import annotations

import os
from typing import Any

import httpx
import pytest

from tests.api.example_bodies.catalogue import SCENARIOS
from tests.api.example_bodies.examples import (
    WRITES,
    body_of,
    document_examples,
    every_example,
    saved_examples,
)
from tests.api.example_bodies.golden import (
    differences,
    normalized,
    read_golden,
    step_differences,
    write_golden,
)
from tests.api.example_bodies.scenario import REFUSED, play

RECORDING = os.environ.get("RECORD_ANSWER") == "1"
CHANGED_ON_PURPOSE = {
    ("copas", "$.hand.tricks: missing"): "team keys at a table played alone: a Copas hand "
    "says its tricks by seat (tricks_by_seat), issue 31",
}
"""Differences from the recorded answers that were made on purpose, each with its reason."""


@pytest.mark.parametrize("game", sorted(SCENARIOS))
async def test_every_example_of_the_game_is_accepted_and_answered_as_recorded(
    shared_client: httpx.AsyncClient, game: str
) -> None:
    recorded = await play(shared_client, SCENARIOS[game])

    if RECORDING:
        write_golden(game, recorded)
        return
    golden = read_golden(game)
    assert len(recorded) == len(golden), "the scenario changed: record it again"
    found = [
        d
        for now, then in zip(recorded, golden, strict=True)
        for d in step_differences(now, then)
        if not any(game == g and f": {what}" in d for g, what in CHANGED_ON_PURPOSE)
    ]
    assert not found, "\n".join(found)


def test_the_documents_examples_are_todays_and_none_has_gone() -> None:
    """An example leaves the document (or changes) only with an edit of
    `document_examples.json`; a new one is added there, and to a scenario, on purpose."""
    now, saved = flat(document_examples()), flat(saved_examples())

    gone = sorted(set(saved) - set(now))
    new = sorted(set(now) - set(saved))
    changed = sorted(key for key in set(saved) & set(now) if now[key] != saved[key])

    assert (gone, new, changed) == ([], [], [])


def flat(examples: dict[str, dict[str, Any]]) -> dict[str, Any]:
    return {f"{op}/{name}": body for op, named in examples.items() for name, body in named.items()}


def test_every_example_is_posted_by_a_scenario() -> None:
    steps = [step for scenario in SCENARIOS.values() for step in scenario.steps]
    posted = {key for step in steps for key in step.examples}

    assert sorted(set(every_example()) - posted) == []
    assert sorted(posted - set(every_example())) == []
    assert set(REFUSED) <= posted
    for step in (step for step in steps if step.examples):  # one body, to its operation
        body_of(step.examples)
        assert step.write == WRITES[every_example()[step.examples[0]].operation], step.name


# --- the comparison rule -----------------------------------------------------------------

ANSWER: dict[str, Any] = {
    "status": "in_progress",
    "score": {"A": 4, "B": 1},
    "hand": {"trick": [{"seat": 0, "card": "7H"}], "vira": None, "bids": [], "covered": False},
    "hands": [{"points": 2, "details": {}}],
}


def test_an_equal_answer_and_one_with_keys_added_keep_to_the_golden_one() -> None:
    grown = {**ANSWER, "game": "sueca", "hand": {**ANSWER["hand"], "trump": "H"}}

    assert differences(ANSWER, ANSWER) == []
    assert differences(grown, ANSWER) == []


def test_a_key_that_said_nothing_may_go() -> None:
    lean = {**ANSWER, "hand": {"trick": ANSWER["hand"]["trick"]}, "hands": [{"points": 2}]}

    assert differences(lean, ANSWER) == []


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"score": {"A": 4, "B": 2}}, "$.score.B"),
        ({"status": "finished"}, "$.status"),
        ({"score": {"A": 4}}, "$.score.B: missing"),
        ({"hand": {**ANSWER["hand"], "trick": []}}, "$.hand.trick"),
        ({"hand": {"vira": None, "bids": [], "covered": False}}, "$.hand.trick: missing"),
        ({"hand": {**ANSWER["hand"], "covered": None}}, "$.hand.covered"),
        ({"hands": [{"points": "2", "details": {}}]}, "$.hands[0].points"),
        ({"hands": [{"points": 2.0, "details": {}}]}, "$.hands[0].points"),
        ({"hands": [{"points": 2}, {"points": 1}]}, "$.hands"),
        ({"hands": {"points": 2}}, "$.hands"),
    ],
)
def test_a_changed_value_or_a_removed_key_that_said_something_breaks_the_rule(
    change: dict[str, Any], where: str
) -> None:
    found = differences({**ANSWER, **change}, ANSWER)

    assert len(found) == 1
    assert found[0].startswith(where), found


def test_a_changed_status_or_another_step_breaks_the_rule() -> None:
    golden = {"step": "document:postMove/play", "status": 201, "answer": ANSWER}

    refused = step_differences({**golden, "status": 422}, golden)
    another = step_differences({**golden, "step": "document:postMove/pass"}, golden)

    assert step_differences(dict(golden), golden) == []
    assert refused == ["document:postMove/play: status 422 instead of 201"]
    assert len(another) == 1
    assert "record the scenario again" in another[0]


def test_an_answer_is_normalized_to_stable_placeholders() -> None:
    seat = "6f1c2d9e-4a7b-4f0e-9d3c-2b8a1e5f7c40"
    answer = {
        "id": "2f6c1a70-0d5e-4f7e-8a51-3c1d2e9b4a10",
        "seats": [seat],
        "token": "secret-of-a-player",
        "created_at": "2025-03-01T20:15:00.123456Z",
        "detail": f"player {seat} at 2025-03-01 20:15:00+00:00",
        "hash": "ab" * 32,
        "hand": {"opener": 2, "trick": [{"seat": 2, "card": "7H"}], "trump": "H"},
        "version": 12,
    }

    made = normalized(answer, {seat: "<seat 0>"}, frozenset({"hand.opener", "hand.trick.*.card"}))

    assert made == {
        "id": "<uuid>",
        "seats": ["<seat 0>"],
        "token": "<token>",
        "created_at": "<time>",
        "detail": "player <seat 0> at <time>",
        "hash": "<hex>",
        "hand": {
            "opener": "<shuffled>",
            "trick": [{"seat": 2, "card": "<shuffled>"}],
            "trump": "H",
        },
        "version": 12,
    }

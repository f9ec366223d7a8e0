from datetime import datetime
from typing import Any

import pytest

from domain import (
    INITIAL,
    PONTOS,
    Cancel,
    Confirm,
    CreateMatch,
    Event,
    MatchCancelled,
    MatchCreated,
    Pass,
    RecordResult,
    decide,
    fold,
    resolve_rules,
)
from tests.domain.builders import AT, SEATS, created, minutes
from tests.domain.spec import given


def create(**fields: Any) -> CreateMatch:
    values: dict[str, Any] = {
        "at": AT,
        "preset": "pontos",
        "seats": list(SEATS),
        "actor": "ana",
    } | fields
    return CreateMatch(**values)


def test_a_new_game_records_the_full_effective_rules_and_the_seats() -> None:
    given().when(create(place="Bar do Zé", notes="final", competition_id="c1")).then(
        MatchCreated(
            at=AT,
            rules=PONTOS,
            seats=SEATS,
            created_by="ana",
            place="Bar do Zé",
            notes="final",
            competition_id="c1",
        )
    )


def test_overrides_are_resolved_into_the_rules_the_game_keeps() -> None:
    (event,) = given().when(create(preset="cinquenta", overrides={"target": 100})).decided()
    assert isinstance(event, MatchCreated)
    assert event.rules == resolve_rules("cinquenta", {"target": 100})


def test_bad_rules_are_refused() -> None:
    given().when(create(overrides={"target": -3})).raises("invalid-rules")


@pytest.mark.parametrize(
    "seats", [["ana", "bia", "caio"], ["ana", "bia", "caio", "ana"], ["ana", "bia", "", "duda"]]
)
def test_a_game_needs_four_distinct_players(seats: list[str]) -> None:
    given().when(create(seats=seats)).raises("invalid-seats")


def test_a_game_not_yet_created_accepts_only_its_creation() -> None:
    given().when(Pass(at=AT, seat=0)).raises("match-not-created")


def test_a_game_is_created_only_once() -> None:
    given(created()).when(create()).raises("match-already-created")


def test_a_time_without_zone_is_refused() -> None:
    given().when(create(at=datetime(2025, 5, 1, 20, 0))).raises("invalid-time")


def test_the_state_after_creation_shows_the_game_in_progress_at_nil_nil() -> None:
    state = given(created(at=minutes(1))).state
    assert (state.status, state.rules, state.seats) == ("in_progress", PONTOS, SEATS)
    assert (state.score["A"], state.score["B"], state.turn, state.hand) == (0, 0, None, None)
    assert state.created_at == minutes(1)


def test_the_initial_state_is_an_uncreated_game() -> None:
    assert INITIAL.status == "new"
    created_event = decide(create(), INITIAL)[0]
    assert isinstance(created_event, MatchCreated)
    assert created_event.seats == SEATS


def test_a_torneio_game_keeps_its_stage_trimmed() -> None:
    (event,) = given().when(create(competition_id="c1", stage="  quartas de final ")).decided()
    assert isinstance(event, MatchCreated)
    assert event.stage == "quartas de final"
    assert given(event).state.stage == "quartas de final"


def test_only_a_competition_game_has_a_stage() -> None:
    given().when(create(stage="final")).raises("stage-outside-competition")


@pytest.mark.parametrize("stage", ["", "   ", "x" * 51])
def test_a_stage_is_named_in_one_to_fifty_characters(stage: str) -> None:
    given().when(create(competition_id="c1", stage=stage)).raises("invalid-stage")


def test_a_game_created_by_mistake_is_cancelled_before_its_confirmation() -> None:
    history = given(created("pontos"))
    (cancelled,) = history.when(Cancel(at=AT, actor="ana")).decided()
    after = given(*history.events, cancelled)
    assert after.state.status == "cancelled"
    after.when(RecordResult(at=AT, outcome="batida", seat=0, kind="simples")).raises(
        "match-cancelled"
    )
    after.when(Cancel(at=AT, actor="ana")).raises("match-cancelled")


def test_a_finished_game_can_be_cancelled_until_it_is_confirmed() -> None:
    events: list[Event] = [created("pontos")]
    batida = RecordResult(at=AT, outcome="batida", seat=0, kind="cruzada")
    while fold(events).status == "in_progress":
        events += decide(batida, fold(events))
    given(*events).when(Cancel(at=AT, actor="ana")).then(MatchCancelled(at=AT, by="ana"))
    events += decide(Confirm(at=AT, by="organizer", actor="o"), fold(events))
    given(*events).when(Cancel(at=AT, actor="ana")).raises("match-confirmed")

"""A hand recorded as its result only ends in the same HandEnded as one played out."""

from datetime import datetime

import pytest

from domain import HandEnded, PerTeam, RecordResult
from tests.domain.builders import AT, batida, bloqueio, created, ended, minutes
from tests.domain.scenarios import PONTOS_TIE, dealt
from tests.domain.spec import given


def test_a_batida_written_down_records_who_went_out_how_and_the_points_the_domain_computes() -> (
    None
):
    given(created("pontos")).when(batida(3, "cruzada", started_at=minutes(-20))).then(
        ended(
            outcome="batida",
            kind="cruzada",
            winner="B",
            points=4,
            by_seat=3,
            started_at=minutes(-20),
        )
    )


def test_a_block_written_down_records_the_sums() -> None:
    given(created("pontos")).when(bloqueio(12, 17)).then(
        ended(outcome="bloqueio", winner="A", points=1, sums=PerTeam(12, 17))
    )


def test_pontos_a_batida_written_down_may_carry_the_sums() -> None:
    (event,) = given(created("pontos")).when(batida(0, "simples", (0, 23))).decided()
    assert isinstance(event, HandEnded)
    assert (event.points, event.sums) == (1, PerTeam(0, 23))


def test_a_result_is_numbered_after_the_hands_already_finished() -> None:
    first = ended(1, winner="A", points=1)
    (event,) = given(created("pontos"), first).when(batida(1, "simples")).decided()
    assert isinstance(event, HandEnded)
    assert event.number == 2


def test_a_result_cannot_be_written_down_while_a_hand_is_being_played() -> None:
    given(*dealt("pontos", PONTOS_TIE)).when(batida(0, "simples")).raises("hand-in-progress")


@pytest.mark.parametrize("preset", ["pontos", "cinquenta", "federacao"])
def test_a_block_written_down_needs_the_sums(preset: str) -> None:
    command = RecordResult(at=AT, outcome="bloqueio")
    given(created(preset)).when(command).raises("sums-required")


@pytest.mark.parametrize(
    "command",
    [
        RecordResult(at=AT, outcome="batida", kind="simples"),
        RecordResult(at=AT, outcome="batida", seat=1),
        RecordResult(at=AT, outcome="batida", seat=1, kind="bucha"),  # type: ignore[arg-type]
        RecordResult(at=AT, outcome="bloqueio", sums=PerTeam(-1, 20)),
        RecordResult(at=AT, outcome="bloqueio", sums=PerTeam(100, 80)),
        RecordResult(at=AT, outcome="empate"),  # type: ignore[arg-type]
    ],
)
def test_an_incomplete_or_impossible_result_is_refused(command: RecordResult) -> None:
    given(created("pontos")).when(command).raises("invalid-result")


def test_a_result_for_a_seat_that_does_not_exist_is_refused() -> None:
    given(created("pontos")).when(batida(4, "simples")).raises("invalid-seat")


def test_a_result_whose_start_has_no_time_zone_is_refused() -> None:
    command = batida(0, "simples", started_at=datetime(2025, 5, 1, 19, 0))
    given(created("pontos")).when(command).raises("invalid-time")


def test_the_state_lists_the_finished_hands() -> None:
    (event,) = given(created("pontos")).when(bloqueio(12, 17)).decided()
    state = given(created("pontos"), event).state
    (hand,) = state.hands
    assert (hand.number, hand.outcome, hand.winner, hand.points) == (1, "bloqueio", "A", 1)
    assert (hand.sums, hand.recorded_as, hand.ended_at) == (PerTeam(12, 17), "result", AT)
    assert state.score == {"A": 1, "B": 0}

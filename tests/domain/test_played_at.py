"""A score sheet typed in after the game keeps its real times (D27): a hand written down by
its result may say when it ended, `played_at`."""

from datetime import UTC, datetime, timedelta, timezone

import pytest

from domain import HandEnded, MatchFinished, PerTeam, RecordSuecaResult, RecordTrucoResult
from domain.match.guards import CLOCK_SKEW
from tests.domain.builders import AT, batida, created, ended
from tests.domain.spec import given

LAST_WEEK = AT - timedelta(days=7)


def test_a_hand_written_down_later_ends_when_it_was_played() -> None:
    (event,) = (
        given(created("pontos"))
        .when(
            batida(0, "simples", played_at=LAST_WEEK, started_at=LAST_WEEK - timedelta(minutes=9))
        )
        .decided()
    )
    assert isinstance(event, HandEnded)
    assert event.at == LAST_WEEK
    assert event.started_at == LAST_WEEK - timedelta(minutes=9)


def test_a_game_typed_in_later_lasts_as_long_as_it_was_played() -> None:
    hands = [
        ended(
            n, winner="A", points=1, at=LAST_WEEK + timedelta(minutes=10 * n), started_at=LAST_WEEK
        )
        for n in range(1, 6)
    ]
    decided = (
        given(created("pontos"), *hands)
        .when(batida(0, "simples", played_at=LAST_WEEK + timedelta(minutes=60)))
        .decided()
    )
    finished = decided[-1]
    assert isinstance(finished, MatchFinished)
    assert finished.at == LAST_WEEK + timedelta(minutes=60)
    assert finished.duration_seconds == 3600


def test_a_hand_cannot_be_played_in_the_future() -> None:
    given(created("pontos")).when(
        batida(0, "simples", played_at=AT + CLOCK_SKEW + timedelta(seconds=1))
    ).raises("invalid-time")


@pytest.mark.parametrize(
    ("played_at", "started_at"),
    [
        (datetime(1, 1, 1, 0, 30, tzinfo=timezone(timedelta(hours=1))), None),
        (datetime(1899, 12, 31, 23, 0, tzinfo=UTC), None),
        (datetime(1900, 1, 1, 0, 30, tzinfo=UTC), None),  # 1899 in Brazil: no season holds it
        (datetime(1900, 1, 1, 10, 0, tzinfo=timezone(timedelta(hours=14))), None),
        (LAST_WEEK, datetime(1, 1, 1, 0, 30, tzinfo=timezone(timedelta(hours=1)))),
    ],
)
def test_a_hand_is_played_from_the_second_day_of_1900_to_the_end_of_3000(
    played_at: datetime, started_at: datetime | None
) -> None:
    """Year 1 at +01:00 is year 0 in UTC, which no list, page or read model could hold: it
    answered 500 to everyone and stopped the projections; 1 January 1900 at 00:30 UTC is
    1899 in Brazil, and the seasons answered 500 (reviews found both, 2026-11-29)."""
    given(created("pontos")).when(
        batida(0, "simples", played_at=played_at, started_at=started_at)
    ).raises("invalid-time")


def test_a_hand_of_the_second_day_of_1900_is_recorded() -> None:
    first = datetime(1900, 1, 2, 0, 0, tzinfo=UTC)
    (event,) = given(created("pontos")).when(batida(0, "simples", played_at=first)).decided()
    assert isinstance(event, HandEnded)
    assert event.at == first


def test_a_little_clock_skew_is_forgiven() -> None:
    (event,) = (
        given(created("pontos")).when(batida(0, "simples", played_at=AT + CLOCK_SKEW)).decided()
    )
    assert isinstance(event, HandEnded)


def test_hands_are_written_down_in_the_order_played() -> None:
    first = ended(1, winner="A", points=1, at=LAST_WEEK)
    given(created("pontos"), first).when(
        batida(0, "simples", played_at=LAST_WEEK - timedelta(minutes=1))
    ).raises("hands-out-of-order")


def test_a_hand_starts_before_it_ends() -> None:
    given(created("pontos")).when(
        batida(0, "simples", played_at=LAST_WEEK, started_at=LAST_WEEK + timedelta(minutes=1))
    ).raises("invalid-time")


@pytest.mark.parametrize(
    "command",
    [
        RecordSuecaResult(at=AT, points=PerTeam(70, 50), tricks=PerTeam(6, 4), played_at=LAST_WEEK),
        RecordTrucoResult(at=AT, winner="B", value=3, played_at=LAST_WEEK),
    ],
    ids=["sueca", "truco"],
)
def test_card_games_written_down_later_end_when_played(
    command: RecordSuecaResult | RecordTrucoResult,
) -> None:
    preset = "sueca" if isinstance(command, RecordSuecaResult) else "truco"
    (event,) = given(created(preset)).when(command).decided()
    assert isinstance(event, HandEnded)
    assert event.at == LAST_WEEK

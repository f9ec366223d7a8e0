"""Seasons (G37) as periods: every instant is in exactly one month and one year, in
Brazil's time, and the months of a year tile it."""

from datetime import UTC, datetime, timedelta
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from projections.seasons import BRAZIL, season, season_of

INSTANTS = st.datetimes(
    min_value=datetime(1901, 1, 2), max_value=datetime(2999, 12, 30), timezones=st.just(UTC)
)


@settings(max_examples=300, deadline=None)
@given(INSTANTS)
def test_an_instant_is_in_its_month_and_its_year(at: datetime) -> None:
    month, year = season_of(at, "month"), season_of(at, "year")
    assert month.since <= at < month.until
    assert year.since <= month.since < month.until <= year.until
    assert month.name.startswith(year.name + "-")
    assert season(month.name) == month


@settings(max_examples=50, deadline=None)
@given(st.integers(1900, 2999))
def test_the_months_of_a_year_tile_it(year: int) -> None:
    months = [season(f"{year}-{m:02d}") for m in range(1, 13)]
    assert months[0].since == season(str(year)).since
    assert months[-1].until == season(str(year)).until
    assert all(a.until == b.since for a, b in pairwise(months))


def test_a_game_ending_late_on_the_last_evening_is_that_months() -> None:
    evening = datetime(2026, 10, 31, 23, 30, tzinfo=BRAZIL)
    assert evening.astimezone(UTC).month == 11
    assert season_of(evening, "month").name == "2026-10"
    assert season("2026-11").since == datetime(2026, 11, 1, 3, 0, tzinfo=UTC)
    assert season("2026").until - season("2026").since == timedelta(days=365)


@pytest.mark.parametrize("text", ["2026-13", "2026-00", "26", "2026-1", "1899", "3001", "x"])
def test_a_name_that_is_no_month_or_year_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match=r"season|month|year"):
        season(text)

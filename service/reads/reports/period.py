"""A report's period from `since` and `until`: dates or RFC 3339 instants; the last 30 days
by default. A date `since` is that day's start, a date `until` the end of that day (both
UTC), so `since=2025-05-01&until=2025-05-31` is the whole of May."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from typing import Annotated

import msgspec
from msgspec import Meta

from service.reads.errors import InvalidQuery
from service.reads.reports.schemas import Period

DEFAULT_LENGTH = timedelta(days=30)
_INSTANT = Annotated[datetime, Meta(tz=True)]


def period_of(since: str | None, until: str | None, now: datetime) -> Period:
    """The period asked for, or a 400 `invalid-period` that says what is wrong."""
    end = _parse(until, "until") if until is not None else now
    start = _parse(since, "since") if since is not None else end - DEFAULT_LENGTH
    if start >= end:
        raise InvalidQuery("invalid-period", f"since ({start}) must be before until ({end})")
    return Period(since=start, until=end)


def _parse(text: str, name: str) -> datetime:
    try:
        instant = _as_instant(text, end_of_day=name == "until")
    except (msgspec.ValidationError, OverflowError):
        instant = None
    if instant is None or not 1900 <= instant.year <= 3000:
        raise InvalidQuery(
            "invalid-period",
            f"{name}={text!r} is neither a date (2025-05-01) nor an RFC 3339 instant with a"
            " zone (2025-05-01T20:00:00Z), in the years 1900 to 3000",
        )
    return instant


def _as_instant(text: str, *, end_of_day: bool) -> datetime:
    if len(text) == 10:
        day = msgspec.convert(text, date)
        return datetime.combine(day + timedelta(days=end_of_day), time(), tzinfo=UTC)
    return msgspec.convert(text, _INSTANT)


def instant(text: str, name: str) -> datetime:
    """One bound, `since` (a date: its start) or `until` (a date: its end), or a 400."""
    return _parse(text, name)

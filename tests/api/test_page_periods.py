"""The ranking page's period (`desde`, `ate`): any day a date input sends is a period or a
clear 400, never a 500, and its instants are ones the reads take."""

from __future__ import annotations

import httpx
import pytest

from service.pages.choices import day_start


@pytest.mark.parametrize(
    ("params", "status"),
    [
        ({"ate": "9999-12-31"}, 400),  # its end, the next day, is past the calendar
        ({"desde": "9999-12-31"}, 400),  # past the years the reads take
        ({"desde": "1913-12-31", "ate": "1914-01-01"}, 200),  # São Paulo's offset had seconds
        ({"desde": "2026-13-01"}, 400),
    ],
)
@pytest.mark.asyncio
async def test_a_period_is_shown_or_refused_clearly(
    shared_client: httpx.AsyncClient, params: dict[str, str], status: int
) -> None:
    page = await shared_client.get("/ranking", params=params)
    assert page.status_code == status, page.text[-300:]


def test_a_day_begins_at_brazils_midnight_written_in_utc() -> None:
    assert day_start("2026-11-29") == "2026-11-29T03:00:00+00:00"
    assert day_start("2026-11-29", days_after=1) == "2026-11-30T03:00:00+00:00"
    assert day_start("1913-12-31") == "1913-12-31T03:06:28+00:00"

"""The pages' GET filters, in pt-BR: the rule set (`jogo`), a period of whole days in
Brazil's time (`desde`, `ate`: aaaa-mm-dd, as a date input sends it)."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

from service.pages.formatting import BRAZIL, RULE_SETS
from service.reads.errors import InvalidQuery


def given(text: str | None) -> str | None:
    """A form's empty field is no filter."""
    if text is None:
        return None
    return text.strip() or None


def rule_set(text: str | None) -> str | None:
    chosen = given(text)
    if chosen is not None and chosen not in RULE_SETS:
        raise InvalidQuery("invalid-parameters", f"jogo desconhecido: {chosen!r}")
    return chosen


def day_start(text: str | None, *, days_after: int = 0) -> str | None:
    """The instant a day (plus `days_after`) begins in Brazil, RFC 3339: `ate` includes its
    whole day, so the period ends when the next one begins."""
    chosen = given(text)
    if chosen is None:
        return None
    try:
        day = date.fromisoformat(chosen)
    except ValueError:
        raise InvalidQuery("invalid-period", f"data inválida: {chosen!r}") from None
    try:
        begins = datetime.combine(day + timedelta(days=days_after), time(), BRAZIL)
    except OverflowError:  # the day after 9999-12-31
        raise InvalidQuery("invalid-period", f"data fora do calendário: {chosen!r}") from None
    # In UTC: before 1914 Brazil's offset had seconds, which an RFC 3339 instant does not.
    return begins.astimezone(UTC).isoformat()


MONTHS = (
    "janeiro", "fevereiro", "março", "abril", "maio", "junho",
    "julho", "agosto", "setembro", "outubro", "novembro", "dezembro",
)  # fmt: skip
SEASON_MONTHS = 12
SEASON_YEARS = 3


def season_choices(now: datetime) -> list[tuple[str, str]]:
    """The temporadas the ranking page offers, newest first: this year and the two before,
    then this month and the eleven before, in Brazil's time ("2026", "novembro de 2026")."""
    local = now.astimezone(BRAZIL)
    years = [(f"{y}", f"{y}") for y in range(local.year, local.year - SEASON_YEARS, -1)]
    months = []
    year, month = local.year, local.month
    for _ in range(SEASON_MONTHS):
        months.append((f"{year}-{month:02d}", f"{MONTHS[month - 1]} de {year}"))
        year, month = (year - 1, 12) if month == 1 else (year, month - 1)
    return years + months


def season_label(season: str | None) -> str:
    """ "novembro de 2026" for "2026-11"; a year as it is."""
    if season is None or "-" not in season:
        return season or ""
    year, month = season.split("-")
    return f"{MONTHS[int(month) - 1]} de {year}"

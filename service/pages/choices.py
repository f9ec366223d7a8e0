"""The pages' GET filters, in pt-BR: the rule set (`jogo`), a period of whole days in
Brazil's time (`desde`, `ate`: aaaa-mm-dd, as a date input sends it)."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

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
    return datetime.combine(day + timedelta(days=days_after), time(), BRAZIL).isoformat()

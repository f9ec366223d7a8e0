"""Seasons (temporadas): a calendar month ("2026-11") or year ("2026") in Brazil's time
(G37), and each closed season's champion: the first of its ranking (G38).

A season is a period of finish times like any `since`/`until`; its champion is read from
the same ranking, so it follows the game's criteria and counts confirmed games only.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any, Literal, NamedTuple
from zoneinfo import ZoneInfo

import msgspec

from projections.base import Connection
from projections.rankings import RankingQuery, ranking

BRAZIL = ZoneInfo("America/Sao_Paulo")
Length = Literal["month", "year"]
_SEASON = re.compile(r"(\d{4})(?:-(\d{2}))?", re.ASCII)


class Season(NamedTuple):
    name: str
    """"2026-11" or "2026"."""
    since: datetime
    until: datetime

    @property
    def length(self) -> Length:
        return "month" if "-" in self.name else "year"

    def closed(self, now: datetime) -> bool:
        return self.until <= now


def season(text: str) -> Season:
    """The season named; ValueError for a name that is not a month or a year of 1900-3000."""
    found = _SEASON.fullmatch(text)
    if found is None:
        raise ValueError(f"{text!r}: a season is a year (2026) or a month (2026-11)")
    year, month = int(found[1]), found[2]
    if not 1900 <= year <= 3000 or (month is not None and not 1 <= int(month) <= 12):
        raise ValueError(f"{text!r}: no such month or year")
    if month is None:
        return Season(f"{year}", _start(year, 1), _start(year + 1, 1))
    m = int(month)
    after = (year + 1, 1) if m == 12 else (year, m + 1)
    return Season(f"{year}-{m:02d}", _start(year, m), _start(*after))


def season_of(at: datetime, length: Length) -> Season:
    local = at.astimezone(BRAZIL)
    return season(f"{local.year}" if length == "year" else f"{local.year}-{local.month:02d}")


def _start(year: int, month: int) -> datetime:
    return datetime(year, month, 1, tzinfo=BRAZIL)


_FIRST, _AFTER_LAST = _start(1900, 1), _start(3001, 1)
"""A game recorded before times were bounded (2 January 1900 on) may lie outside every
season: it is in none."""


async def played_seasons(
    connection: Connection, query: RankingQuery, length: Length
) -> list[tuple[Season, int]]:
    """Every season in which a game of the query counted, oldest first, with its games."""
    args: list[Any] = [query.competition_id, list(query.presets), query.preset]
    rows = await connection.fetch(
        "SELECT finished_at FROM proj_games WHERE status = 'confirmed'"
        " AND ($1::text IS NULL OR competition_id = $1) AND preset = ANY($2::text[])"
        " AND ($3::text IS NULL OR preset = $3)",
        *args,
    )
    counted: dict[Season, int] = {}
    for row in rows:
        if row[0] is not None and _FIRST <= row[0] < _AFTER_LAST:
            found = season_of(row[0], length)
            counted[found] = counted.get(found, 0) + 1
    return sorted(counted.items(), key=lambda item: item[0].since)


async def champions(
    connection: Connection, query: RankingQuery, of: Season
) -> list[dict[str, Any]]:
    """The first of the season's ranking: one row, or every row tied on every criterion,
    however many (G38), read a page at a time until the rank moves past 1."""
    first: list[dict[str, Any]] = []
    page = 100
    while True:
        within = msgspec.structs.replace(
            query, since=of.since, until=of.until, limit=page, offset=len(first)
        )
        rows, _ = await ranking(connection, within)
        tied = [row for row in rows if row["rank"] == 1]
        first += tied
        if len(tied) < page:
            return first

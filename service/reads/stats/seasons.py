"""Seasons (temporadas) as the reads take them: `?season=2026-11` or `?season=2026` for a
ranking, a player's statistics or the records, and a competition's closed seasons with
their champions (docs/rules-decisions.md, G37-G40)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

import msgspec
from litestar.datastructures import State
from msgspec import Meta

from projections.seasons import Length, Season, champions, played_seasons, season
from service.reads.errors import InvalidQuery
from service.reads.snapshot import folded_up_to, snapshot
from service.reads.stats.query import ranking_query
from service.reads.stats.schemas import RankingRow


def season_named(text: str | None) -> Season | None:
    if text is None:
        return None
    try:
        return season(text)
    except ValueError as error:
        raise InvalidQuery("invalid-season", str(error)) from None


def season_period(
    text: str | None, since: str | None, until: str | None
) -> tuple[str | None, str | None]:
    """The period a season covers, as `since`/`until` say it; a season and a period at once
    say two things: `invalid-season`."""
    asked = season_named(text)
    if asked is None:
        return since, until
    if since is not None or until is not None:
        raise InvalidQuery(
            "invalid-season", "ask for a season or a period (since, until), not both"
        )
    # In UTC: Brazil's offset until 1914 (-03:06:28) has seconds, which RFC 3339 has not.
    return asked.since.astimezone(UTC).isoformat(), asked.until.astimezone(UTC).isoformat()


def _written(instant: datetime) -> datetime:
    """In Brazil's time, but in UTC where its offset then has seconds (-03:06:28 until
    1914), which RFC 3339 cannot write: cut to minutes, the instant moved."""
    offset = instant.utcoffset()
    return instant.astimezone(UTC) if offset is not None and offset.seconds % 60 else instant


def season_period_name(text: str | None) -> str | None:
    asked = season_named(text)
    return None if asked is None else asked.name


class SeasonOut(msgspec.Struct, frozen=True, kw_only=True):
    season: Annotated[str, Meta(description='The season: "2026-11" (a month) or "2026".')]
    since: Annotated[datetime, Meta(description="Its first instant (Brazil's time).")]
    until: Annotated[datetime, Meta(description="The first instant after it.")]
    games: Annotated[int, Meta(description="Confirmed games of the competition in it.")]
    champion: Annotated[
        RankingRow | None,
        Meta(description="The first of its ranking; null when the first place is shared."),
    ]
    champions: Annotated[
        list[RankingRow],
        Meta(description="Every row ranked first (more than one: tied on every criterion)."),
    ]


class CompetitionSeasons(msgspec.Struct, frozen=True, kw_only=True):
    competition_id: Annotated[str, Meta(description="The competition.")]
    by: Annotated[str, Meta(description="month or year.")]
    preset: Annotated[str | None, Meta(description="The rule set ranked (the competition's).")]
    seasons: Annotated[
        list[SeasonOut], Meta(description="Each closed season with a confirmed game, oldest first.")
    ]
    as_of_position: Annotated[int, Meta(description="The last event folded into this answer.")]


async def read_seasons(state: State, competition: str, length: Length) -> CompetitionSeasons:
    query = await ranking_query(state, competition, None, None, None, one_rule_set=True)
    assert query.competition_id is not None
    now = datetime.now(UTC)
    seasons: list[SeasonOut] = []
    async with snapshot(state) as connection:
        for played, games in await played_seasons(connection, query, length):
            if not played.closed(now):
                continue
            first = [
                msgspec.convert(r, RankingRow) for r in await champions(connection, query, played)
            ]
            seasons.append(
                SeasonOut(
                    season=played.name,
                    since=_written(played.since),
                    until=_written(played.until),
                    games=games,
                    champion=first[0] if len(first) == 1 else None,
                    champions=first,
                )
            )
        position = await folded_up_to(connection)
    return CompetitionSeasons(
        competition_id=query.competition_id,
        by=length,
        preset=query.preset,
        seasons=seasons,
        as_of_position=position,
    )

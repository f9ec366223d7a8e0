"""A ranking read from the projections' tables in one snapshot, so its rows, its
provisional games and `as_of_position` agree. Only confirmed games count; finished games
awaiting confirmation are listed apart."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, Literal

import msgspec
from litestar.datastructures import State

from projections import rankings
from projections.games import criteria_of
from service.reads.snapshot import folded_up_to, snapshot
from service.reads.stages import stage_named
from service.reads.stale import stale_after_of
from service.reads.stats.query import ranking_query
from service.reads.stats.schemas import PlayerRef, ProvisionalGame, Ranking, RankingRow
from service.reads.stats.seasons import season_period, season_period_name

_SCORE = msgspec.json.Decoder(dict[str, int])


def _provisional(row: dict[str, Any], stale_before: datetime) -> ProvisionalGame:
    players = [
        PlayerRef(player_id=p, name=n or None)
        for p, n in zip(row["seats"], row["names"], strict=True)
    ]
    return ProvisionalGame(
        match_id=row["match_id"],
        competition_id=row["competition_id"],
        preset=row["preset"],
        players=players,
        finished_at=row["finished_at"],
        winner=row["winner"],
        score=_SCORE.decode(row["score"])
        if row["score"]
        else {"A": row["score_a"], "B": row["score_b"]},
        abandoned=row["abandoned"],
        stale=row["finished_at"] < stale_before,
    )


async def read_ranking(
    state: State,
    competition: str | None = None,
    since: str | None = None,
    until: str | None = None,
    preset: str | None = None,
    game: str | None = None,
    *,
    stage: str | None = None,
    min_games: int = 1,
    by: Literal["players", "teams"] = "players",
    limit: int = 100,
    offset: int = 0,
    season: str | None = None,
) -> Ranking:
    """A ranking, as `GET /v1/rankings` answers it (the public pages read it too)."""
    since, until = season_period(season, since, until)
    query = await ranking_query(
        state,
        competition,
        since,
        until,
        preset,
        game,
        one_rule_set=True,
        stage=stage_named(stage),
        min_games=min_games,
        by=by,
        limit=limit,
        offset=offset,
    )
    async with snapshot(state) as connection:
        rows, total = await rankings.ranking(connection, query)
        games, games_total = await rankings.provisional_games(connection, query)
        position = await folded_up_to(connection)
    criteria = criteria_of(query.game)
    return Ranking(
        game=query.game,
        criteria=[c.name for c in criteria],
        criteria_descriptions={c.name: c.description for c in criteria},
        competition_id=query.competition_id,
        stage=stage,
        since=query.since,
        until=query.until,
        preset=query.preset,
        by=by,
        min_games=min_games,
        total=total,
        rows=[msgspec.convert(r, RankingRow) for r in rows],
        provisional=[_provisional(g, datetime.now(UTC) - stale_after_of(state)) for g in games],
        provisional_total=games_total,
        as_of_position=position,
        season=season_period_name(season),
    )

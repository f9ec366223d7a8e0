"""/v1/rankings, /v1/players/{id}/stats and /achievements, /v1/records."""

from __future__ import annotations

from typing import Annotated, Literal

from litestar import Controller, get
from litestar.datastructures import State
from litestar.params import QueryParameter

from service.http.stats.params import (
    CompetitionParam,
    GameParam,
    PlayerIdPath,
    PresetParam,
    SeasonParam,
    Since,
    StageParam,
    Until,
)
from service.reads.stats.players import read_player_stats
from service.reads.stats.rankings import read_ranking
from service.reads.stats.records import read_player_achievements, read_records
from service.reads.stats.schemas import PlayerAchievements, PlayerStats, Ranking, Records
from service.reads.stats.seasons import season_named, season_period
from service.reads.words import criteria_said


class RankingController(Controller):
    path = "/v1/rankings"
    tags = ["rankings"]

    @get(
        "/",
        operation_id="getRankings",
        summary="Ranking of one game by its criteria",
        description=f"Each game by its own criteria, in order. {criteria_said()} "
        "One rule set at a time (points of different scales never add up): "
        "pontos unless `preset` or `game` says otherwise, or the competition's. Per "
        "competition, period (finish time) or season (`season=2026-11`, `season=2026`); by "
        "players or by teams. Only confirmed games "
        "count; finished games awaiting confirmation are listed apart under `provisional`.",
    )
    async def rankings(
        self,
        state: State,
        competition: CompetitionParam = None,
        stage: StageParam = None,
        since: Since = None,
        until: Until = None,
        season: SeasonParam = None,
        preset: PresetParam = None,
        game: GameParam = None,
        min_games: Annotated[
            int, QueryParameter(ge=1, le=100_000, description="Leave out rows with fewer games.")
        ] = 1,
        by: Annotated[
            Literal["players", "teams"],
            QueryParameter(description="Rank players, or teams (pairs of partners)."),
        ] = "players",
        limit: Annotated[int, QueryParameter(ge=1, le=1000, description="Page size.")] = 100,
        offset: Annotated[int, QueryParameter(ge=0, le=1_000_000, description="Rows to skip.")] = 0,
    ) -> Ranking:
        return await read_ranking(
            state,
            competition,
            since,
            until,
            preset,
            game,
            stage=stage,
            min_games=min_games,
            by=by,
            limit=limit,
            offset=offset,
            season=season,
        )


class PlayerStatsController(Controller):
    path = "/v1/players/{player_id:str}"
    tags = ["statistics"]

    @get(
        "/stats",
        operation_id="getPlayerStats",
        summary="A player's statistics, streaks and achievements",
        description="Sums of the player's confirmed games of one game (dominoes, all three rule "
        "sets, unless `game` or `preset` says otherwise), optionally of one competition or "
        "period; the game's streaks and achievements are always all-time.",
    )
    async def stats(
        self,
        state: State,
        player_id: PlayerIdPath,
        competition: CompetitionParam = None,
        since: Since = None,
        until: Until = None,
        preset: PresetParam = None,
        game: GameParam = None,
        season: SeasonParam = None,
    ) -> PlayerStats:
        since, until = season_period(season, since, until)
        return await read_player_stats(state, player_id, competition, since, until, preset, game)

    @get(
        "/achievements",
        operation_id="getPlayerAchievements",
        summary="A player's achievements and the records they hold",
        description="Of every game; `best_streak` is the player's longest run of dominoes wins.",
    )
    async def achievements(self, state: State, player_id: PlayerIdPath) -> PlayerAchievements:
        return await read_player_achievements(state, player_id)


class RecordsController(Controller):
    path = "/v1/records"
    tags = ["statistics"]

    @get(
        "/",
        operation_id="getRecords",
        summary="All-time records and the achievements earned",
        description="Records of one game (dominoes unless `game` says otherwise): across its "
        "rule sets (tallies, longest win streak) and per rule set (best average, fastest game, "
        "biggest hand, ...); its achievements, kept forever. With `season`: the records of "
        "that season's games alone (the longest win streak aside) and the achievements first "
        "earned in it.",
    )
    async def records(
        self,
        state: State,
        min_games: Annotated[
            int,
            QueryParameter(ge=1, le=100_000, description="Games needed for the best average."),
        ] = 10,
        kind: Annotated[
            str | None, QueryParameter(max_length=50, description="Only this achievement.")
        ] = None,
        limit: Annotated[
            int, QueryParameter(ge=1, le=1000, description="How many achievements.")
        ] = 100,
        game: GameParam = None,
        season: SeasonParam = None,
    ) -> Records:
        return await read_records(state, min_games, kind, limit, game, season_named(season))


STATS_CONTROLLERS = [RankingController, PlayerStatsController, RecordsController]

"""/v1/rankings, /v1/players/{id}/stats and /achievements, /v1/records."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from litestar import Controller, get
from litestar.datastructures import State
from litestar.params import QueryParameter

from domain import BY_NAME, DEFAULT_GAME
from projections import player_stats, records
from projections.achievements import ACHIEVEMENTS, BY_GAME
from service.http.problems import ApiError
from service.http.stats.params import (
    CompetitionParam,
    GameParam,
    PlayerIdPath,
    PresetParam,
    Since,
    StageParam,
    Until,
)
from service.http.stats.reading import (
    _achievements,
    _run,
    folded_up_to,
    read_player_stats,
    read_ranking,
    snapshot,
)
from service.http.stats.schemas import (
    EarnedOut,
    PlayerAchievements,
    PlayerStats,
    Ranking,
    RecordOut,
    Records,
)
from service.store.registry import Registry, parse_id


class RankingController(Controller):
    path = "/v1/rankings"
    tags = ["rankings"]

    @get(
        "/",
        operation_id="getRankings",
        summary="Ranking of one game by its criteria",
        description="Dominoes, by the seed's criteria: games won; then hands won; average "
        "points per hand; cruzadas; fewest blocks suffered; buchudas. Sueca: games won; game "
        "points; bandeiradas; card points per deal. Truco: games won; hands won; raises won; "
        "raises run from. One rule set at a time (points of different scales never add up): "
        "pontos unless `preset` or `game` says otherwise, or the competition's. Per "
        "competition, period (finish time); by players or by teams. Only confirmed games "
        "count; finished games awaiting confirmation are listed apart under `provisional`.",
    )
    async def rankings(
        self,
        state: State,
        competition: CompetitionParam = None,
        stage: StageParam = None,
        since: Since = None,
        until: Until = None,
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
    ) -> PlayerStats:
        return await read_player_stats(state, player_id, competition, since, until, preset, game)

    @get(
        "/achievements",
        operation_id="getPlayerAchievements",
        summary="A player's achievements and the records they hold",
        description="Of every game; `best_streak` is the player's longest run of dominoes wins.",
    )
    async def achievements(self, state: State, player_id: PlayerIdPath) -> PlayerAchievements:
        registry: Registry = state.registry
        player = await registry.player(player_id)
        player_id = parse_id(player_id, "player")
        async with snapshot(state) as connection:
            earned = await player_stats.achievements(connection, player_id)
            streak = await player_stats.streaks(connection, player_id)
            held = [r for game in BY_NAME for r in await records.all_time(connection, game=game)]
            position = await folded_up_to(connection)
        mine = [r for r in held if player_id in (r["player_id"], r["partner_id"])]
        return PlayerAchievements(
            player_id=player_id,
            name=player.name,
            achievements=_achievements(earned),
            records=[msgspec.convert(r, RecordOut) for r in mine],
            best_streak=_run(streak, "best"),
            as_of_position=position,
        )


class RecordsController(Controller):
    path = "/v1/records"
    tags = ["statistics"]

    @get(
        "/",
        operation_id="getRecords",
        summary="All-time records and the achievements earned",
        description="Records of one game (dominoes unless `game` says otherwise): across its "
        "rule sets (tallies, longest win streak) and per rule set (best average, fastest game, "
        "biggest hand, ...); its achievements, kept forever.",
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
    ) -> Records:
        if kind is not None and kind not in ACHIEVEMENTS:
            known = ", ".join(ACHIEVEMENTS)
            raise ApiError(400, "invalid-achievement", f"no achievement {kind!r}: one of {known}")
        named: str = game or next((g for g, k in BY_GAME.items() if kind in k), DEFAULT_GAME)
        kinds = BY_GAME[named]
        if kind is not None and kind not in kinds:
            raise ApiError(400, "invalid-achievement", f"{kind!r} is not an achievement of {named}")
        async with snapshot(state) as connection:
            held = await records.all_time(connection, min_games, game=named)
            earned = await records.achievements(connection, [kind] if kind else list(kinds), limit)
            position = await folded_up_to(connection)
        return Records(
            game=named,
            records=[msgspec.convert(r, RecordOut) for r in held],
            achievements=[
                EarnedOut(description=ACHIEVEMENTS.get(e["kind"], ""), **e) for e in earned
            ],
            achievement_kinds=dict(kinds),
            min_games=min_games,
            as_of_position=position,
        )


STATS_CONTROLLERS = [RankingController, PlayerStatsController, RecordsController]

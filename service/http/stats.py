"""Rankings, player statistics, records and achievements: reads of the projections' tables.

Each answer is read in one snapshot (a read-only repeatable-read transaction), so its parts
agree with each other and with `as_of_position`, the last event the projection has folded.
Only confirmed games count; finished games awaiting confirmation are listed apart.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import datetime
from typing import Annotated, Any, Literal

import msgspec
from litestar import Controller, get
from litestar.datastructures import State
from litestar.openapi.spec import OpenAPIFormat
from litestar.params import PathParameter, QueryParameter
from msgspec import Meta

from domain import BY_NAME, game_of
from domain.games import BY_PRESET
from projections import player_stats, rankings, records
from projections.achievements import ACHIEVEMENTS, BY_GAME
from projections.base import Connection
from projections.games import criteria_of
from projections.rankings import RankingQuery
from service.http.problems import ApiError
from service.http.schemas import GameName, PresetName
from service.store.reads import Reads
from service.store.registry import Registry, parse_id

Count = Annotated[int, Meta(ge=0, description="A count.")]
When = Annotated[datetime | None, Meta(description="When, if known.")]


class Versus(msgspec.Struct, frozen=True, kw_only=True):
    player_id: Annotated[str, Meta(description="The other player.")]
    name: Annotated[str | None, Meta(description="Their name.")]
    games: Annotated[int, Meta(description="Confirmed games together (or against).")]
    won: Annotated[int, Meta(description="Of those, games the player won.")]
    lost: Annotated[int, Meta(description="Of those, games the player lost.")]


class RankingRow(msgspec.Struct, frozen=True, kw_only=True):
    rank: Annotated[int, Meta(description="1 = first; rows equal on every criterion share it.")]
    player_id: Annotated[str, Meta(description="The player (with by=teams: one partner).")]
    name: Annotated[str | None, Meta(description="The player's name.")]
    partner_id: Annotated[str | None, Meta(description="With by=teams: the other partner.")]
    partner_name: Annotated[str | None, Meta(description="With by=teams: their name.")]
    games_played: Annotated[int, Meta(description="Confirmed games played.")]
    games_won: Annotated[int, Meta(description="Criterion 1: confirmed games won.")]
    games_lost: Annotated[int, Meta(description="Confirmed games lost (abandonments too).")]
    hands_played: Annotated[int, Meta(description="Hands of those games.")]
    hands_won: Annotated[int, Meta(description="Criterion 2: hands won by the player's team.")]
    hands_lost: Annotated[int, Meta(description="Hands won by the other team.")]
    points: Annotated[int, Meta(description="Points the player's team scored.")]
    average_points_per_hand: Annotated[
        float, Meta(description="Criterion 3: points / hands played (rounded to 4 places).")
    ]
    cruzadas: Annotated[
        int, Meta(description="Criterion 4: batidas by cruzada (by=teams: both partners').")
    ]
    blocks_suffered: Annotated[
        int, Meta(description="Criterion 5, fewer is better: hands lost by bloqueio.")
    ]
    buchudas: Annotated[int, Meta(description="Criterion 6: games won by buchuda.")]
    values: Annotated[
        dict[str, float],
        Meta(
            description="The row's value of each of the game's criteria, by name (`criteria`):"
            " dominoes' six above; Sueca's and Truco's own."
        ),
    ]


class PlayerRef(msgspec.Struct, frozen=True, kw_only=True):
    player_id: Annotated[str, Meta(description="The player's id.")]
    name: Annotated[str | None, Meta(description="The player's name.")]


class ProvisionalGame(msgspec.Struct, frozen=True, kw_only=True):
    match_id: Annotated[str, Meta(description="The game.")]
    competition_id: Annotated[str | None, Meta(description="Its competition, if any.")]
    preset: Annotated[str, Meta(description="Its rule set.")]
    players: Annotated[list[PlayerRef], Meta(description="The four seats in order of play.")]
    finished_at: Annotated[datetime, Meta(description="When it finished.")]
    winner: Annotated[str, Meta(description="The winning team, A or B.")]
    score: Annotated[dict[str, int], Meta(description='The final score per side: {"A": n, ...}.')]
    abandoned: Annotated[bool, Meta(description="True when it ended by abandonment.")]


class Ranking(msgspec.Struct, frozen=True, kw_only=True):
    game: Annotated[str, Meta(description="The game ranked: dominoes, sueca or truco.")]
    criteria: Annotated[list[str], Meta(description="The criteria, in order of precedence.")]
    criteria_descriptions: Annotated[
        dict[str, str],
        Meta(description="What each criterion counts; larger is better unless it says fewer."),
    ]
    competition_id: Annotated[str | None, Meta(description="The competition, if filtered.")]
    stage: Annotated[str | None, Meta(description="The torneio stage, if filtered.")] = None
    since: Annotated[datetime | None, Meta(description="Games finished at or after this.")]
    until: Annotated[datetime | None, Meta(description="Games finished before this.")]
    preset: Annotated[
        str | None,
        Meta(
            description="The rule set ranked: a ranking never adds points of different scales, "
            "so it ranks one rule set (pontos unless asked, or the competition's)."
        ),
    ]
    by: Annotated[str, Meta(description="players, or teams (pairs of partners).")]
    min_games: Annotated[int, Meta(description="Rows with fewer confirmed games are left out.")]
    total: Annotated[int, Meta(description="Rows in the whole ranking.")]
    rows: Annotated[list[RankingRow], Meta(description="This page of the ranking.")]
    provisional: Annotated[
        list[ProvisionalGame],
        Meta(description="Finished games awaiting confirmation (not counted), newest first."),
    ]
    provisional_total: Annotated[int, Meta(description="How many such games in all.")]
    as_of_position: Annotated[int, Meta(description="The last event folded into this answer.")]


class Run(msgspec.Struct, frozen=True, kw_only=True):
    length: Annotated[int, Meta(description="Confirmed games won in a row.")]
    first_match_id: Annotated[str | None, Meta(description="The game where it began.")]
    first_at: Annotated[datetime | None, Meta(description="When that game finished.")]
    last_match_id: Annotated[str | None, Meta(description="The game where it ended (so far).")]
    last_at: Annotated[datetime | None, Meta(description="When that game finished.")]


class Achievement(msgspec.Struct, frozen=True, kw_only=True):
    kind: Annotated[str, Meta(description="buchuda, virada, win-streak-3, ...")]
    description: Annotated[str, Meta(description="What earns it.")]
    match_id: Annotated[str, Meta(description="The game that earned it.")]
    earned_at: Annotated[datetime, Meta(description="When (the game's end, or the hand's).")]


class Tally(msgspec.Struct, frozen=True, kw_only=True):
    given: Annotated[int, Meta(description="Games the player's team won this way.")]
    suffered: Annotated[int, Meta(description="Games the player's team lost this way.")]


class PlayerStats(msgspec.Struct, frozen=True, kw_only=True):
    player_id: Annotated[str, Meta(description="The player.")]
    name: Annotated[str, Meta(description="The player's name.")]
    game: Annotated[str, Meta(description="The game counted: dominoes, sueca or truco.")]
    game_counters: Annotated[
        dict[str, int],
        Meta(
            description="The game's own counts, the player's team's: Sueca's bandeiradas, "
            "bandeiradas_suffered, card_points, deals; Truco's raises_called, raises_won, "
            "run_from, runs, hands_of_twelve."
        ),
    ]
    games_played: Annotated[int, Meta(description="Confirmed games played.")]
    games_won: Annotated[int, Meta(description="Confirmed games won.")]
    games_lost: Annotated[int, Meta(description="Confirmed games lost.")]
    provisional_games: Annotated[
        int, Meta(description="Finished games awaiting confirmation (not counted anywhere).")
    ]
    hands_played: Annotated[int, Meta(description="Hands of the confirmed games.")]
    hands_won: Annotated[int, Meta(description="Hands the player's team won.")]
    hands_lost: Annotated[int, Meta(description="Hands the other team won.")]
    empates: Annotated[int, Meta(description="Tied blocked hands (nobody won).")]
    batidas: Annotated[
        dict[str, int],
        Meta(description="The player's own batidas by kind: simples, carroca, la-e-lo, cruzada."),
    ]
    points: Annotated[int, Meta(description="Points the player's team scored.")]
    points_against: Annotated[int, Meta(description="Points the other team scored.")]
    average_points_per_hand: Annotated[float, Meta(description="points / hands_played.")]
    average_points_per_game: Annotated[float, Meta(description="points / games_played.")]
    biggest_hand: Annotated[int, Meta(description="Most points the team won in one hand.")]
    current_streak: Annotated[Run, Meta(description="Wins in a row up to the last game.")]
    best_streak: Annotated[Run, Meta(description="The longest run of wins (the first one).")]
    blocks_made: Annotated[int, Meta(description="Hands the team won by bloqueio.")]
    blocks_suffered: Annotated[int, Meta(description="Hands the team lost by bloqueio.")]
    blocks_closed: Annotated[int, Meta(description="Blocked hands the player's tile closed.")]
    buchudas: Annotated[Tally, Meta(description="Games won / lost with the losers on 0.")]
    buchudas_de_re: Annotated[
        Tally, Meta(description="Games won after trailing 0 to target - 1 / lost after leading.")
    ]
    viradas: Annotated[Tally, Meta(description="Games won / lost after the first points.")]
    abandonments: Annotated[int, Meta(description="Games the player's team abandoned.")]
    wins_by_abandonment: Annotated[int, Meta(description="Games the other team abandoned.")]
    hands_lost_by_penalty: Annotated[int, Meta(description="Hands lost by an infraction.")]
    penalties: Annotated[int, Meta(description="Infractions recorded against the player.")]
    seconds_played: Annotated[int, Meta(description="Total duration of the games.")]
    best_partner: Annotated[
        Versus | None, Meta(description="The partner the player won most games with.")
    ]
    partners: Annotated[list[Versus], Meta(description="Partners, most wins first (top 5).")]
    toughest_opponent: Annotated[
        Versus | None, Meta(description="The opponent the player lost most games against.")
    ]
    opponents: Annotated[list[Versus], Meta(description="Head to head, most losses first (top 5).")]
    achievements: Annotated[list[Achievement], Meta(description="Achievements, oldest first.")]
    as_of_position: Annotated[int, Meta(description="The last event folded into this answer.")]


class RecordOut(msgspec.Struct, frozen=True, kw_only=True):
    kind: Annotated[str, Meta(description="longest-win-streak, most-buchudas, ...")]
    description: Annotated[str, Meta(description="What the record is.")]
    preset: Annotated[str | None, Meta(description="Its rule set, for records that depend on it.")]
    value: Annotated[float, Meta(description="The record: a count, seconds, points, ...")]
    player_id: Annotated[str, Meta(description="The holder.")]
    name: Annotated[str | None, Meta(description="The holder's name.")]
    partner_id: Annotated[str | None, Meta(description="For a game's record: the partner.")]
    partner_name: Annotated[str | None, Meta(description="The partner's name.")]
    match_id: Annotated[str | None, Meta(description="The game that set it (a streak: its last).")]
    started_match_id: Annotated[str | None, Meta(description="A streak's first game.")]
    at: Annotated[datetime | None, Meta(description="When it was set.")]


class EarnedOut(msgspec.Struct, frozen=True, kw_only=True):
    player_id: Annotated[str, Meta(description="Who earned it.")]
    name: Annotated[str | None, Meta(description="Their name.")]
    kind: Annotated[str, Meta(description="The achievement.")]
    description: Annotated[str, Meta(description="What earns it.")]
    match_id: Annotated[str, Meta(description="The game that earned it.")]
    earned_at: Annotated[datetime, Meta(description="When.")]


class Records(msgspec.Struct, frozen=True, kw_only=True):
    game: Annotated[str, Meta(description="The game: dominoes, sueca or truco.")]
    records: Annotated[list[RecordOut], Meta(description="All-time records, one per holder.")]
    achievements: Annotated[
        list[EarnedOut], Meta(description="Achievements earned, the most recent first.")
    ]
    achievement_kinds: Annotated[
        dict[str, str], Meta(description="Every achievement there is, and what earns it.")
    ]
    min_games: Annotated[int, Meta(description="Games needed for the best-average record.")]
    as_of_position: Annotated[int, Meta(description="The last event folded into this answer.")]


class PlayerAchievements(msgspec.Struct, frozen=True, kw_only=True):
    player_id: Annotated[str, Meta(description="The player.")]
    name: Annotated[str, Meta(description="The player's name.")]
    achievements: Annotated[list[Achievement], Meta(description="Earned, oldest first.")]
    records: Annotated[list[RecordOut], Meta(description="All-time records the player holds.")]
    best_streak: Annotated[Run, Meta(description="The player's longest run of wins.")]
    as_of_position: Annotated[int, Meta(description="The last event folded into this answer.")]


Since = Annotated[
    str | None,
    QueryParameter(
        format=OpenAPIFormat.DATE_TIME,
        max_length=40,
        description="Only games finished at or after this instant (RFC 3339, with a zone).",
    ),
]
Until = Annotated[
    str | None,
    QueryParameter(
        format=OpenAPIFormat.DATE_TIME,
        max_length=40,
        description="Only games finished before this instant (RFC 3339, with a zone).",
    ),
]
CompetitionParam = Annotated[
    str | None, QueryParameter(max_length=100, description="Only the games of this competition.")
]
StageParam = Annotated[
    str | None,
    QueryParameter(
        min_length=1,
        max_length=50,
        description='Only the games of this torneio stage ("grupo A", "final"); with '
        "`by=teams` and a competition, the stage's standings.",
    ),
]
PresetParam = Annotated[
    PresetName | None,
    QueryParameter(description="Only the games of this rule set (it names its game)."),
]
GameParam = Annotated[
    GameName | None,
    QueryParameter(description="Only the games of this game (dominoes by default)."),
]
PlayerIdPath = Annotated[str, PathParameter(description="The player's id.")]


@asynccontextmanager
async def snapshot(state: State) -> AsyncIterator[Connection]:
    """One consistent read-only view of the read models: on the replica when one serves
    (service/store/reads.py), else on the primary."""
    reads: Reads = state.reads
    async with reads.snapshot() as connection:
        yield connection


async def folded_up_to(connection: Connection, projection: str = "stats") -> int:
    """The last event the projection has folded: a read's `as_of_position`."""
    value = await connection.fetchval(
        "SELECT position FROM projection_checkpoints WHERE name = $1", projection
    )
    return int(value or 0)


_INSTANT = Annotated[datetime, Meta(tz=True)]


def _instant(text: str | None) -> datetime | None:
    """An RFC 3339 instant with its zone, in years 1900 to 3000; else 400 invalid-period."""
    if text is None:
        return None
    try:
        instant: datetime | None = msgspec.convert(text, _INSTANT)
    except msgspec.ValidationError:
        instant = None
    if instant is None or not 1900 <= instant.year <= 3000:
        raise ApiError(
            400,
            "invalid-period",
            f"{text!r} is not an instant: write it RFC 3339 with a zone, e.g. 2025-05-01T20:00:00Z",
        )
    return instant


async def _query(
    state: State,
    competition: str | None,
    since_text: str | None,
    until_text: str | None,
    preset: str | None,
    game: str | None = None,
    *,
    one_rule_set: bool = False,
    **more: Any,
) -> RankingQuery:
    """The games asked for. `one_rule_set`: a ranking's, which never adds points of
    different scales: pontos unless a rule set is asked, or the competition's (R3)."""
    since, until = _instant(since_text), _instant(until_text)
    if since is not None and until is not None and since >= until:
        raise ApiError(400, "invalid-period", "since must be before until")
    if competition is not None:
        registry: Registry = state.registry
        rules = (await registry.competition(competition)).rules
        competition = parse_id(competition, "competition")
        if preset is None and game in (None, game_of(rules).name):
            preset = rules.preset
    if preset is not None:
        if game is not None and BY_PRESET[preset].name != game:
            raise ApiError(400, "invalid-parameters", f"{preset} is not a rule set of {game}")
        game = BY_PRESET[preset].name
    game = game or "dominoes"
    if preset is None and one_rule_set:
        preset = BY_NAME[game].presets[0]
    return RankingQuery(
        competition_id=competition,
        since=since,
        until=until,
        preset=preset,
        presets=BY_NAME[game].presets,
        game=game,
        **more,
    )


def _run(row: dict[str, Any] | None, prefix: str) -> Run:
    if row is None or not row[f"{prefix}_length"]:
        return Run(length=0, first_match_id=None, first_at=None, last_match_id=None, last_at=None)
    return Run(
        length=row[f"{prefix}_length"],
        first_match_id=row[f"{prefix}_first_match"],
        first_at=row[f"{prefix}_first_at"],
        last_match_id=row[f"{prefix}_last_match"],
        last_at=row[f"{prefix}_last_at"],
    )


def _achievements(rows: list[dict[str, Any]]) -> list[Achievement]:
    return [Achievement(description=ACHIEVEMENTS.get(r["kind"], ""), **r) for r in rows]


def _provisional(row: dict[str, Any]) -> ProvisionalGame:
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
        score={"A": row["score_a"], "B": row["score_b"]},
        abandoned=row["abandoned"],
    )


def _stats(player_id: str, name: str, totals: dict[str, Any], **parts: Any) -> PlayerStats:
    t = totals
    hands, games = t["hands_played"], t["games_played"]
    return PlayerStats(
        player_id=player_id,
        name=name,
        **{
            k: t[k]
            for k in (
                "games_played",
                "games_won",
                "games_lost",
                "provisional_games",
                "hands_played",
                "hands_won",
                "hands_lost",
                "empates",
                "points",
                "points_against",
                "biggest_hand",
                "blocks_made",
                "blocks_suffered",
                "blocks_closed",
                "abandonments",
                "wins_by_abandonment",
                "hands_lost_by_penalty",
                "penalties",
            )
        },
        batidas={
            "simples": t["simples"],
            "carroca": t["carrocas"],
            "la-e-lo": t["la_e_los"],
            "cruzada": t["cruzadas"],
            "total": t["batidas"],
        },
        average_points_per_hand=round(t["points"] / hands, 4) if hands else 0.0,
        average_points_per_game=round(t["points"] / games, 4) if games else 0.0,
        buchudas=Tally(given=t["buchudas"], suffered=t["buchudas_suffered"]),
        buchudas_de_re=Tally(given=t["buchudas_de_re"], suffered=t["buchudas_de_re_suffered"]),
        viradas=Tally(given=t["viradas"], suffered=t["viradas_suffered"]),
        seconds_played=t["duration_seconds"],
        **parts,
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
) -> Ranking:
    """A ranking, as `GET /v1/rankings` answers it (the public pages read it too)."""
    query = await _query(
        state,
        competition,
        since,
        until,
        preset,
        game,
        one_rule_set=True,
        stage=stage.strip() if stage is not None else None,
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
        provisional=[_provisional(g) for g in games],
        provisional_total=games_total,
        as_of_position=position,
    )


async def read_player_stats(
    state: State,
    player_id: str,
    competition: str | None = None,
    since: str | None = None,
    until: str | None = None,
    preset: str | None = None,
    game: str | None = None,
) -> PlayerStats:
    """A player's statistics, as `GET /v1/players/{id}/stats` answers them."""
    registry: Registry = state.registry
    player = await registry.player(player_id)
    player_id = parse_id(player_id, "player")
    query = await _query(state, competition, since, until, preset, game)
    kinds = list(BY_GAME[query.game])
    async with snapshot(state) as connection:
        totals = await player_stats.totals(connection, player_id, query)
        streak = await player_stats.streaks(connection, player_id, query.game)
        partners = await player_stats.partners(connection, player_id, query)
        opponents = await player_stats.opponents(connection, player_id, query)
        earned = await player_stats.achievements(connection, player_id, kinds)
        position = await folded_up_to(connection)
    partners_out = [Versus(**p) for p in partners]
    opponents_out = [Versus(**o) for o in opponents]
    return _stats(
        player_id,
        player.name,
        totals,
        game=query.game,
        game_counters=totals["extra"],
        current_streak=_run(streak, "current"),
        best_streak=_run(streak, "best"),
        best_partner=partners_out[0] if partners_out and partners_out[0].won else None,
        partners=partners_out,
        toughest_opponent=(opponents_out[0] if opponents_out and opponents_out[0].lost else None),
        opponents=opponents_out,
        achievements=_achievements(earned),
        as_of_position=position,
    )


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
        named: str = game or next((g for g, k in BY_GAME.items() if kind in k), "dominoes")
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

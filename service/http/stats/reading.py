"""Rankings and a player's statistics read from the projections' tables, each in one
snapshot (a read-only repeatable-read transaction), so its parts agree with each other and
with `as_of_position`, the last event the projection has folded. Only confirmed games count;
finished games awaiting confirmation are listed apart."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import datetime
from typing import Annotated, Any, Literal

import msgspec
from litestar.datastructures import State
from msgspec import Meta

from domain import BY_NAME, DEFAULT_GAME, game_of
from domain.games import BY_PRESET
from projections import player_stats, rankings
from projections.achievements import ACHIEVEMENTS, BY_GAME
from projections.base import Connection
from projections.games import criteria_of
from projections.rankings import RankingQuery
from service.http.problems import ApiError
from service.http.stats.schemas import (
    Achievement,
    PlayerRef,
    PlayerStats,
    ProvisionalGame,
    Ranking,
    RankingRow,
    Run,
    Tally,
    Versus,
)
from service.store.reads import Reads
from service.store.registry import Registry, parse_id


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
    game = game or DEFAULT_GAME
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


_SCORE = msgspec.json.Decoder(dict[str, int])

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
        score=_SCORE.decode(row["score"])
        if row["score"]
        else {"A": row["score_a"], "B": row["score_b"]},
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

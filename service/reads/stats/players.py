"""A player's statistics read from the projections' tables in one snapshot (a read-only
repeatable-read transaction), so its parts agree with each other and with `as_of_position`.
Only confirmed games count."""

from __future__ import annotations

from typing import Any

from litestar.datastructures import State

from domain import BY_NAME
from domain.games import BY_PRESET
from projections import player_stats
from projections.achievements import ACHIEVEMENTS, BY_GAME
from service.reads.snapshot import folded_up_to, snapshot
from service.reads.stats.query import ranking_query
from service.reads.stats.schemas import Achievement, PlayerStats, Run, Tally, Versus
from service.store.registry import Registry, parse_id


def run_of(row: dict[str, Any] | None, prefix: str) -> Run:
    """The player's `current` or `best` run of wins, from their streaks' row."""
    if row is None or not row[f"{prefix}_length"]:
        return Run(length=0, first_match_id=None, first_at=None, last_match_id=None, last_at=None)
    return Run(
        length=row[f"{prefix}_length"],
        first_match_id=row[f"{prefix}_first_match"],
        first_at=row[f"{prefix}_first_at"],
        last_match_id=row[f"{prefix}_last_match"],
        last_at=row[f"{prefix}_last_at"],
    )


def achievements_of(rows: list[dict[str, Any]]) -> list[Achievement]:
    return [Achievement(description=ACHIEVEMENTS.get(r["kind"], ""), **r) for r in rows]


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
    query = await ranking_query(state, competition, since, until, preset, game)
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
        current_streak=run_of(streak, "current"),
        best_streak=run_of(streak, "best"),
        best_partner=partners_out[0] if partners_out and partners_out[0].won else None,
        partners=partners_out,
        toughest_opponent=(opponents_out[0] if opponents_out and opponents_out[0].lost else None),
        opponents=opponents_out,
        achievements=achievements_of(earned),
        as_of_position=position,
    )


async def most_played(state: State, player_id: str) -> str:
    """The game of which the player has the most confirmed games (the first registered,
    for a player who has none): the tab their page opens on."""
    async with snapshot(state) as connection:
        rows = await connection.fetch(
            "SELECT preset, games_played FROM proj_player_totals WHERE player_id = $1",
            parse_id(player_id, "player"),
        )
    played = dict.fromkeys(BY_NAME, 0)
    for preset, games in rows:
        if preset in BY_PRESET:
            played[BY_PRESET[preset].name] += games
    return max(played, key=lambda name: played[name])  # ties: the first registered

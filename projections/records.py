"""All-time records, read from the confirmed games' facts: one entry per holder.

Tallies (most games won, ...) and the longest win streak are across every rule set; the
records whose numbers depend on the scoring (best average, fastest game, biggest hand, ...)
are kept per rule set. On a tie, every player tied on a tally holds it; for a game record,
the game that set it first (earliest finish) holds it.
"""

from __future__ import annotations

from typing import Any

from domain import PRESETS
from projections.base import Connection

TALLIES = {
    "most-games-won": ("games_won", "Most confirmed games won."),
    "most-hands-won": ("hands_won", "Most hands won."),
    "most-buchudas": ("buchudas", "Most buchudas won (the losers scored nothing)."),
    "most-cruzadas": ("cruzadas", "Most batidas by cruzada."),
    "most-viradas": ("viradas", "Most viradas (won after conceding the first points)."),
    "most-buchudas-de-re": ("buchudas_de_re", "Most comebacks from 0 to target - 1."),
}
GAME_RECORDS = {
    "fastest-game": ("duration_seconds", "ASC", "Fastest game won (seconds), abandonments aside."),
    "longest-game": ("duration_seconds", "DESC", "Longest game (seconds), abandonments aside."),
    "most-hands-in-a-game": ("hands_played", "DESC", "Most hands in one game."),
    "biggest-hand": ("biggest_hand", "DESC", "Most points won in one hand."),
    "highest-score": ("points", "DESC", "Highest final score of a game."),
}
DESCRIPTIONS = {
    "longest-win-streak": "Longest run of confirmed games won in a row.",
    "best-average-points-per-hand": "Best average points per hand (min_games games or more).",
    **{kind: text for kind, (_, text) in TALLIES.items()},
    **{kind: text for kind, (_, _, text) in GAME_RECORDS.items()},
}


def _tallies_sql() -> str:
    sums = ", ".join(f"sum({column})::int AS {column}" for column, _ in TALLIES.values())
    parts = [
        f"""SELECT '{kind}' AS kind, NULL::text AS preset, {column}::float8 AS value, player_id,
            NULL::text AS partner_id, NULL::text AS match_id, NULL::text AS started_match_id,
            NULL::timestamptz AS at
        FROM t WHERE {column} > 0 AND {column} = (SELECT max({column}) FROM t)"""
        for kind, (column, _) in TALLIES.items()
    ]
    return (
        f"WITH t AS (SELECT player_id, {sums} FROM proj_player_totals GROUP BY player_id) "
        + " UNION ALL ".join(parts)
    )


_STREAK = """
    SELECT 'longest-win-streak' AS kind, NULL::text AS preset, best_length::float8 AS value,
        player_id, NULL::text AS partner_id, best_last_match AS match_id,
        best_first_match AS started_match_id, best_last_at AS at
    FROM proj_player_streaks
    WHERE best_length > 0 AND best_length = (SELECT max(best_length) FROM proj_player_streaks)
"""
_AVERAGE = """
    WITH a AS (
        SELECT player_id, preset, round(points::numeric / hands_played, 4) AS average
        FROM proj_player_totals WHERE games_played >= $1 AND hands_played > 0
    ), ranked AS (
        SELECT *, max(average) OVER (PARTITION BY preset) AS best FROM a
    )
    SELECT 'best-average-points-per-hand' AS kind, preset, average::float8 AS value,
        player_id, NULL::text AS partner_id, NULL::text AS match_id,
        NULL::text AS started_match_id, NULL::timestamptz AS at
    FROM ranked WHERE average = best
"""


def _game_record_sql(kind: str, column: str, direction: str) -> str:
    # One row per rule set ($2), each the first of an index of migration 0006.
    winners = "won AND wins_by_abandonment = 0" if kind != "biggest-hand" else "true"
    return f"""
        SELECT r.* FROM unnest($2::text[]) AS rule_set(preset) CROSS JOIN LATERAL (
            SELECT '{kind}' AS kind, g.preset, {column}::float8 AS value,
                g.player_id, g.partner_id, g.match_id, NULL::text AS started_match_id,
                g.finished_at AS at
            FROM proj_player_games g
            WHERE g.preset = rule_set.preset AND g.player_id < g.partner_id AND {winners}
            ORDER BY {column} {direction}, g.finished_at, g.match_id LIMIT 1
        ) r WHERE r.value > 0
    """


async def all_time(connection: Connection, min_games: int = 10) -> list[dict[str, Any]]:
    """Every record, with its holders' names, in a stable order."""
    parts = [
        _STREAK,
        _tallies_sql(),
        _AVERAGE,
        *(_game_record_sql(kind, c, d) for kind, (c, d, _) in GAME_RECORDS.items()),
    ]
    union = " UNION ALL ".join(f"({part})" for part in parts)
    records = await connection.fetch(
        f"""
        SELECT r.*, p.name, q.name AS partner_name FROM ({union}) r
        LEFT JOIN proj_players p ON p.player_id = r.player_id
        LEFT JOIN proj_players q ON q.player_id = r.partner_id
        ORDER BY r.kind, r.preset NULLS FIRST, r.at NULLS LAST, r.player_id
        """,
        min_games,
        sorted(PRESETS),
    )
    rows = []
    for record in records:
        row = dict(record)
        row["description"] = DESCRIPTIONS[row["kind"]]
        rows.append(row)
    return rows


async def achievements(
    connection: Connection, kind: str | None = None, limit: int = 100
) -> list[dict[str, Any]]:
    """Achievements earned, the most recent first."""
    records = await connection.fetch(
        """
        SELECT a.player_id, p.name, a.kind, a.match_id, a.earned_at
        FROM proj_achievements a LEFT JOIN proj_players p ON p.player_id = a.player_id
        WHERE $1::text IS NULL OR a.kind = $1
        ORDER BY a.earned_at DESC, a.player_id, a.kind LIMIT $2
        """,
        kind,
        limit,
    )
    return [dict(r) for r in records]

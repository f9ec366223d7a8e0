"""All-time records of one game, read from the confirmed games' facts: one entry per holder.

Tallies (most games won, ...) and the longest win streak are across the game's rule sets;
the records whose numbers depend on the scoring (best average, fastest game, biggest hand,
...) are kept per rule set. On a tie, every player tied on a tally holds it; for a game
record, the game that set it first (earliest finish) holds it.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from domain import BY_NAME
from projections.base import Connection
from projections.games import every_read_side, read_side

GAME_RECORDS = {
    "fastest-game": ("duration_seconds", "ASC", "Fastest game won (seconds), abandonments aside."),
    "longest-game": ("duration_seconds", "DESC", "Longest game (seconds), abandonments aside."),
    "most-hands-in-a-game": ("hands_played", "DESC", "Most hands in one game."),
    "biggest-hand": ("biggest_hand", "DESC", "Most points won in one hand."),
    "highest-score": ("points", "DESC", "Highest final score of a game."),
    "lowest-winning-score": (
        "points",
        "ASC",
        "Lowest final score of a game won, where points count against the player: 0 is a"
        " game won without a point taken.",
    ),
}
DESCRIPTIONS = {
    "longest-win-streak": "Longest run of confirmed games won in a row.",
    "best-average-points-per-hand": "Best average points per hand (min_games games or more;"
    " the fewest where points count against the player).",
    **{
        kind: text
        for side in every_read_side().values()
        for kind, (_, text) in side.tallies.items()
    },
    **{kind: text for kind, (_, _, text) in GAME_RECORDS.items()},
}


_PERIOD = " AND finished_at >= $4 AND finished_at < $5"
"""A season's records (G39): only the games finished in it ($4, $5)."""


def _tallies_sql(game: str, period: bool = False) -> str:
    """$2: the game's rule sets."""
    tallies = read_side(game).tallies
    columns = {kind: f"t{i}" for i, kind in enumerate(tallies)}
    sums = ", ".join(f"{sql}::int AS {columns[kind]}" for kind, (sql, _) in tallies.items())
    parts = [
        f"""SELECT '{kind}' AS kind, NULL::text AS preset, {c}::float8 AS value, player_id,
            NULL::text AS partner_id, NULL::text AS match_id, NULL::text AS started_match_id,
            NULL::timestamptz AS at
        FROM t WHERE {c} > 0 AND {c} = (SELECT max({c}) FROM t)"""
        for kind, c in columns.items()
    ]
    source = "proj_player_games" if period else "proj_player_totals"
    return (
        f"WITH t AS (SELECT player_id, {sums} FROM {source}"
        f" WHERE preset = ANY($2::text[]){_PERIOD if period else ''} GROUP BY player_id) "
        + " UNION ALL ".join(parts)
    )


_STREAK = """
    WITH s AS (SELECT * FROM proj_player_streaks WHERE game = $3)
    SELECT 'longest-win-streak' AS kind, NULL::text AS preset, best_length::float8 AS value,
        player_id, NULL::text AS partner_id, best_last_match AS match_id,
        best_first_match AS started_match_id, best_last_at AS at
    FROM s WHERE best_length > 0 AND best_length = (SELECT max(best_length) FROM s)
"""
_AVERAGE = """
    WITH a AS (
        SELECT player_id, preset, round(points::numeric / hands_played, 4) AS average
        FROM {totals}
        WHERE games_played >= $1 AND hands_played > 0 AND preset = ANY($2::text[])
    ), ranked AS (
        SELECT *, {best}(average) OVER (PARTITION BY preset) AS best FROM a
    )
    SELECT 'best-average-points-per-hand' AS kind, preset, average::float8 AS value,
        player_id, NULL::text AS partner_id, NULL::text AS match_id,
        NULL::text AS started_match_id, NULL::timestamptz AS at
    FROM ranked WHERE average = best
"""


_SEASON_TOTALS = (
    "(SELECT player_id, preset, sum(points) AS points, sum(hands_played) AS hands_played,"
    " sum(games_played) AS games_played FROM proj_player_games"
    f" WHERE $3::text IS NOT NULL{_PERIOD} GROUP BY player_id, preset) season"
)


def _game_record_sql(kind: str, column: str, direction: str, period: bool = False) -> str:
    # One row per rule set ($2), each the first of an index of migration 0006.
    winners = "won AND wins_by_abandonment = 0" if kind != "biggest-hand" else "true"
    return f"""
        SELECT r.* FROM unnest($2::text[]) AS rule_set(preset) CROSS JOIN LATERAL (
            SELECT '{kind}' AS kind, g.preset, {column}::float8 AS value,
                g.player_id, g.partner_id, g.match_id, NULL::text AS started_match_id,
                g.finished_at AS at
            FROM proj_player_games g
            WHERE g.preset = rule_set.preset AND {winners}
              {_PERIOD.replace("finished_at", "g.finished_at") if period else ""}
              AND (g.partner_id IS NULL  -- played alone: the player's own row
                   OR g.player_id < g.partner_id  -- a pair: one row, both counting
                      AND EXISTS (SELECT 1 FROM proj_player_games q
                                  WHERE q.player_id = g.partner_id AND q.match_id = g.match_id))
            ORDER BY {column} {direction}, g.finished_at, g.match_id LIMIT 1
        ) r WHERE r.value {"IS NOT NULL" if kind in _FEWEST_POINTS else "> 0"}
    """


_FIGURE_OF = {"biggest-hand": "biggest_hand"}
"""A game record that stands on one of the shared figures: kept for the games where that
figure means something (`Labels.figures`; a hand's points are no feat where they count against)."""
_MOST_POINTS = {"highest-score"}
"""Game records that celebrate the most points: none where points count against."""
_FEWEST_POINTS = {"lowest-winning-score"}
"""Game records that celebrate the fewest points: only where points count against, where a
game won with none taken is the best there is (G52)."""


def _means_something(kind: str, game: str) -> bool:
    side = read_side(game)
    if kind in _MOST_POINTS and side.fewer_points_better:
        return False
    if kind in _FEWEST_POINTS and not side.fewer_points_better:
        return False
    figure = _FIGURE_OF.get(kind)
    return figure is None or figure in side.labels.figures


async def all_time(
    connection: Connection,
    min_games: int = 10,
    *,
    game: str,
    period: tuple[datetime, datetime] | None = None,
) -> list[dict[str, Any]]:
    """Every record of the game, with its holders' names, in a stable order; of the games
    finished in `period` alone when given (a season's: its streaks are not kept, G39)."""
    within = period is not None
    parts = [
        *([] if within else [_STREAK]),
        _tallies_sql(game, within),
        _AVERAGE.format(
            totals=_SEASON_TOTALS if within else "proj_player_totals",
            best="min" if read_side(game).fewer_points_better else "max",
        ),
        *(
            _game_record_sql(kind, c, d, within)
            for kind, (c, d, _) in GAME_RECORDS.items()
            if _means_something(kind, game)
        ),
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
        sorted(BY_NAME[game].presets),
        game,
        *(period or ()),
    )
    rows = []
    for record in records:
        row = dict(record)
        row["description"] = DESCRIPTIONS[row["kind"]]
        rows.append(row)
    return rows


async def achievements(
    connection: Connection,
    kinds: list[str],
    limit: int = 100,
    period: tuple[datetime, datetime] | None = None,
) -> list[dict[str, Any]]:
    """Achievements of these kinds earned (first earned in `period`, when given), the most
    recent first."""
    since, until = period or (None, None)
    records = await connection.fetch(
        """
        SELECT a.player_id, p.name, a.kind, a.match_id, a.earned_at
        FROM proj_achievements a LEFT JOIN proj_players p ON p.player_id = a.player_id
        WHERE a.kind = ANY($1::text[])
          AND ($3::timestamptz IS NULL OR a.earned_at >= $3)
          AND ($4::timestamptz IS NULL OR a.earned_at < $4)
        ORDER BY a.earned_at DESC, a.player_id, a.kind LIMIT $2
        """,
        kinds,
        limit,
        since,
        until,
    )
    return [dict(r) for r in records]

"""One player's statistics: sums of their confirmed games (optionally filtered), their win
streaks, partners and opponents, and achievements. Keys are the API's field names."""

from __future__ import annotations

from typing import Any

from domain import DEFAULT_GAME
from projections.base import Connection
from projections.contributions import COUNTERS
from projections.rankings import RankingQuery, game_filters

_SUMS = ", ".join(f"coalesce(sum({c}), 0)::int AS {c}" for c in COUNTERS)
_STREAK = """
    SELECT current_length, current_first_match, current_first_at, current_last_match,
        current_last_at, best_length, best_first_match, best_first_at, best_last_match,
        best_last_at
    FROM proj_player_streaks WHERE player_id = $1 AND game = $2
"""
_ACHIEVEMENTS = """
    SELECT kind, match_id, earned_at FROM proj_achievements
    WHERE player_id = $1 AND ($2::text[] IS NULL OR kind = ANY($2::text[]))
    ORDER BY earned_at, kind
"""


def _where(player_id: str, query: RankingQuery, args: list[Any]) -> str:
    args.append(player_id)
    return " AND ".join([f"player_id = ${len(args)}", *game_filters(query, "finished_at", args)])


async def totals(connection: Connection, player_id: str, query: RankingQuery) -> dict[str, Any]:
    args: list[Any] = []
    where = _where(player_id, query, args)
    record = await connection.fetchrow(
        f"SELECT {_SUMS}, coalesce(max(biggest_hand), 0)::int AS biggest_hand"
        f" FROM proj_player_games WHERE {where}",
        *args,
    )
    assert record is not None
    row = dict(record)
    pending: list[Any] = [player_id]
    conditions = [
        "status = 'finished'",
        "$1 = ANY(seats)",
        *game_filters(query, "finished_at", pending),
    ]
    provisional = await connection.fetchval(
        f"SELECT count(*)::int FROM proj_games WHERE {' AND '.join(conditions)}", *pending
    )
    row["provisional_games"] = int(provisional)
    args = []
    extra = await connection.fetch(
        "SELECT e.key, CASE WHEN e.key LIKE 'biggest\\_%' THEN max(e.value::int)"
        " ELSE sum(e.value::int) END::int FROM proj_player_games,"
        f" jsonb_each_text(extra) AS e WHERE {_where(player_id, query, args)} GROUP BY e.key"
        " ORDER BY e.key",
        *args,
    )
    row["extra"] = {key: value for key, value in extra}
    return row


async def streaks(
    connection: Connection, player_id: str, game: str = DEFAULT_GAME
) -> dict[str, Any] | None:
    record = await connection.fetchrow(_STREAK, player_id, game)
    return dict(record) if record else None


async def partners(
    connection: Connection, player_id: str, query: RankingQuery, limit: int = 5
) -> list[dict[str, Any]]:
    """Partners, those the player won most games with first."""
    args: list[Any] = []
    where = _where(player_id, query, args)
    records = await connection.fetch(
        f"""
        SELECT g.partner_id AS player_id, p.name, count(*)::int AS games,
            sum(g.games_won)::int AS won, sum(g.games_lost)::int AS lost
        FROM (SELECT partner_id, games_won, games_lost FROM proj_player_games
              WHERE {where} AND partner_id IS NOT NULL) g
        LEFT JOIN proj_players p ON p.player_id = g.partner_id
        GROUP BY g.partner_id, p.name
        ORDER BY won DESC, games ASC, p.name, g.partner_id LIMIT {int(limit)}
        """,
        *args,
    )
    return [dict(r) for r in records]


async def opponents(
    connection: Connection, player_id: str, query: RankingQuery, limit: int = 5
) -> list[dict[str, Any]]:
    """Head to head: opponents, those the player lost most games against first."""
    args: list[Any] = []
    where = _where(player_id, query, args)
    records = await connection.fetch(
        f"""
        SELECT o.id AS player_id, p.name, count(*)::int AS games,
            sum(g.games_won)::int AS won, sum(g.games_lost)::int AS lost
        FROM (SELECT opponents, games_won, games_lost FROM proj_player_games WHERE {where}) g
        CROSS JOIN LATERAL unnest(g.opponents) AS o(id)
        LEFT JOIN proj_players p ON p.player_id = o.id
        GROUP BY o.id, p.name
        ORDER BY lost DESC, games ASC, p.name, o.id LIMIT {int(limit)}
        """,
        *args,
    )
    return [dict(r) for r in records]


async def achievements(
    connection: Connection, player_id: str, kinds: list[str] | None = None
) -> list[dict[str, Any]]:
    """The player's achievements (of these kinds only, when given), oldest first."""
    return [dict(r) for r in await connection.fetch(_ACHIEVEMENTS, player_id, kinds)]

"""Rankings: the seed's order, each criterion breaking the previous one's ties.

Without a competition or a period the ranking sums the per-player totals (one row per
player and rule set); with filters it sums the per-game rows that pass them. Either way
only confirmed games count; finished but unconfirmed games are listed apart (provisional).
Answers rows whose keys are the API's field names.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

import msgspec

from domain import DEFAULT_GAME
from projections.base import Connection
from projections.games import criteria_of


class RankingQuery(msgspec.Struct, frozen=True, kw_only=True):
    competition_id: str | None = None
    stage: str | None = None
    since: datetime | None = None
    until: datetime | None = None
    preset: str | None = None
    presets: tuple[str, ...] = ()
    """Only the games of these rule sets (a game's), when no single `preset` is asked."""
    game: str = DEFAULT_GAME
    """Whose criteria rank the rows."""
    min_games: int = 1
    by: Literal["players", "teams"] = "players"
    limit: int = 100
    offset: int = 0

    @property
    def per_game(self) -> bool:
        """Filters the totals cannot answer: sum the per-game rows instead."""
        return bool(
            self.competition_id or self.stage or self.since or self.until or self.by == "teams"
        )


BOTH_PARTNERS = (
    "EXISTS (SELECT 1 FROM proj_player_games q"
    " WHERE q.player_id = proj_player_games.partner_id"
    " AND q.match_id = proj_player_games.match_id)"
)
"""A team's game counts for the team when it counts for both partners (each consented)."""


def game_filters(query: RankingQuery, time_column: str, args: list[Any]) -> list[str]:
    where = []
    for column, value, test in (
        ("competition_id", query.competition_id, "="),
        ("stage", query.stage, "="),
        ("preset", query.preset, "="),
        (time_column, query.since, ">="),
        (time_column, query.until, "<"),
    ):
        if value is not None:
            args.append(value)
            where.append(f"{column} {test} ${len(args)}")
    if query.preset is None and query.presets:
        args.append(list(query.presets))
        where.append(f"preset = ANY(${len(args)}::text[])")
    return where


def _ranking_sql(query: RankingQuery, args: list[Any]) -> str:
    where = game_filters(query, "finished_at", args)
    if query.by == "teams":
        source, keys = "proj_player_games", "player_id AS player_id, partner_id AS partner_id"
        where.append("player_id < partner_id")  # one row per team per game
        where.append(BOTH_PARTNERS)
        cruzadas, group = "team_cruzadas", "player_id, partner_id"
    else:
        source = "proj_player_games" if query.per_game else "proj_player_totals"
        keys, cruzadas, group = "player_id, NULL::text AS partner_id", "cruzadas", "player_id"
    criteria = criteria_of(query.game)
    values = ", ".join(
        f"{c.sql.format(cruzadas=cruzadas)} AS criterion_{i}" for i, c in enumerate(criteria)
    )
    order = ", ".join(
        f"criterion_{i} {'DESC' if c.descending else 'ASC'}" for i, c in enumerate(criteria)
    )
    args += [query.min_games, query.limit, query.offset]
    n = len(args)
    return f"""
        WITH sums AS (
            SELECT {keys}, sum(games_played)::int AS games_played,
                sum(games_won)::int AS games_won, sum(games_lost)::int AS games_lost,
                sum(hands_played)::int AS hands_played, sum(hands_won)::int AS hands_won,
                sum(hands_lost)::int AS hands_lost, sum(points)::int AS points,
                sum({cruzadas})::int AS cruzadas, sum(blocks_suffered)::int AS blocks_suffered,
                sum(buchudas)::int AS buchudas,
                CASE WHEN sum(hands_played) > 0
                     THEN sum(points)::numeric / sum(hands_played) ELSE 0 END
                    AS average_points_per_hand,
                {values}
            FROM {source}
            {"WHERE " + " AND ".join(where) if where else ""}
            GROUP BY {group}
            HAVING sum(games_played) >= ${n - 2}
        ), ranked AS (
            SELECT sums.*, rank() OVER (ORDER BY {order})::int AS rank,
                count(*) OVER ()::int AS total
            FROM sums
        )
        SELECT rank, total, ranked.player_id, p.name AS name, ranked.partner_id,
            q.name AS partner_name, games_played, games_won, games_lost, hands_played,
            hands_won, hands_lost, points,
            round(average_points_per_hand, 4)::float8 AS average_points_per_hand,
            cruzadas, blocks_suffered, buchudas,
            ARRAY[{", ".join(f"round(criterion_{i}, 4)::float8" for i in range(len(criteria)))}]
                AS criteria_values
        FROM ranked
        LEFT JOIN proj_players p ON p.player_id = ranked.player_id
        LEFT JOIN proj_players q ON q.player_id = ranked.partner_id
        ORDER BY rank, p.name, ranked.player_id, q.name, ranked.partner_id
        LIMIT ${n - 1} OFFSET ${n}
    """


async def ranking(connection: Connection, query: RankingQuery) -> tuple[list[dict[str, Any]], int]:
    """(rows in rank order, how many rows the ranking has in all); each row's `values`
    names its value of each of the game's criteria."""
    args: list[Any] = []
    records = await connection.fetch(_ranking_sql(query, args), *args)
    total = records[0]["total"] if records else 0
    if not records and query.offset:
        total = await _count(connection, query)
    names = [c.name for c in criteria_of(query.game)]
    rows = []
    for record in records:
        row = dict(record)
        row["values"] = dict(zip(names, row.pop("criteria_values"), strict=True))
        rows.append(row)
    return rows, total


async def _count(connection: Connection, query: RankingQuery) -> int:
    everything = msgspec.structs.replace(query, limit=1, offset=0)
    args: list[Any] = []
    records = await connection.fetch(_ranking_sql(everything, args), *args)
    return int(records[0]["total"]) if records else 0


async def provisional_games(
    connection: Connection, query: RankingQuery, limit: int = 50
) -> tuple[list[dict[str, Any]], int]:
    """Finished games not yet confirmed, newest first, with the ranking's filters."""
    args: list[Any] = []
    where = ["status = 'finished'", *game_filters(query, "finished_at", args)]
    args.append(limit)
    records = await connection.fetch(
        f"""
        SELECT match_id, competition_id, preset, seats, finished_at, winner,
            score_a, score_b, score::text AS score, abandoned,
            ARRAY(SELECT coalesce(p.name, '') FROM unnest(g.seats) WITH ORDINALITY s(id, n)
                  LEFT JOIN proj_players p ON p.player_id = s.id ORDER BY s.n) AS names,
            count(*) OVER ()::int AS total
        FROM proj_games g WHERE {" AND ".join(where)}
        ORDER BY finished_at DESC, match_id LIMIT ${len(args)}
        """,
        *args,
    )
    total = records[0]["total"] if records else 0
    return [dict(r) for r in records], total

"""The `stats` projection's writes: one set-based statement per table per batch
(`unnest` of column arrays), whatever the number of rows."""

from __future__ import annotations

from collections.abc import Sequence

from projections.base import Connection
from projections.contributions import COUNTERS, PlayerGame
from projections.games import FACTS_ENCODER, GameFacts
from projections.streaks import PlayerStreak

STATS_TABLES = (
    "proj_games",
    "proj_player_games",
    "proj_player_totals",
    "proj_player_streaks",
    "proj_achievements",
)

Achievement = tuple[str, str, str, object, int]
"""(player_id, kind, match_id, earned_at, position)"""


def _unnest(types: Sequence[str], first: int = 1) -> str:
    return ", ".join(f"${i}::{t}[]" for i, t in enumerate(types, first))


_COUNTER_NAMES = ", ".join(COUNTERS)
_COUNTER_TYPES = ["int"] * len(COUNTERS)


class StatsWrites:
    def __init__(self, suffix: str) -> None:
        games, player_games, totals, streaks, achievements = (f"{t}{suffix}" for t in STATS_TABLES)
        self.load_games = f"SELECT facts::text FROM {games} WHERE match_id = ANY($1::text[])"
        self.load_streaks = (
            f"SELECT player_id, last_match, last_at, current_length, current_first_match,"
            f" current_first_at, current_last_match, current_last_at, best_length,"
            f" best_first_match, best_first_at, best_last_match, best_last_at"
            f" FROM {streaks} WHERE player_id = ANY($1::text[])"
        )
        self.load_marks = (
            f"SELECT finished_at, match_id, won FROM {player_games} WHERE player_id = $1"
        )
        self.upsert_games = f"""
            INSERT INTO {games} AS g (match_id, competition_id, preset, seats, created_at, status,
                winner, score_a, score_b, hands_played, biggest_hand, started_at, finished_at,
                duration_seconds, abandoned, confirmed_at, facts)
            SELECT u.match_id, u.competition_id, u.preset, ARRAY[u.s0, u.s1, u.s2, u.s3],
                u.created_at, u.status, u.winner, u.score_a, u.score_b, u.hands_played,
                u.biggest_hand, u.started_at, u.finished_at, u.duration_seconds, u.abandoned,
                u.confirmed_at, u.facts::jsonb
            FROM unnest({_unnest(["text"] * 7 + ["timestamptz", "text", "text"] + ["int"] * 4
                                 + ["timestamptz"] * 2 + ["int", "bool", "timestamptz", "text"])})
                AS u(match_id, competition_id, preset, s0, s1, s2, s3, created_at, status, winner,
                     score_a, score_b, hands_played, biggest_hand, started_at, finished_at,
                     duration_seconds, abandoned, confirmed_at, facts)
            ON CONFLICT (match_id) DO UPDATE SET status = excluded.status,
                winner = excluded.winner, score_a = excluded.score_a, score_b = excluded.score_b,
                hands_played = excluded.hands_played, biggest_hand = excluded.biggest_hand,
                started_at = excluded.started_at, finished_at = excluded.finished_at,
                duration_seconds = excluded.duration_seconds, abandoned = excluded.abandoned,
                confirmed_at = excluded.confirmed_at, facts = excluded.facts
        """
        head = ["text", "text", "int"] + ["text"] * 5 + ["timestamptz", "bool", "int"]
        self.insert_player_games = f"""
            INSERT INTO {player_games} (player_id, match_id, seat, partner_id, opponents,
                competition_id, preset, finished_at, won, biggest_hand, {_COUNTER_NAMES})
            SELECT u.player_id, u.match_id, u.seat, u.partner_id, ARRAY[u.o1, u.o2],
                u.competition_id, u.preset, u.finished_at, u.won, u.biggest_hand,
                {", ".join(f"u.{c}" for c in COUNTERS)}
            FROM unnest({_unnest(head + _COUNTER_TYPES)})
                AS u(player_id, match_id, seat, partner_id, o1, o2, competition_id, preset,
                     finished_at, won, biggest_hand, {_COUNTER_NAMES})
            ON CONFLICT (player_id, match_id) DO NOTHING
        """
        self.add_totals = f"""
            INSERT INTO {totals} AS t (player_id, preset, {_COUNTER_NAMES})
            SELECT * FROM unnest({_unnest(["text", "text", *_COUNTER_TYPES])})
            ON CONFLICT (player_id, preset) DO UPDATE SET
                {", ".join(f"{c} = t.{c} + excluded.{c}" for c in COUNTERS)}
        """
        streak_columns = (
            "player_id, last_match, last_at, current_length, current_first_match,"
            " current_first_at, current_last_match, current_last_at, best_length,"
            " best_first_match, best_first_at, best_last_match, best_last_at"
        )
        run = ["int", "text", "timestamptz", "text", "timestamptz"]
        self.upsert_streaks = f"""
            INSERT INTO {streaks} ({streak_columns})
            SELECT * FROM unnest({_unnest(["text", "text", "timestamptz", *run, *run])})
            ON CONFLICT (player_id) DO UPDATE SET
                {", ".join(f"{c} = excluded.{c}" for c in streak_columns.split(", ")[1:])}
        """
        self.insert_achievements = f"""
            INSERT INTO {achievements} (player_id, kind, match_id, earned_at, position)
            SELECT * FROM unnest({_unnest(["text", "text", "text", "timestamptz", "bigint"])})
            ON CONFLICT (player_id, kind) DO NOTHING
        """

    async def write(
        self,
        connection: Connection,
        games: Sequence[GameFacts],
        rows: Sequence[PlayerGame],
        totals: dict[tuple[str, str], list[int]],
        streaks: Sequence[PlayerStreak],
        achievements: Sequence[Achievement],
    ) -> None:
        flat = [(player, preset, *counts) for (player, preset), counts in totals.items()]
        for statement, values in (
            (self.upsert_games, [_game_row(g) for g in games]),
            (self.insert_player_games, [_pg_row(r) for r in rows]),
            (self.add_totals, flat),
            (self.upsert_streaks, [_streak_row(s) for s in streaks]),
            (self.insert_achievements, list(achievements)),
        ):
            if values:
                await connection.execute(statement, *_columns(values))


def _columns(rows: Sequence[Sequence[object]]) -> list[list[object]]:
    return [list(column) for column in zip(*rows, strict=True)]


def _game_row(game: GameFacts) -> tuple[object, ...]:
    finish = game.finish
    score_a, score_b = (finish.score_a, finish.score_b) if finish else game.score
    return (
        game.match_id,
        game.competition_id,
        game.preset,
        *game.seats,
        game.created_at,
        game.status,
        finish.winner if finish else None,
        score_a,
        score_b,
        len(game.hands),
        max((h.points for h in game.hands), default=0),
        finish.started_at if finish else None,
        finish.at if finish else None,
        finish.duration_seconds if finish else None,
        finish.abandoned if finish else game.abandoned_by is not None,
        game.confirmed_at,
        FACTS_ENCODER.encode(game).decode(),
    )


def _pg_row(row: PlayerGame) -> tuple[object, ...]:
    return (
        row.player_id,
        row.match_id,
        row.seat,
        row.partner_id,
        *row.opponents,
        row.competition_id,
        row.preset,
        row.finished_at,
        row.won,
        row.biggest_hand,
        *row.counters,
    )


def _streak_row(streak: PlayerStreak) -> tuple[object, ...]:
    c, b = streak.current, streak.best
    return (
        streak.player_id,
        streak.last_match,
        streak.last_at,
        c.length,
        c.first_match,
        c.first_at,
        c.last_match,
        c.last_at,
        b.length,
        b.first_match,
        b.first_at,
        b.last_match,
        b.last_at,
    )

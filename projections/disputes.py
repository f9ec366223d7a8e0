"""A confirmed game that is disputed counts for nobody (G34): what it added is taken back.

Its per-player rows go, their counters are subtracted from the totals (a `biggest_` counter
of a game's own keeps its largest: a maximum cannot be subtracted, and the records read the
biggest hand from the rows that remain), the achievements first earned in it go, and each
player's streaks are counted again from their games that still count. A ruling that
confirms it counts it again, as a confirmation does.
"""

from __future__ import annotations

import msgspec

from domain import BY_NAME
from projections.base import Connection
from projections.contributions import COUNTERS
from projections.stats_writes import STATS_TABLES, StatsWrites, streak_row
from projections.streaks import GameMark, recount

_SUBTRACT_EXTRA = (
    "(SELECT coalesce(jsonb_object_agg(k, CASE WHEN k LIKE 'biggest\\_%'"
    " THEN coalesce((t.extra->>k)::int, 0)"
    " ELSE coalesce((t.extra->>k)::int, 0) - coalesce((g.extra->>k)::int, 0) END),"
    " '{}'::jsonb) FROM jsonb_object_keys(t.extra) AS k)"
)


class TakeBack:
    def __init__(self, suffix: str, sql: StatsWrites) -> None:
        _, self.rows, self.totals, self.streaks, self.achievements = (
            f"{t}{suffix}" for t in STATS_TABLES
        )
        self.sql = sql
        counters = ", ".join(f"{c} = t.{c} - g.{c}" for c in COUNTERS)
        self.subtract = (
            f"WITH g AS (DELETE FROM {self.rows} WHERE match_id = $1 RETURNING *)"
            f" UPDATE {self.totals} t SET {counters}, extra = {_SUBTRACT_EXTRA}"
            f" FROM g WHERE t.player_id = g.player_id AND t.preset = g.preset"
            f" RETURNING t.player_id"
        )

    async def __call__(self, connection: Connection, match_id: str, game: str) -> None:
        players = [r[0] for r in await connection.fetch(self.subtract, match_id)]
        await connection.execute(f"DELETE FROM {self.achievements} WHERE match_id = $1", match_id)
        presets = list(BY_NAME[game].presets)
        for player in players:
            rows = await connection.fetch(self.sql.load_marks, player, presets)
            if not rows:
                await connection.execute(
                    f"DELETE FROM {self.streaks} WHERE player_id = $1 AND game = $2", player, game
                )
                continue
            streak, _ = recount(player, [GameMark(r[0], r[1], r[2]) for r in rows], game)
            await connection.execute(self.sql.upsert_streaks, _one(streak_row(streak)))


def _one(row: dict[str, object]) -> str:
    return msgspec.json.encode([row]).decode()

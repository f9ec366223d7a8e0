"""A confirmed game that is disputed counts for nobody (G34): what it added is taken back.

Its per-player rows go, their counters are subtracted from the totals (a `biggest_` counter
of a game's own is the largest of the rows that remain: a maximum cannot be subtracted),
each player's streaks are counted again from their games that still count, and the
achievements first earned in it go to the first of those games that earns them too (in the
order they were confirmed), else they go. The win-streak achievements the game changes follow
the recount: one filed where the game's run reached it moves to where the run now reaches
it, or goes; one the game, a loss, kept from being reached comes. A ruling that confirms it
counts it again, as a confirmation does.
"""

from __future__ import annotations

import msgspec

from domain import BY_NAME
from projections.achievements import Earned, earned_in, streak_earned
from projections.base import Connection
from projections.contributions import COUNTERS
from projections.facts import FACTS_DECODER
from projections.games import read_side
from projections.stats_writes import STATS_TABLES, StatsWrites, streak_row
from projections.streaks import GameMark, Milestone, recount

_SUBTRACT_EXTRA = (
    "(SELECT coalesce(jsonb_object_agg(k, CASE WHEN k LIKE 'biggest\\_%'"
    " THEN coalesce((SELECT max((r.extra->>k)::int) FROM {rows} r WHERE r.player_id ="
    " t.player_id AND r.preset = t.preset AND r.match_id <> $1), 0)"
    " ELSE coalesce((t.extra->>k)::int, 0) - coalesce((g.extra->>k)::int, 0) END),"
    " '{{}}'::jsonb) FROM jsonb_object_keys(t.extra) AS k)"
)
"""The rows the statement deletes are still seen by its subqueries: the game's own is left
out by its id."""


class TakeBack:
    def __init__(self, suffix: str, sql: StatsWrites) -> None:
        _, self.rows, self.totals, self.streaks, self.achievements = (
            f"{t}{suffix}" for t in STATS_TABLES
        )
        self.sql = sql
        counters = ", ".join(f"{c} = t.{c} - g.{c}" for c in COUNTERS)
        extra = _SUBTRACT_EXTRA.format(rows=self.rows)
        self.subtract = (
            f"WITH g AS (DELETE FROM {self.rows} WHERE match_id = $1 RETURNING *)"
            f" UPDATE {self.totals} t SET {counters}, extra = {extra}"
            f" FROM g WHERE t.player_id = g.player_id AND t.preset = g.preset"
            f" RETURNING t.player_id, g.finished_at, g.won"
        )

    async def __call__(
        self, connection: Connection, match_id: str, game: str, position: int
    ) -> None:
        """`position`: the dispute's, where an achievement it moves to another game is
        earned again."""
        gone = {
            r[0]: GameMark(r[1], match_id, r[2])
            for r in await connection.fetch(self.subtract, match_id)
        }
        lost = await connection.fetch(
            f"DELETE FROM {self.achievements} WHERE match_id = $1 RETURNING player_id, kind",
            match_id,
        )
        lost_kinds: dict[str, set[str]] = {}
        for player, kind in lost:
            lost_kinds.setdefault(player, set()).add(kind)
        presets = list(BY_NAME[game].presets)
        again: list[Earned] = []
        for player, disputed in gone.items():
            rows = await connection.fetch(self.sql.load_marks, player, presets)
            if not rows:
                await connection.execute(
                    f"DELETE FROM {self.streaks} WHERE player_id = $1 AND game = $2", player, game
                )
                continue
            marks = [GameMark(r[0], r[1], r[2]) for r in rows]
            streak, reached = recount(player, marks, game)
            await connection.execute(self.sql.upsert_streaks, _one(streak_row(streak)))
            _, with_it = recount(player, [*marks, disputed], game)
            kinds = lost_kinds.get(player, set())
            again += await self._streaks_again(connection, player, (with_it, reached), kinds, game)
            if kinds:
                counted = [m.match_id for m in marks]
                again += await self._earned_again(connection, player, kinds, counted)
        await self.sql.add_achievements(connection, [(*e, position) for e in again])

    async def _streaks_again(
        self,
        connection: Connection,
        player: str,
        recounts: tuple[list[Milestone], list[Milestone]],
        lost: set[str],
        game: str,
    ) -> list[Earned]:
        """The win-streak achievements the disputed game changes: the milestones first
        reached at another game once it no longer counts (`recounts`: with it, without it).
        One held where the recount with the game files it moves to where the recount
        without it does, or goes when none does (the game was in its run); one none
        reached comes (the game was a loss that broke the run). An achievement kept where
        no recount files it (a game confirmed late broke its run: kept, as ever) stays;
        `lost`: the kinds filed under the disputed game, already taken."""
        before, after = (_first_reached(player, milestones, game) for milestones in recounts)
        changed = {
            kind
            for kind in before.keys() | after.keys()
            if _match_of(before.get(kind)) != _match_of(after.get(kind))
        }
        if not changed and not lost:
            return []
        pattern = f"{read_side(game).streak_prefix}win-streak-%"
        rows = await connection.fetch(
            f"SELECT kind, match_id FROM {self.achievements} WHERE player_id = $1 AND kind LIKE $2",
            player,
            pattern,
        )
        held: dict[str, str] = {row[0]: row[1] for row in rows}
        moved = [k for k in changed if k in held and k in before
                 and held[k] == before[k].match_id]  # fmt: skip
        if moved:
            await connection.execute(
                f"DELETE FROM {self.achievements} WHERE player_id = $1 AND kind = ANY($2)",
                player,
                moved,
            )
        return [e for k, e in after.items()
                if k in lost or (k in changed and (k not in held or k in moved))]  # fmt: skip

    async def _earned_again(
        self, connection: Connection, player: str, kinds: set[str], match_ids: list[str]
    ) -> list[Earned]:
        """The first of the player's games that still count (in the order they were
        confirmed) to earn each of these kinds of its own."""
        facts = [
            FACTS_DECODER.decode(r[0])
            for r in await connection.fetch(self.sql.load_games, match_ids)
        ]
        facts.sort(key=lambda g: (g.confirmed_at or g.created_at, g.match_id))
        found: dict[str, Earned] = {}
        for counted in facts:
            for earned in earned_in(counted):
                if earned.player_id == player and earned.kind in kinds:
                    found.setdefault(earned.kind, earned)
        return list(found.values())


def _first_reached(player: str, milestones: list[Milestone], game: str) -> dict[str, Earned]:
    """Each win-streak achievement, filed under the game that first reaches it."""
    first: dict[str, Earned] = {}
    for earned in streak_earned(player, milestones, game):
        first.setdefault(earned.kind, earned)
    return first


def _match_of(earned: Earned | None) -> str | None:
    return None if earned is None else earned.match_id


def _one(row: dict[str, object]) -> str:
    return msgspec.json.encode([row]).decode()

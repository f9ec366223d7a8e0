"""The `stats` projection's writes: one set-based statement per table per batch, whatever
the number of rows: the rows go as one JSON array (`json_populate_recordset`), which costs
far less to encode than one array parameter per column."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from projections.base import Connection
from projections.contributions import COUNTERS, PlayerGame
from projections.facts import GameFacts
from projections.games.base import combined
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


_ROWS = msgspec.json.Encoder()


def _upsert(table: str, key: str, update: str) -> str:
    """Insert JSON rows (an array of objects named like the table's columns) in one statement."""
    return (
        f"INSERT INTO {table} AS t SELECT * FROM json_populate_recordset(NULL::{table}, $1::json)"
        f" ON CONFLICT ({key}) DO {update}"
    )


_ADD_EXTRA = (
    "(SELECT coalesce(jsonb_object_agg(k, CASE WHEN k LIKE 'biggest\\_%'"
    " THEN greatest(coalesce((t.extra->>k)::int, 0), coalesce((excluded.extra->>k)::int, 0))"
    " ELSE coalesce((t.extra->>k)::int, 0) + coalesce((excluded.extra->>k)::int, 0) END),"
    " '{}'::jsonb) FROM jsonb_object_keys(t.extra || excluded.extra) AS k)"
)
"""Two rows' `extra` counters added key by key (a key missing from one counts 0); a
`biggest_` counter keeps the larger (`projections.games.base.combined`)."""

_GAME_CHANGES = (
    "status",
    "winner",
    "score_a",
    "score_b",
    "score",
    "places",
    "hands_played",
    "biggest_hand",
    "started_at",
    "finished_at",
    "duration_seconds",
    "abandoned",
    "confirmed_at",
    "counts_for",
    "facts",
)
_STREAK_CHANGES = (
    "last_match",
    "last_at",
    "current_length",
    "current_first_match",
    "current_first_at",
    "current_last_match",
    "current_last_at",
    "best_length",
    "best_first_match",
    "best_first_at",
    "best_last_match",
    "best_last_at",
)


class StatsWrites:
    def __init__(self, suffix: str) -> None:
        games, player_games, totals, streaks, achievements = (f"{t}{suffix}" for t in STATS_TABLES)
        self.load_games = f"SELECT facts::text FROM {games} WHERE match_id = ANY($1::text[])"
        self.load_streaks = (
            f"SELECT player_id, last_match, last_at, current_length, current_first_match,"
            f" current_first_at, current_last_match, current_last_at, best_length,"
            f" best_first_match, best_first_at, best_last_match, best_last_at, game"
            f" FROM {streaks} WHERE (player_id, game) IN"
            f" (SELECT * FROM unnest($1::text[], $2::text[]))"
        )
        self.load_marks = (
            f"SELECT finished_at, match_id, won FROM {player_games}"
            f" WHERE player_id = $1 AND preset = ANY($2::text[])"
        )
        self.upsert_games = _upsert(
            games,
            "match_id",
            "UPDATE SET " + ", ".join(f"{c} = excluded.{c}" for c in _GAME_CHANGES),
        )
        self.insert_player_games = _upsert(player_games, "player_id, match_id", "NOTHING")
        self.add_totals = _upsert(
            totals,
            "player_id, preset",
            "UPDATE SET "
            + ", ".join(f"{c} = t.{c} + excluded.{c}" for c in COUNTERS)
            + f", extra = {_ADD_EXTRA}",
        )
        self.upsert_streaks = _upsert(
            streaks,
            "player_id, game",
            "UPDATE SET " + ", ".join(f"{c} = excluded.{c}" for c in _STREAK_CHANGES),
        )
        self.insert_achievements = _upsert(achievements, "player_id, kind", "NOTHING")
        self.erase_stages = (
            f"WITH g AS (UPDATE {games} SET stage = NULL,"
            " facts = jsonb_set(facts, '{stage}', 'null'::jsonb)"
            " WHERE match_id = ANY($1::text[]))"
            f" UPDATE {player_games} SET stage = NULL WHERE match_id = ANY($1::text[])"
        )
        """The stages of games whose creator was erased, gone from every row that holds one
        (the facts too: a batch that loaded them before the erasure writes them back after,
        without the stage column)."""
        # All five in one statement (a round trip each was most of a small batch's cost):
        # each writes its own table, so none depends on what another does, and PostgreSQL
        # runs every data-modifying WITH to completion whether or not it is read.
        parts = (
            self.upsert_games,
            self.insert_player_games,
            self.add_totals,
            self.upsert_streaks,
            self.insert_achievements,
        )
        self.write_all = (
            "WITH "
            + ", ".join(
                f"w{n} AS ({part.replace('$1', f'${n}')})" for n, part in enumerate(parts, start=1)
            )
            + " SELECT 1"
        )

    async def write(
        self,
        connection: Connection,
        games: Sequence[GameFacts],
        rows: Sequence[PlayerGame],
        totals: dict[tuple[str, str], Totals],
        streaks: Sequence[PlayerStreak],
        achievements: Sequence[Achievement],
    ) -> None:
        values = (
            [_game_row(g) for g in games],
            [_player_game_row(r) for r in rows],
            [_totals_row(key, t) for key, t in totals.items()],
            [streak_row(s) for s in streaks],
            [dict(zip(_ACHIEVEMENT, a, strict=True)) for a in achievements],
        )
        if any(values):
            await connection.execute(self.write_all, *(_ROWS.encode(v).decode() for v in values))

    async def add_achievements(
        self, connection: Connection, achievements: Sequence[Achievement]
    ) -> None:
        """Achievements earned (an achievement a player has already stays as it was)."""
        if achievements:
            rows = [dict(zip(_ACHIEVEMENT, a, strict=True)) for a in achievements]
            await connection.execute(self.insert_achievements, _ROWS.encode(rows).decode())


_ACHIEVEMENT = ("player_id", "kind", "match_id", "earned_at", "position")


def _game_row(game: GameFacts) -> dict[str, object]:
    finish = game.finish
    score = dict(finish.score) if finish and finish.score else game.score
    if finish and not finish.score:  # kept before 0013
        score = {"A": finish.score_a, "B": finish.score_b}
    return {
        "match_id": game.match_id,
        "competition_id": game.competition_id,
        "stage": game.stage,
        "preset": game.preset,
        "seats": game.seats,
        "created_at": game.created_at,
        "status": game.status,
        "winner": finish.winner if finish else None,
        "score_a": score.get("A", 0),
        "score_b": score.get("B", 0),
        "score": score,
        "places": finish.places_of(game.sides) if finish else None,
        "hands_played": len(game.hands),
        "biggest_hand": max((h.points for h in game.hands), default=0),
        "started_at": finish.started_at if finish else None,
        "finished_at": finish.at if finish else None,
        "duration_seconds": finish.duration_seconds if finish else None,
        "abandoned": finish.abandoned if finish else game.abandoned_by is not None,
        "confirmed_at": game.confirmed_at,
        "counts_for": game.counts_for,
        "facts": game,
    }


def _player_game_row(row: PlayerGame) -> dict[str, object]:
    values: dict[str, object] = {
        "player_id": row.player_id,
        "match_id": row.match_id,
        "seat": row.seat,
        "partner_id": row.partner_id,
        "opponents": row.opponents,
        "competition_id": row.competition_id,
        "stage": row.stage,
        "preset": row.preset,
        "finished_at": row.finished_at,
        "won": row.won,
        "biggest_hand": row.biggest_hand,
        "extra": row.extra,
    }
    values.update(zip(COUNTERS, row.counters, strict=True))
    return values


class Totals(msgspec.Struct):
    """One player's sums over a batch's games of one rule set."""

    counts: list[int] = msgspec.field(default_factory=lambda: [0] * len(COUNTERS))
    extra: dict[str, int] = msgspec.field(default_factory=dict)

    def add(self, row: PlayerGame) -> None:
        for i, count in enumerate(row.counters):
            self.counts[i] += count
        for name, count in row.extra.items():
            self.extra[name] = combined(name, self.extra.get(name, 0), count)


def _totals_row(key: tuple[str, str], totals: Totals) -> dict[str, object]:
    values: dict[str, object] = {"player_id": key[0], "preset": key[1], "extra": totals.extra}
    values.update(zip(COUNTERS, totals.counts, strict=True))
    return values


def streak_row(streak: PlayerStreak) -> dict[str, object]:
    c, b = streak.current, streak.best
    return {
        "player_id": streak.player_id,
        "game": streak.game,
        "last_match": streak.last_match,
        "last_at": streak.last_at,
        "current_length": c.length,
        "current_first_match": c.first_match,
        "current_first_at": c.first_at,
        "current_last_match": c.last_match,
        "current_last_at": c.last_at,
        "best_length": b.length,
        "best_first_match": b.first_match,
        "best_first_at": b.first_at,
        "best_last_match": b.last_match,
        "best_last_at": b.last_at,
    }

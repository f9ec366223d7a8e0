"""`stats`: per-game facts, per-player game rows and totals, win streaks and achievements.

A batch of events is folded in memory: the games it touches are loaded in one query, folded
event by event, and every confirmed game's contribution (rows, totals, streaks,
achievements) is written back with one statement per table. Only confirmed games count;
a game's contribution is computed once, from its final facts, when it is confirmed.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Mapping

import asyncpg
import msgspec

from domain import BY_NAME, DECODER, MatchCreated
from domain.competitions import REGISTRY_DECODER, PlayerErased
from projections.achievements import Earned, earned_in, streak_earned
from projections.base import NOT_NARROWED, Connection, StoredEvent
from projections.contributions import PlayerGame, contributions
from projections.disputes import TakeBack
from projections.facts import FACTS_DECODER, GAME_EVENT_TYPES, GameFacts, created, fold_event
from projections.remembered import RememberedGames
from projections.stats_writes import STATS_TABLES, Achievement, StatsWrites, Totals
from projections.streaks import GameMark, Milestone, PlayerStreak, Run, advance, recount, start

log = logging.getLogger("domino.projections")


class Stats:
    tables: tuple[str, ...] = STATS_TABLES
    event_types: tuple[str, ...] = (*GAME_EVENT_TYPES, "player_erased")
    narrowed: Mapping[str, str] = NOT_NARROWED

    def __init__(self, suffix: str = "", *, remembered: RememberedGames | None = None) -> None:
        self.name = f"stats{suffix}"
        self.sql = StatsWrites(suffix)
        self.take_back = TakeBack(suffix, self.sql)
        self.remembered = remembered

    def writing_to(self, suffix: str) -> Stats:
        """A rebuild's shadow, which keeps the games it wrote for its next batches."""
        return Stats(suffix, remembered=RememberedGames())

    async def apply(self, connection: Connection, events: list[StoredEvent]) -> None:
        """A dispute ends a part of the batch: what came before is written, then what a
        confirmed game added is taken back (`projections.disputes`), then the rest. So does
        an erasure: the stages its player wrote are then cleared."""
        try:
            start = 0
            for at, stored in enumerate(events):
                if stored.type == "player_erased":
                    await self._apply(connection, events[start:at])
                    await self.erased(connection, _staged(stored))
                    start = at + 1
                elif stored.type == "match_disputed":
                    await self._apply(connection, events[start:at])
                    match_id = stored.stream_id.removeprefix("match-")
                    game = await self._confirmed(connection, match_id)
                    if game is not None:
                        await self.take_back(connection, game.match_id, game.game, stored.position)
                    start = at
            await self._apply(connection, events[start:])
        except BaseException:
            if self.remembered is not None:  # the games were folded further than written
                self.remembered.forget()
            raise

    async def erased(self, connection: Connection, staged: tuple[str, ...]) -> None:
        """The games' stages gone (their creator's data was erased): what a reader sees now,
        as a rebuild shows it, the openings being gone."""
        if staged:
            await connection.execute(self.sql.erase_stages, list(staged))
            if self.remembered is not None:
                self.remembered.let_go(staged)

    async def _confirmed(self, connection: Connection, match_id: str) -> GameFacts | None:
        row = await connection.fetchrow(self.sql.load_games, [match_id])
        game = None if row is None else FACTS_DECODER.decode(row[0])
        return game if game is not None and game.status == "confirmed" else None

    async def _apply(self, connection: Connection, events: list[StoredEvent]) -> None:
        if not events:
            return
        batch = _Batch(connection, self.sql)
        match_ids = {e.stream_id.removeprefix("match-") for e in events}
        await batch.load_games(match_ids, self.remembered)
        for stored in events:
            batch.fold(stored)
        await batch.count_confirmed()
        await self.sql.write(
            connection,
            list(batch.changed.values()),
            batch.rows,
            batch.totals,
            list(batch.changed_streaks.values()),
            list(batch.earned.values()),
        )
        if self.remembered is not None:
            self.remembered.keep(batch.changed.values())


def _staged(stored: StoredEvent) -> tuple[str, ...]:
    try:
        event = REGISTRY_DECODER.decode(stored.data)
    except msgspec.DecodeError:
        log.warning("stats: event %s does not decode: skipped", stored.position)
        return ()
    return event.staged if isinstance(event, PlayerErased) else ()


class _Batch:
    def __init__(self, connection: Connection, sql: StatsWrites) -> None:
        self.connection = connection
        self.sql = sql
        self.games: dict[str, GameFacts] = {}
        self.changed: dict[str, GameFacts] = {}
        self.counted: list[tuple[int, GameFacts, tuple[int, ...]]] = []
        """(position, game, the seats it starts to count for there)"""
        self.rows: list[PlayerGame] = []
        self.totals: dict[tuple[str, str], Totals] = defaultdict(Totals)
        # Streaks, and the games of this batch and before, by (player, game).
        self.streaks: dict[tuple[str, str], PlayerStreak] = {}
        self.changed_streaks: dict[tuple[str, str], PlayerStreak] = {}
        self.pending: dict[tuple[str, str], list[GameMark]] = defaultdict(list)
        self.histories: dict[tuple[str, str], list[GameMark]] = {}
        self.earned: dict[tuple[str, str], Achievement] = {}

    async def load_games(self, match_ids: set[str], remembered: RememberedGames | None) -> None:
        missing = list(match_ids)
        if remembered is not None:
            found, missing = remembered.take(match_ids)
            self.games.update(found)
            if not missing:
                return
        rows = await self.connection.fetch(self.sql.load_games, missing)
        for row in rows:
            game = FACTS_DECODER.decode(row[0])
            self.games[game.match_id] = game

    def fold(self, stored: StoredEvent) -> None:
        match_id = stored.stream_id.removeprefix("match-")
        try:
            event = DECODER.decode(stored.data)
        except msgspec.DecodeError:
            log.warning("stats: event %s does not decode: skipped", stored.position)
            return
        game = self.games.get(match_id)
        if isinstance(event, MatchCreated):
            if game is None:
                self.games[match_id] = self.changed[match_id] = created(match_id, event)
            return
        if game is None:
            log.warning("stats: event %s of a game never created: skipped", stored.position)
            return
        seats = fold_event(game, event)
        if seats:
            self.counted.append((stored.position, game, seats))
        self.changed[match_id] = game

    async def count_confirmed(self) -> None:
        """What each game adds for the players it starts to count for (design.md, "Who may
        make a game count"): their rows, totals, streaks and achievements."""
        keys = list({(g.seats[s], g.game) for _, g, seats in self.counted for s in seats})
        if keys:
            players, games = [k[0] for k in keys], [k[1] for k in keys]
            for record in await self.connection.fetch(self.sql.load_streaks, players, games):
                streak = _streak_of(record)
                self.streaks[(streak.player_id, streak.game)] = streak
        for position, game, seats in self.counted:
            counted = {game.seats[s] for s in seats}
            for row in contributions(game):
                if row.seat not in seats:
                    continue
                self.rows.append(row)
                self.totals[(row.player_id, row.preset)].add(row)
                mark = GameMark(row.finished_at, row.match_id, row.won)
                reached = await self._streak((row.player_id, game.game), mark)
                self._earn(streak_earned(row.player_id, reached, game.game), position)
            self._earn([e for e in earned_in(game) if e.player_id in counted], position)

    def _earn(self, earned: list[Earned], position: int) -> None:
        for e in earned:
            self.earned.setdefault((e.player_id, e.kind), (*e, position))

    async def _streak(self, key: tuple[str, str], mark: GameMark) -> list[Milestone]:
        player, game = key
        streak = self.streaks.get(key)
        history = self.histories.get(key)
        if history is not None:
            history.append(mark)
        if streak is None:
            streak, reached = start(player, mark, game)
        elif streak.in_order(mark):
            reached = advance(streak, mark)
        else:  # confirmed after a game played later: count this player's games again
            if history is None:
                presets = list(BY_NAME[game].presets)
                rows = await self.connection.fetch(self.sql.load_marks, player, presets)
                history = [GameMark(r[0], r[1], r[2]) for r in rows]
                history += [*self.pending[key], mark]
                self.histories[key] = history
            streak, reached = recount(player, history, game)
        self.pending[key].append(mark)
        self.streaks[key] = self.changed_streaks[key] = streak
        return reached


def _streak_of(row: asyncpg.Record) -> PlayerStreak:
    return PlayerStreak(
        player_id=row[0],
        last_match=row[1],
        last_at=row[2],
        game=row[13],
        current=_run(row, 3),
        best=_run(row, 8),
    )


def _run(row: asyncpg.Record, at: int) -> Run:
    return Run(
        length=row[at],
        first_match=row[at + 1],
        first_at=row[at + 2],
        last_match=row[at + 3],
        last_at=row[at + 4],
    )

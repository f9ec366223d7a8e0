"""The reports' reads: the projections' tables only (confirmed games' rows, the games'
finished time), one snapshot per report, both periods in one read of each table."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from litestar.datastructures import State

from domain import BY_NAME, DEFAULT_GAME, game_of
from projections.base import Connection
from projections.games import every_read_side, read_side
from service.reads.reports import tallies as tally
from service.reads.reports.schemas import Compared, CompetitionReport, Period, PlayerReport
from service.reads.snapshot import folded_up_to, snapshot
from service.store.registry import Registry, parse_id

_BATIDA_COLUMNS = {c for side in every_read_side().values() for c in side.batidas.values()}
_COUNTED = ", ".join(sorted({*tally.PLAYER_FIGURES.values(), *_BATIDA_COLUMNS}))
_PLAYER_GAMES = f"""
    SELECT player_id, match_id, finished_at, won, partner_id, opponents, extra, {_COUNTED}
    FROM proj_player_games
    WHERE {{who}} = $1 AND finished_at >= $2 AND finished_at < $3 {{presets}}
    ORDER BY finished_at, match_id
"""
_GAMES = """
    SELECT match_id, seats,
        CASE WHEN status = 'confirmed' AND cardinality(counts_for) < cardinality(seats)
             THEN 'finished' ELSE status END AS status,
        finished_at, duration_seconds, winner, score_a, score_b, score::text AS score,
        hands_played
    FROM proj_games
    WHERE competition_id = $1 AND status IN ('finished', 'confirmed')
        AND finished_at >= $2 AND finished_at < $3
    ORDER BY finished_at, match_id
"""
_IN_PROGRESS = """
    SELECT count(*) FILTER (WHERE created_at >= $3)::int AS now,
        count(*) FILTER (WHERE created_at < $3)::int AS before
    FROM proj_games
    WHERE competition_id = $1 AND status = 'in_progress' AND created_at >= $2
        AND created_at < $4
"""
_NAMES = "SELECT player_id, name FROM proj_players WHERE player_id = ANY($1::text[])"


async def read_player_report(
    state: State, player_id: str, period: Period, game: str = DEFAULT_GAME
) -> PlayerReport:
    registry: Registry = state.registry
    player = await registry.player(player_id)
    player_id = parse_id(player_id, "player")
    before = period.previous()
    sql = _PLAYER_GAMES.format(who="player_id", presets="AND preset = ANY($4::text[])")
    async with snapshot(state) as connection:
        rows = await _rows(
            connection, sql, player_id, before.since, period.until, list(BY_NAME[game].presets)
        )
        now, then = tally.split(rows, period)
        met = {p for r in now for p in (r["partner_id"], *r["opponents"]) if p is not None}
        names = await _names(connection, met)
        position = await folded_up_to(connection)
    best_now, current_now = tally.win_runs(r["won"] for r in now)
    best_then, current_then = tally.win_runs(r["won"] for r in then)
    figures = tally.compare(
        tally.sums(now, tally.PLAYER_FIGURES), tally.sums(then, tally.PLAYER_FIGURES)
    )
    return PlayerReport(
        player_id=player_id,
        name=player.name,
        game=game,
        period=period,
        previous_period=before,
        **figures,
        batidas=_batidas(game, now, then),
        game_counters=tally.compare(tally.extra_sums(now), tally.extra_sums(then)),
        best_streak=Compared.of(best_now, best_then),
        current_streak=Compared.of(current_now, current_then),
        partners=tally.partners(now, names),
        opponents=tally.opponents(now, names),
        as_of_position=position,
    )


async def read_competition_report(
    state: State, competition_id: str, period: Period
) -> CompetitionReport:
    registry: Registry = state.registry
    competition = await registry.competition(competition_id)
    competition_id = parse_id(competition_id, "competition")
    game = game_of(competition.rules).name
    before = period.previous()
    player_sql = _PLAYER_GAMES.format(who="competition_id", presets="")
    async with snapshot(state) as connection:
        games = await _rows(connection, _GAMES, competition_id, before.since, period.until)
        rows = await _rows(connection, player_sql, competition_id, before.since, period.until)
        waiting = await connection.fetchrow(
            _IN_PROGRESS, competition_id, before.since, period.since, period.until
        )
        assert waiting is not None
        now, then = tally.split(rows, period)
        names = await _names(connection, {r["player_id"] for r in now})
        position = await folded_up_to(connection)
    games_now, games_then = tally.split(games, period)
    confirmed_now = [g for g in games_now if g["status"] == "confirmed"]
    confirmed_then = [g for g in games_then if g["status"] == "confirmed"]
    longest = tally.first_most(confirmed_now, "duration_seconds")
    biggest = tally.first_most(confirmed_now)
    return CompetitionReport(
        competition_id=competition_id,
        name=await registry.competition_name(competition_id),
        kind=competition.kind,
        game=game,
        period=period,
        previous_period=before,
        games=Compared.of(len(games_now), len(games_then)),
        confirmed=Compared.of(len(confirmed_now), len(confirmed_then)),
        in_progress=Compared.of(waiting["now"], waiting["before"]),
        players=Compared.of(
            len({r["player_id"] for r in now}), len({r["player_id"] for r in then})
        ),
        hands=Compared.of(
            _total(confirmed_now, "hands_played"), _total(confirmed_then, "hands_played")
        ),
        points=Compared.of(_points(confirmed_now), _points(confirmed_then)),
        batidas=_batidas(game, now, then),
        game_counters=tally.compare(
            tally.competition_counters(_of(now, confirmed_now)),
            tally.competition_counters(_of(then, confirmed_then)),
        ),
        top_players=tally.top_players(
            now,
            names,
            fewer_points=read_side(game).fewer_points_better,
            by_place=any(c.name == "average_place" for c in read_side(game).criteria),
        ),
        longest_game=tally.game_line(longest) if longest else None,
        biggest_win=tally.game_line(biggest) if biggest else None,
        as_of_position=position,
    )


def _batidas(game: str, now: list[tally.Row], then: list[tally.Row]) -> dict[str, Compared]:
    """The game's batidas by kind (its read side's), against the period before."""
    kinds = read_side(game).batidas
    return tally.compare(tally.sums(now, kinds), tally.sums(then, kinds)) if kinds else {}


def _of(rows: Iterable[tally.Row], games: Iterable[tally.Row]) -> list[tally.Row]:
    """The player rows of these games: a game's own counters are counted whole, from the
    games that count for every seat (one that counts for one player a side holds half of
    its teams' rows), as its hands and points are."""
    counted = {g["match_id"] for g in games}
    return [r for r in rows if r["match_id"] in counted]


def _total(rows: Iterable[tally.Row], column: str) -> int:
    return sum(int(r[column]) for r in rows)


def _points(games: Iterable[tally.Row]) -> int:
    """Every side's points, in the games of two partnerships as in those played alone."""
    return sum(sum(tally.scores_of(g).values()) for g in games)


async def _rows(connection: Connection, sql: str, *args: Any) -> list[tally.Row]:
    return [dict(r) for r in await connection.fetch(sql, *args)]


async def _names(connection: Connection, ids: set[str]) -> dict[str, str]:
    records: list[Any] = await connection.fetch(_NAMES, sorted(ids))
    return {r["player_id"]: r["name"] for r in records}

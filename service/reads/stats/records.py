"""All-time records of a game with the achievements earned, and a player's achievements
with the records they hold, each read in one snapshot."""

from __future__ import annotations

import msgspec
from litestar.datastructures import State

from domain import BY_NAME, DEFAULT_GAME
from projections import player_stats, records
from projections.achievements import ACHIEVEMENTS, BY_GAME
from projections.seasons import Season
from service.reads.errors import InvalidQuery
from service.reads.snapshot import folded_up_to, snapshot
from service.reads.stats.players import achievements_of, run_of
from service.reads.stats.schemas import EarnedOut, PlayerAchievements, RecordOut, Records
from service.store.registry import Registry, parse_id


async def read_player_achievements(state: State, player_id: str) -> PlayerAchievements:
    """As `GET /v1/players/{id}/achievements` answers them: of every game."""
    registry: Registry = state.registry
    player = await registry.player(player_id)
    player_id = parse_id(player_id, "player")
    async with snapshot(state) as connection:
        earned = await player_stats.achievements(connection, player_id)
        streak = await player_stats.streaks(connection, player_id)
        held = [r for game in BY_NAME for r in await records.all_time(connection, game=game)]
        position = await folded_up_to(connection)
    mine = [r for r in held if player_id in (r["player_id"], r["partner_id"])]
    return PlayerAchievements(
        player_id=player_id,
        name=player.name,
        achievements=achievements_of(earned),
        records=[msgspec.convert(r, RecordOut) for r in mine],
        best_streak=run_of(streak, "best"),
        as_of_position=position,
    )


def _game_of_records(kind: str | None, game: str | None) -> str:
    """The game whose records are asked: `game`, else the one `kind` is an achievement of,
    else dominoes; `invalid-achievement` for a kind of no game, or of another game."""
    if kind is not None and kind not in ACHIEVEMENTS:
        known = ", ".join(ACHIEVEMENTS)
        raise InvalidQuery("invalid-achievement", f"no achievement {kind!r}: one of {known}")
    named: str = game or next((g for g, k in BY_GAME.items() if kind in k), DEFAULT_GAME)
    if kind is not None and kind not in BY_GAME[named]:
        raise InvalidQuery("invalid-achievement", f"{kind!r} is not an achievement of {named}")
    return named


async def read_records(
    state: State,
    min_games: int,
    kind: str | None,
    limit: int,
    game: str | None,
    season: Season | None = None,
) -> Records:
    """As `GET /v1/records` answers them: `limit` achievements earned, the latest first;
    a season's records and the achievements first earned in it (G39)."""
    named = _game_of_records(kind, game)
    kinds = BY_GAME[named]
    period = None if season is None else (season.since, season.until)
    asked = [kind] if kind else list(kinds)
    async with snapshot(state) as connection:
        held = await records.all_time(connection, min_games, game=named, period=period)
        earned = await records.achievements(connection, asked, limit, period)
        position = await folded_up_to(connection)
    return Records(
        game=named,
        records=[msgspec.convert(r, RecordOut) for r in held],
        achievements=[EarnedOut(description=ACHIEVEMENTS.get(e["kind"], ""), **e) for e in earned],
        achievement_kinds=dict(kinds),
        min_games=min_games,
        as_of_position=position,
        season=None if season is None else season.name,
    )

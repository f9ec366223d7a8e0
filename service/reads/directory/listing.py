"""Lists from the projections: a player's or a competition's games, by status; players by
name; competitions. A new record shows here a moment after it is written: see `as_of_position`."""

from __future__ import annotations

import msgspec
from litestar.datastructures import State

from projections.directory import search_key
from service.reads.directory.schemas import (
    CompetitionEntry,
    CompetitionList,
    MatchList,
    MatchSummary,
    PlayerEntry,
    PlayerList,
)
from service.reads.snapshot import folded_up_to, snapshot
from service.reads.stages import stage_named
from service.reads.stale import stale_after_of
from service.store.registry import parse_id

_SCORE = msgspec.json.Decoder(dict[str, int])
_PLACES = msgspec.json.Decoder(list[list[str]])
_SQL = """
SELECT match_id, status, preset, seats, score::text, score_a, score_b, winner, competition_id,
       stage,
       created_at, finished_at, count(*) OVER (),
       CASE WHEN status = 'confirmed'
            THEN coalesce(counts_for, array(SELECT generate_series(0, cardinality(seats) - 1)))
       END,
       status = 'finished' AND finished_at < now() - $7::interval,
       places::text
  FROM proj_games
 WHERE ($1::text IS NULL OR $1 = ANY(seats))
   AND ($2::text IS NULL OR competition_id = $2)
   AND ($3::text IS NULL OR status = $3
        OR ($3 = 'stale' AND status = 'finished' AND finished_at < now() - $7::interval))
   AND ($6::text IS NULL OR stage = $6)
 ORDER BY created_at DESC, match_id
 LIMIT $4 OFFSET $5
"""


async def list_matches(
    state: State,
    player: str | None,
    competition: str | None,
    status: str | None,
    limit: int,
    offset: int,
    stage: str | None = None,
) -> MatchList:
    stage = stage_named(stage)
    player_id = parse_id(player, "player") if player else None
    competition_id = parse_id(competition, "competition") if competition else None
    async with snapshot(state) as connection:
        rows = await connection.fetch(
            _SQL, player_id, competition_id, status, limit, offset, stage, stale_after_of(state)
        )
        position = await connection.fetchval(
            "SELECT coalesce(min(position), 0) FROM projection_checkpoints"
        )
    return MatchList(
        matches=[
            MatchSummary(
                id=r[0],
                status=r[1],
                preset=r[2],
                seats=list(r[3]),
                score=_SCORE.decode(r[4]) if r[4] else {"A": r[5], "B": r[6]},
                winner=r[7],
                competition_id=r[8],
                stage=r[9],
                created_at=r[10],
                finished_at=r[11],
                counts_for=None if r[13] is None else list(r[13]),
                stale=bool(r[14]),
                places=_PLACES.decode(r[15]) if r[15] else None,
            )
            for r in rows
        ],
        total=rows[0][12] if rows else 0,
        as_of_position=int(position),
    )


_PLAYERS_SQL = """
SELECT player_id, name, registered_at, count(*) OVER ()
  FROM proj_players
 WHERE $1::text IS NULL OR strpos(search_name, $1) > 0
 ORDER BY search_name, name, player_id
 LIMIT $2 OFFSET $3
"""

_COMPETITIONS_SQL = """
SELECT competition_id, name, kind, preset, created_at, count(*) OVER ()
  FROM proj_competitions
 WHERE $1::text IS NULL OR kind = $1
 ORDER BY created_at DESC, competition_id
 LIMIT $2 OFFSET $3
"""


async def list_players(state: State, name: str | None, limit: int, offset: int) -> PlayerList:
    async with snapshot(state) as connection:
        rows = await connection.fetch(
            _PLAYERS_SQL, search_key(name) if name else None, limit, offset
        )
        position = await folded_up_to(connection, "directory")
    return PlayerList(
        players=[PlayerEntry(id=r[0], name=r[1], registered_at=r[2]) for r in rows],
        total=rows[0][3] if rows else 0,
        as_of_position=position,
    )


async def list_competitions(
    state: State, kind: str | None, limit: int, offset: int
) -> CompetitionList:
    async with snapshot(state) as connection:
        rows = await connection.fetch(_COMPETITIONS_SQL, kind, limit, offset)
        position = await folded_up_to(connection, "directory")
    return CompetitionList(
        competitions=[
            CompetitionEntry(id=r[0], name=r[1], kind=r[2], preset=r[3], created_at=r[4])
            for r in rows
        ],
        total=rows[0][5] if rows else 0,
        as_of_position=position,
    )

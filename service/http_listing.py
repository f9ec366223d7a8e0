"""A player's or a competition's games, by status (from the `stats` projection, so a game
shows here a moment after it is written: see `as_of_position`)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

import msgspec
from litestar.datastructures import State
from litestar.params import QueryParameter
from msgspec import Meta

from service.http_stats import snapshot
from service.registry import parse_id


class MatchSummary(msgspec.Struct, frozen=True, kw_only=True):
    id: Annotated[str, Meta(description="The game's id.")]
    status: Annotated[str, Meta(description="in_progress, finished or confirmed.")]
    preset: Annotated[str, Meta(description="Its rule set.")]
    seats: Annotated[list[str], Meta(description="Player ids in order of play.")]
    score: Annotated[dict[str, int], Meta(description='Points per team: {"A": n, "B": n}.')]
    winner: Annotated[str | None, Meta(description="The winning team, once finished.")]
    competition_id: Annotated[str | None, Meta(description="Its competition, if any.")]
    created_at: Annotated[datetime, Meta(description="When it was created.")]
    finished_at: Annotated[datetime | None, Meta(description="When it finished.")]


class MatchList(msgspec.Struct, frozen=True, kw_only=True):
    matches: Annotated[list[MatchSummary], Meta(description="Newest first.")]
    total: Annotated[int, Meta(description="How many games match the filters.")]
    as_of_position: Annotated[int, Meta(description="The last event folded into this answer.")]


_SQL = """
SELECT match_id, status, preset, seats, score_a, score_b, winner, competition_id,
       created_at, finished_at, count(*) OVER ()
  FROM proj_games
 WHERE ($1::text IS NULL OR $1 = ANY(seats))
   AND ($2::text IS NULL OR competition_id = $2)
   AND ($3::text IS NULL OR status = $3)
 ORDER BY created_at DESC, match_id
 LIMIT $4 OFFSET $5
"""


StatusFilter = Annotated[
    Literal["in_progress", "finished", "confirmed"] | None,
    QueryParameter(description="Only games in this state."),
]
Limit = Annotated[int, QueryParameter(ge=1, le=500, description="Page size.")]
Offset = Annotated[int, QueryParameter(ge=0, le=1_000_000, description="Skip this many.")]


async def list_matches(
    state: State,
    player: str | None,
    competition: str | None,
    status: str | None,
    limit: int,
    offset: int,
) -> MatchList:
    player_id = parse_id(player, "player") if player else None
    competition_id = parse_id(competition, "competition") if competition else None
    async with snapshot(state) as connection:
        rows = await connection.fetch(_SQL, player_id, competition_id, status, limit, offset)
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
                score={"A": r[4], "B": r[5]},
                winner=r[6],
                competition_id=r[7],
                created_at=r[8],
                finished_at=r[9],
            )
            for r in rows
        ],
        total=rows[0][10] if rows else 0,
        as_of_position=int(position),
    )

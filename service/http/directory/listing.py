"""Lists from the projections: a player's or a competition's games, by status; players by
name; competitions. A new record shows here a moment after it is written: see `as_of_position`."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

import msgspec
from litestar.datastructures import State
from litestar.params import QueryParameter
from msgspec import Meta

from projections.directory import search_key
from service.http.stats.reading import folded_up_to, snapshot
from service.store.registry import parse_id


class MatchSummary(msgspec.Struct, frozen=True, kw_only=True):
    id: Annotated[str, Meta(description="The game's id.")]
    status: Annotated[str, Meta(description="in_progress, finished or confirmed.")]
    preset: Annotated[str, Meta(description="Its rule set.")]
    seats: Annotated[list[str], Meta(description="Player ids in order of play.")]
    score: Annotated[
        dict[str, int],
        Meta(description='Points per side: {"A": n, "B": n}, or per seat: {"0": n, ...}.'),
    ]
    winner: Annotated[
        str | None, Meta(description="The winning side, once finished (null: a shared first).")
    ]
    competition_id: Annotated[str | None, Meta(description="Its competition, if any.")]
    stage: Annotated[str | None, Meta(description="Its torneio stage, if any.")]
    created_at: Annotated[datetime, Meta(description="When it was created.")]
    finished_at: Annotated[datetime | None, Meta(description="When it finished.")]
    counts_for: Annotated[
        list[int] | None,
        Meta(
            description="Once confirmed: the seats whose players consented, for whom it "
            "counts (the game's own `counts_for`)."
        ),
    ] = None


class Page(msgspec.Struct, frozen=True, kw_only=True):
    total: Annotated[int, Meta(description="How many match the filters, on every page.")]
    as_of_position: Annotated[int, Meta(description="The last event folded into this answer.")]


class MatchList(Page, frozen=True, kw_only=True):
    matches: Annotated[list[MatchSummary], Meta(description="Newest first.")]


_SCORE = msgspec.json.Decoder(dict[str, int])
_SQL = """
SELECT match_id, status, preset, seats, score::text, score_a, score_b, winner, competition_id,
       stage,
       created_at, finished_at, count(*) OVER (),
       CASE WHEN status = 'confirmed'
            THEN coalesce(counts_for, array(SELECT generate_series(0, cardinality(seats) - 1)))
       END
  FROM proj_games
 WHERE ($1::text IS NULL OR $1 = ANY(seats))
   AND ($2::text IS NULL OR competition_id = $2)
   AND ($3::text IS NULL OR status = $3)
   AND ($6::text IS NULL OR stage = $6)
 ORDER BY created_at DESC, match_id
 LIMIT $4 OFFSET $5
"""


StatusFilter = Annotated[
    Literal["in_progress", "finished", "confirmed", "cancelled"] | None,
    QueryParameter(description="Only games in this state."),
]
_UUID = r"^[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}$"
PlayerFilter = Annotated[
    str | None, QueryParameter(pattern=_UUID, description="Only games this player sits in.")
]
StageFilter = Annotated[
    str | None,
    QueryParameter(min_length=1, max_length=50, description="Only games of this torneio stage."),
]
CompetitionFilter = Annotated[
    str | None, QueryParameter(pattern=_UUID, description="Only this competition's games.")
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
    stage: str | None = None,
) -> MatchList:
    stage = stage.strip() if stage is not None else None  # stored trimmed
    player_id = parse_id(player, "player") if player else None
    competition_id = parse_id(competition, "competition") if competition else None
    async with snapshot(state) as connection:
        rows = await connection.fetch(_SQL, player_id, competition_id, status, limit, offset, stage)
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
            )
            for r in rows
        ],
        total=rows[0][12] if rows else 0,
        as_of_position=int(position),
    )


class PlayerEntry(msgspec.Struct, frozen=True, kw_only=True):
    id: Annotated[str, Meta(description="The player's id.")]
    name: Annotated[str, Meta(description="Display name.")]
    registered_at: Annotated[datetime, Meta(description="When they were registered.")]


class PlayerList(Page, frozen=True, kw_only=True):
    players: Annotated[list[PlayerEntry], Meta(description="By name, then id.")]


class CompetitionEntry(msgspec.Struct, frozen=True, kw_only=True):
    id: Annotated[str, Meta(description="The competition's id.")]
    name: Annotated[str, Meta(description="Its name.")]
    kind: Annotated[str, Meta(description="amistoso or torneio.")]
    preset: Annotated[str, Meta(description="Its rule set.")]
    created_at: Annotated[datetime, Meta(description="When it was created.")]


class CompetitionList(Page, frozen=True, kw_only=True):
    competitions: Annotated[list[CompetitionEntry], Meta(description="Newest first.")]


NameFilter = Annotated[
    str | None,
    QueryParameter(
        min_length=1,
        max_length=100,
        description="Only players whose name contains this text, in any case and with or "
        "without accents (tiao finds Tião).",
    ),
]
KindFilter = Annotated[
    Literal["amistoso", "torneio"] | None,
    QueryParameter(description="Only competitions of this kind."),
]

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

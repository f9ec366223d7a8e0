"""A game's súmula (its score sheet) as JSON or CSV, and the bulk export of games as NDJSON,
streamed (one súmula a line, Lichess-style). A súmula holds only what is public: the hands
that ended, never a tile or card of a hand in progress. Each hand carries `result`: the body
that `POST /v1/matches/{id}/results` takes to write it down again, so an exported line is
an import line (service/http/exports/imports.py)."""

from __future__ import annotations

import csv
import io
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Annotated, Any, Literal, cast

import msgspec
from litestar import Controller, Request, Response, get
from litestar.datastructures import State
from litestar.openapi.spec import OpenAPIMediaType, OpenAPIResponse, OpenAPIType, Operation, Schema
from litestar.params import QueryParameter
from litestar.response import Stream
from msgspec import Meta

from domain import BY_NAME, Match, game_of
from domain.cards.betting.session import over as session_over
from domain.match.guards import rules_of
from service.http.matches.schemas import GameName, MatchIdPath
from service.http.matches.views import HandOut, match_state
from service.http.reports.period import instant
from service.http.stats.reading import snapshot
from service.store.matches import Matches
from service.store.registry import parse_id

CSV = "text/csv"
NDJSON = "application/x-ndjson"
PAGE = 100


class SumulaHand(msgspec.Struct, frozen=True, kw_only=True):
    number: Annotated[int, Meta(description="The hand's number.")]
    outcome: Annotated[str, Meta(description="batida, bloqueio, tricks, empate, penalty...")]
    kind: Annotated[str | None, Meta(description="A batida's kind.")]
    winner: Annotated[str | None, Meta(description="The side that won it.")]
    points: Annotated[int, Meta(description="Points it gave its winner.")]
    score: Annotated[dict[str, int], Meta(description="The score after it.")]
    started_at: Annotated[datetime, Meta(description="When it began.")]
    ended_at: Annotated[datetime, Meta(description="When it ended (played).")]
    result: Annotated[
        dict[str, Any] | None,
        Meta(
            description="The body that writes this hand down again as a result; null for a "
            "hand no result body can say (a penalty)."
        ),
    ]


class Sumula(msgspec.Struct, frozen=True, kw_only=True):
    id: Annotated[str, Meta(description="The game.")]
    game: Annotated[str, Meta(description="The game (dominoes or a card game's name).")]
    rules: Annotated[dict[str, Any], Meta(description="Its rules (preset and settings).")]
    status: Annotated[str, Meta(description="in_progress, finished, confirmed or cancelled.")]
    seats: Annotated[list[str], Meta(description="Player ids in order of play (A: 0, 2).")]
    competition_id: Annotated[str | None, Meta(description="Its competition.")]
    stage: Annotated[str | None, Meta(description="Its torneio stage.")]
    place: Annotated[str | None, Meta(description="Where it was played.")]
    notes: Annotated[str, Meta(description="Free notes.")]
    hands: Annotated[list[SumulaHand], Meta(description="The hands that ended, in order.")]
    score: Annotated[dict[str, int], Meta(description="The final (or current) score.")]
    winner: Annotated[
        str | None,
        Meta(description="The winning side, once finished (null: a shared first place)."),
    ]
    places: Annotated[
        list[list[str]] | None,
        Meta(description="Once finished: every side, best first; a tie shares a place."),
    ] = None
    created_at: Annotated[datetime | None, Meta(description="When it was created.")]
    started_at: Annotated[datetime | None, Meta(description="When its first hand began.")]
    finished_at: Annotated[datetime | None, Meta(description="When it finished.")]
    confirmed_by: Annotated[list[str], Meta(description="Who confirmed it, by team.")]
    closed: Annotated[
        bool,
        Meta(
            description="A betting session closed between hands (P17), not played to one "
            "stack: an import closes it again after its hands."
        ),
    ] = False


async def sumula_of(state: State, match_id: str) -> Sumula:
    matches: Matches = state.matches
    record = await matches.latest(match_id)
    public = match_state(record.match_id, record.version, record.state, frozenset())
    running = dict.fromkeys(public.score, 0)
    hands = []
    game = game_of(rules_of(record.state))
    for hand, result in zip(public.hands, record.state.hands, strict=True):
        for side, points in result.gains().items():
            running[side] = running.get(side, 0) + points
        hands.append(
            SumulaHand(
                number=hand.number,
                outcome=hand.outcome,
                kind=hand.kind,
                winner=hand.winner,
                points=hand.points,
                score=dict(running),
                started_at=hand.started_at,
                ended_at=hand.ended_at,
                result=_with_times(game.result_body(result), hand),
            )
        )
    return Sumula(
        id=public.id,
        game=public.game,
        rules=public.rules,
        status=public.status,
        seats=public.seats,
        competition_id=public.competition_id,
        stage=public.stage,
        place=public.place,
        notes=public.notes,
        hands=hands,
        score=dict(public.score),
        winner=public.winner,
        places=public.places,
        created_at=public.created_at,
        started_at=public.started_at,
        finished_at=public.finished_at,
        confirmed_by=[c.by for c in public.confirmations],
        closed=_closed(record.state),
    )


def _closed(state: Match) -> bool:
    """A betting session that finished with more than one seat holding chips was closed
    between hands (P17); one abandoned was not."""
    if game_of(rules_of(state)).family != "betting" or state.abandoned_by is not None:
        return False
    return state.status in ("finished", "confirmed") and session_over(state) is None


def _with_times(body: dict[str, object] | None, hand: HandOut) -> dict[str, Any] | None:
    """The result body with the hand's own times (D27): it is written down again as played."""
    if body is None:
        return None
    times = {"started_at": hand.started_at.isoformat(), "played_at": hand.ended_at.isoformat()}
    return {**body, **times}


def sumula_csv(sumula: Sumula) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        [
            "game",
            "hand",
            "outcome",
            "kind",
            "winner",
            "points",
            "score_a",
            "score_b",
            "started_at",
            "ended_at",
            "score",
        ]
    )
    for hand in sumula.hands:
        every = " ".join(f"{side}:{points}" for side, points in hand.score.items())
        writer.writerow(
            [
                sumula.id,
                hand.number,
                hand.outcome,
                hand.kind or "",
                hand.winner or "",
                hand.points,
                hand.score.get("A", ""),
                hand.score.get("B", ""),
                hand.started_at.isoformat(),
                hand.ended_at.isoformat(),
                every,
            ]
        )
    return out.getvalue()


Format = Annotated[
    Literal["json", "csv"] | None,
    QueryParameter(description="json (default) or csv; `Accept: text/csv` asks for CSV too."),
]


@dataclass
class _AlsoCsv(Operation):
    """The súmula's success answer: JSON, or CSV when asked."""

    def __post_init__(self) -> None:
        ok = (self.responses or {}).get("200")
        if isinstance(ok, OpenAPIResponse) and ok.content is not None:
            ok.content[CSV] = OpenAPIMediaType(
                schema=Schema(
                    type=OpenAPIType.STRING,
                    description="One row per hand: "
                    "game, hand, outcome, kind, winner, points, score_a, score_b "
                    "(a partnership game's), started_at, ended_at, score (every "
                    "side's, `A:12 B:7` or `0:12 1:0 2:31 3:7`).",
                )
            )


class ExportController(Controller):
    tags = ["history"]

    @get(
        "/v1/matches/{match_id:str}/sumula",
        operation_id="getMatchSumula",
        operation_class=_AlsoCsv,
        summary="A game's súmula (score sheet), as JSON or CSV",
    )
    async def sumula(
        self,
        request: Request[Any, Any, Any],
        state: State,
        match_id: MatchIdPath,
        format: Format = None,
    ) -> Response[Sumula]:
        sheet = await sumula_of(state, match_id)
        if format == "csv" or (format is None and CSV in request.headers.get("accept", "")):
            return cast(Response[Sumula], Response(sumula_csv(sheet), media_type=CSV))
        return Response(sheet)

    @get(
        "/v1/exports/games",
        operation_id="exportGames",
        summary="Games as NDJSON, one súmula a line, streamed",
        description="Oldest finish first (then by id); filters combine. Each line can be "
        "posted back to `/v1/imports/games`.",
        media_type=NDJSON,
    )
    async def export(
        self,
        state: State,
        player: Annotated[
            str | None, QueryParameter(description="Games this player sat at.")
        ] = None,
        competition: Annotated[str | None, QueryParameter(description="A competition's.")] = None,
        game: Annotated[GameName | None, QueryParameter(description="One game's.")] = None,
        since: Annotated[
            str | None,
            QueryParameter(description="Finished since (date or RFC 3339).", max_length=40),
        ] = None,
        until: Annotated[
            str | None, QueryParameter(description="Finished before.", max_length=40)
        ] = None,
        status: Annotated[
            Literal["confirmed", "finished", "all"],
            QueryParameter(description="confirmed (default), finished (confirmed or not), all."),
        ] = "confirmed",
    ) -> Stream:
        filters = _Filters(
            player=parse_id(player, "player") if player else None,
            competition=parse_id(competition, "competition") if competition else None,
            presets=_presets(game),
            since=instant(since, "since") if since else None,
            until=instant(until, "until") if until else None,
            status=status,
        )
        return Stream(_lines(state, filters), media_type=NDJSON)


class _Filters(msgspec.Struct, frozen=True):
    player: str | None
    competition: str | None
    presets: list[str] | None
    since: datetime | None
    until: datetime | None
    status: str


def _presets(game: str | None) -> list[str] | None:
    return list(BY_NAME[game].presets) if game else None


_QUERY = """
    SELECT match_id, coalesce(finished_at, created_at) AS at, status <> 'confirmed' FROM proj_games
    WHERE ($1::text IS NULL OR $1 = ANY(seats))
      AND ($2::text IS NULL OR competition_id = $2)
      AND ($3::text[] IS NULL OR preset = ANY($3))
      AND ($4::timestamptz IS NULL OR finished_at >= $4)
      AND ($5::timestamptz IS NULL OR finished_at < $5)
      AND ($6 = 'all' OR status = $6 OR ($6 = 'finished' AND status = 'confirmed'))
      AND (coalesce(finished_at, created_at), match_id) > ($7, $8)
    ORDER BY coalesce(finished_at, created_at), match_id
    LIMIT $9
"""
_ENCODER = msgspec.json.Encoder()


async def player_export(state: State, player_id: str) -> str:
    """Every game the player sat at, as `/v1/exports/games` writes them (NDJSON)."""
    filters = _Filters(player_id, None, None, None, None, "all")
    return b"".join([line async for line in _lines(state, filters)]).decode()


async def _lines(state: State, filters: _Filters) -> AsyncIterator[bytes]:
    after: tuple[datetime, str] = (datetime.min.replace(tzinfo=UTC), "")  # before any game
    # A game written unconfirmed may finish (again: a hand annulled, then played) meanwhile,
    # and its place in the order (its end) move after the cursor: it is not written twice.
    # A confirmed game's end never moves.
    unconfirmed: set[str] = set()
    while True:
        async with snapshot(state) as connection:
            rows = await connection.fetch(
                _QUERY,
                filters.player,
                filters.competition,
                filters.presets,
                filters.since,
                filters.until,
                filters.status,
                after[0],
                after[1],
                PAGE,
            )
        for row in rows:
            if row[0] in unconfirmed:
                continue
            if row[2]:
                unconfirmed.add(row[0])
            yield _ENCODER.encode(await sumula_of(state, row[0])) + b"\n"
        if len(rows) < PAGE:
            return
        after = (rows[-1][1], rows[-1][0])

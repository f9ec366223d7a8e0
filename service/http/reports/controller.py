"""Performance reports: a player's or a competition's period against the one before it,
as JSON or CSV (`?format=csv`, or `Accept: text/csv`; `format` wins when both are sent)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from litestar import Controller, MediaType, Request, Response, get
from litestar.datastructures import State
from litestar.openapi.spec import (
    Example,
    OpenAPIMediaType,
    OpenAPIResponse,
    OpenAPIType,
    Operation,
    Schema,
)
from litestar.params import PathParameter, QueryParameter

from domain import DEFAULT_GAME
from service.http.reports.as_csv import HEADER, report_csv
from service.http.stats.params import GameParam
from service.reads.reports.period import period_of
from service.reads.reports.queries import read_competition_report, read_player_report
from service.reads.reports.schemas import CompetitionReport, PlayerReport

CSV = "text/csv"
_CSV_EXAMPLE = "\r\n".join(
    [
        ",".join(HEADER),
        "report,player_id,,,6f1c2d9e-4a7b-4f0e-9d3c-2b8a1e5f7c40,,",
        "period,since,,,2025-05-01T00:00:00Z,,",
        "figures,games_won,,,7,4,3",
        "batidas,cruzada,,,2,0,2",
        "partners,win_rate,c31b7a2d-5e4f-4a6b-8c9d-0e1f2a3b4c5d,Tião,0.75,,",
        "",
    ]
)


def _period_parameter(default: str) -> Any:
    return QueryParameter(
        max_length=40,
        description=f"A date (its day in UTC) or an RFC 3339 instant with a zone; {default}.",
        examples=[
            Example(summary="A date", value="2025-05-01"),
            Example(summary="An instant", value="2025-05-01T20:00:00-03:00"),
        ],
    )


Since = Annotated[str | None, _period_parameter("by default 30 days before `until`; inclusive")]
Until = Annotated[str | None, _period_parameter("by default now; exclusive (a date: to its end)")]
Format = Annotated[
    Literal["json", "csv"] | None,
    QueryParameter(
        description="csv for CSV; else `Accept: text/csv` asks for it; JSON by default."
    ),
]


@dataclass
class _AlsoCsv(Operation):
    """The OpenAPI operation of a report: its success answer is JSON, or CSV when asked."""

    def __post_init__(self) -> None:
        ok = (self.responses or {}).get("200")
        if isinstance(ok, OpenAPIResponse) and ok.content is not None:
            ok.content[CSV] = OpenAPIMediaType(
                schema=Schema(
                    type=OpenAPIType.STRING,
                    description=f"The same report, one row per number: {', '.join(HEADER)}.",
                ),
                example=_CSV_EXAMPLE,
            )


def _answer(
    request: Request[Any, Any, Any], report: Any, format: str | None, stem: str
) -> Response[Any]:
    wanted = format or (
        "csv" if request.accept.best_match([MediaType.JSON, CSV]) == CSV else "json"
    )
    if wanted == "json":
        return Response(report)
    return Response(
        report_csv(report),
        media_type=CSV,  # Litestar adds "; charset=utf-8"
        headers={"Content-Disposition": f'inline; filename="{stem}-report.csv"'},
    )


class ReportController(Controller):
    tags = ["reports"]

    @get(
        "/v1/players/{player_id:str}/report",
        operation_id="getPlayerReport",
        operation_class=_AlsoCsv,
        summary="A player's performance over a period, against the period before",
        description="Sums of the player's confirmed games of one game (dominoes unless `game` "
        "says otherwise) finished in the period: games, points, hands, batidas or the card "
        "game's counters, win streaks in the period, partners and opponents; each count "
        "beside its value in the previous period of the same length and the change.",
    )
    async def player_report(
        self,
        state: State,
        request: Request[Any, Any, Any],
        player_id: Annotated[str, PathParameter(description="The player's id.")],
        since: Since = None,
        until: Until = None,
        game: GameParam = None,
        format: Format = None,
    ) -> Response[PlayerReport]:
        period = period_of(since, until, datetime.now(UTC))
        report = await read_player_report(state, player_id, period, game or DEFAULT_GAME)
        return _answer(request, report, format, f"player-{report.player_id}")

    @get(
        "/v1/competitions/{competition_id:str}/report",
        operation_id="getCompetitionReport",
        operation_class=_AlsoCsv,
        summary="A competition's period, against the period before",
        description="Its games finished in the period (confirmed or awaiting confirmation), "
        "those created in it and still in progress, and of the confirmed ones: players, "
        "hands, points, batidas or the card game's counters, the top players by wins, the "
        "longest game and the biggest win; each count beside its value in the previous "
        "period of the same length and the change.",
    )
    async def competition_report(
        self,
        state: State,
        request: Request[Any, Any, Any],
        competition_id: Annotated[str, PathParameter(description="The competition's id.")],
        since: Since = None,
        until: Until = None,
        format: Format = None,
    ) -> Response[CompetitionReport]:
        period = period_of(since, until, datetime.now(UTC))
        report = await read_competition_report(state, competition_id, period)
        return _answer(request, report, format, f"competition-{report.competition_id}")


REPORT_CONTROLLERS = [ReportController]

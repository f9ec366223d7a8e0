"""/v1/competitions/{id}/seasons: each closed season (temporada) of a competition and its
champion, the first of that season's ranking (docs/rules-decisions.md, G37-G40)."""

from __future__ import annotations

from typing import Annotated, Literal

from litestar import Controller, get
from litestar.datastructures import State
from litestar.params import FromPath, QueryParameter

from service.reads.stats.seasons import CompetitionSeasons, read_seasons


class SeasonController(Controller):
    path = "/v1/competitions/{competition_id:str}/seasons"
    tags = ["competitions"]

    @get(
        "/",
        operation_id="getCompetitionSeasons",
        summary="A competition's closed seasons and their champions",
        description="Each month (or year, `by=year`) in Brazil's time that has ended and "
        "holds a confirmed game of the competition, oldest first, with its champion: the "
        "first of that season's ranking (`GET /v1/rankings?competition=...&season=...`), "
        "by the game's criteria; a first place shared on every criterion has no single "
        "champion (`champion` null, `champions` lists them).",
    )
    async def seasons(
        self,
        state: State,
        competition_id: FromPath[str],
        by: Annotated[
            Literal["month", "year"],
            QueryParameter(description="Seasons of a month (default) or of a year."),
        ] = "month",
    ) -> CompetitionSeasons:
        return await read_seasons(state, competition_id, by)

"""`/ranking`: the ranking board, filtered by rule set, competition, period or season
(`temporada`: a month or a year); `?tv=1`
shows it in large type and reloads it every half minute, for the bar's TV."""

from __future__ import annotations

from datetime import UTC, datetime

from litestar import Controller, get
from litestar.datastructures import State
from litestar.params import FromQuery
from litestar.response import Template

from service.pages.choices import day_start, given, rule_set, season_choices, season_label
from service.reads.directory.listing import list_competitions
from service.reads.stats.rankings import read_ranking

ROWS = 200
TV_REFRESH_SECONDS = 30


class RankingPage(Controller):
    @get("/ranking", name="pages:ranking")
    async def ranking(
        self,
        state: State,
        jogo: FromQuery[str | None] = None,
        competicao: FromQuery[str | None] = None,
        desde: FromQuery[str | None] = None,
        ate: FromQuery[str | None] = None,
        temporada: FromQuery[str | None] = None,
        tv: FromQuery[str | None] = None,
    ) -> Template:
        ranking = await read_ranking(
            state,
            given(competicao),
            day_start(desde),
            day_start(ate, days_after=1),
            rule_set(jogo),
            limit=ROWS,
            season=given(temporada),
        )
        competitions = await list_competitions(state, None, 200, 0)
        return Template(
            template_name="ranking.html",
            context={
                "ranking": ranking,
                "competicoes": competitions.competitions,
                "filtros": {
                    "jogo": given(jogo) or "",
                    "competicao": given(competicao) or "",
                    "desde": given(desde) or "",
                    "ate": given(ate) or "",
                    "temporada": given(temporada) or "",
                },
                "temporadas": season_choices(datetime.now(UTC)),
                "nome_da_temporada": season_label(ranking.season),
                "tv": tv == "1",
                "recarregar": TV_REFRESH_SECONDS,
            },
        )

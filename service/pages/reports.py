"""`/jogadores/{id}/relatorio` and `/competicoes/{id}/relatorio`: the performance reports of
`/v1/.../report` as a printable page (the same Structs, read by the same functions)."""

from __future__ import annotations

from datetime import UTC, datetime

from litestar import Controller, get
from litestar.datastructures import State
from litestar.params import FromPath, FromQuery
from litestar.response import Template

from domain import BY_NAME, DEFAULT_GAME
from projections.games import read_side
from service.pages.choices import day_start
from service.pages.formatting import GAMES
from service.reads.errors import InvalidQuery
from service.reads.reports.period import period_of
from service.reads.reports.queries import read_competition_report, read_player_report
from service.reads.reports.schemas import Period

FIGURES = {
    "games_played": "Jogos",
    "games_won": "Vitórias",
    "games_lost": "Derrotas",
    "games_abandoned": "Abandonos",
    "points_for": "Pontos a favor",
    "points_against": "Pontos contra",
    "hands_played": "Mãos jogadas",
    "hands_won": "Mãos ganhas",
    "best_streak": "Melhor sequência de vitórias",
    "current_streak": "Sequência no fim do período",
}
COMPETITION_FIGURES = {
    "games": "Jogos terminados",
    "confirmed": "Confirmados",
    "in_progress": "Em andamento (criados no período)",
    "players": "Jogadores",
    "hands": "Mãos",
    "points": "Pontos",
}
BATIDAS = {
    "simples": "Batidas simples",
    "carroca": "Batidas de carroça",
    "la-e-lo": "Batidas lá e ló",
    "cruzada": "Cruzadas",
    "total": "Batidas (todas)",
}
"""The batidas a report compares, by kind (the games whose read side counts them)."""


def counters_of(game: str) -> dict[str, str]:
    """The words for the counters of this game's report: its batidas and its own counters."""
    return {**BATIDAS, **read_side(game).labels.counters} if game in GAMES else BATIDAS


class ReportPages(Controller):
    @get("/jogadores/{player_id:str}/relatorio", name="pages:player-report")
    async def player(
        self,
        state: State,
        player_id: FromPath[str],
        jogo: FromQuery[str] = DEFAULT_GAME,
        desde: FromQuery[str | None] = None,
        ate: FromQuery[str | None] = None,
    ) -> Template:
        if jogo not in GAMES:
            raise InvalidQuery("invalid-parameters", f"jogo desconhecido: {jogo!r}")
        period = _brazil_days(desde, ate)
        report = await read_player_report(state, player_id, period, jogo)
        return Template(
            template_name="relatorio.html",
            context={
                "relatorio": report,
                "titulo": f"Relatório de {report.name}",
                "numeros": FIGURES,
                "contadores": counters_of(jogo),
                "jogo": jogo,
                "sozinho": BY_NAME[jogo].partnerships == "never",
                "desde": desde or "",
                "ate": ate or "",
                "de_jogador": True,
            },
        )

    @get("/competicoes/{competition_id:str}/relatorio", name="pages:competition-report")
    async def competition(
        self,
        state: State,
        competition_id: FromPath[str],
        desde: FromQuery[str | None] = None,
        ate: FromQuery[str | None] = None,
    ) -> Template:
        period = _brazil_days(desde, ate)
        report = await read_competition_report(state, competition_id, period)
        return Template(
            template_name="relatorio.html",
            context={
                "relatorio": report,
                "titulo": f"Relatório de {report.name}",
                "numeros": COMPETITION_FIGURES,
                "contadores": counters_of(report.game),
                "jogo": report.game,
                "sozinho": report.game in BY_NAME and BY_NAME[report.game].partnerships == "never",
                "desde": desde or "",
                "ate": ate or "",
                "de_jogador": False,
            },
        )


def _brazil_days(desde: str | None, ate: str | None) -> Period:
    """The days a date input sends, whole days in Brazil's time, as the ranking page reads
    them (`ate` includes its day)."""
    return period_of(day_start(desde), day_start(ate, days_after=1), datetime.now(UTC))

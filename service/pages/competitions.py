"""`/competicoes/{id}`: a competition's games; for a torneio run by the service its
standings per stage and group with the tie-breakers, fixtures, bracket, champion, prizes."""

from __future__ import annotations

from typing import Any

from litestar import Controller, get
from litestar.datastructures import State
from litestar.params import FromPath
from litestar.response import Template

from service.pages.choices import season_label
from service.pages.names import names_of, pair
from service.reads.competitions.competition import competition_out
from service.reads.directory.listing import list_matches
from service.reads.mesas.seating import mesa_now
from service.reads.stats.seasons import read_seasons
from service.reads.tournaments.standings import fixture_out, standings_out
from service.store.registry import Registry, parse_id
from service.store.tournaments import Tournaments

GAMES_SHOWN = 200


def group_name(group: int | None) -> str:
    return "" if group is None else f"Grupo {chr(ord('A') + group)}"


class CompetitionPage(Controller):
    @get("/competicoes/{competition_id:str}", name="pages:competition")
    async def competition(self, state: State, competition_id: FromPath[str]) -> Template:
        registry: Registry = state.registry
        created = await registry.competition_now(competition_id)
        competition_id = parse_id(competition_id, "competition")
        competition = await competition_out(state, competition_id, created)
        games = await list_matches(state, None, competition_id, None, GAMES_SHOWN, 0)
        torneio: dict[str, Any] | None = None
        if created.format is not None:
            tournaments: Tournaments = state.tournaments
            tournament, _ = await tournaments.load(competition_id)
            torneio = {
                "classificacao": standings_out(tournament),
                "confrontos": [fixture_out(tournament, f) for f in tournament.fixtures],
                "sozinhos": created.format.alone,
                "fichas": created.format.chips is not None,
            }
        team_players = [p for team in competition.teams for p in team]
        seasons = (await read_seasons(state, competition_id, "month")).seasons
        mesa = await mesa_now(state, competition_id) if created.mesa is not None else None
        at_mesa = [*(mesa.seats or ()), *mesa.waiting, *mesa.draw_by] if mesa else []
        names = await names_of(
            state,
            [
                *team_players,
                *competition.organizers,
                *(p for m in games.matches for p in m.seats),
                *at_mesa,
            ],
        )
        return Template(
            template_name="competicao.html",
            context={
                "competicao": competition,
                "partidas": games.matches,
                "torneio": torneio,
                "nomes": names,
                "equipes": [pair(names, team) for team in competition.teams],
                "nome_do_grupo": group_name,
                "temporadas": seasons,
                "nome_da_temporada": season_label,
                "mesa": mesa,
            },
        )

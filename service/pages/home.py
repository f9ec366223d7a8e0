"""`/`: the latest confirmed games, the top of each rule set's ranking, the competitions."""

from __future__ import annotations

from litestar import Controller, get
from litestar.datastructures import State
from litestar.response import Template

from service.pages.formatting import RULE_SETS
from service.pages.names import names_of
from service.reads.directory.listing import list_competitions, list_matches
from service.reads.stats.rankings import read_ranking

RECENT_GAMES = 10
TOP = 5


class HomePage(Controller):
    @get("/", name="pages:home")
    async def home(self, state: State) -> Template:
        recent = await list_matches(state, None, None, "confirmed", RECENT_GAMES, 0)
        rankings = {
            preset: await read_ranking(state, preset=preset, limit=TOP) for preset in RULE_SETS
        }
        competitions = await list_competitions(state, None, 20, 0)
        names = await names_of(state, (p for m in recent.matches for p in m.seats))
        return Template(
            template_name="inicio.html",
            context={
                "partidas": recent.matches,
                "rankings": rankings,
                "competicoes": competitions.competitions,
                "nomes": names,
            },
        )

"""`/recordes`: a game's all-time records, each with its holder (and partner), the game that
set it and when, and the achievements earned lately; of one season (`temporada`) too, as
`GET /v1/records` answers them (G39), in the game's own words: the records every game has
first, then its own, in the order its read side names them."""

from __future__ import annotations

from datetime import UTC, datetime

from litestar import Controller, get
from litestar.datastructures import State
from litestar.params import FromQuery
from litestar.response import Template

from domain import BY_NAME, DEFAULT_GAME
from projections.games import read_side
from service.pages.choices import given, season_choices, season_label
from service.pages.formatting import GAMES, RECORDS
from service.reads.errors import InvalidQuery
from service.reads.stats.records import read_records
from service.reads.stats.seasons import season_named

MIN_GAMES = 10
"""Games a player needs for the best average, as the API's default."""
ACHIEVEMENTS_SHOWN = 20


class RecordsPage(Controller):
    @get("/recordes", name="pages:records")
    async def records(
        self,
        state: State,
        jogo: FromQuery[str | None] = None,
        temporada: FromQuery[str | None] = None,
    ) -> Template:
        game = given(jogo) or DEFAULT_GAME
        if game not in GAMES:
            raise InvalidQuery("invalid-parameters", f"jogo desconhecido: {game!r}")
        season = given(temporada)
        found = await read_records(
            state, MIN_GAMES, None, ACHIEVEMENTS_SHOWN, game, season_named(season)
        )
        words = RECORDS | read_side(game).labels.records
        order = {kind: n for n, kind in enumerate(words)}
        shown = sorted(found.records, key=lambda r: order.get(r.kind, len(order)))
        return Template(
            template_name="recordes.html",
            context={
                "recordes": found,
                "linhas": shown,
                "jogo": game,
                "nomes_dos_recordes": words,
                "varias_regras": len(BY_NAME[game].presets) > 1,
                "temporada": season or "",
                "temporadas": season_choices(datetime.now(UTC)),
                "nome_da_temporada": season_label(found.season),
                "partidas_minimas": MIN_GAMES,
            },
        )

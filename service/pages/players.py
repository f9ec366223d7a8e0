"""`/jogadores/{id}`: a player's statistics, streaks, achievements and partners of one game,
with two charts: the points of each confirmed game over time, and the results by partner."""

from __future__ import annotations

from litestar import Controller, get
from litestar.datastructures import State
from litestar.params import FromPath, FromQuery
from litestar.response import Template
from markupsafe import Markup

from domain import BY_NAME
from projections.games import read_side
from service.pages.charts import Series, bar_chart, line_chart
from service.pages.formatting import BRAZIL, GAMES
from service.pages.names import names_of
from service.reads.directory.listing import list_matches
from service.reads.directory.schemas import MatchSummary
from service.reads.errors import InvalidQuery
from service.reads.ratings.players import read_player_ratings
from service.reads.ratings.schemas import PlayerRatings
from service.reads.stats.players import most_played, read_player_stats
from service.reads.stats.schemas import PlayerStats

GAMES_CHARTED = 500


def _side(summary: MatchSummary, player_id: str) -> str:
    seat = summary.seats.index(player_id)
    if "A" in summary.score:
        return "A" if seat % 2 == 0 else "B"
    return str(seat)


def points_chart(games: list[MatchSummary], player_id: str) -> Markup:
    """Oldest first: the points of the player's side and of the others (their average, at
    a table of more than two sides), game by game."""
    ours, theirs = [], []
    alone = sum("A" not in game.score for game in games)
    for game in games:
        side = _side(game, player_id)
        others = [points for key, points in game.score.items() if key != side]
        ours.append(float(game.score.get(side, 0)))
        theirs.append(sum(others) / len(others) if others else 0.0)
    labels = [(g.finished_at or g.created_at).astimezone(BRAZIL).strftime("%d/%m") for g in games]
    return line_chart(
        "Pontos por jogo",
        labels,
        [
            Series("pontos da dupla" if alone < len(games) else "pontos do jogador", ours),
            Series("pontos dos adversários", theirs),
        ],
    )


def rating_chart(ratings: PlayerRatings) -> Markup:
    """The rating after each confirmed game: mu, and the ordinal (mu - 3 sigma) it is ranked
    by, which climbs as the uncertainty falls."""
    points = ratings.history
    labels = [p.at.astimezone(BRAZIL).strftime("%d/%m") for p in points]
    return line_chart(
        "Rating ao longo do tempo",
        labels,
        [
            Series("rating (mu)", [p.mu for p in points]),
            Series("ordinal (mu - 3 sigma)", [p.ordinal for p in points]),
        ],
    )


def partners_chart(stats: PlayerStats) -> Markup:
    labels = [p.name or "?" for p in stats.partners]
    return bar_chart(
        "Resultados por parceiro",
        labels,
        [
            Series("vitórias", [float(p.won) for p in stats.partners]),
            Series("derrotas", [float(p.lost) for p in stats.partners]),
        ],
    )


class PlayerPage(Controller):
    @get("/jogadores/{player_id:str}", name="pages:player")
    async def player(
        self, state: State, player_id: FromPath[str], jogo: FromQuery[str | None] = None
    ) -> Template:
        if jogo is None:
            jogo = await most_played(state, player_id)
        if jogo not in GAMES:
            raise InvalidQuery("invalid-parameters", f"jogo desconhecido: {jogo!r}")
        stats = await read_player_stats(state, player_id, game=jogo)
        listed = await list_matches(state, stats.player_id, None, None, GAMES_CHARTED, 0)
        presets = BY_NAME[jogo].presets
        games = [m for m in listed.matches if m.preset in presets]
        confirmed = sorted(
            (m for m in games if m.status == "confirmed"),
            key=lambda m: m.finished_at or m.created_at,
        )
        names = await names_of(state, (p for m in games for p in m.seats))
        ratings = await read_player_ratings(state, stats.player_id, jogo)
        table = BY_NAME[jogo].partnerships
        # a game played at two alone or at four in partnerships: by what the player played
        alone = table == "never" or (table == "at-four" and not stats.partners)
        return Template(
            template_name="jogador.html",
            context={
                "jogador": stats,
                "jogo": jogo,
                "partidas": games[:20],
                "nomes": names,
                "grafico_pontos": points_chart(confirmed, stats.player_id) if confirmed else None,
                "grafico_parceiros": (
                    partners_chart(stats) if stats.partners and not alone else None
                ),
                "palavras": read_side(jogo).labels,
                "sozinho": alone,
                "rating": ratings.ratings[0] if ratings.ratings else None,
                "grafico_rating": rating_chart(ratings) if ratings.history else None,
            },
        )

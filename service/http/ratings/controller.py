"""The partnership rating (projections/rating.py): a game's leaderboard, and a player's
ratings with their history, for the rating-over-time chart."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

from litestar import Controller, get
from litestar.datastructures import State
from litestar.params import QueryParameter

from domain import DEFAULT_GAME
from projections.rating import LEADERBOARD_DAYS, LEADERBOARD_GAMES, PROVISIONAL_SIGMA
from service.http.matches.schemas import GameName
from service.http.stats.params import PlayerIdPath
from service.reads.ratings.leaderboard import read_leaderboard
from service.reads.ratings.players import read_player_ratings
from service.reads.ratings.schemas import Leaderboard, PlayerRatings
from service.reads.reports.period import instant
from service.reads.words import GAMES_NAMED

GameQuery = Annotated[
    GameName,
    QueryParameter(description=f"The game rated (default dominoes): one of {GAMES_NAMED}."),
]


class RatingController(Controller):
    tags = ["statistics"]

    @get(
        "/v1/ratings",
        operation_id="getRatings",
        summary="The partnership rating's leaderboard (OpenSkill), per game",
        description=f"Beside the ranking (which follows the seed's criteria). Players with "
        f"{LEADERBOARD_GAMES} or more confirmed games of this game, the last within "
        f"{LEADERBOARD_DAYS} days of now (or of `at`), whose rating is no longer provisional "
        f"(sigma at most {PROVISIONAL_SIGMA}); `include_provisional=true` adds the provisional "
        f"ones, `include_inactive=true` lists every rated player.",
    )
    async def leaderboard(
        self,
        state: State,
        game: GameQuery = DEFAULT_GAME,
        include_provisional: Annotated[
            bool, QueryParameter(description="Also eligible players still provisional.")
        ] = False,
        include_inactive: Annotated[
            bool, QueryParameter(description="Also players not (or no longer) eligible.")
        ] = False,
        at: Annotated[
            str | None,
            QueryParameter(
                max_length=40,
                description="Count activity back from this instant (RFC 3339 with its zone, "
                "or a date), not from now.",
            ),
        ] = None,
        limit: Annotated[int, QueryParameter(ge=1, le=500, description="Page size.")] = 100,
        offset: Annotated[int, QueryParameter(ge=0, le=10**6, description="Skip this many.")] = 0,
    ) -> Leaderboard:
        moment = instant(at, "at") if at is not None else datetime.now(UTC)
        return await read_leaderboard(
            state,
            game,
            moment,
            include_provisional=include_provisional,
            include_inactive=include_inactive,
            limit=limit,
            offset=offset,
        )

    @get(
        "/v1/players/{player_id:str}/ratings",
        operation_id="getPlayerRatings",
        summary="A player's partnership ratings and their history",
    )
    async def player(
        self,
        state: State,
        player_id: PlayerIdPath,
        game: Annotated[
            GameName | None, QueryParameter(description="Only this game's rating.")
        ] = None,
    ) -> PlayerRatings:
        return await read_player_ratings(state, player_id, game)

"""The partnership rating (projections/rating.py): a game's leaderboard, and a player's
ratings with their history, for the rating-over-time chart."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Annotated

import msgspec
from litestar import Controller, get
from litestar.datastructures import State
from litestar.params import QueryParameter
from msgspec import Meta

from domain import DEFAULT_GAME
from projections.rating import LEADERBOARD_DAYS, LEADERBOARD_GAMES, PROVISIONAL_SIGMA
from service.http.matches.schemas import GameName
from service.http.reports.period import instant
from service.http.stats.params import PlayerIdPath
from service.http.stats.reading import folded_up_to, snapshot
from service.store.registry import Registry, parse_id

GameQuery = Annotated[
    GameName, QueryParameter(description="The game rated: dominoes (default), sueca, truco.")
]
_ORDINAL = "mu - 3 * sigma"


class RatingRow(msgspec.Struct, frozen=True, kw_only=True):
    rank: Annotated[int, Meta(description="Place on the leaderboard, by ordinal.")]
    player_id: Annotated[str, Meta(description="The player.")]
    name: Annotated[str | None, Meta(description="Their name.")]
    mu: Annotated[float, Meta(description="The rating's estimate of skill.", examples=[27.4])]
    sigma: Annotated[float, Meta(description="Its uncertainty.", examples=[5.1])]
    ordinal: Annotated[
        float, Meta(description="mu - 3 sigma: what the leaderboard sorts by.", examples=[12.1])
    ]
    games: Annotated[int, Meta(description="Confirmed games of this game rated.")]
    last_game_at: Annotated[datetime, Meta(description="When the last of them ended.")]
    provisional: Annotated[
        bool, Meta(description=f"sigma is still above {PROVISIONAL_SIGMA}: few games yet.")
    ]


class Leaderboard(msgspec.Struct, frozen=True, kw_only=True):
    game: Annotated[str, Meta(description="The game rated.")]
    model: Annotated[str, Meta(description="The rating model.")]
    eligibility: Annotated[str, Meta(description="Who is on the leaderboard.")]
    total: Annotated[int, Meta(description="Players on it (before limit and offset).")]
    rows: Annotated[list[RatingRow], Meta(description="Best ordinal first.")]
    as_of_position: Annotated[int, Meta(description="The last event folded into this answer.")]


class PlayerRating(msgspec.Struct, frozen=True, kw_only=True):
    game: Annotated[str, Meta(description="The game rated.")]
    mu: Annotated[float, Meta(description="The rating's estimate of skill.")]
    sigma: Annotated[float, Meta(description="Its uncertainty.")]
    ordinal: Annotated[float, Meta(description="mu - 3 sigma.")]
    games: Annotated[int, Meta(description="Confirmed games rated.")]
    last_game_at: Annotated[datetime, Meta(description="When the last of them ended.")]
    provisional: Annotated[bool, Meta(description="sigma is still high: few games yet.")]


class RatingPoint(msgspec.Struct, frozen=True, kw_only=True):
    game: Annotated[str, Meta(description="The game rated.")]
    match_id: Annotated[str, Meta(description="The confirmed game that moved the rating.")]
    at: Annotated[datetime, Meta(description="When that game ended.")]
    won: Annotated[bool, Meta(description="Whether the player's team won it.")]
    mu: Annotated[float, Meta(description="mu after the game.")]
    sigma: Annotated[float, Meta(description="sigma after the game.")]
    ordinal: Annotated[float, Meta(description="mu - 3 sigma after the game.")]
    games: Annotated[int, Meta(description="Confirmed games rated, this one included.")]


class PlayerRatings(msgspec.Struct, frozen=True, kw_only=True):
    player_id: Annotated[str, Meta(description="The player.")]
    name: Annotated[str, Meta(description="Their name.")]
    ratings: Annotated[list[PlayerRating], Meta(description="One per game they were rated in.")]
    history: Annotated[list[RatingPoint], Meta(description="Game by game, oldest first.")]
    as_of_position: Annotated[int, Meta(description="The last event folded into this answer.")]


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
        since = moment - timedelta(days=LEADERBOARD_DAYS)
        arguments: list[object] = [game]
        where = "r.game = $1"
        if not include_inactive:
            arguments += [LEADERBOARD_GAMES, since]
            where += " AND r.games >= $2 AND r.last_game_at >= $3"
        if not include_provisional:
            arguments.append(PROVISIONAL_SIGMA)
            where += f" AND r.sigma <= ${len(arguments)}"
        async with snapshot(state) as connection:
            total = await connection.fetchval(
                f"SELECT count(*) FROM proj_ratings r WHERE {where}", *arguments
            )
            rows = await connection.fetch(
                f"SELECT r.player_id, p.name, r.mu, r.sigma, r.games, r.last_game_at"
                f" FROM proj_ratings r LEFT JOIN proj_players p USING (player_id)"
                f" WHERE {where} ORDER BY {_ORDINAL} DESC, r.player_id"
                f" LIMIT ${len(arguments) + 1} OFFSET ${len(arguments) + 2}",
                *arguments,
                limit,
                offset,
            )
            position = await folded_up_to(connection, "ratings")
        return Leaderboard(
            game=game,
            model="OpenSkill Plackett-Luce (mu 25, sigma 25/3, beta 25/6, tau 25/300)",
            eligibility=_eligibility(include_provisional, include_inactive),
            total=int(total),
            rows=[
                RatingRow(
                    rank=offset + n + 1,
                    player_id=r[0],
                    name=r[1],
                    mu=r[2],
                    sigma=r[3],
                    ordinal=r[2] - 3 * r[3],
                    games=r[4],
                    last_game_at=r[5],
                    provisional=r[3] > PROVISIONAL_SIGMA,
                )
                for n, r in enumerate(rows)
            ],
            as_of_position=position,
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


def _eligibility(include_provisional: bool, include_inactive: bool) -> str:
    who = (
        "every rated player"
        if include_inactive
        else f"{LEADERBOARD_GAMES}+ confirmed games, the last within {LEADERBOARD_DAYS} days"
    )
    return who if include_provisional else f"{who}, not provisional"


async def read_player_ratings(state: State, player_id: str, game: str | None) -> PlayerRatings:
    """A player's ratings and history, as `GET /v1/players/{id}/ratings` answers them (the
    player page charts the history)."""
    registry: Registry = state.registry
    player = await registry.player(player_id)
    player_id = parse_id(player_id, "player")
    games = [game] if game else None
    async with snapshot(state) as connection:
        current = await connection.fetch(
            "SELECT game, mu, sigma, games, last_game_at FROM proj_ratings"
            " WHERE player_id = $1 AND ($2::text[] IS NULL OR game = ANY($2::text[]))"
            " ORDER BY game",
            player_id,
            games,
        )
        history = await connection.fetch(
            "SELECT game, match_id, at, won, mu, sigma, ordinal, games FROM proj_rating_history"
            " WHERE player_id = $1 AND ($2::text[] IS NULL OR game = ANY($2::text[]))"
            " ORDER BY position",
            player_id,
            games,
        )
        position = await folded_up_to(connection, "ratings")
    return PlayerRatings(
        player_id=player_id,
        name=player.name,
        ratings=[
            PlayerRating(
                game=r[0],
                mu=r[1],
                sigma=r[2],
                ordinal=r[1] - 3 * r[2],
                games=r[3],
                last_game_at=r[4],
                provisional=r[2] > PROVISIONAL_SIGMA,
            )
            for r in current
        ],
        history=[
            RatingPoint(
                game=h[0],
                match_id=h[1],
                at=h[2],
                won=h[3],
                mu=h[4],
                sigma=h[5],
                ordinal=h[6],
                games=h[7],
            )
            for h in history
        ],
        as_of_position=position,
    )

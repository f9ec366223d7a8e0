"""A player's partnership ratings, one per game, and their history game by game."""

from __future__ import annotations

from litestar.datastructures import State

from projections.rating import PROVISIONAL_SIGMA
from service.reads.ratings.schemas import PlayerRating, PlayerRatings, RatingPoint
from service.reads.snapshot import folded_up_to, snapshot
from service.store.registry import Registry, parse_id


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

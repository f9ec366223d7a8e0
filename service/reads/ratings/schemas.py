"""The answers of the partnership rating's reads: a game's leaderboard, a player's ratings
with their history."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

import msgspec
from msgspec import Meta

from projections.rating import PROVISIONAL_SIGMA


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

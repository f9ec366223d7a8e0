"""A game's leaderboard of the partnership rating (projections/rating.py): who is on it, by
ordinal, in one snapshot."""

from __future__ import annotations

from datetime import datetime, timedelta

from litestar.datastructures import State

from projections.rating import LEADERBOARD_DAYS, LEADERBOARD_GAMES, PROVISIONAL_SIGMA
from service.reads.ratings.schemas import Leaderboard, RatingRow
from service.reads.snapshot import folded_up_to, snapshot

_ORDINAL = "mu - 3 * sigma"


async def read_leaderboard(
    state: State,
    game: str,
    moment: datetime,
    *,
    include_provisional: bool,
    include_inactive: bool,
    limit: int,
    offset: int,
) -> Leaderboard:
    """As `GET /v1/ratings` answers it: activity counted back from `moment`."""
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


def _eligibility(include_provisional: bool, include_inactive: bool) -> str:
    who = (
        "every rated player"
        if include_inactive
        else f"{LEADERBOARD_GAMES}+ confirmed games, the last within {LEADERBOARD_DAYS} days"
    )
    return who if include_provisional else f"{who}, not provisional"

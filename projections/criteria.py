"""Ranking criteria: each an aggregate over a player's rows, in order, each breaking the
previous one's ties. Every game's own are in its read side (`projections/games/<game>.py`);
a game that declares none is ranked by `DEFAULT`."""

from __future__ import annotations

from typing import NamedTuple


class Criterion(NamedTuple):
    name: str
    sql: str
    """An aggregate over a player's rows (`{cruzadas}` names the column of a team's or a
    player's own cruzadas, for a ranking of teams or of players)."""
    descending: bool
    description: str


def extra(name: str) -> str:
    """The sum of one of a game's own counters (kept in the rows' `extra`)."""
    return f"sum(coalesce((extra->>'{name}')::int, 0))"


def ratio(top: str, bottom: str) -> str:
    return f"CASE WHEN {bottom} > 0 THEN {top}::numeric / {bottom} ELSE 0 END"


GAMES_WON = Criterion("games_won", "sum(games_won)", True, "Confirmed games won.")
HANDS_WON = Criterion("hands_won", "sum(hands_won)", True, "Hands won by the player's team.")
POINTS = Criterion("points", "sum(points)", True, "Points the team scored.")
DEFAULT = (GAMES_WON, HANDS_WON, POINTS)
"""A game with no criteria of its own is ranked by these."""

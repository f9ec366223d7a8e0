"""Each game's ranking criteria, in order, each breaking the previous one's ties.

Dominoes keeps the seed's six (rules.md, "Ranking"). Where the seeds give a card game no
ranking, these are the decisions (docs/rules-decisions.md, R1, R2):
- Sueca: games won; game points; bandeiradas; card points per deal.
- Truco: games won; hands won; raises won (hands the team raised and won); raises run from
  (hands the other team gave up on the team's raise).
"""

from __future__ import annotations

from typing import NamedTuple


class Criterion(NamedTuple):
    name: str
    sql: str
    """An aggregate over a player's rows (`{cruzadas}` names the dominoes column to sum)."""
    descending: bool
    description: str


def _extra(name: str) -> str:
    return f"sum(coalesce((extra->>'{name}')::int, 0))"


def _ratio(top: str, bottom: str) -> str:
    return f"CASE WHEN {bottom} > 0 THEN {top}::numeric / {bottom} ELSE 0 END"


GAMES_WON = Criterion("games_won", "sum(games_won)", True, "Confirmed games won.")
HANDS_WON = Criterion("hands_won", "sum(hands_won)", True, "Hands won by the player's team.")

POINTS = Criterion("points", "sum(points)", True, "Points the team scored.")
DEFAULT = (GAMES_WON, HANDS_WON, POINTS)
"""A game with no criteria of its own is ranked by these."""

_BY_GAME: dict[str, tuple[Criterion, ...]] = {
    "dominoes": (
        GAMES_WON,
        HANDS_WON,
        Criterion(
            "average_points_per_hand",
            _ratio("sum(points)", "sum(hands_played)"),
            True,
            "Points the team scored per hand played.",
        ),
        Criterion("cruzadas", "sum({cruzadas})", True, "Batidas by cruzada."),
        Criterion(
            "blocks_suffered", "sum(blocks_suffered)", False, "Hands lost by bloqueio (fewer)."
        ),
        Criterion("buchudas", "sum(buchudas)", True, "Games won with the losers on 0."),
    ),
    "sueca": (
        GAMES_WON,
        Criterion("game_points", "sum(points)", True, "Game points the team scored."),
        Criterion("bandeiradas", _extra("bandeiradas"), True, "Deals won with every trick."),
        Criterion(
            "average_card_points_per_deal",
            _ratio(_extra("card_points"), _extra("deals")),
            True,
            "Card points the team took per deal counted.",
        ),
    ),
    "truco": (
        GAMES_WON,
        HANDS_WON,
        Criterion("raises_won", _extra("raises_won"), True, "Hands the team raised and won."),
        Criterion("raises_run_from", _extra("run_from"), True, "Hands the other team ran from."),
    ),
}


def criteria_of(game: str) -> tuple[Criterion, ...]:
    return _BY_GAME.get(game, DEFAULT)

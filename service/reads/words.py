"""What the API document says of every game, from the registry and the games' read sides:
shared answers name no game of their own."""

from __future__ import annotations

from domain import BY_NAME
from projections.games import every_read_side

GAMES_NAMED = ", ".join(BY_NAME)
"""Every registered game's name, as a game's state says it."""


def criteria_said() -> str:
    """Each game's ranking criteria, in order, in a sentence a game."""
    said = []
    for name, side in every_read_side().items():
        criteria = "; ".join(c.description.rstrip(".") for c in side.criteria)
        said.append(f"{side.labels.title or name}: {criteria}.")
    return " ".join(said)

"""Each game's read side, one module a game: `projections/games/<game name>.py` (a hyphen of
the name an underscore) holds all that the read models know of that game (its ranking
criteria, counters, record tallies, achievements). The games are the domain registry's
(`domain.games`); this package lists none: a registered game without its module fails at
import, and a test says so.
"""

from __future__ import annotations

import importlib
from functools import cache

from domain import BY_NAME
from projections.criteria import Criterion
from projections.games.base import ReadSide


@cache
def read_side(game: str) -> ReadSide:
    """The read side of a registered game (KeyError for a name the registry lacks)."""
    if game not in BY_NAME:
        raise KeyError(game)
    module = importlib.import_module(f"{__name__}.{game.replace('-', '_')}")
    side: ReadSide = module.READ_SIDE
    return side


def criteria_of(game: str) -> tuple[Criterion, ...]:
    return read_side(game).criteria


def every_read_side() -> dict[str, ReadSide]:
    return {name: read_side(name) for name in BY_NAME}


__all__ = ["ReadSide", "criteria_of", "every_read_side", "read_side"]

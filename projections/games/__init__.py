"""Each game's read side, one module a game (`projections/games/<game>.py`): all that the
read models know of that game (its ranking criteria, counters, record tallies,
achievements, its words for the pages), each under the name of the registered game it reads
(`domain.games`). A registered game without one fails here, at import, and a test says so.
"""

from __future__ import annotations

from domain import BY_NAME
from projections.criteria import Criterion
from projections.games import (
    buraco,
    cacheta,
    copas,
    dominoes,
    espadas,
    mau_mau,
    mega_buraco,
    poker,
    sueca,
    texas_holdem,
    tranca,
    truco,
)
from projections.games.base import ReadSide

_SIDES: dict[str, ReadSide] = {
    "dominoes": dominoes.READ_SIDE,
    "sueca": sueca.READ_SIDE,
    "truco": truco.READ_SIDE,
    "espadas": espadas.READ_SIDE,
    "copas": copas.READ_SIDE,
    "mau-mau": mau_mau.READ_SIDE,
    "buraco": buraco.READ_SIDE,
    "mega-buraco": mega_buraco.READ_SIDE,
    "tranca": tranca.READ_SIDE,
    "cacheta": cacheta.READ_SIDE,
    "texas-holdem": texas_holdem.READ_SIDE,
    "poker": poker.READ_SIDE,
}
_missing = set(BY_NAME) - set(_SIDES)
if _missing:
    raise ImportError(f"registered games without a read side: {sorted(_missing)}")


def read_side(game: str) -> ReadSide:
    """The read side of a registered game (KeyError for a name the registry lacks)."""
    if game not in BY_NAME:
        raise KeyError(game)
    return _SIDES[game]


def criteria_of(game: str) -> tuple[Criterion, ...]:
    return read_side(game).criteria


def every_read_side() -> dict[str, ReadSide]:
    return {name: _SIDES[name] for name in BY_NAME}


__all__ = ["ReadSide", "criteria_of", "every_read_side", "read_side"]

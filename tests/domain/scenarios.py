"""Deals crafted (or found by search, then checked by `decide`) to reach a rule quickly.

Each deal lists the hands of seats 0..3, then the dorme.
"""

from typing import Any

from domain import Event, StartHand, decide, fold
from tests.domain.builders import AT, after, created

# pontos: 6-6 opens, 1-6, 1-2, 2-6 follow and the ends are 6 and 6 with every other
# six in the dorme: blocked after four plays. Team sums 51 and 51.
PONTOS_TIE = (
    ("6-6", "0-0", "0-1", "5-5", "4-5", "3-5"),
    ("1-6", "0-3", "0-5", "1-1", "1-4", "1-5"),
    ("1-2", "0-2", "1-3", "2-5", "2-4", "0-4"),
    ("2-6", "2-2", "2-3", "3-3", "3-4", "4-4"),
    ("0-6", "3-6", "4-6", "5-6"),
)
# The same with 0-3 and 0-4 swapped: team A holds 50, team B 52.
PONTOS_A_LOWER = (
    PONTOS_TIE[0],
    ("1-6", "0-4", "0-5", "1-1", "1-4", "1-5"),
    ("1-2", "0-2", "1-3", "2-5", "2-4", "0-3"),
    PONTOS_TIE[3],
    PONTOS_TIE[4],
)
PONTOS_BLOCK_MOVES = ("0 6-6", "1 1-6 right", "2 1-2 right", "3 2-6 right")

# pontos, found by search: seat 2 goes out with 2-2 on ends 2 and 2, a cruzada.
PONTOS_CRUZADA = (
    ("0-1", "0-5", "0-6", "3-3", "3-4", "3-6"),
    ("0-3", "0-4", "1-6", "2-4", "4-6", "5-5"),
    ("0-0", "2-2", "2-5", "2-6", "5-6", "6-6"),
    ("1-2", "1-3", "1-4", "1-5", "3-5", "4-5"),
    ("0-2", "1-1", "2-3", "4-4"),
)
PONTOS_CRUZADA_MOVES = (
    "2 6-6",
    "3 pass",
    "0 3-6 left",
    "1 0-3 left",
    "2 2-6 right",
    "3 1-2 right",
    "0 0-6 left",
    "1 1-6 right",
    "2 5-6 left",
    "3 1-5 left",
    "0 0-1 left",
    "1 4-6 right",
    "2 0-0 left",
    "3 4-5 right",
    "0 0-5 left",
    "1 5-5 right",
    "2 2-5 right",
    "3 3-5 left",
    "0 3-4 left",
    "1 2-4 left",
)  # then "2 2-2 left"

# cinquenta / federacao: all seven sixes reach the board in ten plays and the ends are
# 6 and 6; seat 1 (team B) blocks. Team sums 45 and 45.
SEVENS_TIE = (
    ("6-6", "2-3", "4-5", "5-5", "4-4", "0-2", "0-3"),
    ("1-6", "0-6", "5-6", "0-4", "0-5", "1-1", "1-3"),
    ("2-6", "3-6", "0-0", "1-2", "2-4", "1-4", "3-5"),
    ("0-1", "4-6", "1-5", "2-2", "2-5", "3-3", "3-4"),
    (),
)
# The same with 1-1 and 1-4 swapped: team A holds 42, team B 48.
SEVENS_A_LOWER = (
    SEVENS_TIE[0],
    ("1-6", "0-6", "5-6", "0-4", "0-5", "1-4", "1-3"),
    ("2-6", "3-6", "0-0", "1-2", "2-4", "1-1", "3-5"),
    SEVENS_TIE[3],
    (),
)
SEVENS_BLOCK_MOVES = (
    "0 6-6",
    "1 1-6 left",
    "2 2-6 right",
    "3 0-1 left",
    "0 2-3 right",
    "1 0-6 left",
    "2 3-6 right",
    "3 4-6 right",
    "0 4-5 right",
)  # then "1 5-6 right"

# seven tiles, found by search: seat 2 opens 6-6 and seat 3 holds no six.
SEVENS_EARLY_PASS = (
    ("0-1", "0-6", "1-1", "2-3", "3-6", "5-5", "5-6"),
    ("0-0", "0-2", "0-4", "2-2", "2-4", "2-6", "3-5"),
    ("0-3", "1-2", "1-6", "2-5", "4-4", "4-6", "6-6"),
    ("0-5", "1-3", "1-4", "1-5", "3-3", "3-4", "4-5"),
    (),
)

# cinquenta, found by search: seat 3 goes out with 1-5 on ends 5 and 1, a la-e-lo;
# team A is left with 30 pips.
CINQUENTA_LA_E_LO = (
    ("0-4", "2-5", "3-3", "3-4", "3-5", "3-6", "4-6"),
    ("0-0", "1-1", "1-2", "1-4", "2-3", "4-4", "5-5"),
    ("0-1", "0-2", "0-5", "1-3", "2-4", "4-5", "5-6"),
    ("0-3", "0-6", "1-5", "1-6", "2-2", "2-6", "6-6"),
    (),
)
CINQUENTA_LA_E_LO_MOVES = (
    "3 6-6",
    "0 4-6 right",
    "1 1-4 right",
    "2 0-1 right",
    "3 0-6 right",
    "0 3-6 left",
    "1 2-3 left",
    "2 5-6 right",
    "3 2-2 left",
    "0 2-5 right",
    "1 1-2 right",
    "2 1-3 right",
    "3 0-3 right",
    "0 0-4 right",
    "1 4-4 right",
    "2 2-4 right",
    "3 2-6 right",
    "0 pass",
    "1 pass",
    "2 0-2 left",
    "3 1-6 right",
    "0 pass",
    "1 0-0 left",
    "2 0-5 left",
)  # then "3 1-5 left"

Deal = tuple[tuple[str, ...], ...]


def dealt(preset: str, deal: Deal, *before: Event, **overrides: Any) -> list[Event]:
    """A game created with `preset`, `before` it, and the hand `deal` started by `decide`."""
    history = [created(preset, **overrides), *before]
    start = StartHand(at=AT, hands=[list(h) for h in deal[:4]], dorme=list(deal[4]))
    return [*history, *decide(start, fold(history))]


def played(preset: str, deal: Deal, *moves: str) -> list[Event]:
    return after(dealt(preset, deal), *moves)

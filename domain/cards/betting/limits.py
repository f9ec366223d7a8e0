"""The streets of a betting hand and what a bet may be in each (imported by the rules, so it
imports nothing of the events)."""

from dataclasses import dataclass
from typing import Literal

Street = Literal["preflop", "flop", "turn", "river", "bet1", "draw", "bet2"]
"""Hold'em's four betting rounds; poker fechado's two and the exchange between them."""


@dataclass(frozen=True)
class Limits:
    """What the table's rules allow in one betting round of a street."""

    opening: int
    """The least a first bet puts in (and so the first full raise)."""
    fixed: int | None = None
    """Fixed-limit: every bet and raise adds exactly this."""
    cap: int | None = None
    """Fixed-limit: the most raises after the opening bet (H3)."""
    most: int | None = None
    """A table limit: the most a seat puts in over one round (P4)."""

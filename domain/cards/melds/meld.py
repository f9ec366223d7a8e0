"""A meld read from its cards: a run or a set, whichever uses the fewest wilds."""

from __future__ import annotations

from collections.abc import Sequence

from domain.cards.melds.rules import Meld, MeldRules
from domain.cards.melds.runs import as_run
from domain.cards.melds.sets import as_set
from domain.errors import InvalidInput


def meld_of(cards: Sequence[str], rules: MeldRules) -> Meld:
    """The meld these cards make, read with the fewest wilds, or `invalid-meld`."""
    found = [m for m in (as_run(cards, rules), as_set(cards, rules)) if m is not None]
    if not found:
        raise InvalidInput("invalid-meld", f"{' '.join(cards)} is no meld these rules allow")
    return min(found, key=lambda m: m.wilds)

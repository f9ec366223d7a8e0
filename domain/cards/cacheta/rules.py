"""Cacheta's settings (seed 003, card-rules.md section 7) and its preset."""

from typing import Annotated

from msgspec import Meta

from domain.errors import InvalidInput
from domain.match.rules import GameRules


class CachetaRules(GameRules, frozen=True, kw_only=True, tag="cacheta"):
    """Cacheta: 4 players each for themselves, two decks without jokers, 9 cards each; the
    vira makes the next rank of its colour wild. Each starts with `target` lives (10); a
    batida with 9 cards takes 1 from every other seat still in, with 10 cards 2; a seat at
    0 is out, and the last one in wins (K9)."""

    target: Annotated[int, Meta(ge=1, le=100)] = 10
    """The lives each seat starts with (the seed's 10 points)."""

    def check(self) -> None:
        if self.tie_bonus:
            raise InvalidInput("invalid-rules", "a Cacheta round carries nothing to the next")


CACHETA = CachetaRules()

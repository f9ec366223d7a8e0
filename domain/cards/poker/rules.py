"""Poker fechado's settings (seed 003, card-rules.md section 8) and its preset."""

from typing import Annotated

from msgspec import Meta
from msgspec.structs import replace

from domain.cards.betting.limits import Limits, Street
from domain.cards.betting.rules import BettingRules, Chips
from domain.errors import InvalidInput


class PokerRules(BettingRules, frozen=True, kw_only=True, tag="poker"):
    """2 to 8 players, a short deck by the number dealt in (P1), five cards each; the pingo,
    a betting round, the exchange of 0 to 5 cards, a second round, the showdown."""

    pingo: Chips = 10
    """The ante every seat dealt in pays (the seed's "pingo")."""
    minimum: Annotated[int, Meta(ge=1, le=1_000_000_000)] = 20
    """The least a bet (and a raise) puts in (P4)."""
    limit: Chips | None = None
    """The most a seat puts in over one betting round; None: no table limit (P4)."""
    flush_beats_full_house: bool = False
    """P8: the seed's list puts the full house above the flush; a table may swap them."""

    def check(self) -> None:
        if self.limit is not None and self.limit < self.minimum:
            raise InvalidInput("invalid-rules", "the table limit is below the minimum bet")
        if self.tie_bonus:
            raise InvalidInput("invalid-rules", "a poker hand carries nothing to the next")

    def limits(self, street: Street) -> Limits:
        return Limits(opening=self.minimum, most=self.limit)

    def forced(self) -> tuple[int, int]:
        return self.pingo, 0

    def at_level(self, small: int, big: int) -> "PokerRules":
        """The level's pingo (its small blind) and least bet (its big blind)."""
        return replace(self, pingo=small, minimum=max(big, 1))

    @property
    def blinds(self) -> bool:
        return False


POKER = PokerRules(target=1)

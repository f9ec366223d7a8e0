"""What every betting table's rules say: the chips a seat needs to be dealt in, and, per
street, what a bet may be (`Limits`)."""

from typing import Annotated

from msgspec import Meta

from domain.cards.betting.limits import Limits, Street
from domain.match.rules import GameRules

Chips = Annotated[int, Meta(ge=0, le=1_000_000_000)]


class BettingRules(GameRules, frozen=True, kw_only=True):
    """A table session (P11): the seats fixed when it is created, hands played until an
    organizer, the scorekeeper or every seat together closes it, or one seat has every chip
    (P17). `target` means nothing here."""

    stack: Chips = 1000
    """Each seat's chips when the first hand gives none (the seed's starting credits)."""
    cacife: Chips = 0
    """The chips a seat needs to be dealt in (P10); 0: any chip at all."""

    def limits(self, street: Street) -> Limits:
        raise NotImplementedError

    def forced(self) -> tuple[int, int]:
        """What the deal makes seats post: (small blind, big blind), or (pingo, 0)."""
        raise NotImplementedError

    def at_level(self, small: int, big: int) -> "BettingRules":
        """These rules at a tournament's level (design.md, "Competitions for every game"):
        its small and big blind, or its pingo and least bet."""
        raise NotImplementedError

    @property
    def blinds(self) -> bool:
        return True

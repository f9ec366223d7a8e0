"""Texas Hold'em's settings (seed 003, card-rules.md section 9) and its preset."""

from typing import Literal

from msgspec.structs import replace

from domain.cards.betting.limits import Limits, Street
from domain.cards.betting.rules import BettingRules, Chips
from domain.errors import InvalidInput

RAISE_CAP = 4
"""H3: at most four raises after the opening bet in a round of a limit table."""


class HoldemRules(BettingRules, frozen=True, kw_only=True, tag="texas-holdem"):
    """2 to 8 players, a 52-card deck, two hole cards each and a board of five; blinds,
    four betting rounds; no-limit or limit."""

    big_blind: Chips = 20
    """The small blind is half of it, rounded down (H7)."""
    betting: Literal["no-limit", "limit"] = "no-limit"

    def check(self) -> None:
        if self.big_blind < 2:
            raise InvalidInput("invalid-rules", "the big blind is 2 chips or more")
        if self.tie_bonus:
            raise InvalidInput("invalid-rules", "a poker hand carries nothing to the next")

    def limits(self, street: Street) -> Limits:
        """H4: bets of a big blind pre-flop and on the flop, two on the turn and the river;
        a limit table bets exactly that, raised at most four times (H3)."""
        size = self.big_blind * (2 if street in ("turn", "river") else 1)
        if self.betting == "limit":
            return Limits(opening=size, fixed=size, cap=RAISE_CAP)
        return Limits(opening=size)

    def forced(self) -> tuple[int, int]:
        return self.big_blind // 2, self.big_blind

    def at_level(self, small: int, big: int) -> "HoldemRules":
        """The level's big blind; the small one is half of it (H7)."""
        return replace(self, big_blind=big)


HOLDEM = HoldemRules(target=1)

"""Mau Mau's settings (seed 003, card-rules.md section 3) and its preset."""

from domain.errors import InvalidInput
from domain.match.rules import GameRules


class MauMauRules(GameRules, frozen=True, kw_only=True, tag="mau-mau"):
    """Mau Mau: 4 to 8 players each for themselves, two decks without jokers, 5 cards each;
    the first to shed every card wins the hand, the others count what they hold. A game is
    one hand (M11): the game ends after the hand that brings a seat to `target` points, so
    the default target of 1 ends it after the first hand; a higher one plays a series."""

    def check(self) -> None:
        if self.tie_bonus:
            raise InvalidInput("invalid-rules", "a Mau Mau hand carries nothing to the next")


MAU_MAU = MauMauRules(target=1)

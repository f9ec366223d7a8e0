"""Copas' settings (seed 003, card-rules.md section 2) and its preset."""

from domain.errors import InvalidInput
from domain.match.rules import GameRules


class CopasRules(GameRules, frozen=True, kw_only=True, tag="copas"):
    """Copas (Hearts): four players each for themselves, 52 cards, 13 tricks a hand; each
    heart taken costs 1 point and the queen of spades 13; the game ends when a player
    reaches the target, and the fewest points win."""

    moon: bool = True
    """Shooting the moon (C6): a seat that takes every heart and the queen of spades scores
    0 for the hand, and each other seat 26."""

    def check(self) -> None:
        if self.tie_bonus:
            raise InvalidInput("invalid-rules", "a Copas hand carries nothing to the next")


COPAS = CopasRules(target=100)

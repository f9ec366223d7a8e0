"""Buraco's settings (seed 003, card-rules.md section 4) and its preset."""

from typing import Annotated

from msgspec import Meta

from domain.errors import InvalidInput
from domain.match.rules import GameRules


class BuracoRules(GameRules, frozen=True, kw_only=True, tag="buraco"):
    """Buraco: 2 players alone or 4 in two partnerships, two decks without jokers, 11
    cards each and two mortos of 11; runs of one suit with at most one 2 as a wild; the
    side with the most points after the hand that brings it to the target wins (B16)."""

    target: Annotated[int, Meta(ge=1, le=100_000)] = 3000
    """Points that win the game (B16: 3000; Brazilian tables also play to 5000)."""

    def check(self) -> None:
        if self.tie_bonus:
            raise InvalidInput("invalid-rules", "a Buraco hand carries nothing to the next")


BURACO = BuracoRules()


class MegaBuracoRules(GameRules, frozen=True, kw_only=True, tag="mega-buraco"):
    """Mega Buraco: Buraco with two jokers a deck (wild, as the 2s), trincas beside the runs
    (one a rank per side), a starter on the pile, any canastra to go out with the morto
    taken, and the hand's end when two cards are left in the stock (card-rules.md 5)."""

    target: Annotated[int, Meta(ge=1, le=100_000)] = 3000
    """Points that win the game (MB7: as Buraco)."""

    def check(self) -> None:
        if self.tie_bonus:
            raise InvalidInput("invalid-rules", "a Mega Buraco hand carries nothing to the next")


MEGA_BURACO = MegaBuracoRules()


class TrancaRules(GameRules, frozen=True, kw_only=True, tag="tranca"):
    """Tranca: Buraco with sets ("lavadeiras") beside runs of 4 to the ace, every card 10,
    the black 3 that locks the pile, the red 3s laid alone for 100 each, and a pile taken
    only with its top card melded at once (card-rules.md section 6)."""

    target: Annotated[int, Meta(ge=1, le=100_000)] = 3000
    """Points that win the game (T10)."""

    def check(self) -> None:
        if self.tie_bonus:
            raise InvalidInput("invalid-rules", "a Tranca hand carries nothing to the next")


TRANCA = TrancaRules()

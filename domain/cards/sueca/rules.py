"""Sueca's settings (seed 003, rules.md "Card games") and its preset."""

from typing import Annotated

from msgspec import Meta

from domain.match.rules import GameRules, Points


class SuecaRules(GameRules, frozen=True, kw_only=True, tag="sueca"):
    """Sueca: 40 cards, 10 to each seat, the trump the suit of the dealer's last card."""

    redeal_up_to: Annotated[int, Meta(ge=0, le=120)] = 10
    """The opening player whose cards are worth this many points or fewer may ask for a
    new deal (seed 003: "10 pontos ou menos")."""
    bandeirada_wins: bool = True
    """Every trick of a deal wins the whole game (seed 003)."""
    penalty_points: Points = 2
    """Game points the other team scores when a team loses a deal by an infraction (S6)."""


SUECA = SuecaRules(target=4, tie_bonus=1, tie_bonus_cap=1000)

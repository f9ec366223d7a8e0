"""The settings of the card games, and their presets (seed 003, rules.md "Card games")."""

from typing import Annotated

from msgspec import Meta

from domain.errors import InvalidInput
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


class TrucoRules(GameRules, frozen=True, kw_only=True, tag="truco"):
    """Truco paulista: 40 cards, 3 to each seat, the manilhas the rank after the vira."""

    eleven_value: Annotated[int, Meta(ge=1, le=12)] = 3
    """What the mão de 11 is worth (seed 003: "já começa valendo 3 pontos")."""
    covered_from_round: Annotated[int, Meta(ge=1, le=4)] = 2
    """The first round in which a card may be played covered (face down); 4: never (T5)."""

    def check(self) -> None:
        if self.tie_bonus:
            raise InvalidInput("invalid-rules", "a Truco hand that nobody wins carries nothing")


SUECA = SuecaRules(target=4, tie_bonus=1, tie_bonus_cap=1000)
TRUCO = TrucoRules(target=12)

"""Truco's settings (seed 003, rules.md "Card games") and its preset."""

from typing import Annotated

from msgspec import Meta

from domain.errors import InvalidInput
from domain.match.rules import GameRules


class TrucoRules(GameRules, frozen=True, kw_only=True, tag="truco"):
    """Truco paulista: 40 cards, 3 to each seat, the manilhas the rank after the vira."""

    eleven_value: Annotated[int, Meta(ge=1, le=12)] = 3
    """What the mão de 11 is worth (seed 003: "já começa valendo 3 pontos")."""
    covered_from_round: Annotated[int, Meta(ge=1, le=4)] = 2
    """The first round in which a card may be played covered (face down); 4: never (T5)."""

    def check(self) -> None:
        if self.tie_bonus:
            raise InvalidInput("invalid-rules", "a Truco hand that nobody wins carries nothing")


TRUCO = TrucoRules(target=12)

"""Espadas' settings (seed 003, card-rules.md section 1) and its preset."""

from typing import Annotated, Literal

from msgspec import Meta

from domain.errors import InvalidInput
from domain.match.rules import GameRules

Reset = Literal["carry", "zero"]


class EspadasRules(GameRules, frozen=True, kw_only=True, tag="espadas"):
    """Espadas (Spades): two partnerships, 52 cards, 13 tricks a hand, spades always trump;
    each seat bids the tricks it will take, a team's contract is its bids' sum."""

    nil_points: Annotated[int, Meta(ge=0, le=1000)] = 100
    """What a nil bid wins when its bidder takes no trick, and loses otherwise (E5)."""
    double_nil_points: Annotated[int, Meta(ge=0, le=1000)] = 200
    bag_limit: Annotated[int, Meta(ge=1, le=100)] = 10
    """Bags (overtricks) a team may gather before it pays `bag_penalty` (E6)."""
    bag_penalty: Annotated[int, Meta(ge=0, le=1000)] = 100
    bags_reset: Reset = "carry"
    """At the limit: "carry" subtracts the limit and keeps the excess (E6, the standard
    rule); "zero" drops every bag (the seed's literal "zerados")."""

    def check(self) -> None:
        if self.tie_bonus:
            raise InvalidInput("invalid-rules", "an Espadas hand carries nothing to the next")


ESPADAS = EspadasRules(target=500)

"""What tells the games of Buraco's family apart (card-rules.md sections 4 and 5): the deck,
the melds, the cards' values, what going out needs, the starter, and how the stock ends.
One engine (`domain/cards/buraco/`) plays each of them by its variant."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from domain.cards.cards import rank_of
from domain.cards.melds.decks import DECK_104, DECK_108, JOKER
from domain.cards.melds.rules import MeldRules

TWOS = frozenset({"2C", "2D", "2H", "2S"})
BURACO_VALUES = {"A": 15, "2": 10, "3": 5, "4": 5, "5": 5, "6": 5, "7": 5}
"""The seed's values; 8 to K are worth 10."""


@dataclass(frozen=True)
class Variant:
    title: str
    """Its name in messages: "Buraco", "Mega Buraco"."""
    deck: tuple[str, ...]
    melds: MeldRules
    values: Mapping[str, int] = field(default_factory=lambda: dict(BURACO_VALUES))
    """Points by rank (and "JK"); 10 for a rank not named."""
    clean_to_go_out: bool = True
    """Going out with the morto taken needs a canastra limpa (B9); False: any canastra."""
    starter: bool = False
    """A card is turned from the stock to start the pile (MB5)."""
    ends_at_stock: int | None = None
    """The hand ends at the start of a turn with this many cards in the stock, the mortos
    never turned into it (MB6); None: the mortos become the stock first (B11)."""
    one_set_per_rank: bool = False
    """A side may not lay two trincas of one rank (Mega Buraco's "não pode baixar dois jogos
    de trincas do mesmo valor")."""
    threes: bool = False
    """Tranca's 3s: a black 3 discarded locks the pile for the next seat (T6); a red 3 is
    laid alone and replaced from the stock, worth 100 with a canastra, -100 without (T5, T8);
    the pile is taken only with its top card melded at once (T7)."""

    def value(self, card: str) -> int:
        return self.values.get(JOKER if card == JOKER else rank_of(card), 10)

    def points(self, cards: Sequence[str]) -> int:
        return sum(self.value(card) for card in cards)

    @property
    def deck_points(self) -> int:
        """What every card of the deck is worth: no count holds more."""
        return self.points(self.deck)


BURACO = Variant(
    title="Buraco",
    deck=DECK_104,
    melds=MeldRules(wilds=TWOS, max_wilds=1, ace_to_ace=True),
)
"""Runs only (B1), A low or high and A..K..A (B2), one 2 a meld as a wild (B3)."""

MEGA_BURACO = Variant(
    title="Mega Buraco",
    deck=DECK_108,
    melds=MeldRules(
        wilds=TWOS | {JOKER}, max_wilds=1, sets=True, set_ranks=frozenset(range(1, 14)) - {2}
    ),
    values={**BURACO_VALUES, JOKER: 50},
    clean_to_go_out=False,
    starter=True,
    ends_at_stock=2,
    one_set_per_rank=True,
)
"""Two jokers a deck, wild like the 2s (MB1), one wild a meld (MB2); runs A..K at most (MB4)
and trincas of any rank but 2, a 7-card trinca a canastra (MB3); the joker 50 points."""

TRANCA = Variant(
    title="Tranca",
    deck=DECK_104,
    melds=MeldRules(
        wilds=TWOS, max_wilds=1, sets=True, lowest=4, set_ranks=frozenset({1, *range(4, 14)})
    ),
    values={},
    one_set_per_rank=True,
    threes=True,
)
"""Runs 4..A (T1: the ace high only, so a 2 is always wild) and sets ("lavadeiras") of 4..A
(T2, one a rank per side), one wild a meld (T3), every card 10 (T4)."""
RED_THREES = ("3D", "3H")
BLACK_THREES = ("3C", "3S")

VARIANTS = {variant.title: variant for variant in (BURACO, MEGA_BURACO, TRANCA)}
"""Each variant by its title (a hand in play knows its own)."""

"""A Cacheta round in progress: the stock engine's hand, the vira and its wilds (K1, K2),
the seats still in and their lives (K9, K13), who is na boa, who burned, who took the last
discard out of turn (K7, K8); and the melds a batida may show (K3-K5)."""

from collections.abc import Sequence

from domain.cards.cards import RANKS, rank_of, suit_of
from domain.cards.melds.rules import MeldRules
from domain.cards.stock.hand import StockHand

WHAT = "Cacheta"
HAND_SIZE = 9
COLOUR = {"C": "CS", "S": "CS", "D": "DH", "H": "DH"}
"""The suits of each suit's colour: black (paus, espadas), red (ouros, copas)."""
LOSS = {9: 1, 10: 2}
"""Lives each other seat loses to a batida with 9 cards, with 10."""


def wilds_of(vira: str) -> tuple[str, ...]:
    """K1: the rank after the vira's, in the vira's colour (after a king, the ace)."""
    rank = RANKS[(RANKS.index(rank_of(vira)) + 1) % len(RANKS)]
    return tuple(rank + suit for suit in COLOUR[suit_of(vira)])


def melds_for(wilds: Sequence[str]) -> MeldRules:
    """K3-K5: runs and trincas of 3 to 5 (three suits), any number of wilds."""
    return MeldRules(wilds=frozenset(wilds), max_wilds=None, sets=True, set_max=5, set_suits=3)


class CachetaHand(StockHand, frozen=True, kw_only=True):
    vira: str
    wilds: tuple[str, ...]
    playing: tuple[int, ...]
    """The seats still in, in seat order (K10: the others are skipped)."""
    lives: tuple[int, ...]
    """Each seat's lives as the round began (K13: 0 for a seat out)."""
    na_boa: frozenset[int] = frozenset()
    burned: frozenset[int] = frozenset()
    jumper: int | None = None
    """The seat that took the last discard out of turn: it goes out or burns (K8)."""
    discarder: int | None = None
    """Who made the top discard."""

    def placed(self) -> tuple[str, ...]:
        """The vira, set aside face up: no draw from an unknown stock may name it."""
        return (self.vira,)

    def next_in(self, seat: int) -> int:
        """The next seat still in after this one."""
        later = [s for s in self.playing if s > seat]
        return later[0] if later else self.playing[0]

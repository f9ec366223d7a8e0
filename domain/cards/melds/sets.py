"""Sets: three cards or more of one rank (Mega Buraco's trincas, Tranca's lavadeiras,
Cacheta's trincas of three suits at least), with their wilds."""

from __future__ import annotations

from collections.abc import Sequence

from domain.cards.cards import rank_of, suit_of
from domain.cards.melds.decks import JOKER
from domain.cards.melds.rules import VALUE, Meld, MeldRules, is_wild


def as_set(cards: Sequence[str], rules: MeldRules) -> Meld | None:
    """The set these cards make (the cards of its rank natural, the rest wild), or None."""
    if not rules.sets or len(cards) < 3:
        return None
    if rules.set_max is not None and len(cards) > rules.set_max:
        return None
    plain = [c for c in cards if not is_wild(c, rules)]
    ranks = {rank_of(c) for c in plain} or {rank_of(c) for c in cards if c != JOKER}
    if len(ranks) != 1:
        return None
    (rank,) = ranks
    naturals = [c for c in cards if c != JOKER and rank_of(c) == rank]
    wilds = len(cards) - len(naturals)
    if not naturals or (rules.max_wilds is not None and wilds > rules.max_wilds):
        return None
    if rules.set_ranks is not None and VALUE[rank] not in rules.set_ranks:
        return None
    if len({suit_of(c) for c in naturals}) + wilds < min(rules.set_suits, len(cards)):
        return None
    return Meld("set", tuple(cards), wilds, VALUE[rank], None)

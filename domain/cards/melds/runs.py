"""Runs: three cards or more of one suit in sequence, the ace low or high (both only
A..K..A where the rules allow it), the gaps filled by wilds."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from domain.cards.cards import rank_of, suit_of
from domain.cards.melds.decks import JOKER
from domain.cards.melds.rules import VALUE, Meld, MeldRules, is_wild


def as_run(cards: Sequence[str], rules: MeldRules) -> Meld | None:
    """The run these cards make with the fewest wilds (as many wild-capable cards of its suit
    natural as fit), or None."""
    if not rules.runs or len(cards) < 3 or len(cards) > rules.longest:
        return None
    plain = [c for c in cards if not is_wild(c, rules)]
    able = [c for c in cards if c != JOKER and c in rules.wilds]
    suits = {suit_of(c) for c in plain} or {suit_of(c) for c in able}
    best: Meld | None = None
    for suit in suits if len(suits) == 1 or not plain else ():
        own = [c for c in able if suit_of(c) == suit]
        for size in range(len(own), -1, -1):  # as many wild-capable cards natural as fit
            for natural in set(combinations(own, size)):
                meld = run_with(cards, [*plain, *natural], suit, rules)
                if meld is not None and (best is None or meld.wilds < best.wilds):
                    best = meld
            if best is not None:
                return best
    return best


def run_with(
    cards: Sequence[str], naturals: Sequence[str], suit: str, rules: MeldRules
) -> Meld | None:
    """The run of `suit` these cards make with these naturals, the rest wild, or None."""
    if not naturals or any(suit_of(c) != suit for c in naturals):
        return None
    wilds = len(cards) - len(naturals)
    if rules.max_wilds is not None and wilds > rules.max_wilds:
        return None
    for places in ace_places(naturals, rules):
        low = window(places, len(cards), rules)
        if low is not None:
            return Meld("run", tuple(cards), wilds, low, suit)
    return None


def ace_places(naturals: Sequence[str], rules: MeldRules) -> Iterable[list[int]]:
    """The naturals' places, each ace low or high (distinct places only)."""
    values = sorted(VALUE[rank_of(c)] for c in naturals)
    aces = values.count(1)
    rest = values[aces:]
    for high in range(aces + 1):
        places = sorted([1] * (aces - high) + rest + [14] * high)
        if len(set(places)) == len(places):
            yield places


def window(places: list[int], length: int, rules: MeldRules) -> int | None:
    """The lowest place of a run of `length` holding these places within the rules' range
    (the gaps and any extra wilds filled by wilds), or None."""
    first, last = places[0], places[-1]
    if first < rules.lowest or last > rules.highest or last - first + 1 > length:
        return None
    start = max(rules.lowest, last - length + 1)
    if start > first or start + length - 1 > rules.highest:
        return None
    if length == 14 or (start == 1 and start + length - 1 == 14):
        return start if rules.ace_to_ace else None
    return start

"""Cacheta's batida search (K6, domain/cards/melds/split.py) against an exhaustive one
written here: every hand of 9 to 11 cards from the double deck, with wilds or without,
splits exactly when some partition of it into melds exists (each group read by `meld_of`),
and a split found is such a partition. The search's answers for a few hands are pinned:
a faster search must choose the same groups (they are recorded in `WentOut`)."""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from domain.cards.cacheta.hand import melds_for, wilds_of
from domain.cards.cards import DECK_52, RANKS, SUITS
from domain.cards.melds.meld import meld_of
from domain.cards.melds.rules import MeldRules
from domain.cards.melds.split import split
from domain.errors import InvalidInput


def splits(cards: list[str], rules: MeldRules) -> bool:
    """Whether the cards can be partitioned into melds: the first card (sorted) goes in a
    group with every choice of the others in turn; a group `meld_of` accepts leaves the
    rest to be partitioned alike."""

    @cache
    def is_meld(group: tuple[str, ...]) -> bool:
        try:
            meld_of(group, rules)
        except InvalidInput:
            return False
        return True

    @cache
    def partitioned(left: tuple[str, ...]) -> bool:
        if not left:
            return True
        first, rest = left[0], left[1:]
        for size in range(2, len(rest) + 1):
            for chosen in combinations(range(len(rest)), size):
                group = tuple(sorted([first, *(rest[k] for k in chosen)]))
                others = tuple(card for k, card in enumerate(rest) if k not in chosen)
                if is_meld(group) and partitioned(others):
                    return True
        return False

    return partitioned(tuple(sorted(cards)))


@st.composite
def hands(draw: st.DrawFn) -> tuple[list[str], MeldRules]:
    """A vira (so its wilds), then 9 to 11 cards of the double deck, 0 to 4 of them wild:
    the naturals from the whole deck, or (more often splitting) from a few suits over a
    few ranks."""
    vira = draw(st.sampled_from(DECK_52))
    wilds = wilds_of(vira)
    size = draw(st.integers(9, 11))
    wild_count = draw(st.integers(0, 4))
    if draw(st.booleans()):
        suits = draw(st.lists(st.sampled_from(SUITS), min_size=2, max_size=4, unique=True))
        low, width = draw(st.integers(0, 12)), draw(st.integers(4, 6))
        ranks = [RANKS[(low + k) % len(RANKS)] for k in range(width)]
        naturals = [rank + suit for rank in ranks for suit in suits]
    else:
        naturals = list(DECK_52)
    pool = [card for card in naturals if card not in wilds] * 2  # two decks: 12 at least
    places = st.sampled_from(range(len(pool)))
    picked = draw(st.lists(places, unique=True, min_size=size - wild_count, max_size=size))
    hand = [pool[k] for k in picked[: size - wild_count]]
    return [*hand, *(*wilds, *wilds)[:wild_count]], melds_for(wilds)


@settings(max_examples=150, deadline=None)
@given(hand_and_rules=hands())
def test_the_search_splits_exactly_the_hands_that_split(
    hand_and_rules: tuple[list[str], MeldRules],
) -> None:
    hand, rules = hand_and_rules

    found = split(hand, rules)

    event("a batida" if found is not None else "no batida")
    assert (found is not None) == splits(hand, rules), hand
    if found is not None:
        assert Counter(card for group in found for card in group) == Counter(hand)
        for group in found:
            meld_of(group, rules)  # raises if it is no meld


PINNED = [  # the vira, the hand, and the groups the search has always answered
    (
        "8C",
        "5H 5C 9C 7S 8S 9S JD QD 9C 9S",
        [["5C", "5H", "9C", "9S"], ["7S", "8S", "9C"], ["JD", "QD", "9S"]],
    ),
    (
        "8C",
        "5H 5C 5D 7S 8S 9S 10D JD QD KD",
        [["10D", "JD", "KD", "QD"], ["5C", "5D", "5H"], ["7S", "8S", "9S"]],
    ),
    ("8C", "5H 7C 9C 3D 8S 9S JD QH 9C 9S", None),
    (
        "KD",
        "AD AH 3H 4H 5H 5C 5S 5H QS KS",
        [["3H", "4H", "AD"], ["5C", "5H", "5H", "5S"], ["KS", "QS", "AH"]],
    ),
    (
        "4H",
        "5D 5H 6H 7H 7H 8H 9H 10H JH QH KH",
        [["10H", "7H", "5D", "5H"], ["6H", "7H", "8H", "9H"], ["JH", "KH", "QH"]],
    ),
    (
        "10S",
        "JC JS 2C 3C 4C 4C 4D 4H 4S AC",
        [["2C", "4C", "JC"], ["3C", "AC", "JS"], ["4C", "4D", "4H", "4S"]],
    ),
]


@pytest.mark.parametrize(("vira", "hand", "groups"), PINNED)
def test_the_search_answers_the_same_groups_as_ever(
    vira: str, hand: str, groups: list[list[str]] | None
) -> None:
    assert split(hand.split(), melds_for(wilds_of(vira))) == groups

"""A hand split into melds, every card used: a Cacheta batida (K6)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import combinations, permutations

from domain.cards.cards import rank_of, suit_of
from domain.cards.melds.decks import JOKER
from domain.cards.melds.groupings import Groupings, Groups
from domain.cards.melds.meld import meld_of
from domain.cards.melds.rules import MeldRules
from domain.errors import InvalidInput


def split(cards: Sequence[str], rules: MeldRules) -> list[list[str]] | None:
    """The hand split into melds, every card used (a Cacheta batida, K6), or None. Only the
    natural cards are grouped; the wilds are counted into the groups, each group taking
    between the fewest wilds it needs and the most it can hold. The groupings are worked out
    once, for every number of wilds at once: the wild-capable cards that may meld on their
    own only change how many wilds are left."""
    wilds = rules.wilds
    wild = [c for c in cards if c in wilds or c == JOKER]
    naturals = tuple(sorted([c for c in cards if c not in wilds and c != JOKER]))
    grouped = Groupings(naturals, len(wild), rules)
    for size in (0, *range(3, len(wild) + 1)):  # wild-capable cards that meld on their own
        for alone in dict.fromkeys(combinations(sorted(wild), size)):  # in order: no hash order
            if size and not _natural_meld(alone, rules):
                continue
            rest = list(wild)
            for card in alone:
                rest.remove(card)
            groups = grouped.completed_by(len(rest))
            if groups is None:
                continue
            dealt = _sound_deal(groups, rest, rules)
            if dealt is not None:
                return dealt + ([list(alone)] if size else [])
    return None


def _sound_deal(groups: Groups, wilds: list[str], rules: MeldRules) -> list[list[str]] | None:
    """The groups with the wilds dealt out, so that each is a meld as `meld_of` reads it: a
    wild of a set's own rank is that card, not a wild (K5), so it may not make up a missing
    suit; another order of the wilds is tried then, and None when none serves (rare: the
    seat may still show its groups)."""
    ranks = {rank_of(c) for c in wilds if c != JOKER}
    risky = any(
        len({rank_of(c) for c in group}) == 1 and rank_of(group[0]) in ranks
        for group, _, _ in groups
    )
    dealt = _dealt_wilds(groups, wilds, rules)
    if not risky or all(_sound(group, rules) for group in dealt):
        return dealt  # nearly always: no set of the wilds' rank to make up
    for order in dict.fromkeys(permutations(wilds)):
        dealt = _dealt_wilds(groups, list(order), rules)
        if all(_sound(group, rules) for group in dealt):
            return dealt
    return None


def _sound(group: list[str], rules: MeldRules) -> bool:
    """Whether a dealt group is a meld; read again only when a wild is of the rank of the
    group's naturals (a set's), the one case the grouping's count may get wrong."""
    wilds = [c for c in group if c in rules.wilds and c != JOKER]
    if not wilds:
        return True
    naturals = {rank_of(c) for c in group if c not in rules.wilds and c != JOKER}
    if len(naturals) != 1 or not naturals & {rank_of(c) for c in wilds}:
        return True
    try:
        meld_of(group, rules)
    except InvalidInput:
        return False
    return True


_NATURAL: dict[tuple[MeldRules, tuple[str, ...]], bool] = {}


def _natural_meld(cards: tuple[str, ...], rules: MeldRules) -> bool:
    """Wild-capable cards that make a meld each standing for itself (9C 9C 9S): a set of
    one rank or a run of one suit, so most combinations are refused before the meld is
    read (Cacheta's wilds, one rank of two suits, never make one)."""
    ranks = {rank_of(c) for c in cards}
    suits = {suit_of(c) for c in cards}
    if len(ranks) > 1 and len(suits) > 1:
        return False
    if len(ranks) == 1 and (not rules.sets or len(suits) < min(rules.set_suits, len(cards))):
        return False
    key = (rules, cards)
    known = _NATURAL.get(key)
    if known is None:
        if len(_NATURAL) > 4096:
            _NATURAL.clear()
        plain = replace(rules, wilds=frozenset(), max_wilds=0)
        try:
            known = meld_of(cards, plain).wilds == 0
        except InvalidInput:
            known = False
        _NATURAL[key] = known
    return known


def _dealt_wilds(groups: Groups, wilds: list[str], rules: MeldRules) -> list[list[str]]:
    """The groups with the wilds dealt out: each its fewest, the rest where they fit."""
    counts = [lo for _, lo, _ in groups]
    spare = len(wilds) - sum(counts)
    for i, (_, lo, hi) in enumerate(groups):
        extra = min(spare, hi - lo)
        counts[i] += extra
        spare -= extra
    out, k = [], 0
    for (group, _, _), n in zip(groups, counts, strict=True):
        out.append([*group, *wilds[k : k + n]])
        k += n
    return out

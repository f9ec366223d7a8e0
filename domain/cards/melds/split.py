"""A hand split into melds, every card used: a Cacheta batida (K6)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from itertools import combinations, permutations

from domain.cards.cards import rank_of, suit_of
from domain.cards.melds.decks import JOKER
from domain.cards.melds.meld import meld_of
from domain.cards.melds.rules import VALUE, MeldRules, is_wild
from domain.cards.melds.runs import ace_places
from domain.errors import InvalidInput


def split(cards: Sequence[str], rules: MeldRules) -> list[list[str]] | None:
    """The hand split into melds, every card used (a Cacheta batida, K6), or None. Only the
    natural cards are grouped; the wilds are counted into the groups, each group taking
    between the fewest wilds it needs and the most it can hold. The groupings are worked out
    once, for every number of wilds at once: the wild-capable cards that may meld on their
    own only change how many wilds are left."""
    wild = [c for c in cards if is_wild(c, rules)]
    naturals = tuple(sorted(c for c in cards if not is_wild(c, rules)))
    grouped = _Groupings(naturals, len(wild), rules)
    for size in (0, *range(3, len(wild) + 1)):  # wild-capable cards that meld on their own
        for alone in set(combinations(sorted(wild), size)):
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


Groups = tuple[tuple[tuple[str, ...], int, int], ...]
"""Each group of naturals, with the fewest and the most wilds it can take."""
Options = dict[int, tuple[int, tuple[int, ...]]]
"""For the fewest wilds a grouping needs: the most it can take, and its groups (masks)."""


_UNKNOWN = (-1, -1)
"""A span not worked out yet (no span is negative)."""


class _Groupings:
    """Every grouping of the naturals into groups that up to `wilds` wilds complete: for
    each fewest number of wilds a grouping needs, the most it can take and its groups. Each
    group takes between its fewest and its most, so any total between the sums does. The
    naturals left are a bit mask; what each set of them allows is worked out once."""

    def __init__(self, naturals: tuple[str, ...], wilds: int, rules: MeldRules) -> None:
        self.naturals = naturals
        self.wilds = wilds
        self.spans: dict[int, tuple[int, int]] = {}
        self.starting: list[list[int]] = [[] for _ in naturals]
        known = _spans_for(rules)
        ranks = [rank_of(c) for c in naturals]
        suits = [suit_of(c) for c in naturals]
        spans, starting = self.spans, self.starting
        for i in range(len(naturals)):
            for members in _groups_from(i, ranks, suits, rules, wilds):
                group = tuple([naturals[k] for k in members])
                span = known.get(group, _UNKNOWN)
                if span is _UNKNOWN:
                    span = known[group] = _span(group, rules)
                if span is not None and span[0] <= wilds:
                    mask = 0
                    for k in members:
                        mask |= 1 << k
                    spans[mask] = span
                    starting[i].append(mask)
        self.memo: dict[int, Options] = {}
        self.table = self.options((1 << len(naturals)) - 1)

    def options(self, left: int) -> Options:
        if not left:
            return {0: (0, ())}
        known = self.memo.get(left)
        if known is not None:
            return known
        found: Options = {}
        first = (left & -left).bit_length() - 1
        spans, wilds = self.spans, self.wilds
        for group in self.starting[first]:
            if group & left != group:
                continue
            fewest, most = spans[group]
            for rest_fewest, (rest_most, groups) in self.options(left ^ group).items():
                total = fewest + rest_fewest
                if total <= wilds and (total not in found or found[total][0] < most + rest_most):
                    found[total] = (most + rest_most, (group, *groups))
        self.memo[left] = found
        return found

    def completed_by(self, wilds: int) -> Groups | None:
        """A grouping that exactly `wilds` wilds complete, or None."""
        for fewest, (most, masks) in self.table.items():
            if fewest <= wilds <= most:
                naturals = self.naturals
                return tuple(
                    (tuple([c for k, c in enumerate(naturals) if m >> k & 1]), *self.spans[m])
                    for m in masks
                )
        return None


def _groups_from(
    i: int, ranks: list[str], suits: list[str], rules: MeldRules, wilds: int
) -> Iterable[tuple[int, ...]]:
    """The groups of naturals whose first is the i-th: it and some of the later ones of its
    rank (a set), or some of its suit, each of another rank (a run). A group too small for
    the wilds there are to make it three is not tried."""
    rank, suit = ranks[i], suits[i]
    later = range(i + 1, len(ranks))
    smallest = max(1, 2 - wilds)  # cards joining the i-th: with the wilds, three at least
    if wilds >= 2:
        yield (i,)
    if rules.sets:
        same_rank = [k for k in later if ranks[k] == rank]
        for size in range(smallest, len(same_rank) + 1):
            for chosen in combinations(same_rank, size):
                yield (i, *chosen)
    if rules.runs:
        same_suit = [k for k in later if suits[k] == suit and ranks[k] != rank]
        for size in range(smallest, len(same_suit) + 1):
            for chosen in combinations(same_suit, size):
                if len({ranks[k] for k in chosen}) == size:
                    yield (i, *chosen)


Span = tuple[int, int] | None
"""(fewest, most) wilds that make a group of naturals a meld; None: no meld holds them."""
_SPANS: dict[MeldRules, dict[tuple[str, ...], Span]] = {}
"""The spans worked out so far, by rules (a game has one set, or one per turned card)."""


def _spans_for(rules: MeldRules) -> dict[tuple[str, ...], Span]:
    known = _SPANS.get(rules)
    if known is None:
        if len(_SPANS) > 64:
            _SPANS.clear()
        known = _SPANS[rules] = {}
    return known


def _span(group: tuple[str, ...], rules: MeldRules) -> tuple[int, int] | None:
    spans = []
    if rules.sets and len({rank_of(c) for c in group}) == 1:
        rank = VALUE[rank_of(group[0])]
        most = (rules.set_max or 99) - len(group)
        need = max(0, 3 - len(group), min(rules.set_suits, 3) - len({suit_of(c) for c in group}))
        if rules.set_ranks is None or rank in rules.set_ranks:
            spans.append((need, most))
    if rules.runs and len({suit_of(c) for c in group}) == 1:
        for places in ace_places(group, rules):
            if places[0] < rules.lowest or places[-1] > rules.highest:
                continue
            width = places[-1] - places[0] + 1
            if width > rules.longest:
                continue
            spans.append((width - len(group) + max(0, 3 - width), rules.longest - len(group)))
    cap = rules.max_wilds
    spans = [(lo, hi if cap is None else min(hi, cap)) for lo, hi in spans]
    spans = [(lo, hi) for lo, hi in spans if lo <= hi]
    if not spans:
        return None
    return min(lo for lo, _ in spans), max(hi for _, hi in spans)


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

"""The search behind a batida (split.py): every grouping of a hand's naturals into groups
that some number of wilds complete into melds.

A group is a bit mask over the naturals (sorted by code); each natural heads the groups it
makes with later ones: it alone (when two wilds can make it three), with later ones of its
rank (a set), with later ones of its suit, each of another rank (a run). Which of those are
melds, and the wilds each takes, depend only on the cards of that rank or that suit (and
the rules, and the wilds there are), so tables keep them by those cards: a hand looks up
its few ranks and suits and turns their places into masks over its naturals. The search
then works out each set of naturals left once (by its mask), the first of them heading one
of its groups. The result is the same as searching every group of every hand afresh.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from domain.cards.cards import rank_of, suit_of
from domain.cards.melds.rules import VALUE, MeldRules
from domain.cards.melds.runs import ace_places

Groups = tuple[tuple[tuple[str, ...], int, int], ...]
"""Each group of naturals, with the fewest and the most wilds it can take."""
Start = tuple[int, int, int]
"""A group (a mask) and the fewest and the most wilds it takes."""
Choice = tuple[int, int, int]
"""The best way found to group some naturals with a fewest number of wilds: the most wilds
it takes, its first group (a mask), and the fewest wilds of what that group leaves."""
Options = dict[int, Choice]
"""By the fewest wilds a grouping needs (keys in the order first found): its best choice."""

_NOTHING_LEFT: Options = {0: (0, 0, 0)}


class Groupings:
    """Every grouping of the naturals into groups that up to `wilds` wilds complete: for
    each fewest number of wilds a grouping needs, the most it can take and its groups (the
    first found of those that take the most). Each group takes between its fewest and its
    most, so any total between the sums does. The naturals left are a bit mask; what each
    set of them allows is worked out once."""

    def __init__(self, naturals: tuple[str, ...], wilds: int, rules: MeldRules) -> None:
        self.naturals = naturals
        self.starting = starts(naturals, wilds, rules)
        self.memo: dict[int, Options] = {0: _NOTHING_LEFT}
        self.table = _search(self.starting, wilds, self.memo, (1 << len(naturals)) - 1)

    def completed_by(self, wilds: int) -> Groups | None:
        """A grouping that exactly `wilds` wilds complete, or None."""
        for fewest, (most, _, _) in self.table.items():
            if fewest <= wilds <= most:
                return tuple(self._groups(fewest))
        return None

    def _groups(self, fewest: int) -> Iterator[tuple[tuple[str, ...], int, int]]:
        naturals, left = self.naturals, (1 << len(self.naturals)) - 1
        while left:
            _, group, after = self.memo[left][fewest]
            cards = tuple([c for k, c in enumerate(naturals) if group >> k & 1])
            first = self.starting[(group & -group).bit_length() - 1]
            yield next((cards, lo, hi) for mask, lo, hi in first if mask == group)
            left, fewest = left ^ group, after


def _search(
    starting: list[list[Start]], wilds: int, memo: dict[int, Options], everything: int
) -> Options:
    """The options of every natural (`everything`), each set of naturals left worked out once
    into `memo`: the first natural left heads one of its groups, the rest are grouped
    alike. A set whose first natural heads no group is skipped unsearched (it has none)."""

    def options(left: int) -> Options:
        found: Options = {}
        for group, fewest, most in starting[(left & -left).bit_length() - 1]:
            if group & left != group:
                continue
            rest = left ^ group
            after = memo.get(rest)
            if after is None:
                if not starting[(rest & -rest).bit_length() - 1]:
                    memo[rest] = after = {}
                else:
                    after = options(rest)
            for rest_fewest, (rest_most, _, _) in after.items():
                total = fewest + rest_fewest
                if total <= wilds:
                    best = found.get(total)
                    if best is None or best[0] < most + rest_most:
                        found[total] = (most + rest_most, group, rest_fewest)
        memo[left] = found
        return found

    return options(everything) if everything else _NOTHING_LEFT


Heads = tuple[tuple[Start, ...], ...]
"""For each card of a rank (or of a suit), in order: the groups it heads with later ones,
as masks over the places of that rank's (or suit's) cards, with their spans."""
Table = dict[str | tuple[str, ...], Heads]
"""Heads by the cards of one rank (or suit) in a hand, by the rules and the wilds there are
(a lone card is its own key)."""
_BY_RANK: dict[tuple[MeldRules, int], Table] = {}
_BY_SUIT: dict[tuple[MeldRules, int], Table] = {}
_KEPT = 4096
"""Entries a table keeps before it starts again (a game has few rules; a hand, few ranks)."""


def starts(naturals: tuple[str, ...], wilds: int, rules: MeldRules) -> list[list[Start]]:
    """For each natural, the groups it heads that up to `wilds` wilds complete, in the
    order the search tries them: alone, sets (fewest cards first), runs (fewest first)."""
    by_rank: dict[str, list[int]] = {}
    by_suit: dict[str, list[int]] = {}
    for k, card in enumerate(naturals):
        rank, suit = card[:-1], card[-1]
        if rank in by_rank:
            by_rank[rank].append(k)
        else:
            by_rank[rank] = [k]
        if suit in by_suit:
            by_suit[suit].append(k)
        else:
            by_suit[suit] = [k]
    starting: list[list[Start]] = [[] for _ in naturals]
    if rules.sets or wilds >= 2:
        table = _table(_BY_RANK, rules, wilds)
        for places in by_rank.values():
            if len(places) == 1:
                if wilds >= 2:  # a lone card of its rank: a set or a run of it and wilds
                    k = places[0]
                    heads = table.get(naturals[k])
                    if heads is None:
                        heads = table[naturals[k]] = _rank_heads((naturals[k],), wilds, rules)
                    starting[k] += [(1 << k, lo, hi) for _, lo, hi in heads[0]]
                continue
            cards = tuple([naturals[k] for k in places])
            heads = table.get(cards)
            if heads is None:
                heads = table[cards] = _rank_heads(cards, wilds, rules)
            _place(heads, places, starting)
    if rules.runs:
        table = _table(_BY_SUIT, rules, wilds)
        for places in by_suit.values():
            if len(places) > 1:
                cards = tuple([naturals[k] for k in places])
                heads = table.get(cards)
                if heads is None:
                    heads = table[cards] = _suit_heads(cards, wilds, rules)
                _place(heads, places, starting)
    return starting


def _place(heads: Heads, places: list[int], starting: list[list[Start]]) -> None:
    """The groups of `heads` added to their first naturals', places made masks."""
    masks = [0]  # the mask of each subset of the places, by the subset's own bits
    for k in places:
        masks += [m | 1 << k for m in masks]
    for k, own in zip(places, heads, strict=True):
        if own:
            starting[k] += [(masks[at], lo, hi) for at, lo, hi in own]


def _table(tables: dict[tuple[MeldRules, int], Table], rules: MeldRules, wilds: int) -> Table:
    known = tables.get((rules, wilds))
    if known is None or len(known) > _KEPT:
        if len(tables) > 256:
            tables.clear()
        known = tables[rules, wilds] = {}
    return known


def _rank_heads(cards: tuple[str, ...], wilds: int, rules: MeldRules) -> Heads:
    """Each card of a rank: it alone (two wilds or more), then with later ones (a set)."""
    smallest = max(1, 2 - wilds)  # cards joining the first: with the wilds, three at least
    known = _spans_for(rules)
    heads = []
    for p in range(len(cards)):
        later = range(p + 1, len(cards))
        candidates: list[tuple[int, ...]] = [(p,)] if wilds >= 2 else []
        if rules.sets:
            for size in range(smallest, len(later) + 1):
                candidates += [(p, *chosen) for chosen in combinations(later, size)]
        heads.append(_spanned(candidates, cards, wilds, rules, known) if candidates else ())
    return tuple(heads)


def _suit_heads(cards: tuple[str, ...], wilds: int, rules: MeldRules) -> Heads:
    """Each card of a suit with later ones, each of another rank (a run)."""
    smallest = max(1, 2 - wilds)
    known = _spans_for(rules)
    ranks = [rank_of(c) for c in cards]
    heads = []
    for p, rank in enumerate(ranks):
        later = [k for k in range(p + 1, len(cards)) if ranks[k] != rank]
        candidates: list[tuple[int, ...]] = []
        for size in range(smallest, len(later) + 1):
            for chosen in combinations(later, size):
                if len({ranks[k] for k in chosen}) == size:
                    candidates.append((p, *chosen))
        heads.append(_spanned(candidates, cards, wilds, rules, known) if candidates else ())
    return tuple(heads)


def _spanned(
    candidates: list[tuple[int, ...]],
    cards: tuple[str, ...],
    wilds: int,
    rules: MeldRules,
    known: dict[tuple[str, ...], Span],
) -> tuple[Start, ...]:
    """The candidates (places among `cards`) that up to `wilds` wilds make melds, as masks
    of their places, with their spans."""
    kept = []
    for at in candidates:
        group = tuple([cards[k] for k in at])
        found = known.get(group, _UNKNOWN)
        if found is _UNKNOWN:
            found = known[group] = _span(group, rules)
        if found is not None and found[0] <= wilds:
            kept.append((sum(1 << k for k in at), *found))
    return tuple(kept)


Span = tuple[int, int] | None
_SPANS: dict[MeldRules, dict[tuple[str, ...], Span]] = {}
"""Each group's span by its cards, by rules: the tables above miss on each new hand's ranks
and suits, but their groups recur."""
_SPANS_KEPT = 65536
_UNKNOWN = (-1, -1)
"""A span not worked out yet (no span is negative)."""


def _spans_for(rules: MeldRules) -> dict[tuple[str, ...], Span]:
    known = _SPANS.get(rules)
    if known is None or len(known) > _SPANS_KEPT:
        if len(_SPANS) > 64:
            _SPANS.clear()
        known = _SPANS[rules] = {}
    return known


def _span(group: tuple[str, ...], rules: MeldRules) -> Span:
    """(fewest, most) wilds that make a group of naturals a meld; None: no meld holds it."""
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

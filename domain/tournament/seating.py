"""Who sits at which table when entrants play alone: a Swiss round seated by standing with
the fewest repeated opponents, groups and knock-out tables seeded in snake order.

Pure and deterministic: the same standing and history always seat the same tables.
"""

from collections.abc import Mapping, Sequence
from itertools import combinations

Seating = list[tuple[int, ...]]
"""Tables of entrants; a table of one is a bye."""
EXACT = 12
"""Up to this many seated, a repeated table that local swaps cannot undo is searched for
exhaustively."""


def snake(entrants: Sequence[int], sizes: Sequence[int]) -> Seating:
    """Entrants in seed order dealt over tables of these sizes, there and back."""
    tables: list[list[int]] = [[] for _ in sizes]
    order = list(range(len(sizes)))
    turn = 0
    for entrant in entrants:
        while True:
            lap, at = divmod(turn, len(sizes))
            index = order[at] if lap % 2 == 0 else order[-1 - at]
            turn += 1
            if len(tables[index]) < sizes[index]:
                tables[index].append(entrant)
                break
    return [tuple(t) for t in tables]


def byes_for(ranked: Sequence[int], count: int, byes: Mapping[int, int]) -> list[int]:
    """Who sits out: the fewest byes so far first, then the lowest in the standing, so
    nobody has a second bye while another has none."""
    order = sorted(ranked, key=lambda e: (byes.get(e, 0), -ranked.index(e)))
    return order[:count]


def swiss(
    ranked: Sequence[int],
    sizes: Sequence[int],
    met: Mapping[frozenset[int], int],
    seen: set[frozenset[int]],
    byes: Mapping[int, int],
) -> Seating:
    """A Swiss round: `sizes` its tables (ones are byes), `ranked` the entrants by standing.
    Tables are cut from the standing in order, then entrants swapped between tables while
    that lowers (tables seated before, pairs met before, distance from their standing)."""
    tables = [s for s in sizes if s > 1]
    sitting_out = byes_for(ranked, len(sizes) - len(tables), byes)
    playing = [e for e in ranked if e not in sitting_out]
    seating: list[list[int]] = []
    start = 0
    for size in tables:
        seating.append(playing[start : start + size])
        start += size
    home = {e: n for n, table in enumerate(seating) for e in table}
    cost = _Cost(met, seen, home)
    seating = _improve(seating, cost)
    if cost.of_all(seating)[0] and len(playing) <= EXACT:
        seating = _exhaustive(playing, tables, cost) or seating
    return [tuple(sorted(t, key=ranked.index)) for t in seating] + [(e,) for e in sitting_out]


class _Cost:
    def __init__(
        self, met: Mapping[frozenset[int], int], seen: set[frozenset[int]], home: dict[int, int]
    ) -> None:
        self.met, self.seen, self.home = met, seen, home

    def of(self, table: Sequence[int], index: int) -> tuple[int, int, int]:
        again = 1 if frozenset(table) in self.seen else 0
        pairs = sum(self.met.get(frozenset(p), 0) for p in combinations(table, 2))
        spread = sum(abs(self.home[e] - index) for e in table)
        return again, pairs, spread

    def of_all(self, seating: Sequence[Sequence[int]]) -> tuple[int, int, int]:
        parts = [self.of(t, n) for n, t in enumerate(seating)]
        return (sum(p[0] for p in parts), sum(p[1] for p in parts), sum(p[2] for p in parts))


def _plus(a: tuple[int, int, int], b: tuple[int, int, int]) -> tuple[int, int, int]:
    return a[0] + b[0], a[1] + b[1], a[2] + b[2]


def _improve(seating: list[list[int]], cost: _Cost, limit: int = 400) -> list[list[int]]:
    """Best swaps first, until none lowers the cost."""
    tables = [list(t) for t in seating]
    for _ in range(limit):
        best: tuple[tuple[int, int, int], int, int, int, int] | None = None
        for a, b in combinations(range(len(tables)), 2):
            now = _plus(cost.of(tables[a], a), cost.of(tables[b], b))
            for i, x in enumerate(tables[a]):
                for j, y in enumerate(tables[b]):
                    left = [*tables[a][:i], y, *tables[a][i + 1 :]]
                    right = [*tables[b][:j], x, *tables[b][j + 1 :]]
                    after = _plus(cost.of(left, a), cost.of(right, b))
                    gain = (now[0] - after[0], now[1] - after[1], now[2] - after[2])
                    if gain > (0, 0, 0) and (best is None or gain > best[0]):
                        best = (gain, a, i, b, j)
        if best is None:
            return tables
        _, a, i, b, j = best
        tables[a][i], tables[b][j] = tables[b][j], tables[a][i]
    return tables


def _exhaustive(playing: list[int], sizes: list[int], cost: _Cost) -> list[list[int]] | None:
    """The cheapest seating of every one (a few players only), when some table repeats."""
    best: tuple[tuple[int, int, int], list[list[int]]] | None = None
    for seating in _partitions(playing, sizes):
        value = cost.of_all(seating)
        if best is None or value < best[0]:
            best = (value, seating)
    return None if best is None else best[1]


def _partitions(people: list[int], sizes: list[int]) -> list[list[list[int]]]:
    if not sizes:
        return [[]]
    first, rest = people[0], people[1:]
    found = []
    for size in sorted(set(sizes), reverse=True):  # the first one's table of each size
        others_sizes = list(sizes)
        others_sizes.remove(size)
        for others in combinations(rest, size - 1):
            table = [first, *others]
            left = [p for p in rest if p not in others]
            for more in _partitions(left, others_sizes):
                found.append([table, *more])
    return found

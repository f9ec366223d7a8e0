"""Who plays whom: groups, round robins, knockout brackets and Swiss rounds.

Teams are their index in the torneio's team list, given in seed order (the first is the
top seed). Everything here is a pure function of its arguments: a drawn lot or a
previous round comes in as input, so the same torneio always gets the same fixtures.
A pair is (home, away); `(team, None)` is a bye.
"""

import itertools
import math
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from fractions import Fraction

Pair = tuple[int, int | None]
Bracket = list[tuple[int | None, int | None]]


def snake(teams: Sequence[int], groups: int) -> list[list[int]]:
    """Deal the teams, in seed order, into groups going there and back (A B C C B A A ...),
    so every group gets one team of each pot of seeds and the strength evens out."""
    if groups < 1:
        raise ValueError("at least one group is needed")
    _check_distinct(teams)
    dealt: list[list[int]] = [[] for _ in range(groups)]
    for position, team in enumerate(teams):
        lap, step = divmod(position, groups)
        dealt[step if lap % 2 == 0 else groups - 1 - step].append(team)
    return dealt


def round_robin(teams: Sequence[int], legs: int = 1) -> list[list[tuple[int, int | None]]]:
    """Every round of an all-play-all, by the circle method: one team stays put while the
    others turn round it, so each pair meets once per leg and nobody plays twice a round.

    With an odd number of teams a phantom sits in the fixed place: whoever meets it has
    the bye. Each team is at home in half its games (one more or one less when it plays
    an odd number). Later legs repeat the first with home and away swapped each time.
    """
    if legs < 1:
        raise ValueError("a round robin has at least one leg")
    _check_distinct(teams)
    if len(teams) < 2:
        raise ValueError("a round robin needs at least two teams")
    first = [_circle_round(teams, number) for number in range(_circle_size(teams) - 1)]
    rounds: list[list[Pair]] = []
    for leg in range(legs):
        rounds += first if leg % 2 == 0 else [_swapped(pairs) for pairs in first]
    return rounds


def _circle_size(teams: Sequence[int]) -> int:
    return len(teams) + len(teams) % 2


def _circle_round(teams: Sequence[int], number: int) -> list[Pair]:
    """Round `number` of the circle: places 0..m-2 turn round the fixed place m-1.

    The team in place `number` meets the fixed one (the phantom, when the number of
    teams is odd: a bye); the others pair across the circle, place number+k against
    number-k. Who is at home depends only on k (and, against the fixed place, on the
    round), so over a whole turn each team is home once and away once per distance k:
    that is what keeps home and away balanced.
    """
    size = _circle_size(teams)
    turning = size - 1
    facing = teams[number]
    pairs: list[Pair] = []
    for distance in range(1, size // 2):
        ahead = teams[(number + distance) % turning]
        behind = teams[(number - distance) % turning]
        pairs.append((ahead, behind) if distance % 2 == 1 else (behind, ahead))
    if len(teams) < size:
        return [*pairs, (facing, None)]
    fixed = teams[-1]
    return [(facing, fixed) if number % 2 == 0 else (fixed, facing), *pairs]


def _swapped(pairs: list[Pair]) -> list[Pair]:
    return [(away, home) if away is not None else (home, None) for home, away in pairs]


def knockout(seeds: Sequence[int]) -> list[tuple[int | None, int | None]]:
    """The first round of a single-elimination bracket, in bracket order.

    The bracket is the next power of two; the missing places are byes, and standard
    seeding puts them against the top seeds (1 v N, 2 v N-1, ...). Seeds 1 and 2 sit in
    opposite halves, 1 to 4 in different quarters, and so on: if the favourites keep
    winning, the last 2^k teams standing are the top 2^k seeds.
    """
    _check_distinct(seeds)
    if len(seeds) < 2:
        raise ValueError("a knockout needs at least two teams")
    order = _bracket_order(1 << math.ceil(math.log2(len(seeds))))

    def seed(number: int) -> int | None:
        return seeds[number] if number < len(seeds) else None

    return [(seed(order[i]), seed(order[i + 1])) for i in range(0, len(order), 2)]


def _bracket_order(size: int) -> list[int]:
    """Seed numbers (0 is the top seed) in the order they stand in a bracket of `size`.

    Doubling the bracket puts each seed s against the seed that makes the pair add up to
    the new size minus one: [0, 1] -> [0, 3, 1, 2] -> [0, 7, 3, 4, 1, 6, 2, 5] ...
    """
    order = [0]
    while len(order) < size:
        last = 2 * len(order) - 1
        order = [number for seed in order for number in (seed, last - seed)]
    return order


def next_round(winners: Sequence[int]) -> list[tuple[int, int]]:
    """The next round of a bracket: the winners of pairs 2k and 2k+1 meet in pair k.

    A single winner is the champion, so there is no next round (an empty list).
    """
    _check_distinct(winners)
    if len(winners) == 1:
        return []
    if len(winners) % 2 == 1 or not winners:
        raise ValueError("a bracket round has an even number of winners")
    return [(winners[i], winners[i + 1]) for i in range(0, len(winners), 2)]


def knockout_from_groups(
    qualified: Sequence[Sequence[int]],
) -> list[tuple[int | None, int | None]]:
    """The first knockout round after a group stage, in bracket order.

    `qualified` holds, per group, the teams that went through in finishing order. Two
    per group from a power-of-two number of groups cross over (A1 v B2, B1 v A2, C1 v D2,
    ...), with a group's two teams in opposite halves. Any other shape is seeded by place
    then group (all winners, then all runners-up, ...) into the standard bracket, and
    then the lower-seeded opponents are exchanged so no first-round game is between two
    teams of one group, unless the numbers leave no way round it.
    """
    teams = [team for group in qualified for team in group]
    _check_distinct(teams)
    if len(teams) < 2:
        raise ValueError("a knockout needs at least two teams")
    if _crosses_over(qualified):
        return _crossed(qualified)
    places = sorted(
        (place, group, team)
        for group, finishers in enumerate(qualified)
        for place, team in enumerate(finishers)
    )
    seeds = [team for _, _, team in places]
    group_of = {team: group for _, group, team in places}
    return _apart(knockout(seeds), group_of, {team: n for n, team in enumerate(seeds)})


def _crosses_over(qualified: Sequence[Sequence[int]]) -> bool:
    count = len(qualified)
    return count >= 2 and count & (count - 1) == 0 and all(len(g) == 2 for g in qualified)


def _crossed(qualified: Sequence[Sequence[int]]) -> Bracket:
    """Group winners stand where a standard bracket of the groups puts them, and meet the
    runner-up of their partner group (A with B, C with D, ...). Partner groups are seeds
    2k and 2k+1 of that bracket, which always lie in opposite halves."""
    return [
        (qualified[group][0], qualified[group ^ 1][1]) for group in _bracket_order(len(qualified))
    ]


def _apart(bracket: Bracket, group_of: Mapping[int, int], seed_of: Mapping[int, int]) -> Bracket:
    """Keep the bracket's better seed in each game and reassign the lower-seeded opponents
    so as few games as possible (none, whenever possible) are between teams of one group.

    The best seeds choose first, each taking the free opponent closest in seed to the one
    the bracket gave it (the weaker on a tie), as long as the rest can still be paired
    with no more clashes than the least possible.
    """
    slots = sorted(
        (i for i, (_, away) in enumerate(bracket) if away is not None),
        key=lambda i: seed_of[_team(bracket[i][0])],
    )
    free = [_team(bracket[i][1]) for i in slots]
    tops = [_team(bracket[i][0]) for i in slots]
    allowed = _least_clashes(tops, free, group_of)
    result = list(bracket)
    for n, slot in enumerate(slots):
        top, given = tops[n], _team(bracket[slot][1])
        nearest = sorted(
            free, key=lambda team: (abs(seed_of[team] - seed_of[given]), -seed_of[team])
        )
        for team in nearest:
            clash = int(group_of[team] == group_of[top])
            rest = [other for other in free if other != team]
            if clash + _least_clashes(tops[n + 1 :], rest, group_of) <= allowed:
                allowed -= clash
                free = rest
                result[slot] = (top, team)
                break
    return result


def _least_clashes(tops: Sequence[int], bottoms: Sequence[int], group_of: Mapping[int, int]) -> int:
    """The fewest same-group games when `tops` each meet one of `bottoms`.

    By Hall's theorem only a group holding more than one team per game forces clashes:
    its surplus over the number of games. At most one group can have a surplus.
    """
    games = len(tops)
    crowd = Counter(group_of[team] for team in [*tops, *bottoms])
    return max(0, max(crowd.values(), default=0) - games)


def _team(slot: int | None) -> int:
    if slot is None:
        raise ValueError("a bye has no team")
    return slot


def swiss(
    ranked: Sequence[int],
    scores: Mapping[int, float],
    met: Collection[frozenset[int]],
    had_bye: Collection[int],
) -> list[tuple[int, int | None]]:
    """One Swiss round: opponents with equal scores, top half against bottom half, no
    rematch, and with an odd number of teams a bye for the lowest-ranked team that has had
    the fewest byes.

    The rules clash at times, so they rank: (1) a bye only goes to a team with the fewest
    byes so far (`had_bye` may repeat a team that had two); (2) as few rematches as
    possible, none when any pairing allows it, even if that moves the bye up the
    standings; (3) the bye to the lowest-ranked team left; (4) the smallest total score
    difference between opponents, so each score group pairs within itself and an odd
    team floats down one group; (5) then the smaller total of squared differences (two
    teams floating one group each rather than one floating two); (6) the usual order:
    the best team left takes the first opponent it can in its Swiss order, then the next.

    The best pairing under all six is found exactly, as the cheapest perfect matching of
    a graph whose edges are the possible games, each costing what it breaks (a search by
    backtracking proved far too slow once a late round leaves few clean pairings). A team
    missing from `scores` has 0. Games are listed best first, the bye last.
    """
    _check_distinct(ranked)
    place = {team: n for n, team in enumerate(ranked)}
    order = sorted(ranked, key=lambda team: (-scores.get(team, 0.0), place[team]))
    if not order:
        return []
    mate = _cheapest_perfect_matching(_swiss_costs(order, scores, met, had_bye, ranked))
    games: list[Pair] = []
    byes: list[Pair] = []
    for n, team in enumerate(order):
        if mate[n] == len(order):
            byes.append((team, None))
        elif n < mate[n]:
            games.append((team, order[mate[n]]))
    return games + byes


def _swiss_costs(
    order: Sequence[int],
    scores: Mapping[int, float],
    met: Collection[frozenset[int]],
    had_bye: Collection[int],
    ranked: Sequence[int],
) -> list[list[int]]:
    """The cost of each possible game between places in `order` (and, with an odd
    number of teams, of each bye, as a game against a phantom in the last place).

    Each cost is the tuple of what it breaks, in the order the rules rank, turned into
    one integer whose digits are those counts, so a total compares like the tuples do.
    """
    points = _whole_numbers([scores.get(team, 0.0) for team in order])
    rematches = {pair for pair in met if len(pair) == 2}
    candidates = _bye_candidates(ranked, had_bye)
    preference = _swiss_preferences(points)
    size = len(order) + len(order) % 2
    phantom = len(order)
    terms: list[list[tuple[int, ...]]] = [[(0,) * 6] * size for _ in range(size)]
    for first, second in itertools.combinations(range(size), 2):
        if second == phantom:
            team = order[first]
            barred = team not in candidates
            bye_rank = candidates.index(team) if not barred else 0
            cost: tuple[int, ...] = (int(barred), 0, bye_rank, 0, 0, 0)
        else:
            gap = abs(points[first] - points[second])
            rematch = frozenset((order[first], order[second])) in rematches
            # How far down its list the better place goes, worth more than every choice of
            # the places below it put together: the best team left chooses first.
            later = preference[first].index(second) * size ** (size - 1 - first)
            cost = (0, int(rematch), 0, gap, gap * gap, later)
        terms[first][second] = terms[second][first] = cost
    return _mixed_radix(terms)


def _whole_numbers(values: Sequence[float]) -> list[int]:
    """Scores scaled to integers exactly (halves become whole numbers, and so on), so
    costs add up without rounding."""
    exact = [Fraction(value) for value in values]
    scale = math.lcm(*(value.denominator for value in exact)) if exact else 1
    return [int(value * scale) for value in exact]


def _swiss_preferences(points: Sequence[int]) -> list[list[int]]:
    """For each place, the places below it in the order a Swiss system pairs them: in its
    own score group, the team halfway down first (the top half meets the bottom half),
    then the rest of the group below that, then the ones above it nearest first; then
    the teams of the groups below, best first."""
    preferences = []
    for first in range(len(points)):
        below = range(first + 1, len(points))
        same = [other for other in below if points[other] == points[first]]
        halfway = (len(same) + 1) // 2 - 1
        lower = [other for other in below if points[other] != points[first]]
        preferences.append([*same[halfway:], *reversed(same[:halfway]), *lower])
    return preferences


def _mixed_radix(terms: Sequence[Sequence[tuple[int, ...]]]) -> list[list[int]]:
    """Turn tuples of counts into integers that sum and compare like the tuples do, for
    any perfect matching: each digit's unit is larger than the most the digits below
    it can add up to over all the games of a round."""
    games = len(terms) // 2
    digits = len(terms[0][0]) if terms else 0
    units = [0] * digits
    below = 0
    for digit in reversed(range(digits)):
        units[digit] = below + 1
        largest = max(cost[digit] for row in terms for cost in row)
        below += games * largest * units[digit]
    return [[sum(c * u for c, u in zip(cost, units, strict=True)) for cost in row] for row in terms]


def _bye_candidates(ranked: Sequence[int], had_bye: Collection[int]) -> list[int]:
    """Teams that may take the bye, in the order they should: those with the fewest byes
    so far, lowest-ranked first."""
    byes = Counter(had_bye)
    fewest = min(byes[team] for team in ranked)
    return [team for team in reversed(ranked) if byes[team] == fewest]


def _cheapest_perfect_matching(cost: Sequence[Sequence[int]]) -> list[int]:
    """The cheapest way to pair up an even number of places, given the cost of every
    pair: `mate[v]` is the place paired with `v`."""
    top = max((max(row) for row in cost), default=0) + 1
    weight = [[2 * (top - c) for c in row] for row in cost]
    return _Blossoms(weight).matching()


Edge = tuple[int, int]


class _Blossoms:
    """Edmonds' blossom algorithm: a perfect matching of greatest total weight on a
    complete graph with an even number of vertices, in O(n^3).

    Primal-dual, after Galil ("Efficient algorithms for finding maximum matching in
    graphs", 1986). Each stage grows alternating trees from the free vertices along tight
    edges (zero slack); an edge between two outer (S) vertices either closes an odd cycle,
    shrunk into a blossom, or joins two trees, an augmenting path. When no tight edge is
    left the duals move by the largest step that keeps every slack non-negative, which
    makes a new edge tight or lets an inner (T) blossom with a zero dual be expanded.

    Vertices are 0..n-1; blossoms n..2n-1 are non-trivial. Duals are kept doubled so a
    slack, u + v - 2w, stays an integer; weights are even, so steps halve exactly.
    A blossom's children run round its cycle from the one holding its base, and
    `links[b][i]` is the edge (x in child i, y in child i+1) closing that cycle.
    """

    def __init__(self, weight: Sequence[Sequence[int]]) -> None:
        n = self.n = len(weight)
        self.weight = weight
        heaviest = max((max(row) for row in weight), default=0)
        self.mate = [-1] * n
        self.label = [0] * (2 * n)
        """0: free, 1: outer (S), 2: inner (T); 5 marks a blossom while its cycle is traced."""
        self.label_edge: list[Edge | None] = [None] * (2 * n)
        """The edge (outside, inside) through which a vertex or top blossom got its label."""
        self.in_blossom = list(range(n))
        self.parent = [-1] * (2 * n)
        self.children: list[list[int]] = [[] for _ in range(2 * n)]
        self.links: list[list[Edge]] = [[] for _ in range(2 * n)]
        self.base = [*range(n), *([-1] * n)]
        self.best_edge: list[Edge | None] = [None] * (2 * n)
        """Outer blossom: its least-slack edge to another outer blossom. Vertex not outer:
        its least-slack edge to an outer vertex."""
        self.best_edges: list[list[Edge] | None] = [None] * (2 * n)
        self.unused = list(range(2 * n - 1, n - 1, -1))
        self.dual = [heaviest] * n + [0] * n
        self.tight: set[Edge] = set()
        self.queue: list[int] = []

    def matching(self) -> list[int]:
        for _ in range(self.n):
            if not self._stage():
                break
        return self.mate

    def _slack(self, edge: Edge) -> int:
        v, w = edge
        return self.dual[v] + self.dual[w] - 2 * self.weight[v][w]

    def _leaves(self, blossom: int) -> list[int]:
        if blossom < self.n:
            return [blossom]
        return [v for child in self.children[blossom] for v in self._leaves(child)]

    def _stage(self) -> bool:
        """Grow trees from the free vertices until one augmenting path is found and used;
        False when there is none left."""
        n = self.n
        self.label = [0] * (2 * n)
        self.best_edge = [None] * (2 * n)
        self.best_edges[n:] = [None] * n
        self.tight = set()
        self.queue = []
        for v in range(n):
            if self.mate[v] == -1 and self.label[self.in_blossom[v]] == 0:
                self._assign(v, 1, None)
        while True:
            if self._scan():
                break
            if not self._step_duals():
                return False
        for blossom in range(n, 2 * n):
            if (
                self.parent[blossom] == -1
                and self.base[blossom] >= 0
                and self.label[blossom] == 1
                and self.dual[blossom] == 0
            ):
                self._expand(blossom, end_of_stage=True)
        return True

    def _scan(self) -> bool:
        """Follow the tight edges out of the outer vertices queued; True once augmented."""
        while self.queue:
            v = self.queue.pop()
            for w in range(self.n):
                bv, bw = self.in_blossom[v], self.in_blossom[w]
                if bv == bw:
                    continue
                edge = (min(v, w), max(v, w))
                slack = 0
                if edge not in self.tight:
                    slack = self._slack(edge)
                    if slack <= 0:
                        self.tight.add(edge)
                if edge in self.tight:
                    if self.label[bw] == 0:
                        self._assign(w, 2, v)
                    elif self.label[bw] == 1:
                        base = self._common_base(v, w)
                        if base == -1:
                            self._augment(v, w)
                            return True
                        self._shrink(base, v, w)
                    elif self.label[w] == 0:
                        self.label[w] = 2
                        self.label_edge[w] = (v, w)
                elif self.label[bw] == 1:
                    best = self.best_edge[bv]
                    if best is None or slack < self._slack(best):
                        self.best_edge[bv] = (v, w)
                elif self.label[w] == 0:
                    best = self.best_edge[w]
                    if best is None or slack < self._slack(best):
                        self.best_edge[w] = (v, w)
        return False

    def _step_duals(self) -> bool:
        """Move the duals by the largest step keeping every slack non-negative, then act
        on what that step made possible; False when nothing can grow any more."""
        n = self.n
        kind, delta, edge, blossom = 0, 0, None, -1
        for v in range(n):
            best = self.best_edge[v]
            if self.label[self.in_blossom[v]] == 0 and best is not None:
                slack = self._slack(best)
                if kind == 0 or slack < delta:
                    kind, delta, edge = 2, slack, best
        for b in range(2 * n):
            best = self.best_edge[b]
            if self.parent[b] == -1 and self.label[b] == 1 and best is not None:
                slack = self._slack(best) // 2
                if kind == 0 or slack < delta:
                    kind, delta, edge = 3, slack, best
        for b in range(n, 2 * n):
            inner = self.base[b] >= 0 and self.parent[b] == -1 and self.label[b] == 2
            if inner and (kind == 0 or self.dual[b] < delta):
                kind, delta, blossom = 4, self.dual[b], b
        if kind == 0:
            return False
        for v in range(n):
            label = self.label[self.in_blossom[v]]
            self.dual[v] += -delta if label == 1 else delta if label == 2 else 0
        for b in range(n, 2 * n):
            if self.base[b] >= 0 and self.parent[b] == -1:
                label = self.label[b]
                self.dual[b] += delta if label == 1 else -delta if label == 2 else 0
        if kind == 4:
            self._expand(blossom, end_of_stage=False)
        elif edge is not None:
            v, w = edge
            self.tight.add((min(v, w), max(v, w)))
            self.queue.append(w if self.label[self.in_blossom[v]] == 0 else v)
        return True

    def _assign(self, w: int, label: int, v: int | None) -> None:
        """Label w's top blossom, reached from v; an inner blossom's base mate is outer."""
        blossom = self.in_blossom[w]
        self.label[w] = self.label[blossom] = label
        reached = None if v is None else (v, w)
        self.label_edge[w] = self.label_edge[blossom] = reached
        self.best_edge[w] = self.best_edge[blossom] = None
        if label == 1:
            self.queue.extend(self._leaves(blossom))
        else:
            base = self.base[blossom]
            self._assign(self.mate[base], 1, base)

    def _common_base(self, v: int, w: int) -> int:
        """Walk up both trees from an edge between outer vertices, in turn: the base of
        the first blossom both reach (a new blossom's), or -1 when the roots differ."""
        path: list[int] = []
        base = -1
        current, other = v, w
        while current != -1:
            blossom = self.in_blossom[current]
            if self.label[blossom] & 4:
                base = self.base[blossom]
                break
            path.append(blossom)
            self.label[blossom] = 5
            reached = self.label_edge[blossom]
            if reached is None:
                current = -1
            else:
                inner = self.in_blossom[reached[0]]
                inner_reached = self.label_edge[inner]
                assert inner_reached is not None
                current = inner_reached[0]
            if other != -1:
                current, other = other, current
        for blossom in path:
            self.label[blossom] = 1
        return base

    def _shrink(self, base: int, v: int, w: int) -> None:
        """Make the odd cycle through edge (v, w) and the base a new outer blossom."""
        n = self.n
        blossom = self.unused.pop()
        bb, bv, bw = self.in_blossom[base], self.in_blossom[v], self.in_blossom[w]
        self.base[blossom] = base
        self.parent[blossom] = -1
        self.parent[bb] = blossom
        children: list[int] = []
        links: list[Edge] = []
        while bv != bb:
            self.parent[bv] = blossom
            children.append(bv)
            reached = self.label_edge[bv]
            assert reached is not None
            links.append(reached)
            bv = self.in_blossom[reached[0]]
        children.append(bb)
        children.reverse()
        links.reverse()
        links.append((v, w))
        while bw != bb:
            self.parent[bw] = blossom
            children.append(bw)
            reached = self.label_edge[bw]
            assert reached is not None
            links.append((reached[1], reached[0]))
            bw = self.in_blossom[reached[0]]
        self.children[blossom], self.links[blossom] = children, links
        self.label[blossom] = 1
        self.label_edge[blossom] = self.label_edge[bb]
        self.dual[blossom] = 0
        for leaf in self._leaves(blossom):
            if self.label[self.in_blossom[leaf]] == 2:
                self.queue.append(leaf)
            self.in_blossom[leaf] = blossom
        nearest: dict[int, Edge] = {}
        for child in children:
            known = self.best_edges[child]
            if known is None:
                known = [(x, y) for x in self._leaves(child) for y in range(n) if y != x]
            for x, y in known:
                if self.in_blossom[y] == blossom:
                    x, y = y, x
                other = self.in_blossom[y]
                if other == blossom or self.label[other] != 1:
                    continue
                if other not in nearest or self._slack((x, y)) < self._slack(nearest[other]):
                    nearest[other] = (x, y)
            self.best_edges[child] = None
            self.best_edge[child] = None
        self.best_edges[blossom] = list(nearest.values())
        self.best_edge[blossom] = min(nearest.values(), key=self._slack, default=None)

    def _link(self, blossom: int, child: int, step: int) -> Edge:
        """The edge from child `child` to the next one in direction `step`, as
        (vertex in this child, vertex in the next)."""
        links = self.links[blossom]
        if step == 1:
            return links[child]
        x, y = links[child - 1]
        return (y, x)

    def _toward_base(self, blossom: int, child: int) -> tuple[int, int]:
        """Where to start and which way to go round a blossom's cycle from a child to
        the base child by the even-length side."""
        index = self.children[blossom].index(child)
        if index % 2:
            return index - len(self.children[blossom]), 1
        return index, -1

    def _expand(self, blossom: int, end_of_stage: bool) -> None:
        """Undo a blossom: at the end of a stage (outer, zero dual) or mid-stage (inner,
        zero dual), where its children on the even path to the base keep the tree going."""
        for child in self.children[blossom]:
            self.parent[child] = -1
            if child < self.n:
                self.in_blossom[child] = child
            elif end_of_stage and self.dual[child] == 0:
                self._expand(child, end_of_stage)
            else:
                for leaf in self._leaves(child):
                    self.in_blossom[leaf] = child
        if not end_of_stage and self.label[blossom] == 2:
            self._relabel_inner(blossom)
        self.label[blossom] = 0
        self.label_edge[blossom] = None
        self.children[blossom], self.links[blossom] = [], []
        self.base[blossom] = -1
        self.best_edges[blossom] = None
        self.best_edge[blossom] = None
        self.unused.append(blossom)

    def _relabel_inner(self, blossom: int) -> None:
        """The children of an expanded inner blossom, from the one it was entered by to
        its base, alternate inner and outer; the others are free or inner again if an
        outer vertex reached one of their vertices."""
        reached = self.label_edge[blossom]
        assert reached is not None
        children = self.children[blossom]
        entry = self.in_blossom[reached[1]]
        j, step = self._toward_base(blossom, entry)
        edge = reached
        while j != 0:
            outside, inside = edge
            matched = self._link(blossom, j, step)
            self.label[inside] = 0
            self.label[matched[1]] = 0
            self._assign(inside, 2, outside)
            self.tight.add((min(matched), max(matched)))
            j += step
            edge = self._link(blossom, j, step)
            self.tight.add((min(edge), max(edge)))
            j += step
        base_child = children[j]
        self.label[edge[1]] = self.label[base_child] = 2
        self.label_edge[edge[1]] = self.label_edge[base_child] = edge
        self.best_edge[base_child] = None
        j += step
        while children[j] != entry:
            child = children[j]
            j += step
            if self.label[child] == 1:
                continue
            hit = next((v for v in self._leaves(child) if self.label[v] != 0), None)
            if hit is not None:
                came = self.label_edge[hit]
                assert came is not None
                self.label[hit] = 0
                self.label[self.mate[self.base[child]]] = 0
                self._assign(hit, 2, came[0])

    def _augment_blossom(self, blossom: int, v: int) -> None:
        """Swap matched and unmatched edges inside a blossom so that v is its base."""
        child = v
        while self.parent[child] != blossom:
            child = self.parent[child]
        if child >= self.n:
            self._augment_blossom(child, v)
        children = self.children[blossom]
        start = children.index(child)
        j, step = self._toward_base(blossom, child)
        while j != 0:
            j += step
            x, y = self._link(blossom, j, step)
            if children[j] >= self.n:
                self._augment_blossom(children[j], x)
            j += step
            if children[j] >= self.n:
                self._augment_blossom(children[j], y)
            self.mate[x], self.mate[y] = y, x
        self.children[blossom] = children[start:] + children[:start]
        self.links[blossom] = self.links[blossom][start:] + self.links[blossom][:start]
        self.base[blossom] = self.base[self.children[blossom][0]]

    def _augment(self, v: int, w: int) -> None:
        """Flip the augmenting path through the edge (v, w) between two trees."""
        for outer, partner in ((v, w), (w, v)):
            while True:
                blossom = self.in_blossom[outer]
                if blossom >= self.n:
                    self._augment_blossom(blossom, outer)
                self.mate[outer] = partner
                reached = self.label_edge[blossom]
                if reached is None:
                    break
                inner = self.in_blossom[reached[0]]
                came = self.label_edge[inner]
                assert came is not None
                outer, inside = came
                if inner >= self.n:
                    self._augment_blossom(inner, inside)
                self.mate[inside] = outer
                partner = inside


def _check_distinct(teams: Iterable[int]) -> None:
    seen = list(teams)
    if len(set(seen)) != len(seen):
        raise ValueError("a team can appear only once")

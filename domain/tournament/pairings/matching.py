"""The cheapest perfect matching of a complete graph (Edmonds' blossom algorithm): what
pairs a Swiss round."""

from collections.abc import Sequence


def cheapest_perfect_matching(cost: Sequence[Sequence[int]]) -> list[int]:
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

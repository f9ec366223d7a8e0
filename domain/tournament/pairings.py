"""Who plays whom: groups, round robins, knockout brackets and Swiss rounds.

Teams are their index in the torneio's team list, given in seed order (the first is the
top seed). Everything here is a pure function of its arguments: a drawn lot or a
previous round comes in as input, so the same torneio always gets the same fixtures.
A pair is (home, away); `(team, None)` is a bye.
"""

import math
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence

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


Cost = tuple[float, float, float]
"""A Swiss pairing's cost, compared in order: rematches, total score difference between
opponents, and the total of its squares (a tie-break: two small floats over one big)."""

NO_PAIRING: Cost = (math.inf, math.inf, math.inf)


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
    team floats down one group; (5) the usual order: within a score group the top half
    meets the bottom half in order, a floater meets the top of the group below.
    A team missing from `scores` has 0. Games are listed best first, the bye last.
    """
    _check_distinct(ranked)
    place = {team: n for n, team in enumerate(ranked)}
    order = sorted(ranked, key=lambda team: (-scores.get(team, 0.0), place[team]))
    search = _SwissSearch(scores, met)
    if len(order) % 2 == 0:
        found = search.best(order, NO_PAIRING)
        return found[1] if found else []
    best: tuple[Cost, list[Pair]] | None = None
    for candidate in _bye_candidates(ranked, had_bye):
        ceiling = NO_PAIRING if best is None else (best[0][0], -math.inf, -math.inf)
        found = search.best([team for team in order if team != candidate], ceiling)
        if found:
            best = (found[0], [*found[1], (candidate, None)])
            if best[0][0] == 0:
                break
    return best[1] if best else []


def _bye_candidates(ranked: Sequence[int], had_bye: Collection[int]) -> list[int]:
    """Teams that may take the bye, in the order they should: those with the fewest byes
    so far, lowest-ranked first."""
    byes = Counter(had_bye)
    fewest = min(byes[team] for team in ranked)
    return [team for team in reversed(ranked) if byes[team] == fewest]


class _SwissSearch:
    """Branch and bound over the pairings of a list of teams sorted by score, then rank.

    The first team left always takes an opponent, tried in the usual Swiss order, so the
    first complete pairing found is the classic one; a later one replaces it only if it
    costs strictly less. A branch is cut as soon as what it has cost plus the least the
    remaining teams could cost cannot beat the best found.
    """

    def __init__(self, scores: Mapping[int, float], met: Collection[frozenset[int]]) -> None:
        self.scores = scores
        self.met: dict[int, set[int]] = {}
        for pair in met:
            if len(pair) == 2:
                first, second = pair
                self.met.setdefault(first, set()).add(second)
                self.met.setdefault(second, set()).add(first)
        self.found: tuple[Cost, list[Pair]] | None = None
        self.ceiling = NO_PAIRING

    def best(self, order: list[int], ceiling: Cost) -> tuple[Cost, list[Pair]] | None:
        """The cheapest pairing of `order` that costs less than `ceiling`, if any."""
        self.found = None
        self.ceiling = ceiling
        self._extend(order, [], (0.0, 0.0, 0.0))
        return self.found

    def score(self, team: int) -> float:
        return self.scores.get(team, 0.0)

    def _extend(self, left: list[int], pairs: list[Pair], cost: Cost) -> None:
        if not left:
            if cost < self.ceiling:
                self.found, self.ceiling = (cost, list(pairs)), cost
            return
        if _plus(cost, self._least_cost(left)) >= self.ceiling:
            return
        top, rest = left[0], left[1:]
        for opponent in self._opponents(top, rest):
            gap = abs(self.score(top) - self.score(opponent))
            rematch = float(opponent in self.met.get(top, ()))
            pairs.append((top, opponent))
            remaining = [team for team in rest if team != opponent]
            self._extend(remaining, pairs, _plus(cost, (rematch, gap, gap * gap)))
            pairs.pop()

    def _opponents(self, top: int, rest: list[int]) -> list[int]:
        """The usual Swiss order of opponents for the best team left: in its score group
        the team halfway down (top half meets bottom half), then the ones below it, then
        the ones above it nearest first; then the teams of lower scores, best first."""
        same = [team for team in rest if self.score(team) == self.score(top)]
        halfway = (len(same) + 1) // 2 - 1
        lower = [team for team in rest if self.score(team) != self.score(top)]
        return [*same[halfway:], *reversed(same[:halfway]), *lower]

    def _least_cost(self, left: list[int]) -> Cost:
        """A floor on what pairing `left` can cost. Scores are sorted, so pairing
        neighbours (1-2, 3-4, ...) gives the least total difference and the least total
        of squares; and each team that has met every other team left forces a rematch,
        which covers at most two of them."""
        gaps = [abs(self.score(left[i]) - self.score(left[i + 1])) for i in range(0, len(left), 2)]
        everyone = set(left)
        cornered = sum(
            1 for team in left if len(self.met.get(team, set()) & everyone) >= len(left) - 1
        )
        return (float((cornered + 1) // 2), sum(gaps), sum(gap * gap for gap in gaps))


def _plus(first: Cost, second: Cost) -> Cost:
    return (first[0] + second[0], first[1] + second[1], first[2] + second[2])


def _check_distinct(teams: Iterable[int]) -> None:
    seen = list(teams)
    if len(set(seen)) != len(seen):
        raise ValueError("a team can appear only once")

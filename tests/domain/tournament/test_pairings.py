"""Groups, round robins, brackets and Swiss rounds: hand-made cases for the shape of each,
and properties over random torneios checked against brute force on small ones."""

import itertools
import math
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.tournament.pairings import (
    cheapest_perfect_matching,
    knockout,
    knockout_from_groups,
    next_round,
    round_robin,
    snake,
    swiss,
)

QUICK = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --- snake -----------------------------------------------------------------------------


def test_snake_deals_there_and_back() -> None:
    assert snake(range(8), 3) == [[0, 5, 6], [1, 4, 7], [2, 3]]
    assert snake([10, 11, 12, 13, 14, 15], 2) == [[10, 13, 14], [11, 12, 15]]
    assert snake(range(4), 1) == [[0, 1, 2, 3]]
    assert snake(range(9), 3) == [[0, 5, 6], [1, 4, 7], [2, 3, 8]]


def test_snake_needs_a_group() -> None:
    with pytest.raises(ValueError, match="group"):
        snake(range(4), 0)


@given(teams=st.integers(0, 40), groups=st.integers(1, 8), labels=st.randoms())
def test_snake_sizes_differ_by_one_at_most_and_top_seeds_are_apart(
    teams: int, groups: int, labels: random.Random
) -> None:
    seeds = labels.sample(range(100), teams)
    dealt = snake(seeds, groups)
    sizes = [len(group) for group in dealt]
    assert len(dealt) == groups
    assert max(sizes) - min(sizes) <= 1
    assert sorted(team for group in dealt for team in group) == sorted(seeds)
    group_of = {team: n for n, group in enumerate(dealt) for team in group}
    top = seeds[:groups]
    assert len({group_of[team] for team in top}) == len(top)
    for group in dealt:
        assert group == sorted(group, key=seeds.index)


# --- round robin -----------------------------------------------------------------------


def test_round_robin_of_four() -> None:
    assert round_robin([0, 1, 2, 3]) == [
        [(0, 3), (1, 2)],
        [(3, 1), (2, 0)],
        [(2, 3), (0, 1)],
    ]


def test_round_robin_of_three_gives_each_a_bye() -> None:
    assert round_robin([7, 8, 9]) == [
        [(8, 9), (7, None)],
        [(9, 7), (8, None)],
        [(7, 8), (9, None)],
    ]


def test_round_robin_legs_alternate_home_and_away() -> None:
    first, second, third = (
        round_robin([0, 1, 2, 3, 4], legs)[5 * (legs - 1) :] for legs in (1, 2, 3)
    )
    assert second == [[(a, b) if b is None else (b, a) for a, b in r] for r in first]
    assert third == first


def test_round_robin_needs_two_teams_and_a_leg() -> None:
    with pytest.raises(ValueError, match="two teams"):
        round_robin([0])
    with pytest.raises(ValueError, match="leg"):
        round_robin([0, 1], legs=0)
    with pytest.raises(ValueError, match="once"):
        round_robin([0, 1, 1])


@pytest.mark.parametrize("legs", [1, 2])
@pytest.mark.parametrize("count", range(2, 21))
def test_round_robin_meets_every_pair_once_a_leg(count: int, legs: int) -> None:
    teams = [3 * n + 1 for n in range(count)]
    rounds = round_robin(teams, legs)
    per_leg = count - 1 + count % 2
    assert len(rounds) == legs * per_leg
    for rnd in rounds:
        playing = [team for pair in rnd for team in pair if team is not None]
        assert sorted(playing) == teams
        assert sum(1 for _, away in rnd if away is None) == count % 2
        assert all(home is not None for home, _ in rnd)
    for leg in range(legs):
        games = [pair for rnd in rounds[leg * per_leg : (leg + 1) * per_leg] for pair in rnd]
        met = Counter(frozenset(pair) for pair in games if pair[1] is not None)
        assert set(met) == {frozenset(p) for p in itertools.combinations(teams, 2)}
        assert set(met.values()) == {1}
        byes = Counter(home for home, away in games if away is None)
        assert byes == (Counter(teams) if count % 2 else Counter())
        home = Counter(h for h, a in games if a is not None)
        away = Counter(a for _, a in games if a is not None)
        assert all(abs(home[team] - away[team]) <= 1 for team in teams)
    if legs == 2:
        swapped = [[(a, h) if a is not None else (h, a) for h, a in r] for r in rounds[:per_leg]]
        assert rounds[per_leg:] == swapped


# --- knockout --------------------------------------------------------------------------


def test_knockout_of_eight_and_of_five() -> None:
    assert knockout(range(8)) == [(0, 7), (3, 4), (1, 6), (2, 5)]
    assert knockout([10, 11, 12, 13, 14]) == [(10, None), (13, 14), (11, None), (12, None)]
    assert knockout([4, 2]) == [(4, 2)]


def test_knockout_needs_two_distinct_teams() -> None:
    with pytest.raises(ValueError, match="two teams"):
        knockout([1])
    with pytest.raises(ValueError, match="once"):
        knockout([1, 1])


def test_next_round_pairs_neighbouring_winners() -> None:
    assert next_round([5, 2, 7, 1]) == [(5, 2), (7, 1)]
    assert next_round([3]) == []
    with pytest.raises(ValueError, match="even"):
        next_round([1, 2, 3])
    with pytest.raises(ValueError, match="even"):
        next_round([])


@pytest.mark.parametrize("count", range(2, 65))
def test_knockout_byes_go_to_the_top_seeds_and_favourites_meet_late(count: int) -> None:
    seeds = [100 - n for n in range(count)]
    first = knockout(seeds)
    size = 1 << math.ceil(math.log2(count))
    assert len(first) == size // 2
    assert sorted(t for pair in first for t in pair if t is not None) == sorted(seeds)
    byes = [home for home, away in first if away is None and home is not None]
    assert sorted(byes, key=seeds.index) == seeds[: size - count]
    assert all(home is not None for home, _ in first)
    if count > 2:
        halves = first[: size // 4], first[size // 4 :]
        assert any(seeds[0] in pair for pair in halves[0])
        assert any(seeds[1] in pair for pair in halves[1])
    # When the better seed always wins, the last 2^k teams standing are the top 2^k seeds.
    standing = [_better(pair, seeds) for pair in first]
    while len(standing) > 1:
        assert sorted(standing, key=seeds.index) == seeds[: len(standing)]
        standing = [_better(pair, seeds) for pair in next_round(standing)]


def _better(pair: tuple[int | None, int | None], seeds: Sequence[int]) -> int:
    teams = [team for team in pair if team is not None]
    return min(teams, key=seeds.index)


@given(count=st.integers(2, 64), luck=st.randoms())
def test_a_knockout_played_out_has_n_minus_one_games_and_one_champion(
    count: int, luck: random.Random
) -> None:
    games = 0
    standing: list[int] = []
    for home, away in knockout(range(count)):
        assert home is not None
        if away is None:
            standing.append(home)
        else:
            games += 1
            standing.append(luck.choice([home, away]))
    while len(standing) > 1:
        pairs = next_round(standing)
        games += len(pairs)
        standing = [luck.choice(pair) for pair in pairs]
    assert games == count - 1
    assert len(standing) == 1
    assert next_round(standing) == []


# --- knockout from groups --------------------------------------------------------------


def test_two_groups_of_two_cross_over() -> None:
    a1, a2, b1, b2 = 0, 1, 2, 3
    assert knockout_from_groups([[a1, a2], [b1, b2]]) == [(a1, b2), (b1, a2)]


def test_four_groups_of_two_cross_over_with_each_group_split_between_halves() -> None:
    groups = [[10, 11], [20, 21], [30, 31], [40, 41]]
    first = knockout_from_groups(groups)
    assert first == [(10, 21), (40, 31), (20, 11), (30, 41)]
    for winner, runner_up in groups:
        assert (winner in _flat(first[:2])) != (runner_up in _flat(first[:2]))


def test_more_qualifiers_seed_by_place_then_group() -> None:
    # Seeds A1 B1 A2 B2 A3 B3 into a bracket of eight: byes for A1 and B1.
    a1, a2, a3, b1, b2, b3 = 0, 1, 2, 3, 4, 5
    assert knockout_from_groups([[a1, a2, a3], [b1, b2, b3]]) == [
        (a1, None),
        (b2, a3),
        (b1, None),
        (a2, b3),
    ]
    # One group: nobody else to meet.
    assert knockout_from_groups([[0, 1, 2, 3]]) == [(0, 3), (1, 2)]


def test_a_same_group_game_is_swapped_apart() -> None:
    # Seeds A1 B1 C1 A2 B2 C2: the standard bracket gives byes to A1 and B1, A2 v B2 and
    # C1 v C2. C1, the better seed, takes B2 instead, and A2 meets C2.
    a1, a2, b1, b2, c1, c2 = 1, 2, 3, 4, 5, 6
    assert knockout_from_groups([[a1, a2], [b1, b2], [c1, c2]]) == [
        (a1, None),
        (a2, c2),
        (b1, None),
        (c1, b2),
    ]


def test_knockout_from_groups_needs_distinct_teams() -> None:
    with pytest.raises(ValueError, match="two teams"):
        knockout_from_groups([[1], []])
    with pytest.raises(ValueError, match="once"):
        knockout_from_groups([[1, 2], [2, 3]])


@st.composite
def group_stages(draw: st.DrawFn) -> list[list[int]]:
    counts = draw(st.lists(st.integers(0, 4), min_size=1, max_size=8))
    labels = iter(draw(st.permutations(range(sum(counts)))))
    return [[next(labels) for _ in range(count)] for count in counts]


@QUICK
@given(groups=group_stages())
def test_knockout_from_groups_avoids_same_group_games_whenever_it_can(
    groups: list[list[int]],
) -> None:
    teams = [team for group in groups for team in group]
    if len(teams) < 2:
        return
    first = knockout_from_groups(groups)
    assert sorted(t for pair in first for t in pair if t is not None) == sorted(teams)
    assert all(home is not None for home, _ in first)
    size = len(first) * 2
    assert size == 1 << math.ceil(math.log2(len(teams)))
    seeds = [
        t for _, _, t in sorted((p, g, t) for g, gr in enumerate(groups) for p, t in enumerate(gr))
    ]
    byes = [h for h, a in first if a is None and h is not None]
    assert sorted(byes) == sorted(seeds[: size - len(teams)])
    group_of = {team: n for n, group in enumerate(groups) for team in group}
    playing = [group_of[t] for pair in first if pair[1] is not None for t in pair if t is not None]
    assert _clashes(first, group_of) == _fewest_clashes(tuple(sorted(Counter(playing).values())))


def _flat(pairs: Sequence[tuple[int | None, int | None]]) -> set[int | None]:
    return {team for pair in pairs for team in pair}


def _clashes(first: Sequence[tuple[int | None, int | None]], group_of: dict[int, int]) -> int:
    return sum(
        1 for h, a in first if h is not None and a is not None and group_of[h] == group_of[a]
    )


@cache
def _fewest_clashes(per_group: tuple[int, ...]) -> int:
    """Brute force over how many teams of each group are left: pair one team of the
    largest group with each possible group and keep the best."""
    counts = [c for c in per_group if c]
    if not counts:
        return 0
    first = counts.index(max(counts))
    best = math.inf
    for other in range(len(counts)):
        if counts[other] - (other == first) < 1:
            continue
        rest = counts.copy()
        rest[first] -= 1
        rest[other] -= 1
        best = min(best, (other == first) + _fewest_clashes(tuple(sorted(rest))))
    return int(best)


# --- Swiss -----------------------------------------------------------------------------


def test_swiss_first_round_top_half_meets_bottom_half() -> None:
    assert swiss(range(8), {}, [], []) == [(0, 4), (1, 5), (2, 6), (3, 7)]
    assert swiss(range(7), {}, [], []) == [(0, 3), (1, 4), (2, 5), (6, None)]


def test_swiss_pairs_within_score_groups_and_floats_the_odd_one_down() -> None:
    scores = {0: 2.0, 1: 2.0, 2: 2.0, 3: 1.0, 4: 1.0, 5: 1.0, 6: 1.0, 7: 0.0}
    # A group of three: its top half (0) meets the first of its bottom half (1) and the
    # last (2) floats down to the top of the group below, whose other three do the same.
    assert swiss(range(8), scores, [], []) == [(0, 1), (2, 3), (4, 5), (6, 7)]
    scores = {0: 2.0, 1: 1.0, 2: 1.0, 3: 1.0, 4: 1.0, 5: 1.0, 6: 0.0, 7: 0.0}
    assert swiss(range(8), scores, [], []) == [(0, 1), (2, 4), (3, 5), (6, 7)]


def test_swiss_avoids_a_rematch_at_the_cost_of_a_wider_gap() -> None:
    scores = {0: 2.0, 1: 1.0, 2: 1.0, 3: 0.0}
    met = [frozenset(p) for p in [(0, 1), (2, 3), (0, 2), (1, 3)]]
    assert swiss(range(4), scores, met, []) == [(0, 3), (1, 2)]


def test_swiss_allows_a_rematch_only_when_every_pairing_has_one() -> None:
    met = [frozenset(p) for p in itertools.combinations(range(4), 2)]
    assert swiss(range(4), {0: 3.0, 1: 2.0, 2: 1.0, 3: 0.0}, met, []) == [(0, 1), (2, 3)]
    met = [frozenset(p) for p in [(0, 1), (0, 2), (0, 3)]]
    assert swiss(range(4), {}, met, []) == [(0, 2), (1, 3)]


def test_swiss_bye_for_the_lowest_ranked_team_with_the_fewest_byes() -> None:
    assert swiss(range(5), {}, [], [4]) == [(0, 2), (1, 4), (3, None)]
    assert swiss(range(5), {}, [], [1, 2, 3, 4])[-1] == (0, None)
    assert swiss(range(5), {}, [], [0, 1, 2, 3, 4, 4, 3])[-1] == (2, None)


def test_swiss_moves_the_bye_up_rather_than_force_a_rematch() -> None:
    met = [frozenset((0, 1))]
    assert swiss(range(3), {}, met, []) == [(0, 2), (1, None)]
    # When every choice of bye leaves a rematch, the bye stays with the lowest-ranked.
    met = [frozenset(p) for p in itertools.combinations(range(3), 2)]
    assert swiss(range(3), {}, met, []) == [(0, 1), (2, None)]


def test_swiss_of_one_and_of_none() -> None:
    assert swiss([4], {}, [], []) == [(4, None)]
    assert swiss([], {}, [], []) == []


@settings(QUICK, max_examples=60)
@given(count=st.integers(4, 20), rounds=st.integers(1, 7), luck=st.randoms())
def test_swiss_rounds_of_random_torneios(count: int, rounds: int, luck: random.Random) -> None:
    teams = list(range(count))
    scores = dict.fromkeys(teams, 0.0)
    met: set[frozenset[int]] = set()
    byes: list[int] = []
    for _ in range(rounds):
        ranked = sorted(teams, key=lambda t: (-scores[t], t))
        pairs = swiss(ranked, scores, met, byes)
        assert sorted(t for pair in pairs for t in pair if t is not None) == teams
        got = _swiss_cost(pairs, ranked, scores, met, byes)
        assert _no_better_by_exchange(pairs, ranked, scores, met, byes, got)
        if count >= 16:  # Dirac: every team still has half the others left to meet
            assert got[1] == 0
        if count <= 10:
            assert got == min(
                _swiss_cost(p, ranked, scores, met, byes) for p in _all_pairings(ranked, byes)
            )
        for home, away in pairs:
            if away is None:
                scores[home] += 1
                byes.append(home)
            else:
                met.add(frozenset((home, away)))
                scores[luck.choice([home, away])] += 1
        bye_count = Counter(byes)
        assert max(bye_count.values(), default=0) <= 1 or min(bye_count[t] for t in teams) >= 1


Cost = tuple[float, ...]


def _swiss_cost(
    pairs: Sequence[tuple[int, int | None]],
    ranked: Sequence[int],
    scores: dict[int, float],
    met: set[frozenset[int]],
    byes: Sequence[int],
) -> Cost:
    """The spec's order of preference, written apart from the search: a bye for a team
    with the fewest byes, then rematches, then the bye low in the table, then total and
    squared score gaps."""
    games = [(h, a) for h, a in pairs if a is not None]
    bye = [h for h, a in pairs if a is None]
    counts = Counter(byes)
    fewest = min(counts[t] for t in ranked)
    wrong_bye = sum(1 for t in bye if counts[t] > fewest)
    rematches = sum(1 for h, a in games if frozenset((h, a)) in met)
    bye_height = -ranked.index(bye[0]) if bye else 0
    gaps = [abs(scores[h] - scores[a]) for h, a in games]
    return (wrong_bye, rematches, bye_height, sum(gaps), sum(g * g for g in gaps))


def _all_pairings(
    ranked: Sequence[int], byes: Sequence[int]
) -> Iterator[list[tuple[int, int | None]]]:
    teams = list(ranked)
    if len(teams) % 2 == 0:
        yield from _matchings(teams)
        return
    for bye in teams:
        for rest in _matchings([t for t in teams if t != bye]):
            yield [*rest, (bye, None)]


def _matchings(teams: list[int]) -> Iterator[list[tuple[int, int | None]]]:
    if not teams:
        yield []
        return
    first = teams[0]
    for other in teams[1:]:
        rest = [t for t in teams[1:] if t != other]
        for tail in _matchings(rest):
            yield [(first, other), *tail]


def _no_better_by_exchange(
    pairs: list[tuple[int, int | None]],
    ranked: Sequence[int],
    scores: dict[int, float],
    met: set[frozenset[int]],
    byes: Sequence[int],
    cost: Cost,
) -> bool:
    """Local optimality on any size: swapping opponents between two pairs (a bye is a pair
    with no one) never gives a cheaper round."""
    for i, j in itertools.combinations(range(len(pairs)), 2):
        (a, b), (c, d) = pairs[i], pairs[j]
        for first, second in (((a, c), (b, d)), ((a, d), (b, c))):
            options = [_as_pair(first), _as_pair(second)]
            if any(o is None for o in options):
                continue
            changed = [p for n, p in enumerate(pairs) if n not in (i, j)]
            changed += [o for o in options if o is not None]
            if _swiss_cost(changed, ranked, scores, met, byes) < cost:
                return False
    return True


def _as_pair(teams: tuple[int | None, int | None]) -> tuple[int, int | None] | None:
    first, second = teams
    if first is None and second is None:
        return None
    if first is None:
        return (second, None) if second is not None else None
    return (first, second)


def test_a_long_swiss_of_many_teams_pairs_every_round_quickly_and_cleanly() -> None:
    # A backtracking search took minutes here: 32 teams, late rounds, few clean pairings.
    luck = random.Random(2)
    teams = list(range(32))
    scores = dict.fromkeys(teams, 0.0)
    met: set[frozenset[int]] = set()
    for _ in range(12):
        ranked = sorted(teams, key=lambda t: (-scores[t], t))
        pairs = swiss(ranked, scores, met, [])
        assert sorted(t for pair in pairs for t in pair if t is not None) == teams
        for home, away in pairs:
            assert away is not None
            assert frozenset((home, away)) not in met
            met.add(frozenset((home, away)))
            scores[luck.choice([home, away])] += 1


@settings(QUICK, max_examples=150)
@given(
    size=st.sampled_from([2, 4, 6, 8, 10, 12]),
    spread=st.sampled_from([1, 3, 20, 10**30]),
    luck=st.randoms(),
)
def test_the_cheapest_perfect_matching_is_the_cheapest(
    size: int, spread: int, luck: random.Random
) -> None:
    """The matching under the Swiss pairing, against every matching (memoised)."""
    cost = [[0] * size for _ in range(size)]
    for i, j in itertools.combinations(range(size), 2):
        cost[i][j] = cost[j][i] = luck.randint(0, spread)
    mate = cheapest_perfect_matching(cost)
    assert all(mate[mate[v]] == v != mate[v] for v in range(size))
    assert sum(cost[v][mate[v]] for v in range(size)) // 2 == _cheapest(tuple(map(tuple, cost)), 0)


@cache
def _cheapest(cost: tuple[tuple[int, ...], ...], taken: int) -> int:
    size = len(cost)
    if taken == (1 << size) - 1:
        return 0
    first = next(v for v in range(size) if not taken >> v & 1)
    return min(
        cost[first][other] + _cheapest(cost, taken | 1 << first | 1 << other)
        for other in range(first + 1, size)
        if not taken >> other & 1
    )

"""Swiss rounds: each round pairs teams of close standing who have not met, at the least
cost (a perfect matching), a bye to the lowest who has had none."""

import itertools
import math
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from fractions import Fraction

from domain.tournament.pairings.common import Pair, check_distinct
from domain.tournament.pairings.matching import cheapest_perfect_matching


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
    check_distinct(ranked)
    place = {team: n for n, team in enumerate(ranked)}
    order = sorted(ranked, key=lambda team: (-scores.get(team, 0.0), place[team]))
    if not order:
        return []
    mate = cheapest_perfect_matching(_swiss_costs(order, scores, met, had_bye, ranked))
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

"""Groups: teams seeded into groups in snake order, and a round robin in each (the circle
method, a bye when the count is odd)."""

from collections.abc import Sequence

from domain.tournament.pairings.common import Pair, check_distinct


def snake(teams: Sequence[int], groups: int) -> list[list[int]]:
    """Deal the teams, in seed order, into groups going there and back (A B C C B A A ...),
    so every group gets one team of each pot of seeds and the strength evens out."""
    if groups < 1:
        raise ValueError("at least one group is needed")
    check_distinct(teams)
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
    check_distinct(teams)
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

"""Knock-out brackets: seeded, the next round from the winners, and from the groups'
qualified (group winners against other groups' runners-up, kept apart)."""

import math
from collections import Counter
from collections.abc import Mapping, Sequence

from domain.tournament.pairings.common import Bracket, check_distinct


def knockout(seeds: Sequence[int]) -> list[tuple[int | None, int | None]]:
    """The first round of a single-elimination bracket, in bracket order.

    The bracket is the next power of two; the missing places are byes, and standard
    seeding puts them against the top seeds (1 v N, 2 v N-1, ...). Seeds 1 and 2 sit in
    opposite halves, 1 to 4 in different quarters, and so on: if the favourites keep
    winning, the last 2^k teams standing are the top 2^k seeds.
    """
    check_distinct(seeds)
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
    check_distinct(winners)
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
    check_distinct(teams)
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

"""Standings: tables worked by hand for each tie-breaker, in more than one order, and
properties over random round robins (places 1..n, a pure function of the results)."""

import itertools
import random
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.competitions.format import TieBreaker
from domain.tournament.pairings import round_robin
from domain.tournament.standings import Result, Row, standings

ALL: list[TieBreaker] = [
    "head_to_head",
    "hands_difference",
    "points_difference",
    "games_won",
    "buchholz",
    "sonneborn_berger",
]


def beat(
    winner: int, loser: int, hands: tuple[int, int] = (0, 0), points: tuple[int, int] = (0, 0)
) -> Result:
    """A game the home team won: hands and points are the winner's, then the loser's."""
    return Result(home=winner, away=loser, winner=winner, hands=hands, points=points)


def bye(team: int) -> Result:
    return Result(home=team, away=None, winner=team)


def order(rows: Sequence[Row]) -> list[int]:
    return [row.team for row in rows]


def value(rows: Sequence[Row], name: str) -> dict[int, float]:
    return {row.team: row.values[name] for row in rows}


# Two teams level on two wins: 0 beat 1, but 1 has the better hands difference.
LEVEL_PAIR = [
    beat(0, 1, (3, 2)),
    beat(1, 2, (3, 0)),
    beat(1, 3, (3, 0)),
    beat(0, 3, (3, 2)),
    beat(2, 0, (3, 0)),
    beat(3, 2, (3, 2)),
]


def test_head_to_head_settles_two_teams_level_on_wins() -> None:
    rows = standings(range(4), LEVEL_PAIR, ["head_to_head"], lot=range(4))
    assert order(rows) == [0, 1, 3, 2]
    assert value(rows, "head_to_head") == {0: 1, 1: 0, 3: 1, 2: 0}


def test_hands_difference_first_puts_the_other_team_ahead() -> None:
    rows = standings(range(4), LEVEL_PAIR, ["hands_difference", "head_to_head"], lot=range(4))
    assert order(rows) == [1, 0, 2, 3]
    assert value(rows, "hands_difference") == {0: -1, 1: 5, 2: -1, 3: -3}
    # Nobody was level any more when head-to-head came: each counts against itself alone.
    assert value(rows, "head_to_head") == dict.fromkeys(range(4), 0)


def test_the_rows_count_games_hands_and_places() -> None:
    rows = standings(range(4), LEVEL_PAIR, ["head_to_head"], lot=range(4))
    first = rows[0]
    assert (first.team, first.place, first.played, first.won, first.lost) == (0, 1, 3, 2, 1)
    assert (first.hands_for, first.hands_against, first.byes) == (6, 7, 0)
    assert [row.place for row in rows] == [1, 2, 3, 4]


# Teams 1, 2 and 3 are level on two wins: 1 beat 2 and 3, who never met. 0 and 4 are level
# on one win and never met either.
THREE_WAY = [
    beat(1, 2, (3, 1)),
    beat(1, 3, (3, 2)),
    beat(2, 0, (3, 0)),
    beat(2, 4, (3, 0)),
    beat(3, 0, (3, 2)),
    beat(3, 4, (3, 2)),
    beat(0, 1, (3, 1)),
    beat(4, 1, (3, 2)),
]


def test_head_to_head_separates_one_of_three_and_hands_the_other_two() -> None:
    rows = standings(range(5), THREE_WAY, ["head_to_head", "hands_difference"], lot=range(5))
    assert order(rows) == [1, 2, 3, 0, 4]
    assert value(rows, "head_to_head") == {1: 2, 2: 0, 3: 0, 0: 0, 4: 0}
    assert value(rows, "hands_difference") == {1: 0, 2: 4, 3: 1, 0: -2, 4: -3}


def test_the_same_three_way_tie_by_hands_first() -> None:
    rows = standings(range(5), THREE_WAY, ["hands_difference", "head_to_head"], lot=range(5))
    assert order(rows) == [2, 3, 1, 0, 4]


def test_teams_head_to_head_leaves_level_go_on_to_the_lot_not_back_to_head_to_head() -> None:
    rows = standings(range(5), THREE_WAY, ["head_to_head"], lot=[4, 3, 2, 1, 0])
    assert order(rows) == [1, 3, 2, 4, 0]


# Four teams all on two wins; the points split them into {0, 1} and {2, 3}. Among the four
# everyone won two games; between 0 and 1 only, 0 won; 2 and 3 won one each.
FOUR_LEVEL = [
    beat(0, 1, points=(10, 0)),
    beat(1, 2, points=(15, 0)),
    beat(1, 3, points=(15, 0)),
    beat(2, 3, points=(5, 0)),
    beat(3, 0, points=(10, 0)),
    beat(2, 0, points=(10, 0)),
    beat(0, 3, points=(30, 0)),
    beat(3, 2, points=(20, 0)),
]


def test_head_to_head_counts_only_the_teams_still_level() -> None:
    rows = standings(range(4), FOUR_LEVEL, ["points_difference", "head_to_head"], lot=[1, 0, 3, 2])
    assert value(rows, "points_difference") == {0: 20, 1: 20, 2: -20, 3: -20}
    assert order(rows) == [0, 1, 3, 2]
    assert value(rows, "head_to_head") == {0: 1, 1: 0, 2: 1, 3: 1}


def test_head_to_head_among_all_four_separates_none() -> None:
    rows = standings(range(4), FOUR_LEVEL, ["head_to_head", "points_difference"], lot=[1, 0, 3, 2])
    assert value(rows, "head_to_head") == dict.fromkeys(range(4), 2)
    assert order(rows) == [1, 0, 3, 2]


# A Swiss of two rounds: 0 and 4 on two wins, 2 and 3 on one, 1 and 5 on none.
SWISS = [
    beat(0, 1),
    beat(2, 3),
    beat(4, 5),
    beat(0, 2),
    beat(4, 1),
    beat(3, 5),
]


def test_buchholz_sums_the_opponents_wins() -> None:
    rows = standings(range(6), SWISS, ["buchholz"], lot=[5, 4, 3, 2, 1, 0])
    assert value(rows, "buchholz") == {0: 1, 4: 0, 2: 3, 3: 1, 1: 4, 5: 3}
    assert order(rows) == [0, 4, 2, 3, 1, 5]


def test_sonneborn_berger_sums_the_wins_of_the_opponents_beaten() -> None:
    rows = standings(range(6), SWISS, ["sonneborn_berger"], lot=[5, 4, 3, 2, 1, 0])
    assert value(rows, "sonneborn_berger") == {0: 1, 4: 0, 2: 1, 3: 0, 1: 0, 5: 0}
    assert order(rows) == [0, 4, 2, 3, 5, 1]
    rows = standings(range(6), SWISS, ["sonneborn_berger", "buchholz"], lot=[5, 4, 3, 2, 1, 0])
    assert order(rows) == [0, 4, 2, 3, 1, 5]


# Five teams, two rounds, a bye each round: 2 won twice, 4 once and a bye; 0 once, 3 a bye.
WITH_BYES = [
    beat(0, 1, (3, 0)),
    beat(2, 3, (3, 1)),
    bye(4),
    beat(4, 0, (3, 2)),
    beat(2, 1, (3, 0)),
    Result(home=3, away=None, winner=None),
]


def test_a_bye_is_a_game_won_with_no_hands_and_no_opponent() -> None:
    rows = standings(range(5), WITH_BYES, ["games_won", "buchholz"], lot=range(5))
    assert order(rows) == [2, 4, 0, 3, 1]
    three = next(row for row in rows if row.team == 3)
    assert (three.played, three.won, three.lost, three.byes) == (2, 1, 1, 1)
    assert (three.hands_for, three.hands_against) == (1, 3)
    assert value(rows, "games_won") == {2: 2, 4: 1, 0: 1, 3: 0, 1: 0}
    assert value(rows, "buchholz") == {2: 1, 4: 1, 0: 2, 3: 2, 1: 3}


def test_the_lot_settles_a_perfect_tie() -> None:
    rows = standings(range(3), [], ALL, lot=[2, 0, 1])
    assert order(rows) == [2, 0, 1]
    assert [row.place for row in rows] == [1, 2, 3]
    assert value(rows, "lot") == {2: 0, 0: 1, 1: 2}
    assert all(set(row.values) == {*ALL, "lot"} for row in rows)
    mirror = [beat(0, 1, (3, 2), (50, 40)), beat(1, 0, (3, 2), (50, 40))]
    assert order(standings([0, 1], mirror, ALL, lot=[1, 0])) == [1, 0]


def test_no_tie_breakers_is_wins_then_the_lot() -> None:
    assert order(standings(range(4), LEVEL_PAIR, [], lot=[3, 2, 1, 0])) == [1, 0, 3, 2]


def test_a_table_of_some_teams_uses_their_places_in_the_whole_lot() -> None:
    rows = standings([3, 5], [], ["buchholz"], lot=[9, 5, 3, 1])
    assert order(rows) == [5, 3]
    assert value(rows, "lot") == {5: 1, 3: 2}


def test_results_the_table_cannot_hold_are_refused() -> None:
    with pytest.raises(ValueError, match="lot"):
        standings([0, 1], [], [], lot=[0])
    with pytest.raises(ValueError, match="not in the table"):
        standings([0, 1], [beat(0, 2)], [], lot=[0, 1, 2])
    with pytest.raises(ValueError, match="won by one of its teams"):
        standings([0, 1], [Result(home=0, away=1, winner=None)], [], lot=[0, 1])
    with pytest.raises(ValueError, match="bye"):
        standings([0, 1], [Result(home=0, away=None, winner=1)], [], lot=[0, 1])
    with pytest.raises(ValueError, match="itself"):
        standings([0, 1], [beat(0, 0)], [], lot=[0, 1])
    with pytest.raises(ValueError, match="once"):
        standings([0, 0], [], [], lot=[0])


# --- properties over random round robins -----------------------------------------------

TIE_BREAKERS = st.permutations(ALL).flatmap(
    lambda names: st.integers(0, len(names)).map(lambda k: list(names[:k]))
)


@st.composite
def played_round_robins(draw: st.DrawFn) -> tuple[list[int], list[Result]]:
    count = draw(st.integers(2, 9))
    legs = draw(st.integers(1, 2))
    luck = draw(st.randoms())
    teams = list(range(count))
    results: list[Result] = []
    for rnd in round_robin(teams, legs):
        for home, away in rnd:
            if away is None:
                results.append(bye(home))
                continue
            hands = (luck.randint(0, 3), luck.randint(0, 3))
            points = (luck.randint(0, 100), luck.randint(0, 100))
            winner = home if hands[0] > hands[1] else away if hands[1] > hands[0] else home
            results.append(Result(home=home, away=away, winner=winner, hands=hands, points=points))
    return teams, results


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=150)
@given(
    played=played_round_robins(),
    tie_breakers=TIE_BREAKERS,
    luck=st.randoms(),
)
def test_places_are_1_to_n_and_the_order_ignores_the_order_of_results(
    played: tuple[list[int], list[Result]],
    tie_breakers: list[TieBreaker],
    luck: random.Random,
) -> None:
    teams, results = played
    lot = luck.sample(teams, len(teams))
    rows = standings(teams, results, tie_breakers, lot)
    assert [row.place for row in rows] == list(range(1, len(teams) + 1))
    assert sorted(order(rows)) == teams
    assert all(row.played == row.won + row.lost for row in rows)
    assert sum(row.won - row.byes for row in rows) == sum(row.lost for row in rows)
    assert all(set(row.values) == {*tie_breakers, "lot"} for row in rows)
    assert [row.won for row in rows] == sorted((row.won for row in rows), reverse=True)
    for above, below in itertools.pairwise(rows):
        if above.won != below.won:
            continue
        first = tie_breakers[0] if tie_breakers else "lot"
        if first == "lot":
            assert above.values["lot"] < below.values["lot"]
        elif first != "head_to_head":
            assert above.values[first] >= below.values[first]
        if "head_to_head" not in tie_breakers and all(
            above.values[name] == below.values[name] for name in tie_breakers
        ):
            assert above.values["lot"] < below.values["lot"]
    shuffled = luck.sample(results, len(results))
    assert standings(teams, shuffled, tie_breakers, lot) == rows

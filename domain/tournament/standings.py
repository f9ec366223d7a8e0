"""A torneio's table: games won first, then the tie-breakers its organizers chose, in
their order, and at last the lot drawn when the torneio began, so no two teams ever
share a place.

The table is a pure function of the set of results: the order they come in changes
nothing.
"""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import msgspec

from domain.competitions.format import TieBreaker


class Result(msgspec.Struct, frozen=True, kw_only=True):
    """One decided fixture. A bye has no away team and is won by the home team."""

    home: int
    away: int | None
    """None: a bye."""
    winner: int | None
    """The winning team; a bye is won by its team whether or not this says so."""
    hands: tuple[int, int] = (0, 0)
    """Hands won by home, away."""
    points: tuple[int, int] = (0, 0)
    """Points scored by home, away."""
    walkover: bool = False
    """Won without playing; it counts as any other game won and lost."""


class Row(msgspec.Struct, frozen=True, kw_only=True):
    team: int
    place: int
    played: int
    """Byes included."""
    won: int
    """Byes included."""
    lost: int
    byes: int
    hands_for: int
    hands_against: int
    points_for: int
    points_against: int
    values: dict[str, float]
    """Each tie-breaker asked, by name, and "lot", the team's position in the drawn lot.
    "head_to_head" counts the games won against the teams still level with this one
    when that criterion was reached (0 if none was)."""
    points: int | None = None
    """Tables of players alone: the points by place (byes included), the first criterion."""


@dataclass
class _Tally:
    played: int = 0
    won: int = 0
    lost: int = 0
    byes: int = 0
    hands_for: int = 0
    hands_against: int = 0
    points_for: int = 0
    points_against: int = 0


def standings(
    teams: Sequence[int],
    results: Sequence[Result],
    tie_breakers: Sequence[TieBreaker],
    lot: Sequence[int],
) -> list[Row]:
    """The table, best first, places 1, 2, 3, ... with no two alike.

    Teams level on games won are split by each tie-breaker in turn, applied to the teams
    still level: those it separates keep that order, those it leaves level go on to the
    next one. The lot settles whatever is left. `lot` may hold more teams than `teams`
    (one lot for the whole torneio, tables per group); each team must be in it.
    """
    _check(teams, results, lot)
    tally = _tallies(teams, results)
    values: dict[int, dict[str, float]] = {team: {} for team in teams}
    drawn = {team: position for position, team in enumerate(lot)}
    criteria = _Criteria(tally, results)
    ordered: list[int] = []
    for level in _levels(teams, {team: float(tally[team].won) for team in teams}):
        ordered += _settle(level, tie_breakers, criteria, values, drawn)
    rows = []
    for place, team in enumerate(ordered, start=1):
        values[team]["lot"] = float(drawn[team])
        rows.append(_row(team, place, tally[team], values[team]))
    return rows


def _check(teams: Sequence[int], results: Sequence[Result], lot: Sequence[int]) -> None:
    known = set(teams)
    if len(known) != len(teams):
        raise ValueError("a team can appear only once")
    if not known <= set(lot):
        raise ValueError("every team needs its place in the drawn lot")
    for result in results:
        if result.home not in known or result.away not in (None, *known):
            raise ValueError("a result for a team not in the table")
        if result.away is None and result.winner not in (None, result.home):
            raise ValueError("a bye is won by its own team")
        if result.away is not None and result.winner not in (result.home, result.away):
            raise ValueError("a decided game is won by one of its teams")
        if result.home == result.away:
            raise ValueError("a team cannot play itself")


def _tallies(teams: Sequence[int], results: Iterable[Result]) -> dict[int, _Tally]:
    tally = {team: _Tally() for team in teams}
    for result in results:
        home = tally[result.home]
        home.played += 1
        if result.away is None:
            home.won += 1
            home.byes += 1
            continue
        away = tally[result.away]
        away.played += 1
        winner, loser = (home, away) if result.winner == result.home else (away, home)
        winner.won += 1
        loser.lost += 1
        home.hands_for += result.hands[0]
        home.hands_against += result.hands[1]
        away.hands_for += result.hands[1]
        away.hands_against += result.hands[0]
        home.points_for += result.points[0]
        home.points_against += result.points[1]
        away.points_for += result.points[1]
        away.points_against += result.points[0]
    return tally


class _Criteria:
    """Each tie-breaker's value for a team among the teams level with it. Only
    head-to-head depends on who they are; the others are the team's own figures."""

    def __init__(self, tally: Mapping[int, _Tally], games: Iterable[Result]) -> None:
        self.tally = tally
        self.faced: dict[int, list[tuple[int, bool]]] = {team: [] for team in tally}
        """Each team's opponents, game by game, with whether it won (byes have none)."""
        for game in games:
            if game.away is not None:
                self.faced[game.home].append((game.away, game.winner == game.home))
                self.faced[game.away].append((game.home, game.winner == game.away))

    def value(self, name: TieBreaker, team: int, level: Sequence[int]) -> float:
        own = self.tally[team]
        if name == "head_to_head":
            return float(self._wins_among(team, set(level)))
        if name == "hands_difference":
            return float(own.hands_for - own.hands_against)
        if name == "points_difference":
            return float(own.points_for - own.points_against)
        if name == "games_won":
            return float(own.won - own.byes)
        if name == "buchholz":
            return float(sum(self.tally[other].won for other, _ in self._opponents(team)))
        return float(sum(self.tally[other].won for other, won in self._opponents(team) if won))

    def _wins_among(self, team: int, level: set[int]) -> int:
        """Games won by `team` in the mini-league of the teams level with it."""
        return sum(1 for other, won in self._opponents(team) if won and other in level)

    def _opponents(self, team: int) -> list[tuple[int, bool]]:
        return self.faced[team]


def _settle(
    level: list[int],
    tie_breakers: Sequence[TieBreaker],
    criteria: _Criteria,
    values: dict[int, dict[str, float]],
    drawn: Mapping[int, int],
) -> list[int]:
    """Order teams level so far: the next tie-breaker splits them, each part that stays
    level goes on with the ones after it, and the lot orders what is left at the end.
    Every tie-breaker is worked out even for a team already alone, so its row has them all.
    """
    if not tie_breakers:
        return sorted(level, key=lambda team: drawn[team])
    name, rest = tie_breakers[0], tie_breakers[1:]
    value = {team: criteria.value(name, team, level) for team in level}
    for team in level:
        values[team][name] = value[team]
    ordered: list[int] = []
    for part in _levels(level, value):
        ordered += _settle(part, rest, criteria, values, drawn)
    return ordered


def _levels(teams: Sequence[int], value: Mapping[int, float]) -> list[list[int]]:
    """The teams in groups of equal value, the highest first."""
    return [
        [team for team in teams if value[team] == level]
        for level in sorted(set(value[team] for team in teams), reverse=True)
    ]


def _row(team: int, place: int, tally: _Tally, values: dict[str, float]) -> Row:
    return Row(
        team=team,
        place=place,
        played=tally.played,
        won=tally.won,
        lost=tally.lost,
        byes=tally.byes,
        hands_for=tally.hands_for,
        hands_against=tally.hands_against,
        points_for=tally.points_for,
        points_against=tally.points_against,
        values=values,
    )

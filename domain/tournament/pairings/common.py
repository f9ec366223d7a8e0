"""What every way of pairing shares: a pair, a bracket, teams named once."""

from collections.abc import Iterable

Pair = tuple[int, int | None]
"""(home, away); `(team, None)` is a bye."""
Bracket = list[tuple[int | None, int | None]]


def check_distinct(teams: Iterable[int]) -> None:
    seen = list(teams)
    if len(set(seen)) != len(seen):
        raise ValueError("a team can appear only once")

"""Win streaks: runs of confirmed wins of one game (dominoes, Sueca, Truco) in the order
the games were played (finish time).

A game is usually confirmed after every game its players finished before it, so the
streak simply advances. When a confirmation comes late (an earlier game confirmed after a
later one), the player's streaks are counted again from all their confirmed games in play
order. Achievements already earned stay earned (they are kept forever).
"""

from __future__ import annotations

from datetime import datetime
from typing import NamedTuple

import msgspec

from domain import DEFAULT_GAME

MILESTONES = (3, 5, 10)


class GameMark(NamedTuple):
    """A confirmed game of one player, ordered by when it was played."""

    at: datetime
    match_id: str
    won: bool


class Milestone(NamedTuple):
    length: int
    match_id: str
    at: datetime


class Run(msgspec.Struct, kw_only=True):
    length: int = 0
    first_match: str | None = None
    first_at: datetime | None = None
    last_match: str | None = None
    last_at: datetime | None = None


class PlayerStreak(msgspec.Struct, kw_only=True):
    player_id: str
    last_match: str
    last_at: datetime
    game: str = DEFAULT_GAME
    current: Run = msgspec.field(default_factory=Run)
    best: Run = msgspec.field(default_factory=Run)

    def in_order(self, mark: GameMark) -> bool:
        return (mark.at, mark.match_id) > (self.last_at, self.last_match)


def start(
    player_id: str, mark: GameMark, game: str = DEFAULT_GAME
) -> tuple[PlayerStreak, list[Milestone]]:
    streak = PlayerStreak(player_id=player_id, last_match=mark.match_id, last_at=mark.at, game=game)
    return streak, _step(streak, mark)


def advance(streak: PlayerStreak, mark: GameMark) -> list[Milestone]:
    """Add a game played after every game counted so far; the milestones it reaches."""
    assert streak.in_order(mark)
    return _step(streak, mark)


def recount(
    player_id: str, marks: list[GameMark], game: str = DEFAULT_GAME
) -> tuple[PlayerStreak, list[Milestone]]:
    """The streaks of all these games (in any order), and every milestone reached in them."""
    ordered = sorted(marks, key=lambda m: (m.at, m.match_id))
    streak, reached = start(player_id, ordered[0], game)
    for mark in ordered[1:]:
        reached += _step(streak, mark)
    return streak, reached


def _step(streak: PlayerStreak, mark: GameMark) -> list[Milestone]:
    streak.last_match, streak.last_at = mark.match_id, mark.at
    current = streak.current
    if not mark.won:
        streak.current = Run()
        return []
    if current.length == 0:
        current.first_match, current.first_at = mark.match_id, mark.at
    current.length += 1
    current.last_match, current.last_at = mark.match_id, mark.at
    if current.length > streak.best.length:
        streak.best = msgspec.structs.replace(current)
    if current.length in MILESTONES:
        return [Milestone(current.length, mark.match_id, mark.at)]
    return []

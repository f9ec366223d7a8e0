"""The games a rebuild's stats wrote, kept in memory for its next batches.

A rebuild's shadow tables start empty and have no other writer, so the facts it wrote are
exactly what it would read back, and a game it never wrote is not there at all. Reading
them back (JSON out of PostgreSQL, decoded again, from a table too young for its planner
to use its index) was a sixth of the stats' rebuild time at a million events. Kept for a
writer whose failure ends it, as a rebuild's does (the shadow is dropped with it): a
batch that fails in the projection forgets every game; one whose commit fails after it
must not be tried again with the same projection. Past `size` games the oldest written
are let go (and read back when their game goes on)."""

from __future__ import annotations

from collections.abc import Iterable

from projections.facts import GameFacts

REMEMBERED_GAMES = 20_000
"""Games kept whole: a club's tables in play at once, many times over; a game is a few kB."""


class RememberedGames:
    def __init__(self, size: int = REMEMBERED_GAMES) -> None:
        self.size = size
        self._games: dict[str, GameFacts] = {}
        self._written: set[str] = set()

    def take(self, match_ids: Iterable[str]) -> tuple[dict[str, GameFacts], list[str]]:
        """(the games kept among `match_ids`, the ids of those written and let go, which
        only the tables have); a game never written is in neither."""
        found: dict[str, GameFacts] = {}
        let_go: list[str] = []
        for match_id in match_ids:
            game = self._games.get(match_id)
            if game is not None:
                found[match_id] = game
            elif match_id in self._written:
                let_go.append(match_id)
        return found, let_go

    def keep(self, games: Iterable[GameFacts]) -> None:
        for game in games:
            self._games.pop(game.match_id, None)  # the newest written go last
            self._games[game.match_id] = game
            self._written.add(game.match_id)
        while len(self._games) > self.size:
            del self._games[next(iter(self._games))]

    def let_go(self, match_ids: Iterable[str]) -> None:
        """These games read back from the tables when they go on (they were changed there)."""
        for match_id in match_ids:
            self._games.pop(match_id, None)

    def forget(self) -> None:
        """After a failed batch: nothing kept, every game written read back from the tables."""
        self._games.clear()

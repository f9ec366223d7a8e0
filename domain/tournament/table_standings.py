"""The standing of entrants who play alone at tables: points by place first (a bye
scores the first place's), then first places, then the points of the opponents met
(Buchholz), and at last the lot drawn when the torneio began."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from domain.tournament.standings import Row


@dataclass(frozen=True)
class TableResult:
    """A decided table: its entrants and each one's place (1 = first), in that order."""

    entrants: tuple[int, ...]
    places: tuple[int, ...]


@dataclass
class _Tally:
    played: int = 0
    points: int = 0
    firsts: int = 0
    byes: int = 0
    opponents: list[int] = field(default_factory=list)


def table_standings(
    entrants: Sequence[int],
    results: Sequence[TableResult],
    points_of: Callable[[int], int],
    lot: Sequence[int],
) -> list[Row]:
    """The table, best first, places 1, 2, 3, ... with no two alike."""
    tally = {e: _Tally() for e in entrants}
    for result in results:
        for entrant, place in zip(result.entrants, result.places, strict=True):
            own = tally[entrant]
            own.played += 1
            own.points += points_of(place)
            own.firsts += place == 1
            own.byes += len(result.entrants) == 1
            own.opponents += [e for e in result.entrants if e != entrant]
    drawn = {e: n for n, e in enumerate(lot)}

    def buchholz(entrant: int) -> int:
        return sum(tally[o].points for o in tally[entrant].opponents if o in tally)

    def key(entrant: int) -> tuple[int, int, int, int]:
        own = tally[entrant]
        return (-own.points, -own.firsts, -buchholz(entrant), drawn.get(entrant, len(drawn)))

    rows = []
    for place, entrant in enumerate(sorted(entrants, key=key), start=1):
        own = tally[entrant]
        rows.append(
            Row(
                team=entrant,
                place=place,
                played=own.played,
                won=own.firsts,
                lost=own.played - own.firsts,
                byes=own.byes,
                hands_for=0,
                hands_against=0,
                points_for=0,
                points_against=0,
                values={
                    "first_places": float(own.firsts),
                    "buchholz": float(buchholz(entrant)),
                    "lot": float(drawn.get(entrant, len(drawn))),
                },
                points=own.points,
            )
        )
    return rows


def shared_places(ranks: Sequence[Sequence[int]]) -> dict[int, int]:
    """Places from groups best first: equal results share the better place."""
    places: dict[int, int] = {}
    for group in ranks:
        better = len(places) + 1
        for entrant in group:
            places[entrant] = better
    return places

"""Read models folded from the event log: rankings, statistics, streaks, records and
achievements, each with its checkpoint in the same transaction as its rows."""

from projections.base import Projection
from projections.directory import Directory
from projections.rating import Ratings
from projections.stats import Stats


def all_projections() -> list[Projection]:
    return [Directory(), Stats(), Ratings()]


def projection_named(name: str) -> Projection:
    for projection in all_projections():
        if projection.name == name:
            return projection
    names = ", ".join(p.name for p in all_projections())
    raise LookupError(f"no projection called {name!r}: there are {names}")


__all__ = ["Directory", "Projection", "Ratings", "Stats", "all_projections", "projection_named"]

"""A fixture taken by a game that was never written: given back by the creation that failed
(`release`), or freed once it lapses (`lapsed`), so that a torneio never waits for good on
a game that does not exist."""

from datetime import datetime, timedelta

from domain.tournament.events import FixtureGameCancelled, TournamentEvent
from domain.tournament.state import Tournament

RESERVATION_LAPSES = timedelta(minutes=1)
"""A fixture's game still not created this long after it took the fixture never will be (its
creation failed after the fixture was taken, the process stopped between the two): the
fixture is free again for a game or a walkover."""


def release(
    tournament: Tournament, fixture_id: str, match_id: str, at: datetime
) -> list[TournamentEvent]:
    """The fixture given back by a game whose creation failed after it took the fixture;
    nothing when the fixture has moved on since."""
    fixture = tournament.fixture(fixture_id)
    if fixture is None or fixture.status != "playing" or fixture.match_id != match_id:
        return []
    return [FixtureGameCancelled(at=at, fixture_id=fixture_id, match_id=match_id)]


def lapsed(
    tournament: Tournament, fixture_id: str, never_created: str | None, at: datetime
) -> list[TournamentEvent]:
    """The fixture freed, when the game it names is one the caller found never created
    (`never_created`) and it took the fixture `RESERVATION_LAPSES` ago or more."""
    fixture = tournament.fixture(fixture_id)
    if (
        never_created is None
        or fixture is None
        or fixture.status != "playing"
        or fixture.match_id != never_created
        or fixture.attached_at is None
        or at - fixture.attached_at < RESERVATION_LAPSES
    ):
        return []
    return release(tournament, fixture_id, never_created, at)

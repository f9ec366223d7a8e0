"""Who may do what to a game: administrator, its competition's organizers, its scorekeeper
(the creator), and its seated players (each for their own seat)."""

from __future__ import annotations

import msgspec

from domain import Match
from domain.competitions import CompetitionCreated
from service.http.auth import Principal
from service.http.problems import ApiError


class Access(msgspec.Struct, frozen=True):
    admin: bool
    organizer: bool
    scorekeeper: bool
    seats: frozenset[int]

    @property
    def staff(self) -> bool:
        """May act for any seat: the scorekeeper, an organizer, an administrator."""
        return self.admin or self.organizer or self.scorekeeper

    @property
    def official(self) -> bool:
        """Confirms as the competition's organizer: an administrator, or an organizer who
        does not play in the game (a seated organizer confirms for their own side). Neither
        sees a hand they did not deal (`service.http.matches.views.visible_seats`)."""
        return self.admin or (self.organizer and not self.seats)


def access_of(
    principal: Principal | None, state: Match, competition: CompetitionCreated | None
) -> Access:
    if principal is None:
        return Access(False, False, False, frozenset())
    player = principal.player_id
    organizer = competition is not None and player in competition.organizers
    seats = frozenset(s for s, p in enumerate(state.seats) if p == player)
    return Access(principal.admin, organizer, state.created_by == principal.actor, seats)


def require(allowed: bool, detail: str) -> None:
    if not allowed:
        raise ApiError(403, "forbidden", detail)


def may_play_seat(access: Access, seat: int) -> None:
    require(
        access.staff or seat in access.seats,
        f"only seat {seat}'s player, the scorekeeper or an organizer may act for seat {seat}",
    )


def staff_only(access: Access, what: str) -> None:
    require(access.staff, f"only the scorekeeper or an organizer may {what}")


def organizer_only(access: Access, has_competition: bool, what: str) -> None:
    """Annulment is an organizer's act; a game outside any competition has its scorekeeper."""
    require(
        access.admin or access.organizer or (access.scorekeeper and not has_competition),
        f"only an organizer may {what}",
    )

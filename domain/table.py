"""Seats, sides and board ends: the vocabulary shared by every game.

A table has 2 to 8 seats, numbered in order of play, played alone (a side per seat: "0",
"1", ...) or, with four seats, in two partnerships ("A": seats 0 and 2, "B": 1 and 3),
design.md "Tables of 2 to 8 seats, and sides". The partnership helpers below (`team_of`,
`other`, ...) are for the games played in partnerships.
"""

from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from domain.errors import InvalidInput

MAX_SEATS = 8
Seat = Annotated[int, Meta(ge=0, le=MAX_SEATS - 1)]
Side = str
"""A team ("A", "B") or, for a game played alone, a seat's number as text ("0", "1")."""
Team = Literal["A", "B"]
End = Literal["left", "right"]
TEAMS: tuple[Team, Team] = ("A", "B")
ENDS: tuple[End, End] = ("left", "right")


class Table(msgspec.Struct, frozen=True):
    """How many seats a game has, and whether they play in two partnerships or alone."""

    seats: int = 4
    partnerships: bool = True

    @property
    def sides(self) -> tuple[Side, ...]:
        return TEAMS if self.partnerships else tuple(str(s) for s in range(self.seats))

    def side_of(self, seat: int) -> Side:
        return team_of(seat) if self.partnerships else str(seat)

    def seats_of(self, side: Side) -> tuple[int, ...]:
        if self.partnerships:
            return seats_of(check_team(side))
        return (self.check_seat(int(side)),) if side.isdigit() else ()

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.seats

    def check_seat(self, seat: object) -> int:
        if type(seat) is not int or not 0 <= seat < self.seats:
            last = self.seats - 1
            raise InvalidInput(
                "invalid-seat", f"seat {seat!r} does not exist: seats are 0 to {last}"
            )
        return seat

    def check_side(self, side: object) -> Side:
        if side not in self.sides:
            names = ", ".join(repr(s) for s in self.sides)
            raise InvalidInput(
                "invalid-team", f"side {side!r} does not play here: sides are {names}"
            )
        return str(side)


PARTNERSHIPS = Table(4, True)
"""Two partnerships of two: every game of the first seeds."""


def team_of(seat: int) -> Team:
    """Seats 0 and 2 are team A, seats 1 and 3 team B."""
    return "A" if seat % 2 == 0 else "B"


def other(team: Team) -> Team:
    return "B" if team == "A" else "A"


def seats_of(team: Team) -> tuple[int, int]:
    return (0, 2) if team == "A" else (1, 3)


def next_seat(seat: int) -> int:
    return (seat + 1) % 4


def check_seat(seat: object) -> int:
    if type(seat) is not int or not 0 <= seat <= 3:
        raise InvalidInput("invalid-seat", f"seat {seat!r} does not exist: seats are 0, 1, 2, 3")
    return seat


def check_team(team: object) -> Team:
    if team == "A":
        return "A"
    if team == "B":
        return "B"
    raise InvalidInput("invalid-team", f"team {team!r} does not exist: teams are 'A' and 'B'")

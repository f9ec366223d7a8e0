"""Seats, teams and board ends: the vocabulary shared by every rule set."""

from typing import Annotated, Literal

from msgspec import Meta

from domain.errors import InvalidInput

Seat = Annotated[int, Meta(ge=0, le=3)]
Team = Literal["A", "B"]
End = Literal["left", "right"]
TEAMS: tuple[Team, Team] = ("A", "B")
ENDS: tuple[End, End] = ("left", "right")


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

"""Tables of 2 to 8 seats (design.md, "Tables of 2 to 8 seats, and sides"): one side per
seat when each plays alone, two partnerships of two at four."""

from __future__ import annotations

import pytest

from domain.errors import InvalidInput
from domain.table import MAX_SEATS, Table


@pytest.mark.parametrize("seats", range(2, MAX_SEATS + 1))
def test_alone_each_seat_is_its_own_side(seats: int) -> None:
    table = Table(seats, partnerships=False)

    assert table.sides == tuple(str(s) for s in range(seats))
    assert [table.side_of(s) for s in range(seats)] == list(table.sides)
    assert [table.seats_of(side) for side in table.sides] == [(s,) for s in range(seats)]
    assert [table.next_seat(s) for s in range(seats)] == [*range(1, seats), 0]
    with pytest.raises(InvalidInput, match="seats are 0 to"):
        table.check_seat(seats)
    with pytest.raises(InvalidInput):
        table.check_side("A")


def test_four_in_partnerships_are_two_sides_of_alternate_seats() -> None:
    table = Table(4, partnerships=True)

    assert table.sides == ("A", "B")
    assert [table.side_of(s) for s in range(4)] == ["A", "B", "A", "B"]
    assert (table.seats_of("A"), table.seats_of("B")) == ((0, 2), (1, 3))
    with pytest.raises(InvalidInput):
        table.check_side("0")

"""How the tables of games show a game's sides: its two partnerships, or each seat played
alone, best first with its place once finished."""

from __future__ import annotations

from datetime import UTC, datetime

from service.pages.formatting import by_place, in_partnerships, sides
from service.reads.directory.schemas import MatchSummary

SEATS = ["zé", "ana", "tião", "bia"]


def test_a_finished_game_alone_lists_its_seats_by_place_shared_places_alike() -> None:
    score = {"0": 30, "1": 104, "2": 12, "3": 12}
    places = [["2", "3"], ["0"], ["1"]]

    shown = by_place(score, SEATS, places)

    # R7: the side after two tied first is third
    assert [(side.key, side.place) for side in shown] == [("2", 1), ("3", 1), ("0", 3), ("1", 4)]


def test_a_game_in_progress_keeps_seat_order_and_partnerships_their_two_sides() -> None:
    assert [s.key for s in by_place({"0": 5, "1": 0}, SEATS[:2], None)] == ["0", "1"]
    assert [(s.key, s.seats) for s in sides({"A": 3, "B": 5}, SEATS)] == [
        ("A", (0, 2)),
        ("B", (1, 3)),
    ]


def test_a_table_is_headed_by_partnerships_only_when_every_game_has_them() -> None:
    def game(score: dict[str, int]) -> MatchSummary:
        return MatchSummary(
            id="g",
            status="confirmed",
            preset="pontos",
            seats=SEATS,
            score=score,
            winner=None,
            competition_id=None,
            stage=None,
            created_at=datetime(2026, 5, 1, tzinfo=UTC),
            finished_at=None,
        )

    teams, alone = game({"A": 6, "B": 2}), game({"0": 1, "1": 2, "2": 3, "3": 4})
    assert in_partnerships([teams, teams])
    assert not in_partnerships([teams, alone])

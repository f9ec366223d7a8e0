"""What a confirmed game played alone adds for each of its players, at a table of any size:
a row per seat, no partner, every other seat an opponent, the first place (shared or not) a
win. Folded from events the domain decides, at a table of six (no game registered today is
played by six: the core is, and so are the projections)."""

from __future__ import annotations

from datetime import UTC, datetime

from projections.contributions import COUNTERS, contributions
from projections.facts import Finish, GameFacts, HandFact

AT = datetime(2025, 5, 1, 20, 0, tzinfo=UTC)
PLAYERS = ("p0", "p1", "p2", "p3", "p4", "p5")


def six_alone(places: list[list[str]], score: dict[str, int]) -> GameFacts:
    hand = HandFact(
        number=1,
        outcome="tricks",
        kind=None,
        winner="2",
        points=0,
        by_seat=None,
        at=AT,
        scores=tuple(sorted(score.items())),
    )
    finish = Finish(
        winner=places[0][0] if len(places[0]) == 1 else None,
        score_a=0,
        score_b=0,
        started_at=AT,
        at=AT,
        duration_seconds=60,
        buchuda=False,
        buchuda_de_re=False,
        virada=False,
        abandoned=False,
        score=score,
        places=places,
    )
    return GameFacts(
        match_id="m",
        competition_id=None,
        preset="copas",
        game="copas",
        by_kind=False,
        target=100,
        seats=PLAYERS,
        created_at=AT,
        status="confirmed",
        hands=[hand],
        penalties=[0, 0, 0, 0, 0, 1],
        finish=finish,
        partnerships=False,
    )


def test_a_game_of_six_alone_adds_a_row_per_seat_against_five() -> None:
    score = {"0": 3, "1": 9, "2": 0, "3": 5, "4": 0, "5": 9}
    game = six_alone([["2", "4"], ["0"], ["3"], ["1", "5"]], score)

    rows = contributions(game)

    assert [r.player_id for r in rows] == list(PLAYERS)
    assert all(r.partner_id is None for r in rows)
    assert rows[0].opponents == ("p1", "p2", "p3", "p4", "p5")
    assert rows[3].opponents == ("p4", "p5", "p0", "p1", "p2")
    assert [r.won for r in rows] == [False, False, True, False, True, False]
    assert [game.place_of(str(s)) for s in range(6)] == [3, 5, 1, 4, 1, 5]
    counts = [dict(zip(COUNTERS, r.counters, strict=True)) for r in rows]
    assert [c["games_won"] for c in counts] == [0, 0, 1, 0, 1, 0]
    assert [c["points"] for c in counts] == [3, 9, 0, 5, 0, 9]
    assert [c["points_against"] for c in counts] == [23, 17, 26, 21, 26, 17]
    assert [c["penalties"] for c in counts] == [0, 0, 0, 0, 0, 1]
    assert [r.extra["place"] for r in rows] == [3, 5, 1, 4, 1, 5]

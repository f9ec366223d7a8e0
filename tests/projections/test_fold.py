"""The pure fold of a game's facts and its contributions, without a database: random legal
games of every rule set must agree with the domain's own state of the game."""

from __future__ import annotations

import random
from datetime import timedelta

import msgspec
import pytest

from domain import Event, HandAnnulled, HandEnded, MatchCreated, MatchReopened
from projections.contributions import COUNTERS, contributions
from projections.facts import GameFacts, created, fold_event
from projections.streaks import GameMark, advance, recount, start
from tests.projections.random_games import RandomGame
from tests.projections.scripts import AT, days


def fold_game(events: list[Event]) -> tuple[GameFacts, bool]:
    first = events[0]
    assert isinstance(first, MatchCreated)
    game = created("m", first)
    confirmed = False
    for event in events[1:]:
        confirmed = bool(fold_event(game, event)) or confirmed
    return game, confirmed


@pytest.mark.parametrize("seed", range(40))
def test_a_random_games_contributions_agree_with_the_domain(seed: int) -> None:
    table = RandomGame(random.Random(seed), ["a", "b", "c", "d"], AT)
    events = [event for chunk in table.chunks() for event in chunk]
    state = table.state
    game, confirmed = fold_game(events)

    assert confirmed == (state.status == "confirmed")
    assert [h.number for h in game.hands] == [h.number for h in state.hands]
    assert game.score == state.score
    assert game.finish is not None  # every random game ends; confirmed or not, it counts so
    rows = {
        row.player_id: dict(zip(COUNTERS, row.counters, strict=True)) for row in contributions(game)
    }
    a, b = rows["a"], rows["b"]
    assert (a["points"], b["points"]) == (state.score["A"], state.score["B"])
    assert a["points_against"] == b["points"]
    assert a["hands_won"] + a["hands_lost"] + a["empates"] == a["hands_played"]
    assert a["hands_won"] == b["hands_lost"]
    assert a["games_won"] + b["games_won"] == 1
    assert a["blocks_made"] == b["blocks_suffered"]
    assert sum(r["batidas"] for r in rows.values()) == sum(
        1 for h in state.hands if h.outcome == "batida"
    )


def test_events_after_a_confirmation_change_nothing() -> None:
    for seed in range(100):
        table = RandomGame(random.Random(seed), ["a", "b", "c", "d"], AT)
        events = [event for chunk in table.chunks() for event in chunk]
        if table.state.status == "confirmed":
            break
    assert table.state.status == "confirmed"
    game, _ = fold_game(events)
    before = (list(game.hands), game.status, game.finish, contributions(game))
    a_hand = next(e for e in events if isinstance(e, HandEnded))
    later = events[-1].at + timedelta(minutes=1)
    after_it: list[Event] = [
        events[-1],  # the confirmation again
        msgspec.structs.replace(a_hand, at=later),
        HandAnnulled(at=later, number=1),
        MatchReopened(at=later),
    ]

    for event in after_it:
        assert not fold_event(game, event), event
        assert (list(game.hands), game.status, game.finish, contributions(game)) == before


def test_a_late_game_recounts_the_streak_in_the_order_of_play() -> None:
    marks = [GameMark(days(n), f"g{n}", won) for n, won in enumerate([True, True, False, True])]
    streak, _ = start("p", marks[0])
    advance(streak, marks[1])
    advance(streak, marks[3])
    assert streak.current.length == 3

    recounted, reached = recount("p", [marks[0], marks[1], marks[3], marks[2]])

    assert (recounted.current.length, recounted.current.first_match) == (1, "g3")
    assert (recounted.best.length, recounted.best.last_match) == (2, "g1")
    assert reached == []

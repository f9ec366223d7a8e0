"""Every registered game's words for the pages (`Labels`): a word for each of its own
counters the pages show, for each of its records, and the shared figures it shows are ones
the pages know."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from domain.games import GAMES
from domain.match.game import Game
from projections.facts import GameFacts
from projections.games import read_side

SHARED_FIGURES = {"biggest_hand", "viradas", "batidas", "cruzadas", "buchudas", "blocks_made"}
NOT_SHOWN = {"place", "mil"}
"""Counters not shown as such: the sum of places (a criterion's, the average place), the
canastras de mil of Buraco's family (shown by Buraco, always 0 in the games without them)."""


def _facts(game: Game) -> GameFacts:
    together = game.partnerships == "always"
    return GameFacts(
        match_id="m",
        competition_id=None,
        preset=game.presets[0],
        game=game.name,
        by_kind=False,
        target=100,
        seats=("a", "b", "c", "d"),
        created_at=datetime(2026, 5, 1, tzinfo=UTC),
        partnerships=together,
    )


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_every_counter_record_and_figure_of_a_game_has_its_words(game: Game) -> None:
    side = read_side(game.name)
    labels = side.labels
    counted = {name for counts in side.counters(_facts(game)).values() for name in counts}

    assert set(labels.counters) <= counted
    assert counted - set(labels.counters) <= NOT_SHOWN
    assert set(labels.records) == set(side.tallies)
    assert set(labels.figures) <= SHARED_FIGURES
    assert all(word.strip() for word in (*labels.counters.values(), *labels.records.values()))

"""Every registered game has its read side, whole (`projections/games/<game>.py`)."""

from __future__ import annotations

import pytest

from domain import GAMES
from projections.achievements import ACHIEVEMENTS, BY_GAME
from projections.games import ReadSide, read_side

NAMES = [game.name for game in GAMES]


@pytest.mark.parametrize("game", NAMES)
def test_a_registered_game_has_its_read_side(game: str) -> None:
    side = read_side(game)

    assert isinstance(side, ReadSide)
    assert side.criteria, "a game is ranked by some criteria"
    assert len({c.name for c in side.criteria}) == len(side.criteria)
    assert side.tallies, "a game keeps some all-time records"


def test_no_two_games_share_an_achievement_or_a_streak_prefix() -> None:
    kinds = [kind for game in NAMES for kind in BY_GAME[game]]
    prefixes = [read_side(game).streak_prefix for game in NAMES]

    assert len(kinds) == len(set(kinds)) == len(ACHIEVEMENTS)
    assert len(prefixes) == len(set(prefixes))


def test_a_name_the_registry_lacks_has_no_read_side() -> None:
    with pytest.raises(KeyError):
        read_side("xadrez")


@pytest.mark.parametrize("game", NAMES)
def test_a_registered_game_names_itself_and_its_codes_for_the_pages(game: str) -> None:
    side = read_side(game)
    labels = side.labels

    assert labels.title
    assert {c.name for c in side.criteria} <= set(labels.criteria) | {"points"}
    assert set(side.achievements) == set(labels.achievements)

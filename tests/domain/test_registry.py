"""Every registered game has every part the core, the service and the projections reach it
through (`domain.games`): a game missing one fails here, by name."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from domain import GAMES, INITIAL, CreateMatch, Event, decide, fold
from domain.games import BY_NAME, BY_PRESET, game_of
from domain.match.game import Game
from domain.rulesets import PRESETS
from tests.domain.builders import AT

NAMES = [game.name for game in GAMES]


@pytest.mark.parametrize("name", NAMES)
def test_a_registered_game_is_found_by_its_name_and_each_of_its_presets(name: str) -> None:
    game = BY_NAME[name]

    assert game.presets
    for preset in game.presets:
        assert BY_PRESET[preset] is game
        assert game_of(PRESETS[preset]) is game


@pytest.mark.parametrize("name", NAMES)
def test_a_registered_game_documents_its_bodies(name: str) -> None:
    examples = BY_NAME[name].examples

    assert examples.create, "a body that creates one of its games"
    assert examples.result, "a body that records a hand by its result"
    for what, body in (*examples.create.values(), *examples.result.values()):
        assert what
        assert body
    assert {body["preset"] for _, body in examples.create.values()} <= set(PRESETS)


def created_game(game: Game, seats: int) -> list[Event]:
    players = [f"p{n}" for n in range(seats)]
    command = CreateMatch(at=AT, preset=game.presets[0], seats=players, actor="p0")
    return list(decide(command, INITIAL))


@pytest.mark.parametrize("name", NAMES)
def test_a_registered_game_seats_its_table_and_refuses_other_counts(name: str) -> None:
    game = BY_NAME[name]

    for seats in game.seats:
        table = game.table_for(seats)
        assert table.seats == seats
        state = fold(created_game(game, seats))
        assert state.table == table
        assert set(state.score) == set(table.sides)
    wrong = next(n for n in range(1, 10) if n not in game.seats)
    with pytest.raises(Exception, match="played by"):
        game.table_for(wrong)


@pytest.mark.parametrize("name", NAMES)
def test_a_registered_game_deals_from_its_deck_and_shows_its_hand(name: str) -> None:
    """A server deal: the deck shuffled, read into the game's deal, accepted by its rules;
    then what a reader who sees every seat is shown of the hand in progress."""
    game = BY_NAME[name]
    events = created_game(game, game.seats[0])
    state = fold(events)
    order = list(game.deck)
    random.Random(1).shuffle(order)

    dealt = decide(game.shuffled(state, order, AT), state)
    after = fold(dealt, state)

    copies = {n for card, n in Counter(game.deck).items() if card != "JK"}
    assert len(copies) == 1, "each card as often as every other (two decks: twice)"
    assert after.hand is not None
    shown = game.bodies.view(after.hand, frozenset(range(len(after.seats))))
    assert isinstance(shown, game.bodies.hand)

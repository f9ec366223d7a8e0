"""What each registered game shows of its hand in progress (`Game.shown`) is fields of its
family's view, with their types: a name the view lacks would be dropped without a word."""

from __future__ import annotations

import random

import msgspec
import pytest

from domain import GAMES, INITIAL, CreateMatch, decide, fold
from domain.match.game import Game
from service.http.matches import hand_views, schemas, views
from service.http.matches.hand_views import VIEWS
from tests.domain.builders import AT


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_a_games_own_fields_are_its_views_fields(game: Game) -> None:
    seats = [f"p{n}" for n in range(game.seats[0])]
    create = CreateMatch(at=AT, preset=game.presets[0], seats=seats, actor="p0")
    state = fold(decide(create, INITIAL))
    order = list(game.deck)
    random.Random(2).shuffle(order)
    state = fold(decide(game.shuffled(state, order, AT), state), state)
    assert state.hand is not None
    everyone = frozenset(range(len(seats)))

    shown = game.shown(state.hand, everyone)
    view = VIEWS[game.family](state.hand, everyone, game)

    fields = set(type(view).__struct_fields__)
    assert set(shown) <= fields, set(shown) - fields
    as_json = msgspec.to_builtins(view)
    for name, value in shown.items():
        assert as_json[name] == msgspec.to_builtins(value)


BODIES = {
    "deal": ("NewHand",),
    "move": ("NewMove",),
    "result": ("NewResult",),
    "penalty": ("NewPenalty",),
    "view": ("CardHandNow", "HandNow", "CardOnTable", "StockHandNow"),
    "hand": ("HandOut",),
}


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_a_games_words_name_fields_the_bodies_have(game: Game) -> None:
    """`Game.fields` documents fields of the shared bodies: a key naming none would be words
    the API document never shows."""
    structs = {
        name: getattr(module, name)
        for module in (schemas, hand_views, views)
        for name in dir(module)
        if name in {n for names in BODIES.values() for n in names}
    }
    for key, text in game.fields.items():
        body, _, name = key.partition(".")
        assert text.strip(), key
        fields = {f for s in BODIES[body] for f in structs[s].__struct_fields__}
        assert name in fields, f"{game.name}: {key} is no field of {BODIES[body]}"

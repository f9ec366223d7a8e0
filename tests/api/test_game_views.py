"""What each registered game shows of its hand in progress is its own view (`Game.bodies`:
its struct, tagged with its name); and its words for the fields every game shares name
fields those bodies have."""

from __future__ import annotations

import random

import msgspec
import pytest

from domain import GAMES, INITIAL, CreateMatch, decide, fold
from domain.match.game import Game
from service.http.matches import schemas, views
from tests.domain.builders import AT


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_a_games_hand_is_its_own_view_tagged_with_its_name(game: Game) -> None:
    seats = [f"p{n}" for n in range(game.seats[0])]
    create = CreateMatch(at=AT, preset=game.presets[0], seats=seats, actor="p0")
    state = fold(decide(create, INITIAL))
    order = list(game.deck)
    random.Random(2).shuffle(order)
    state = fold(decide(game.shuffled(state, order, AT), state), state)
    assert state.hand is not None

    everyone = game.bodies.view(state.hand, frozenset(range(len(seats))))
    nobody = game.bodies.view(state.hand, frozenset())

    assert type(everyone) is game.bodies.hand
    as_json = msgspec.to_builtins(everyone)
    assert (as_json["game"], as_json["family"]) == (game.name, game.family)
    assert all(cards is not None for cards in as_json["hands"])
    assert msgspec.to_builtins(nobody)["hands"] == [None] * len(seats)
    for other in GAMES:  # no field of another game's view that this one lacks
        if other.bodies.hand is not game.bodies.hand and other.family != game.family:
            theirs = set(other.bodies.hand.__struct_fields__) - set(
                type(everyone).__struct_fields__
            )
            assert not theirs & set(as_json), (other.name, theirs & set(as_json))


BODIES = {"penalty": ("NewPenalty",), "hand": ("HandOut",)}


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_a_games_words_name_fields_the_bodies_have(game: Game) -> None:
    """`Game.fields` documents fields of the bodies every game shares: a key naming none
    would be words the API document never shows."""
    structs = {
        name: getattr(module, name)
        for module in (schemas, views)
        for name in dir(module)
        if name in {n for names in BODIES.values() for n in names}
    }
    for key, text in game.fields.items():
        body, _, name = key.partition(".")
        assert text.strip(), key
        fields = {f for s in BODIES[body] for f in structs[s].__struct_fields__}
        assert name in fields, f"{game.name}: {key} is no field of {BODIES[body]}"

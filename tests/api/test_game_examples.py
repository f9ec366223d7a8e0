"""Every registered game shows an example of each of its bodies in the API document (a new
game's rules, a deal, a move, a result), each under a name of its own: no game's example
hides another's of the same write."""

from __future__ import annotations

import pytest

from domain.games import GAMES
from domain.match.game import Game
from service.http.openapi.problems import add_once, example_name, game_examples

WRITES = {"startHand": "deal", "postMove": "move", "postResult": "result"}


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_every_game_has_an_example_of_each_body_in_the_document(game: Game) -> None:
    documented = game_examples()
    assert set(game.examples.create) <= set(documented["createMatch"])
    for operation, part in WRITES.items():
        named = getattr(game.examples, part)
        assert named, f"{game.name} has no {part} example"
        for name, example in named.items():
            shown = example_name(game.name, name)
            assert shown == game.name or shown.startswith(f"{game.name}-")
            assert documented[operation][shown] == example, (operation, shown)


def test_the_examples_of_a_write_are_as_many_as_the_games_give() -> None:
    documented = game_examples()
    for operation, part in WRITES.items():
        given = sum(len(getattr(game.examples, part)) for game in GAMES)
        shared = 1 if operation == "startHand" else 0  # {"deal": "server"}, every game's
        assert len(documented[operation]) == given + shared, operation


def test_two_examples_of_one_name_are_refused() -> None:
    named: dict[str, tuple[str, object]] = {"buraco-discard": ("Buraco", {"discard": "KH"})}
    with pytest.raises(ValueError, match="buraco-discard"):
        add_once(named, "buraco-discard", ("again", {}))
    assert example_name("mau-mau", "discard") == "mau-mau-discard"
    assert example_name("mau-mau", "mau-mau") == "mau-mau"

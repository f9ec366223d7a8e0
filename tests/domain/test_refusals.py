"""Every refusal's code is declared where it is raised (issue 30): the shared ones in
`domain.errors.SHARED_CODES`, each game's and each engine's in its package's `refusals.py`;
the registry's `ERROR_CODES` is them all, and a declared code is one the code raises."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from domain.errors import SHARED_CODES
from domain.games import ERROR_CODES, GAMES
from domain.match.game import Game

DOMAIN = Path(__file__).resolve().parents[2] / "domain"
RAISES = {
    "InvalidInput",
    "IllegalMove",
    "WrongStatus",
    "TellsAHand",
    "TellsTheTable",
    "DomainError",
}


def raised(folder: Path) -> set[str]:
    """The codes the modules under this folder raise, as written where they raise them."""
    codes: set[str] = set()
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            if node.func.id in RAISES and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    codes.add(first.value)
    return codes


def package_of(game: Game) -> Path:
    module = importlib.import_module(game.decide.__module__)
    return Path(str(module.__file__)).parent


def test_every_code_the_domain_raises_is_a_registered_one() -> None:
    assert raised(DOMAIN) - ERROR_CODES == set()


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_a_games_package_raises_only_its_own_and_the_shared_refusals(game: Game) -> None:
    assert raised(package_of(game)) - game.refusals - SHARED_CODES == set()


def test_every_declared_refusal_is_raised_somewhere() -> None:
    declared = SHARED_CODES.union(*(game.refusals for game in GAMES))
    assert declared - raised(DOMAIN) == set()

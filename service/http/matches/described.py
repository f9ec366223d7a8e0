"""The API document's words for a field every game's body shares: what it means in each
registered game that uses it (`Game.fields`), so that a game's words live in its package."""

from __future__ import annotations

import json

from domain import GAMES
from domain.match.game import Game


def title(game: Game) -> str:
    return " ".join(word.capitalize() for word in game.name.split("-"))


def described(key: str, shared: str = "") -> str:
    """`shared`, then "<Game>: <what it means there>" for each game that uses `key`."""
    said = [f"{title(g)}: {g.fields[key]}" for g in GAMES if key in g.fields]
    return " ".join(part for part in (shared, *said) if part)


def bodies(write: str, shared: str = "") -> str:
    """`shared`, then each game's example bodies of this write (`Game.examples`)."""
    said = []
    for game in GAMES:
        examples = getattr(game.examples, write)
        if examples:
            shown = ", ".join(f"`{_compact(body)}`" for _, body in examples.values())
            said.append(f"{title(game)}: {shown}.")
    return " ".join(part for part in (shared, *said) if part)


def _compact(body: dict[str, object]) -> str:
    return json.dumps(body, ensure_ascii=False, separators=(", ", ": "))

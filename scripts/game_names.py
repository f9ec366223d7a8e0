"""How often a registered game's name appears outside its own package (issue 19's measure):
lines of `domain/`, `service/` and `projections/` that name a game, by game, in code and in
text (docstrings, comments, API descriptions), the registry's files apart.

    .venv/bin/python scripts/game_names.py
"""

from __future__ import annotations

import io
import re
import sys
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from domain.games import GAMES  # noqa: E402
from domain.match.game import Game  # noqa: E402

REGISTRY = {
    "domain/games.py",
    "domain/rulesets.py",
    "domain/cards/events.py",
    "domain/cards/commands.py",
    "domain/events.py",
    "domain/commands.py",
    "domain/__init__.py",
}
"""The registry, the unions that list every game's rules, events and commands, and the
domain's facade that re-exports them."""


def homes(game: Game) -> tuple[str, ...]:
    """Its package (the one its `decide` lives in: Buraco's engine is Mega Buraco's and
    Tranca's too) and its read side."""
    package = game.decide.__module__.rsplit(".", 1)[0].replace(".", "/") + "/"
    return (package, f"projections/games/{game.name.replace('-', '_')}.py")


def mentions(path: Path, pattern: re.Pattern[str]) -> tuple[int, int]:
    """(lines of code, lines of text) naming the game."""
    code: set[int] = set()
    text: set[int] = set()
    source = path.read_text()
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if not pattern.search(token.string):
            continue
        lines = range(token.start[0], token.end[0] + 1)
        if token.type in (tokenize.STRING, tokenize.COMMENT):
            text.update(lines)
        elif token.type == tokenize.NAME:
            code.update(lines)
    return len(code), len(text)


def main() -> None:
    files = [p for d in ("domain", "service", "projections") for p in (ROOT / d).rglob("*.py")]
    print(f"{'game':10} {'files':>6} {'code lines':>11} {'text lines':>11}")
    for game in GAMES:
        words = {game.name, *game.presets} - {"dominoes"} or {"dominoes", "domino"}
        if game.name == "dominoes":
            words = {"dominoes", "pontos", "cinquenta", "federacao"}
        pattern = re.compile(r"(?i)\b(" + "|".join(sorted(words)) + r")\b")
        found = code = text = 0
        for path in files:
            rel = path.relative_to(ROOT).as_posix()
            if rel in REGISTRY or rel.startswith(homes(game)):
                continue
            c, t = mentions(path, pattern)
            found += bool(c or t)
            code, text = code + c, text + t
        print(f"{game.name:10} {found:>6} {code:>11} {text:>11}")


if __name__ == "__main__":
    main()

"""Write the golden files from the code as it is: `.venv/bin/python -m
tests.api.example_bodies.record [game ...]` (every game when none is named). The same as
`RECORD_ANSWER=1 .venv/bin/pytest tests/api/test_example_bodies.py`."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
TEST = "tests/api/test_example_bodies.py::"
RECORDS = "test_every_example_of_the_game_is_accepted_and_answered_as_recorded"


def main(games: list[str]) -> int:
    """Only the scenarios: the file's other tests read no golden file."""
    os.environ["RECORD_ANSWER"] = "1"
    os.chdir(ROOT)
    chosen = [f"{TEST}{RECORDS}[{game}]" for game in games] or [TEST + RECORDS]
    return int(pytest.main(["-q", "-p", "no:randomly", *chosen]))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

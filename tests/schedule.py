"""The longest test files first, so that the parallel workers finish together.

`scripts/test` hands whole files to two workers (`--dist loadfile`), in the order they are
collected. By default pytest-xdist orders files by their number of tests, which sends the
few long property tests (one test each, a minute or more) last: one worker then runs them
alone while the other waits. Here files are collected longest first, by the seconds each
took when last recorded in `tests/file_durations.json` (files not recorded go last, in
their usual order); `scripts/test` passes `--no-loadscope-reorder` so that xdist keeps it.

`PYTEST_ADDOPTS=--record-file-durations scripts/test` writes the file again from the run's
own reports, updating the files that ran and keeping the others.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pytest

DURATIONS = Path(__file__).parent / "file_durations.json"
_OPTION = "--record-file-durations"
_spent: defaultdict[str, float] = defaultdict(float)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        _OPTION,
        action="store_true",
        help="write each test file's seconds to tests/file_durations.json (longest run first)",
    )


def recorded() -> dict[str, float]:
    if not DURATIONS.exists():
        return {}
    seconds: dict[str, float] = json.loads(DURATIONS.read_text())
    return seconds


def file_of(nodeid: str) -> str:
    return nodeid.split("::", 1)[0]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    seconds = recorded()
    items.sort(key=lambda item: -seconds.get(file_of(item.nodeid), 0.0))


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    _spent[file_of(report.nodeid)] += report.duration


def pytest_sessionfinish(session: pytest.Session) -> None:
    config = session.config
    if not config.getoption(_OPTION) or hasattr(config, "workerinput") or not _spent:
        return
    seconds = recorded() | {name: round(spent, 1) for name, spent in _spent.items()}
    ordered = dict(sorted(seconds.items(), key=lambda entry: (-entry[1], entry[0])))
    DURATIONS.write_text(json.dumps(ordered, indent=1) + "\n")

"""A report as CSV: the JSON answer flattened into one table a spreadsheet opens, each
number of the JSON in one row.

Columns: section, measure, id, name, value, previous, change.
- a count compared with the previous period: section `figures` (or the dict holding it,
  `batidas`, `game_counters`), its name as measure, value, previous and change;
- the report's own fields (player, game, `as_of_position`): section `report`;
- `period` and `previous_period`: their `since` and `until`;
- a list of players (partners, opponents, top players): one row per number, the player's
  id and name beside it; a game (longest game, biggest win): its id beside each fact, a
  row for each side's points (`scores.A`, `scores.0`).
A text that starts as a formula would (`=`, `+`, `-`, `@`) is written with a quote before it.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from typing import Any

import msgspec

HEADER = ("section", "measure", "id", "name", "value", "previous", "change")
_COMPARED = {"value", "previous", "change"}
_IDS = ("player_id", "match_id")

Line = tuple[Any, ...]


def report_csv(report: msgspec.Struct) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(HEADER)
    writer.writerows(tuple(map(_inert, line)) for line in _lines(msgspec.to_builtins(report)))
    return out.getvalue()


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _inert(cell: Any) -> Any:
    """A text a spreadsheet would run as a formula (a name written `=HYPERLINK(...)`), with
    a quote before it, which it shows and does not run (OWASP's CSV injection advice)."""
    if isinstance(cell, str) and cell.startswith(_FORMULA_START):
        return "'" + cell
    return cell


def _lines(report: dict[str, Any]) -> Iterator[Line]:
    for field, value in report.items():
        if isinstance(value, dict) and set(value) == _COMPARED:
            yield _compared("figures", field, value)
        elif isinstance(value, dict) and any(k in value for k in _IDS):
            yield from _entity(field, value)
        elif isinstance(value, dict):
            for name, inner in value.items():
                if isinstance(inner, dict):
                    yield _compared(field, name, inner)
                else:
                    yield (field, name, "", "", inner, "", "")
        elif isinstance(value, list):
            for item in value:
                yield from _entity(field, item)
        elif value is not None:
            yield ("report", field, "", "", value, "", "")


def _compared(section: str, measure: str, figure: dict[str, int]) -> Line:
    return (section, measure, "", "", figure["value"], figure["previous"], figure["change"])


def _entity(section: str, item: dict[str, Any]) -> Iterator[Line]:
    """One row per fact of a player or a game, its id (and name) beside each."""
    key = next(k for k in _IDS if k in item)
    name = item.get("name") or ""
    for measure, value in item.items():
        if measure in (key, "name"):
            continue
        if isinstance(value, dict):  # a game's scores: one row per side, `scores.A`, `scores.2`
            for side, points in value.items():
                yield (section, f"{measure}.{side}", item[key], name, points, "", "")
            continue
        shown = " ".join(value) if isinstance(value, list) else value
        yield (section, measure, item[key], name, shown, "", "")

"""Answers made comparable (`normalized`) and the rule a new answer keeps to its golden one
(`differences`): the same everywhere, except that keys may be added, and a key may be
missing where its golden value said nothing (null, false, [] or {}): a field of another
game that a game's own view drops."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

GOLDEN = Path(__file__).with_name("golden")

EMPTY: tuple[Any, ...] = (None, False, [], {})
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
TIME = re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})?")
HEX = re.compile(r"[0-9a-f]{32,}")
SECRET_KEYS = frozenset({"token"})
SHUFFLED = "<shuffled>"


def normalized(value: Any, names: Mapping[str, str], shuffled: frozenset[str] = frozenset()) -> Any:
    """`value` with every id, time, hash and token replaced by a stable placeholder: the ids
    the scenario knows by their names (`names`: id -> "<seat 0>", "<match 1>", ...), any
    other uuid by "<uuid>"; and the values at the `shuffled` paths (dotted, "*" for any key
    or index) by "<shuffled>", for an answer to a deal the server shuffled."""
    return _normalized(value, names, shuffled, ())


def _normalized(
    value: Any, names: Mapping[str, str], shuffled: frozenset[str], path: tuple[str, ...]
) -> Any:
    if shuffled and _matches(path, shuffled):
        return SHUFFLED
    if isinstance(value, dict):
        return {
            key: "<token>"
            if key in SECRET_KEYS and isinstance(item, str)
            else _normalized(item, names, shuffled, (*path, key))
            for key, item in value.items()
        }
    if isinstance(value, list):
        return [_normalized(item, names, shuffled, (*path, str(i))) for i, item in enumerate(value)]
    if isinstance(value, str):
        return _text(value, names)
    return value


def _matches(path: tuple[str, ...], patterns: frozenset[str]) -> bool:
    for pattern in patterns:
        parts = pattern.split(".")
        if len(parts) == len(path) and all(p in ("*", k) for p, k in zip(parts, path, strict=True)):
            return True
    return False


def _text(text: str, names: Mapping[str, str]) -> str:
    for known, name in names.items():
        text = text.replace(known, name)
    text = UUID.sub("<uuid>", text)
    text = TIME.sub("<time>", text)
    return HEX.sub("<hex>", text)


def differences(new: Any, golden: Any, path: str = "$") -> list[str]:
    """Where `new` breaks the rule against `golden` (empty: it keeps to it)."""
    if isinstance(golden, dict):
        if not isinstance(new, dict):
            return [f"{path}: {_short(new)} instead of an object"]
        found: list[str] = []
        for key, value in golden.items():
            if key in new:
                found += differences(new[key], value, f"{path}.{key}")
            elif not _empty(value):
                found.append(f"{path}.{key}: missing (was {_short(value)})")
        return found
    if isinstance(golden, list):
        if not isinstance(new, list) or len(new) != len(golden):
            return [f"{path}: {_short(new)} instead of {_short(golden)}"]
        return [
            difference
            for i, (item, was) in enumerate(zip(new, golden, strict=True))
            for difference in differences(item, was, f"{path}[{i}]")
        ]
    if type(new) is not type(golden) or new != golden:
        return [f"{path}: {_short(new)} instead of {_short(golden)}"]
    return []


def step_differences(now: dict[str, Any], golden: dict[str, Any]) -> list[str]:
    """A step against its golden record: the same step, the same status, and an answer that
    keeps to the rule of `differences`."""
    if now["step"] != golden["step"]:
        return [f"step {now['step']!r} instead of {golden['step']!r}: record the scenario again"]
    found = differences(now["answer"], golden["answer"])
    if now["status"] != golden["status"]:
        found.insert(0, f"status {now['status']} instead of {golden['status']}")
    return [f"{now['step']}: {difference}" for difference in found]


def _empty(value: Any) -> bool:
    return any(type(value) is type(nothing) and value == nothing for nothing in EMPTY)


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 80 else text[:77] + "..."


def golden_path(scenario: str) -> Path:
    return GOLDEN / f"{scenario}.json"


def read_golden(scenario: str) -> list[dict[str, Any]]:
    steps: list[dict[str, Any]] = json.loads(golden_path(scenario).read_text(encoding="utf-8"))
    return steps


def write_golden(scenario: str, steps: list[dict[str, Any]]) -> None:
    text = json.dumps(steps, ensure_ascii=False, indent=1, sort_keys=True)
    golden_path(scenario).write_text(text + "\n", encoding="utf-8")

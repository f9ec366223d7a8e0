"""A torneio stage as a read's filter names it: its name without the blanks around it (the
store keeps it trimmed); blanks alone name no stage and are refused."""

from __future__ import annotations

from service.reads.errors import InvalidQuery


def stage_named(stage: str | None) -> str | None:
    if stage is None:
        return None
    if not stage.strip():
        raise InvalidQuery("invalid-parameters", "a stage has a name: not blanks alone")
    return stage.strip()

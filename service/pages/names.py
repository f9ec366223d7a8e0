"""Players' names for the pages, from the registry the JSON API reads them from."""

from __future__ import annotations

from collections.abc import Iterable

from litestar.datastructures import State

from service.store.registry import BOOTSTRAP_ACTOR, Registry


async def names_of(state: State, player_ids: Iterable[str | None]) -> dict[str, str]:
    """Each id's name now, in one query ("?" for an unknown id)."""
    registry: Registry = state.registry
    wanted = {p for p in player_ids if p is not None}
    names = await registry.names(sorted(wanted - {BOOTSTRAP_ACTOR}))
    if BOOTSTRAP_ACTOR in wanted:
        names[BOOTSTRAP_ACTOR] = "administrador"
    return {p: names.get(p, "?") for p in wanted}


def pair(names: dict[str, str], players: Iterable[str]) -> str:
    """A team as the table calls it: "Zé e Tião"."""
    return " e ".join(names.get(p, "?") for p in players)

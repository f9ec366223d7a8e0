"""Players' names for the pages, from the registry the JSON API reads them from."""

from __future__ import annotations

from collections.abc import Iterable

from litestar.datastructures import State

from service.store.errors import NotFound
from service.store.registry import BOOTSTRAP_ACTOR, Registry


async def names_of(state: State, player_ids: Iterable[str | None]) -> dict[str, str]:
    """Each known id's name (the registry caches them: players never change)."""
    registry: Registry = state.registry
    names: dict[str, str] = {}
    for player_id in set(player_ids) - {None}:
        assert player_id is not None
        if player_id == BOOTSTRAP_ACTOR:
            names[player_id] = "administrador"
            continue
        try:
            names[player_id] = (await registry.player(player_id)).name
        except NotFound:
            names[player_id] = "?"
    return names


def pair(names: dict[str, str], players: Iterable[str]) -> str:
    """A team as the table calls it: "Zé e Tião"."""
    return " e ".join(names.get(p, "?") for p in players)

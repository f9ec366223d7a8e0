"""What a write's metadata says of the token that sent it: one an administrator issued for
the player once registered (migration 0027) marks every write it makes, so a game's or a
competition's history shows a move or a consent that an administrator could have made."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from service.http.auth import Principal

DELEGATED = "by_administrators_token"
_MARKED: Mapping[str, object] = MappingProxyType({DELEGATED: True})
_UNMARKED: Mapping[str, object] = MappingProxyType({})


def marks_of(principal: Principal) -> Mapping[str, object]:
    return _MARKED if principal.delegated else _UNMARKED

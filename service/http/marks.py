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


def marks_for(delegated: bool) -> Mapping[str, object]:
    """The metadata of a write by a token that an administrator issued in the player's name
    (`delegated`), or by any other."""
    return _MARKED if delegated else _UNMARKED


def marks_of(principal: Principal) -> Mapping[str, object]:
    return marks_for(principal.delegated)

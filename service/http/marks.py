"""What a write's metadata says of the token that sent it: one an administrator issued for
the player once registered (migration 0027) marks every write it makes, so a game's or a
competition's history shows a move or a consent that an administrator could have made."""

from __future__ import annotations

from service.http.auth import Principal

DELEGATED = "by_administrators_token"


def marks_of(principal: Principal) -> dict[str, object]:
    return {DELEGATED: True} if principal.delegated else {}

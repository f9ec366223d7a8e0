"""/v1/tokens: a player's bearer token revoked (issued under /v1/players/{id}/tokens)."""

from __future__ import annotations

from typing import Any

from litestar import Controller, Request, delete
from litestar.datastructures import State
from litestar.di import NamedDependency, Provide

from service.http.auth import Principal, provide_principal
from service.http.problems import ApiError


class TokenController(Controller):
    path = "/v1/tokens"
    tags = ["players"]
    dependencies = {"principal": Provide(provide_principal)}

    @delete(
        "/current",
        operation_id="revokeToken",
        summary="Revoke the token this request carries",
        description="It stops working at once, on every instance of the service.",
    )
    async def revoke(
        self, request: Request[Any, Any, Any], state: State, principal: NamedDependency[Principal]
    ) -> None:
        if principal.player_id is None:
            raise ApiError(
                422, "token-not-revocable", "the bootstrap token is configuration: change it there"
            )
        header = request.headers.get("authorization", "")
        await state.tokens.revoke(header.partition(" ")[2].strip())

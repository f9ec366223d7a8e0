"""/v1/competitions/{id}/arrivals, /draws and /next: the amistoso mesa (design.md, "The
amistoso table"; docs/rules-decisions.md, G41-G47)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec
from litestar import Controller, Request, get, post
from litestar.datastructures import State
from litestar.di import NamedDependency, Provide
from litestar.params import FromPath, JSONBody
from msgspec import Meta

from domain.codes import TileCode
from domain.competitions.mesa import LastGame, arrive, draw, next_of
from service.http.auth import Principal, provide_principal
from service.http.matches.schemas import PlayerId
from service.http.matches.writes import fingerprint, idempotency_key, metadata, now
from service.http.problems import ApiError
from service.reads.mesas.seating import last_game
from service.store.mesas import Loaded, Mesas
from service.store.registry import Registry, parse_id


class NewArrival(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    player: Annotated[PlayerId, Meta(description="Who arrives and waits for a chair.")]


class NewDraw(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    player: Annotated[PlayerId, Meta(description="A loser of the last game.")]
    tile: Annotated[
        TileCode | None,
        Meta(
            description='The tile they drew at the table ("5-6"); left out: the service '
            "draws it from the pile it committed to when the newcomer arrived."
        ),
    ] = None


class DrawOut(msgspec.Struct, frozen=True, kw_only=True):
    player: Annotated[str, Meta(description="Who drew.")]
    tile: Annotated[str, Meta(description="The tile drawn.")]
    by: Annotated[str, Meta(description="posted (drawn at the table) or server.")]


class MesaOut(msgspec.Struct, frozen=True, kw_only=True):
    competition_id: Annotated[str, Meta(description="The mesa (an amistoso).")]
    draw: Annotated[str, Meta(description="higher or lower: which tile partners a newcomer.")]
    status: Annotated[
        Literal["open", "playing", "drawing", "ready"],
        Meta(
            description="open: no game yet; playing: its game is in play; drawing: the "
            "losers owe their tiles (`draw_by`); ready: `seats` are the next game's."
        ),
    ]
    seats: Annotated[
        list[str] | None,
        Meta(description="The next game's seats in order of play (A = 0, 2), once known."),
    ]
    waiting: Annotated[list[str], Meta(description="Who waits for a chair, first first.")]
    draw_by: Annotated[list[str], Meta(description="The losers who still have to draw.")]
    last_match_id: Annotated[str | None, Meta(description="The mesa's latest game.")]
    draws: Annotated[list[DrawOut], Meta(description="The tiles drawn after that game.")]
    commitment: Annotated[
        str | None,
        Meta(
            description="sha256(salt || canonical JSON of the pile) of the pile the service "
            "draws from, committed before any tile of it is drawn (revealed in the "
            "competition's history, `mesa_pile_revealed`, once drawn from)."
        ),
    ]


def _answer(loaded: Loaded, game: LastGame | None, competition_id: str) -> MesaOut:
    then = next_of(loaded.mesa, game)
    drawn = [d for d in loaded.mesa.drawn if game is not None and d.match_id == game.match_id]
    return MesaOut(
        competition_id=competition_id,
        draw=loaded.mesa.rules.draw,
        status=then.status,
        seats=None if then.seats is None else list(then.seats),
        waiting=list(then.waiting),
        draw_by=list(then.draw_by),
        last_match_id=None if game is None else game.match_id,
        draws=[DrawOut(player=d.player, tile=d.tile, by=d.by) for d in drawn],
        commitment=loaded.commitment if loaded.mesa.pile is not None else None,
    )


async def _key(
    request: Request[Any, Any, Any], state: State, principal: Principal
) -> tuple[str | None, bytes | None]:
    """The write's `Idempotency-Key` (scoped by its sender) and the request's digest; the
    digest None when the key was used before for this very request (a retry). The same key
    with another request is refused (422 `idempotency-key-reused`)."""
    key = idempotency_key(request, principal)
    if key is None:
        return None, None
    digest = await fingerprint(request)
    if await state.store.idempotent_result(key, digest) is not None:
        return key, None
    return key, digest


def _may_act_for(principal: Principal, loaded: Loaded, player: str, what: str) -> None:
    if principal.admin or principal.player_id in (player, *loaded.created.organizers):
        return
    raise ApiError(403, "forbidden", f"only the player or an organizer may {what}")


class MesaController(Controller):
    path = "/v1/competitions/{competition_id:str}"
    tags = ["competitions"]
    dependencies = {"principal": Provide(provide_principal)}

    @get(
        "/next",
        operation_id="getMesaNext",
        summary="Who plays the mesa's next game",
        description="After each game the winners keep their chairs; with nobody waiting "
        "the same four play again; when someone waits, the two losers each draw a tile "
        "(`draw_by`) and, once both have, `seats` are the next game's: the newcomer in the "
        "chair of the loser who waits.",
    )
    async def next(self, state: State, competition_id: FromPath[str]) -> MesaOut:
        mesas: Mesas = state.mesas
        loaded = await mesas.load(competition_id)
        competition_id = parse_id(competition_id, "competition")
        return _answer(loaded, await last_game(state, competition_id, loaded.mesa), competition_id)

    @post(
        "/arrivals",
        operation_id="arriveAtMesa",
        summary="A player arrives at the mesa",
        status_code=201,
        description="The player, or an organizer for them; they wait, first come first "
        "seated. The service commits the pile it will draw from, should the losers ask it to.",
    )
    async def arrival(
        self,
        request: Request[Any, Any, Any],
        state: State,
        competition_id: FromPath[str],
        data: JSONBody[NewArrival],
        principal: NamedDependency[Principal],
    ) -> MesaOut:
        registry: Registry = state.registry
        player = parse_id(data.player, "player")
        await registry.player(player)
        mesas: Mesas = state.mesas
        before = await mesas.load(competition_id)
        _may_act_for(principal, before, player, "record an arrival")
        competition_id = parse_id(competition_id, "competition")
        game = await last_game(state, competition_id, before.mesa)
        key, digest = await _key(request, state, principal)
        if key is not None and digest is None:  # a retry: the first answer stands
            return _answer(await mesas.load(competition_id), game, competition_id)
        loaded = await mesas.execute(
            competition_id,
            lambda mesa: arrive(mesa.mesa, game, player, now()),
            metadata(request, principal, key),
            key,
            digest,
        )
        return _answer(loaded, game, competition_id)

    @post(
        "/draws",
        operation_id="drawAtMesa",
        summary="A loser draws a tile",
        status_code=201,
        description='`{"player", "tile"}`: the tile they drew at the table; `{"player"}`: '
        "the service draws it from its committed pile. By the player or an organizer. The "
        "second draw seats the next game (a tile is higher by its pips, then a double, then "
        "its higher end) and reveals the pile the service drew from.",
    )
    async def draw(
        self,
        request: Request[Any, Any, Any],
        state: State,
        competition_id: FromPath[str],
        data: JSONBody[NewDraw],
        principal: NamedDependency[Principal],
    ) -> MesaOut:
        player = parse_id(data.player, "player")
        mesas: Mesas = state.mesas
        before = await mesas.load(competition_id)
        _may_act_for(principal, before, player, "draw a tile")
        competition_id = parse_id(competition_id, "competition")
        game = await last_game(state, competition_id, before.mesa)
        key, digest = await _key(request, state, principal)
        if key is not None and digest is None:  # a retry: the first answer stands
            return _answer(await mesas.load(competition_id), game, competition_id)
        loaded = await mesas.execute(
            competition_id,
            lambda mesa: draw(mesa.mesa, game, player, data.tile, now()),
            metadata(request, principal, key),
            key,
            digest,
        )
        return _answer(loaded, game, competition_id)

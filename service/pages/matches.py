"""`/partidas/{id}`: a game's súmula (every hand, the running and final score, status,
confirmations), its hash chain recomputed, and a replay step by step (`?passo=N`)."""

from __future__ import annotations

from typing import Annotated, Any, NamedTuple

from litestar import Controller, Request, get
from litestar.datastructures import State
from litestar.params import FromPath, QueryParameter
from litestar.response import Template

from service.http.history.events import commitments_checked
from service.http.matches.views import HandOut, MatchState
from service.pages.names import names_of
from service.pages.replay import public_state, step
from service.store.event_store import EventStore
from service.store.matches import Matches, stream_of
from service.store.registry import Registry


class SumulaRow(NamedTuple):
    hand: HandOut
    a: int
    b: int


def sumula(game: MatchState) -> list[SumulaRow]:
    """Each finished hand with the score after it (its points go to its winner)."""
    a = b = 0
    rows = []
    for hand in game.hands:
        a += hand.points if hand.winner == "A" else 0
        b += hand.points if hand.winner == "B" else 0
        rows.append(SumulaRow(hand, a, b))
    return rows


class MatchPage(Controller):
    @get("/partidas/{match_id:str}", name="pages:match")
    async def match(
        self,
        request: Request[Any, Any, Any],
        state: State,
        match_id: FromPath[str],
        passo: Annotated[int | None, QueryParameter(ge=1, le=2**31 - 1)] = None,
    ) -> Template:
        matches: Matches = state.matches
        store: EventStore = state.store
        current = await matches.latest(match_id)
        game = public_state(current, current)
        names = await names_of(state, [*game.seats, game.created_by])
        seats = [names.get(p, "?") for p in game.seats]
        first_bad = await store.verify_stream(stream_of(current.match_id))
        _, secrets = await commitments_checked(store, current)
        competition = None
        if game.competition_id is not None:
            registry: Registry = state.registry
            competition = (await registry.competition(game.competition_id)).name
        return Template(
            template_name="partida.html",
            context={
                "partida": game,
                "nomes": names,
                "lugares": seats,
                "sumula": sumula(game),
                "cadeia_quebrada_em": first_bad,
                "segredos": secrets,
                "base_url": str(request.base_url).rstrip("/"),
                "competicao": competition,
                "passo": await step(state, current, passo or current.version, seats),
            },
        )

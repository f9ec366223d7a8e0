"""`/partidas/{id}`: a game's súmula (every hand, the running and final score, status,
confirmations), its hash chain recomputed, and a replay step by step (`?passo=N`)."""

from __future__ import annotations

from typing import Annotated, Any, NamedTuple

from litestar import Controller, Request, get
from litestar.datastructures import State
from litestar.params import FromPath, QueryParameter
from litestar.response import Template

from service.pages.names import names_of
from service.pages.replay import step
from service.reads.history.verification import commitments_checked
from service.reads.matches.state import HandOut, MatchState, public_state
from service.reads.stale import stale_after_of
from service.store.event_store import EventStore
from service.store.matches import Matches, stream_of
from service.store.registry import Registry


class SumulaRow(NamedTuple):
    hand: HandOut
    totals: dict[str, int]
    """Each side's score after the hand."""


def sumula(game: MatchState) -> list[SumulaRow]:
    """Each finished hand with the score after it (what each side scored in it, or its
    points to its winner)."""
    totals = dict.fromkeys(game.score, 0)
    rows = []
    for hand in game.hands:
        gains = hand.scores or ({hand.winner: hand.points} if hand.winner else {})
        for side, points in gains.items():
            totals[side] = totals.get(side, 0) + points
        rows.append(SumulaRow(hand, dict(totals)))
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
        confirmed_by = [c.actor for c in game.confirmations]
        names = await names_of(state, [*game.seats, game.created_by, *confirmed_by])
        seats = [names.get(p, "?") for p in game.seats]
        first_bad = await store.verify_stream(stream_of(current.match_id))
        _, secrets, _ = await commitments_checked(store, current)
        competition = None
        if game.competition_id is not None:
            registry: Registry = state.registry
            competition = await registry.competition_name(game.competition_id)
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
                "dias_de_contestacao": round(stale_after_of(state).total_seconds() / 86400),
                "passo": await step(state, current, passo or current.version, seats),
            },
        )

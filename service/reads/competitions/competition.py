"""A competition as it is read: what created it, and for a torneio run by the service its
status and champion.

Its answer, `CompetitionOut`, is still in service/http/matches/schemas.py, being reshaped
(issue 30)."""

from __future__ import annotations

import msgspec
from litestar.datastructures import State

from domain.competitions import CompetitionCreated
from service.http.matches.schemas import CompetitionOut
from service.store.registry import Registry, parse_id
from service.store.tournaments import Tournaments


async def competition_out(
    state: State, competition_id: str, event: CompetitionCreated
) -> CompetitionOut:
    """The competition; a torneio run by the service with its status and champion."""
    status, champion = None, None
    if event.format is not None:
        tournaments: Tournaments = state.tournaments
        tournament, _ = await tournaments.load(competition_id)
        status = "finished" if tournament.finished else "in_progress"
        champion = tournament.champion
    return CompetitionOut(
        id=competition_id,
        name=event.name,
        kind=event.kind,
        rules=msgspec.to_builtins(event.rules),
        organizers=list(event.organizers),
        teams=[list(pair) for pair in event.teams],
        created_at=event.at,
        format=None if event.format is None else msgspec.to_builtins(event.format),
        prizes=dict(event.prizes),
        status=status,
        champion=champion,
        mesa=None if event.mesa is None else msgspec.to_builtins(event.mesa),
    )


async def read_competition(state: State, competition_id: str) -> CompetitionOut:
    registry: Registry = state.registry
    found = await registry.competition_now(competition_id)
    return await competition_out(state, parse_id(competition_id, "competition"), found)

"""A mesa's latest game, as its seating needs it: found among the competition's games
(the read models: a game shows there a moment after it is created, G45), its result read
from the game's own stream."""

from __future__ import annotations

from litestar.datastructures import State

from domain.competitions.mesa import LastGame, Mesa, Next, next_of
from service.reads.snapshot import snapshot
from service.store.matches import Matches
from service.store.mesas import Mesas

_LATEST = (
    "SELECT match_id FROM proj_games WHERE competition_id = $1"
    " AND status NOT IN ('cancelled', 'annulled') ORDER BY created_at DESC, match_id LIMIT 1"
)


_SINCE = (
    "SELECT created_at, finished_at, seats FROM proj_games WHERE competition_id = $1"
    " AND (created_at > $2 OR finished_at > $2)"
    " AND status NOT IN ('cancelled', 'annulled') ORDER BY created_at, match_id"
)


async def last_game(state: State, competition_id: str, mesa: Mesa) -> LastGame | None:
    """The mesa's latest game, with its games created or ended since the first of those now
    waiting in `mesa` began to wait (G43)."""
    async with snapshot(state) as connection:
        match_id = await connection.fetchval(_LATEST, competition_id)
        rows = (
            await connection.fetch(_SINCE, competition_id, min(mesa.waiting_since))
            if mesa.waiting_since
            else []
        )
    if match_id is None:
        return None
    matches: Matches = state.matches
    game = (await matches.latest(match_id)).state
    if game.status in ("cancelled", "annulled"):
        return None
    return LastGame(
        match_id=match_id,
        seats=game.seats,
        status=game.status,
        winner=game.winner,
        since=tuple((row[0], row[1], tuple(row[2])) for row in rows),
    )


async def mesa_now(state: State, competition_id: str) -> Next:
    """Who plays the mesa's next game, as its page shows it."""
    mesas: Mesas = state.mesas
    loaded = await mesas.load(competition_id)
    return next_of(loaded.mesa, await last_game(state, competition_id, loaded.mesa))


async def at_the_mesa(state: State, competition_id: str) -> frozenset[str]:
    """G51: who is at the mesa: seated in its latest game or in the next one, or waiting."""
    mesas: Mesas = state.mesas
    loaded = await mesas.load(competition_id)
    game = await last_game(state, competition_id, loaded.mesa)
    then = next_of(loaded.mesa, game)
    seated = (*(game.seats if game is not None else ()), *(then.seats or ()))
    return frozenset((*seated, *then.waiting))

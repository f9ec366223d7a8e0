"""A confirmed game disputed leaves the read models (G34): its rows go, the totals are the
sums of the rows that remain, the streaks are those of the games that still count; a ruling
that confirms counts it again. Folded at once or one event at a time, rebuilt from the first
event, the read models are the same."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Any

import asyncpg
import pytest

from domain import fold
from domain.decide import decide
from domain.disputes.commands import Dispute, Settle
from projections import all_projections
from projections.contributions import COUNTERS
from projections.rebuild import rebuild
from projections.streaks import GameMark, recount
from service.store.encoding import new_event
from service.store.event_store import EventStore
from service.store.secrets import opened
from tests.conftest import Database
from tests.projections.conftest import Project, read_models
from tests.projections.random_games import write_games
from tests.projections.scripts import AT, register


@pytest.fixture
async def owner(database: Database) -> AsyncIterator[asyncpg.Connection]:
    connection = await asyncpg.connect(database.owner_dsn)
    yield connection
    await connection.close()


async def rule(store: EventStore, match_id: str, decision: str | None) -> None:
    """Seat 0's player disputes the game an hour after its end; then the ruling, if any."""
    stored = await store.read_stream(f"match-{match_id}")
    state = fold(opened(e.data, e.secret) for e in stored)
    assert state.finished_at is not None
    at = state.finished_at + timedelta(hours=1)
    events = decide(Dispute(at=at, actor=state.seats[0], reason="a hand was wrong"), state)
    if decision is not None:
        state = fold(events, state)
        ruling = Settle(at=at, actor="referee", decision=decision)  # type: ignore[arg-type]
        events += decide(ruling, state)
    await store.append(
        f"match-{match_id}",
        [new_event(e, {"actor": "referee"}) for e in events],
        expected_version=len(stored),
    )


async def test_disputed_games_leave_the_read_models_and_a_rebuild_agrees(
    store: EventStore, owner: asyncpg.Connection, db: Any, project: Project
) -> None:
    everyone = [await register(store, f"Jogador {n}") for n in range(6)]
    games = await write_games(store, 14, seed=5, players=everyone, start=AT)
    confirmed = [
        m for m in games
        if fold(opened(e.data, e.secret) for e in await store.read_stream(f"match-{m}")).status
        == "confirmed"
    ]  # fmt: skip
    assert len(confirmed) >= 4
    disputed, annulled, upheld = confirmed[0], confirmed[1], confirmed[2]
    await rule(store, disputed, None)
    await rule(store, annulled, "annul")
    await rule(store, upheld, "confirm")

    await project()

    counted = {r[0] for r in await db.fetch("SELECT DISTINCT match_id FROM proj_player_games")}
    assert disputed not in counted
    assert annulled not in counted
    assert upheld in counted
    statuses = dict(await db.fetch("SELECT match_id, status FROM proj_games"))
    assert (statuses[disputed], statuses[annulled], statuses[upheld]) == (
        "disputed",
        "annulled",
        "confirmed",
    )
    sums = ", ".join(f"sum({c})::int" for c in COUNTERS)
    rows = {
        (r[0], r[1]): tuple(r[2:])
        for r in await db.fetch(
            f"SELECT player_id, preset, {sums} FROM proj_player_games GROUP BY 1, 2"
        )
    }
    totals = {
        (r[0], r[1]): tuple(r[2:])
        for r in await db.fetch(
            f"SELECT player_id, preset, {', '.join(COUNTERS)} FROM proj_player_totals"
        )
    }
    assert {k: v for k, v in totals.items() if any(v)} == rows
    for streak in await db.fetch("SELECT player_id, game, best_length FROM proj_player_streaks"):
        marks = await db.fetch(
            "SELECT finished_at, match_id, won FROM proj_player_games WHERE player_id = $1",
            streak[0],
        )
        best = recount(streak[0], [GameMark(*m) for m in marks], streak[1])[0].best.length
        assert streak[2] == best
    incremental = await read_models(db)

    for batch_size in (1, 100_000):
        for projection in all_projections():
            await rebuild(owner, projection, batch_size=batch_size, progress=False)
        assert await read_models(db) == incremental

"""C12 in the read models: a Copas game a seat abandoned. The abandoning player is last and
alone counts an abandonment; the others are placed by their points (the first place wins,
by abandonment); the rating ranks the four by those places. Written through the domain into
the real store, then folded."""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

from domain import INITIAL, Abandon, CreateMatch, decide, fold
from domain.cards.copas.commands import RecordCopasResult
from domain.match.commands import Command
from service.store.encoding import new_event
from service.store.event_store import EventStore
from tests.conftest import Database
from tests.projections.conftest import Project
from tests.projections.scripts import AT, SEATS, confirm_game
from tests.projections.test_card_games import get, rows_of
from tests.projections.test_http import four


async def abandoned_copas(store: EventStore, seats: tuple[str, ...] = SEATS) -> str:
    """Two hands (ana 13, bia 26, caio 0, duda 13), then bia (seat 1) leaves; confirmed."""
    match_id = str(uuid.uuid4())
    stream = f"match-{match_id}"
    commands: list[Command] = [
        CreateMatch(at=AT, preset="copas", seats=list(seats), actor="ref"),
        RecordCopasResult(at=AT + timedelta(minutes=1), points=[13, 13, 0, 0]),
        RecordCopasResult(at=AT + timedelta(minutes=2), points=[0, 13, 0, 13]),
        Abandon(at=AT + timedelta(minutes=3), seat=1),
    ]
    state, version = INITIAL, 0
    for command in commands:
        events = decide(command, state)
        meta: dict[str, object] = {"actor": "ref"}
        await store.append(stream, [new_event(e, meta) for e in events], expected_version=version)
        state, version = fold(events, state), version + len(events)
    await confirm_game(store, match_id, AT + timedelta(hours=1))
    return match_id


async def test_c12_the_seat_that_left_is_last_and_alone_counts_an_abandonment(
    store: EventStore, project: Project, db: Any
) -> None:
    game = await abandoned_copas(store)
    await project()

    rows = await rows_of(db, game)
    ana, bia, caio, duda = (rows[p] for p in SEATS)
    assert [r["extra"]["place"] for r in (ana, bia, caio, duda)] == [2, 4, 1, 2]
    assert [r["won"] for r in (ana, bia, caio, duda)] == [False, False, True, False]
    assert [r["abandonments"] for r in (ana, bia, caio, duda)] == [0, 1, 0, 0]
    assert [r["wins_by_abandonment"] for r in (ana, bia, caio, duda)] == [0, 0, 1, 0]
    assert [r["games_lost"] for r in (ana, bia, caio, duda)] == [1, 1, 0, 1]
    game_row = await db.fetchrow("SELECT places::text, abandoned FROM proj_games")
    assert game_row["places"] == '[["2"], ["0", "3"], ["1"]]'
    assert game_row["abandoned"] is True


async def test_c12_the_ranking_and_the_rating_put_the_player_who_left_last(
    database: Database, store: EventStore
) -> None:
    seats = await four(store)
    ana, bia, caio, duda = seats
    await abandoned_copas(store, seats)
    ranking, *ratings = await get(
        database,
        "/v1/rankings?game=copas",
        *(f"/v1/players/{p}/ratings?game=copas" for p in seats),
    )

    order = [r["player_id"] for r in ranking["rows"]]
    assert (order[0], order[-1]) == (caio, bia)
    average = {r["player_id"]: r["values"]["average_place"] for r in ranking["rows"]}
    assert average[bia] == 4  # as a table places them: 1, 2 (shared), 4
    mus = dict(zip(seats, (r["ratings"][0]["mu"] for r in ratings), strict=True))
    assert mus[caio] > mus[ana] == mus[duda] > mus[bia]

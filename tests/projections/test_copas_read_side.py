"""The read models of a game played alone (Copas): one row per seat with no partner and
three opponents, the first place (shared or not) as the win, Copas' own counters, its
ranking by games won, average place and fewest points, its achievements, and a rating that
ranks the four seats by place. Games are written through the domain into the real store."""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta
from typing import Any

from domain import INITIAL, CreateMatch, decide, fold
from domain.cards.copas.commands import RecordCopasResult
from service.store.encoding import new_event
from service.store.event_store import EventStore
from tests.conftest import Database
from tests.projections.conftest import Project
from tests.projections.scripts import AT, SEATS, confirm_game, days
from tests.projections.test_card_games import get, rows_of
from tests.projections.test_http import four


async def copas_game(
    store: EventStore,
    *hands: list[int],
    seats: tuple[str, ...] = SEATS,
    at: datetime = AT,
    confirm: bool = True,
) -> str:
    """A Copas game recorded hand by hand by its results (points taken, in seat order)."""
    match_id = str(uuid.uuid4())
    stream = f"match-{match_id}"
    state, version = INITIAL, 0
    commands: list[Any] = [CreateMatch(at=at, preset="copas", seats=list(seats), actor="ref")]
    commands += [
        RecordCopasResult(at=at + timedelta(minutes=n + 1), points=list(points))
        for n, points in enumerate(hands)
    ]
    for command in commands:
        events = decide(command, state)
        meta: dict[str, object] = {"actor": "ref"}
        await store.append(stream, [new_event(e, meta) for e in events], expected_version=version)
        state, version = fold(events, state), version + len(events)
    assert state.status == "finished", state.score
    if confirm:
        await confirm_game(store, match_id, at + timedelta(hours=1))
    return match_id


# bia takes the queen in every hand and reaches 104 after 8 hands; ana takes nothing after
# shooting the moon in hand 1 (0, others 26 each), caio and duda split the hearts.
SEVEN = [0, 13, 6, 7]
GAME = ([26, 0, 0, 0], *([SEVEN] * 6))
"""Scores: ana 0, bia 26 + 78 = 104, caio 26 + 36 = 62, duda 26 + 42 = 68: ana first."""


async def test_a_confirmed_copas_game_adds_a_row_per_seat_alone_against_three(
    store: EventStore, project: Project, db: Any
) -> None:
    game = await copas_game(store, *GAME)
    await project()

    rows = await rows_of(db, game)
    ana, bia, caio, duda = (rows[p] for p in SEATS)
    assert {p: r["partner_id"] for p, r in rows.items()} == dict.fromkeys(SEATS)
    assert sorted(ana["opponents"]) == ["bia", "caio", "duda"]
    assert [r["won"] for r in (ana, bia, caio, duda)] == [True, False, False, False]
    assert [r["points"] for r in (ana, bia, caio, duda)] == [0, 104, 62, 68]
    assert [r["extra"]["place"] for r in (ana, bia, caio, duda)] == [1, 4, 2, 3]
    assert ana["extra"] == {"place": 1, "moons": 1, "queens": 1, "clean_hands": 6}
    assert bia["extra"]["queens"] == 6
    assert [r["hands_won"] for r in (ana, bia, caio, duda)] == [7, 0, 0, 0]
    game_row = await db.fetchrow("SELECT score::text, places::text FROM proj_games")
    assert game_row["score"] == '{"0": 0, "1": 104, "2": 62, "3": 68}'
    assert game_row["places"] == '[["0"], ["2"], ["3"], ["1"]]'


async def test_a_shared_first_place_is_a_win_for_each(
    store: EventStore, project: Project, db: Any
) -> None:
    game = await copas_game(store, *([[13, 13, 0, 0]] * 8))  # 104 104 0 0: caio, duda first
    await copas_game(store, *([[13, 13, 0, 0]] * 8), confirm=False)  # not confirmed: nowhere
    await project()

    rows = await rows_of(db, game)
    assert [rows[p]["won"] for p in SEATS] == [False, False, True, True]
    assert [rows[p]["extra"]["place"] for p in SEATS] == [3, 3, 1, 1]  # after the two first
    assert await db.fetchval("SELECT count(*) FROM proj_player_games") == 4


async def test_the_copas_ranking_then_the_average_place_then_the_fewest_points(
    database: Database, store: EventStore
) -> None:
    seats = await four(store)
    ana, bia, caio, duda = seats
    await copas_game(store, *GAME, seats=seats, at=days(0))  # ana 1st, caio, duda, bia
    # bia and duda take 13 a hand: 104 each, ana and caio 0 share the first place
    await copas_game(store, *([[0, 13, 0, 13]] * 8), seats=seats, at=days(1))
    (body,) = await get(database, "/v1/rankings?game=copas")

    assert body["criteria"] == ["games_won", "average_place", "points", "moons"]
    assert [(r["rank"], r["player_id"]) for r in body["rows"]] == [
        (1, ana),  # 2 wins
        (2, caio),  # 1 win, places 2 and 1
        (3, duda),  # no win, places 3 and 3: average 3
        (4, bia),  # no win, places 4 and 3: average 3.5
    ]
    values = {r["player_id"]: r["values"] for r in body["rows"]}
    assert values[duda]["average_place"] == 3
    assert values[bia]["points"] == 104 + 104


async def test_statistics_partners_opponents_achievements_and_the_rating_of_a_copas_player(
    database: Database, store: EventStore
) -> None:
    seats = await four(store)
    ana = seats[0]
    await copas_game(store, *GAME, seats=seats)
    stats, *ratings = await get(
        database,
        f"/v1/players/{ana}/stats?game=copas",
        *(f"/v1/players/{p}/ratings?game=copas" for p in seats),
    )

    assert (stats["games_played"], stats["games_won"]) == (1, 1)
    assert stats["partners"] == []
    assert {o["player_id"] for o in stats["opponents"]} == set(seats[1:])
    assert {a["kind"] for a in stats["achievements"]} == {"copas-moon", "copas-clean-game"}
    mus = [r["ratings"][0]["mu"] for r in ratings]
    assert mus[0] > mus[2] > mus[3] > mus[1]  # the places: ana, caio, duda, bia

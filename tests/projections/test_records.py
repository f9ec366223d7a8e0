"""All-time records and special achievements, each with the game that earned it."""

from __future__ import annotations

from typing import Any

from projections import player_stats, records
from projections.achievements import ACHIEVEMENTS
from service.store.event_store import EventStore
from tests.projections.conftest import Project
from tests.projections.scripts import days, play

TEAM_X = ("p1", "p3", "p2", "p4")


async def held(db: Any, kind: str, min_games: int = 1) -> list[dict[str, Any]]:
    return [r for r in await records.all_time(db, min_games, game="dominoes") if r["kind"] == kind]


async def earned(db: Any, player: str) -> dict[str, dict[str, Any]]:
    return {a["kind"]: a for a in await player_stats.achievements(db, player)}


async def test_a_buchuda_earns_the_winners_the_buchuda(
    store: EventStore, project: Project, db: Any
) -> None:
    game = await play(store, "0 cruzada", "2 cruzada")
    await project()

    caio = await earned(db, "caio")
    assert caio["buchuda"]["match_id"] == game
    assert caio["buchuda"]["earned_at"] == days(0).replace(minute=2)
    assert "buchuda" not in await earned(db, "bia")


async def test_a_buchuda_de_re_and_a_virada(store: EventStore, project: Project, db: Any) -> None:
    game = await play(store, "1 cruzada", "1 simples", "0 cruzada", "0 cruzada")
    await project()

    ana = await earned(db, "ana")
    assert (ana["buchuda-de-re"]["match_id"], ana["virada"]["match_id"]) == (game, game)
    assert "virada" not in await earned(db, "bia")


async def test_the_first_cruzada_is_the_players_own_with_the_hands_time(
    store: EventStore, project: Project, db: Any
) -> None:
    await play(store, "1 simples", "0 simples", "0 simples", at=days(0), confirm=False)
    first = await play(store, "0 simples", "2 cruzada", "2 cruzada", at=days(1))
    await play(store, "2 cruzada", "0 cruzada", at=days(2))
    await project()

    caio = await earned(db, "caio")
    assert caio["first-cruzada"]["match_id"] == first
    assert caio["first-cruzada"]["earned_at"] == days(1).replace(minute=2)
    assert (await earned(db, "ana"))["first-cruzada"]["earned_at"] == days(2).replace(minute=2)
    assert "first-cruzada" not in await earned(db, "bia")


async def test_a_ten_point_game(store: EventStore, project: Project, db: Any) -> None:
    game = await play(store, "0 cruzada", "0 simples", "tie", "0 cruzada")  # 4 + 1 + (4 + 1)
    await play(store, "0 cruzada", "0 cruzada")  # 8: not 10
    await project()

    assert (await earned(db, "ana"))["ten-point-game"]["match_id"] == game
    assert "ten-point-game" not in await earned(db, "bia")


async def test_no_ten_point_game_when_the_rules_count_pips(
    store: EventStore, project: Project, db: Any
) -> None:
    await play(store, "0 simples 0/55", preset="cinquenta")
    await project()

    assert "ten-point-game" not in await earned(db, "ana")


async def test_unconfirmed_games_earn_nothing(store: EventStore, project: Project, db: Any) -> None:
    await play(store, "0 cruzada", "0 cruzada", confirm=False)
    await project()

    assert await earned(db, "ana") == {}
    assert await records.all_time(db, 1, game="dominoes") == []


async def test_achievements_are_kept_forever(store: EventStore, project: Project, db: Any) -> None:
    first = await play(store, "0 cruzada", "0 cruzada", at=days(0))
    await play(store, *["1 simples"] * 6, at=days(1))
    await play(store, "0 cruzada", "0 cruzada", at=days(2))
    await project()

    assert (await earned(db, "ana"))["buchuda"]["match_id"] == first


async def test_the_longest_win_streak_record(store: EventStore, project: Project, db: Any) -> None:
    games = [await play(store, "0 cruzada", "0 cruzada", at=days(n)) for n in range(3)]
    await play(store, "1 cruzada", "1 cruzada", at=days(3))
    await play(store, "0 cruzada", "0 cruzada", at=days(4))
    await project()

    record = await held(db, "longest-win-streak")
    assert [(r["player_id"], r["value"]) for r in record] == [("ana", 3.0), ("caio", 3.0)]
    assert (record[0]["started_match_id"], record[0]["match_id"]) == (games[0], games[2])


async def test_tallies_are_held_by_every_player_tied_on_them(
    store: EventStore, project: Project, db: Any
) -> None:
    await play(store, "0 cruzada", "0 cruzada", at=days(0))
    await play(store, "0 cruzada", "2 cruzada", at=days(1))
    await play(store, "1 cruzada", "3 cruzada", at=days(2))
    await project()

    assert [(r["player_id"], r["value"]) for r in await held(db, "most-buchudas")] == [
        ("ana", 2.0),
        ("caio", 2.0),
    ]
    assert [(r["player_id"], r["value"]) for r in await held(db, "most-cruzadas")] == [("ana", 3.0)]


async def test_the_best_average_needs_a_minimum_of_games(
    store: EventStore, project: Project, db: Any
) -> None:
    await play(store, "0 cruzada", "0 cruzada")  # ana, caio: 4 a hand, one game
    for n in range(2):
        await play(store, *["0 simples"] * 6, seats=TEAM_X, at=days(n))  # p1, p2: 1 a hand
    await project()

    assert {r["player_id"] for r in await held(db, "best-average-points-per-hand", 1)} == {
        "ana",
        "caio",
    }
    best = await held(db, "best-average-points-per-hand", 2)
    assert [(r["player_id"], r["value"], r["preset"]) for r in best] == [
        ("p1", 1.0, "pontos"),
        ("p2", 1.0, "pontos"),
    ]


async def test_game_records_per_rule_set_held_by_the_first_game_that_set_them(
    store: EventStore, project: Project, db: Any
) -> None:
    quick = await play(store, "0 cruzada", "0 cruzada", at=days(0))
    await play(store, "1 cruzada", "1 cruzada", at=days(1))  # as quick, but later
    slow = await play(store, *["0 simples"] * 6, at=days(2))
    pips = await play(store, "1 simples 40/0", "1 simples 20/0", preset="cinquenta", at=days(3))
    await play(store, "0 cruzada", "abandon B", at=days(4))  # abandoned: no record
    await project()

    fastest = {r["preset"]: r for r in await held(db, "fastest-game")}
    assert (fastest["pontos"]["match_id"], fastest["pontos"]["value"]) == (quick, 60.0)
    assert (fastest["pontos"]["player_id"], fastest["pontos"]["partner_id"]) == ("ana", "caio")
    assert fastest["cinquenta"]["match_id"] == pips
    longest = {r["preset"]: r for r in await held(db, "longest-game")}
    assert (longest["pontos"]["match_id"], longest["pontos"]["value"]) == (slow, 300.0)
    biggest = {r["preset"]: r for r in await held(db, "biggest-hand")}
    assert (biggest["cinquenta"]["value"], biggest["cinquenta"]["player_id"]) == (40.0, "bia")
    hands = {r["preset"]: r for r in await held(db, "most-hands-in-a-game")}
    assert (hands["pontos"]["match_id"], hands["pontos"]["value"]) == (slow, 6.0)
    highest = {r["preset"]: r for r in await held(db, "highest-score")}
    assert (highest["pontos"]["value"], highest["cinquenta"]["value"]) == (8.0, 60.0)
    assert await held(db, "lowest-winning-score") == []  # points count for the player here


async def test_recent_achievements_of_everyone(
    store: EventStore, project: Project, db: Any
) -> None:
    await play(store, "0 cruzada", "0 cruzada", at=days(0))
    await play(store, "1 cruzada", "1 cruzada", at=days(1))
    await project()

    recent = await records.achievements(db, list(ACHIEVEMENTS))
    assert [(a["player_id"], a["kind"]) for a in recent[:3]] == [
        ("bia", "buchuda"),
        ("duda", "buchuda"),
        ("bia", "first-cruzada"),
    ]
    assert {a["player_id"] for a in await records.achievements(db, ["first-cruzada"])} == {
        "ana",
        "bia",
    }

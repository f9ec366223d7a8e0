"""Win streaks in the order games were played, and the streak achievements."""

from __future__ import annotations

from typing import Any

from projections import player_stats
from service.store.event_store import EventStore
from tests.projections.conftest import Project
from tests.projections.scripts import confirm_game, days, play

A_WINS = ("0 cruzada", "0 cruzada")
B_WINS = ("1 cruzada", "1 cruzada")


async def results(store: EventStore, *winners: str, first_day: int = 0) -> list[str]:
    """One confirmed game a day, won by each team in turn ("A" or "B")."""
    return [
        await play(store, *(A_WINS if w == "A" else B_WINS), at=days(first_day + n))
        for n, w in enumerate(winners)
    ]


async def streak(db: Any, player: str) -> dict[str, Any]:
    found = await player_stats.streaks(db, player)
    assert found is not None
    return found


async def earned(db: Any, player: str) -> dict[str, str]:
    return {a["kind"]: a["match_id"] for a in await player_stats.achievements(db, player)}


async def test_the_current_streak_runs_from_its_first_to_its_last_game(
    store: EventStore, project: Project, db: Any
) -> None:
    games = await results(store, "B", "A", "A")
    await project()

    ana = await streak(db, "ana")
    assert ana["current_length"] == 2
    assert (ana["current_first_match"], ana["current_last_match"]) == (games[1], games[2])
    assert (ana["current_first_at"].day, ana["current_last_at"].day) == (2, 3)
    assert (await streak(db, "bia"))["current_length"] == 0


async def test_a_loss_ends_the_current_streak_the_best_one_stays(
    store: EventStore, project: Project, db: Any
) -> None:
    games = await results(store, "A", "A", "A", "B", "A")
    await project()

    ana = await streak(db, "ana")
    assert (ana["current_length"], ana["current_first_match"]) == (1, games[4])
    assert ana["best_length"] == 3
    assert (ana["best_first_match"], ana["best_last_match"]) == (games[0], games[2])


async def test_the_first_of_two_equal_best_streaks_is_kept(
    store: EventStore, project: Project, db: Any
) -> None:
    games = await results(store, "A", "A", "B", "A", "A")
    await project()

    ana = await streak(db, "ana")
    assert (ana["best_length"], ana["best_first_match"]) == (2, games[0])
    assert (ana["current_length"], ana["current_first_match"]) == (2, games[3])


async def test_streaks_of_3_5_and_10_are_achievements_with_the_game_that_earned_them(
    store: EventStore, project: Project, db: Any
) -> None:
    games = await results(store, *"AAAAAAAAAA")
    await project()

    mine = await earned(db, "caio")
    assert {k: v for k, v in mine.items() if k.startswith("win-streak")} == {
        "win-streak-3": games[2],
        "win-streak-5": games[4],
        "win-streak-10": games[9],
    }
    when = {a["kind"]: a["earned_at"] for a in await player_stats.achievements(db, "caio")}
    assert when["win-streak-5"] == days(4).replace(minute=2)  # its last hand
    assert not any(k.startswith("win-streak") for k in await earned(db, "bia"))


async def test_a_streak_achievement_is_earned_once(
    store: EventStore, project: Project, db: Any
) -> None:
    games = await results(store, "A", "A", "A", "B", "A", "A", "A")
    await project()

    assert (await earned(db, "ana"))["win-streak-3"] == games[2]


async def test_a_game_confirmed_late_takes_its_place_in_the_order_of_play(
    store: EventStore, project: Project, db: Any
) -> None:
    late = await play(store, *B_WINS, at=days(1), confirm=False)
    games = await results(store, "A", first_day=0) + await results(store, "A", "A", first_day=2)
    await project()
    assert (await streak(db, "ana"))["current_length"] == 3  # not yet: A, (B), A, A

    await confirm_game(store, late, days(9))
    await project()

    ana = await streak(db, "ana")
    assert (ana["current_length"], ana["current_first_match"]) == (2, games[1])
    assert (ana["best_length"], ana["best_first_match"], ana["best_last_match"]) == (
        2,
        games[1],
        games[2],
    )
    assert (await earned(db, "ana"))["win-streak-3"] == games[2]  # kept forever
    bia = await streak(db, "bia")
    assert (bia["current_length"], bia["best_length"], bia["best_last_match"]) == (0, 1, late)


async def test_late_confirmations_in_one_batch_count_as_in_many(
    store: EventStore, project: Project, db: Any
) -> None:
    # Games played on days 0..5, confirmed in a shuffled order, all folded at once.
    order = [3, 0, 5, 1, 4, 2]
    winners = "AABAAA"
    games = [
        await play(store, *(A_WINS if w == "A" else B_WINS), at=days(n), confirm=False)
        for n, w in enumerate(winners)
    ]
    for k, n in enumerate(order):
        await confirm_game(store, games[n], days(10 + k))
    await project()

    ana = await streak(db, "ana")
    assert (ana["current_length"], ana["current_first_match"]) == (3, games[3])
    assert (ana["best_length"], ana["best_last_match"]) == (3, games[5])
    assert (await streak(db, "bia"))["best_first_match"] == games[2]
    # Confirmed without game 2 yet, games 0, 1, 3, 4, 5 were five wins in a row: the
    # achievement was earned then, and is kept (decision: achievements are never taken back).
    assert (await earned(db, "ana"))["win-streak-5"] == games[5]

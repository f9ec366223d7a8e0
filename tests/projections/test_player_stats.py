"""A player's statistics, each from a hand-made history."""

from __future__ import annotations

from typing import Any

from projections import player_stats
from projections.rankings import RankingQuery
from service.store.event_store import EventStore
from tests.projections.conftest import Project
from tests.projections.scripts import days, play

EVERYTHING = RankingQuery()


async def stats(db: Any, player: str, **filters: Any) -> dict[str, Any]:
    return await player_stats.totals(db, player, RankingQuery(**filters))


async def test_games_and_hands_played_won_and_lost(
    store: EventStore, project: Project, db: Any
) -> None:
    await play(store, "0 cruzada", "tie", "1 simples", "2 cruzada")  # A 8 (+1 bonus) x 1
    await play(store, "1 cruzada", "3 cruzada")
    await project()

    ana = await stats(db, "ana")
    assert {k: ana[k] for k in ("games_played", "games_won", "games_lost")} == {
        "games_played": 2,
        "games_won": 1,
        "games_lost": 1,
    }
    assert {k: ana[k] for k in ("hands_played", "hands_won", "hands_lost", "empates")} == {
        "hands_played": 6,
        "hands_won": 2,
        "hands_lost": 3,
        "empates": 1,
    }


async def test_batidas_by_kind_are_the_players_own(
    store: EventStore, project: Project, db: Any
) -> None:
    await play(store, "0 simples", "0 carroca", "1 la-e-lo", "2 cruzada")
    await project()

    ana, bia, caio = [await stats(db, p) for p in ("ana", "bia", "caio")]
    assert [ana[k] for k in ("batidas", "simples", "carrocas", "la_e_los", "cruzadas")] == [
        2,
        1,
        1,
        0,
        0,
    ]
    assert [caio[k] for k in ("batidas", "cruzadas", "team_cruzadas")] == [1, 1, 1]
    assert (ana["team_cruzadas"], bia["la_e_los"], bia["team_cruzadas"]) == (1, 1, 0)


async def test_points_scored_conceded_and_the_biggest_hand(
    store: EventStore, project: Project, db: Any
) -> None:
    await play(store, "1 simples", "tie", "0 cruzada", "0 carroca")  # A: 5 + 2; B: 1
    await play(store, "0 cruzada", "0 cruzada")  # A: 8
    await project()

    ana = await stats(db, "ana")
    assert (ana["points"], ana["points_against"], ana["biggest_hand"]) == (15, 1, 5)
    assert (ana["hands_played"], ana["games_played"]) == (6, 2)  # 2.5 a hand, 7.5 a game


async def test_blocks_made_suffered_and_closed(
    store: EventStore, project: Project, db: Any
) -> None:
    await play(store, "block A by 1", "block B by 0", "block A by 0", "tie by 2", *["0 cruzada"])
    await play(store, "0 cruzada", confirm=False)
    await project()

    ana, bia, caio = [await stats(db, p) for p in ("ana", "bia", "caio")]
    assert (ana["blocks_made"], ana["blocks_suffered"], ana["blocks_closed"]) == (2, 1, 2)
    assert (bia["blocks_made"], bia["blocks_suffered"], bia["blocks_closed"]) == (1, 2, 1)
    assert caio["blocks_closed"] == 1  # the empate he closed


async def test_buchudas_given_and_suffered(store: EventStore, project: Project, db: Any) -> None:
    await play(store, "0 cruzada", "0 cruzada")
    await play(store, "1 cruzada", "0 cruzada", "0 cruzada")
    await project()

    ana, bia = await stats(db, "ana"), await stats(db, "bia")
    assert (ana["buchudas"], ana["buchudas_suffered"]) == (1, 0)
    assert (bia["buchudas"], bia["buchudas_suffered"]) == (0, 1)


async def test_a_buchuda_de_re_and_a_virada(store: EventStore, project: Project, db: Any) -> None:
    await play(store, "1 cruzada", "1 simples", "0 cruzada", "0 cruzada")  # B led 5 x 0
    await project()

    ana, bia = await stats(db, "ana"), await stats(db, "bia")
    assert (ana["buchudas_de_re"], ana["viradas"]) == (1, 1)
    assert (bia["buchudas_de_re_suffered"], bia["viradas_suffered"]) == (1, 1)
    assert (ana["buchudas_de_re_suffered"], bia["buchudas_de_re"]) == (0, 0)


async def test_abandonments_and_wins_by_abandonment(
    store: EventStore, project: Project, db: Any
) -> None:
    await play(store, "0 cruzada", "abandon A")
    await project()

    ana, bia = await stats(db, "ana"), await stats(db, "bia")
    assert (ana["abandonments"], ana["games_lost"], ana["viradas_suffered"]) == (1, 1, 0)
    assert (bia["wins_by_abandonment"], bia["games_won"], bia["viradas"]) == (1, 1, 0)


async def test_penalties_are_the_players_own_warnings_included(
    store: EventStore, project: Project, db: Any
) -> None:
    await play(
        store, "warn 0", "penalty 0 out-of-turn", "penalty 3 tiles-shown", "0 cruzada", "0 cruzada"
    )
    await project()

    ana, caio, duda = [await stats(db, p) for p in ("ana", "caio", "duda")]
    assert (ana["penalties"], caio["penalties"], duda["penalties"]) == (2, 0, 1)
    assert (ana["hands_lost_by_penalty"], duda["hands_lost_by_penalty"]) == (1, 1)


async def test_time_played(store: EventStore, project: Project, db: Any) -> None:
    await play(store, "0 cruzada", "0 cruzada")  # first result at +1 min, the end at +2
    await project()

    assert (await stats(db, "ana"))["duration_seconds"] == 60


async def test_finished_games_awaiting_confirmation_are_counted_apart(
    store: EventStore, project: Project, db: Any
) -> None:
    await play(store, "0 cruzada", "0 cruzada", confirm=False)
    await project()

    ana = await stats(db, "ana")
    assert (ana["games_played"], ana["provisional_games"]) == (0, 1)


async def test_statistics_of_one_period(store: EventStore, project: Project, db: Any) -> None:
    await play(store, "0 cruzada", "0 cruzada", at=days(0))
    await play(store, "1 cruzada", "1 cruzada", at=days(10))
    await project()

    assert (await stats(db, "ana", since=days(5)))["games_lost"] == 1
    assert (await stats(db, "ana", since=days(5)))["games_won"] == 0
    assert (await stats(db, "ana", until=days(5)))["games_won"] == 1


async def test_best_partner_and_head_to_head(store: EventStore, project: Project, db: Any) -> None:
    await play(store, "0 cruzada", "0 cruzada", seats=("ana", "bia", "caio", "duda"))
    await play(store, "0 cruzada", "0 cruzada", seats=("ana", "bia", "caio", "edu"))
    await play(store, "1 cruzada", "1 cruzada", seats=("ana", "bia", "duda", "edu"))
    await play(store, "1 cruzada", "1 cruzada", seats=("ana", "duda", "caio", "edu"))
    await project()

    partners = await player_stats.partners(db, "ana", EVERYTHING)
    assert [(p["player_id"], p["games"], p["won"], p["lost"]) for p in partners] == [
        ("caio", 3, 2, 1),
        ("duda", 1, 0, 1),
    ]
    opponents = await player_stats.opponents(db, "ana", EVERYTHING)
    assert [(o["player_id"], o["games"], o["won"], o["lost"]) for o in opponents] == [
        ("edu", 3, 1, 2),
        ("duda", 2, 1, 1),
        ("bia", 3, 2, 1),
    ]


async def test_a_player_without_confirmed_games_has_zeros(db: Any) -> None:
    ana = await stats(db, "ana")
    assert ana["games_played"] == ana["points"] == ana["provisional_games"] == 0
    assert await player_stats.streaks(db, "ana") is None

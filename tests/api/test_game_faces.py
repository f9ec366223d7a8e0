"""A game played alone in its own words (issue 31): a competition's report gives every seat's
points and a margin for it, as JSON, CSV and the printable page; a player's page shows the
game's own counters and no dominoes figure, no partnership word; the tables of games name
the players, not two partnerships."""

from __future__ import annotations

import re

import httpx

from projections.games import read_side
from tests.api.conftest import Table, seat_a_table
from tests.api.play import create_competition, create_game
from tests.api.test_reports import confirmed, csv_rows, from_csv, report
from tests.projections.test_http import settled

HAND = [0, 13, 8, 5]
"""Seat 0 takes no point, seat 1 the queen of spades: seat 1 reaches 100 in the 8th hand."""
DOMINOES_WORDS = ("Viradas", "Maior mão", "Buchudas", "Cruzadas", "Bloqueios")
PARTNERSHIP_WORDS = ("Dupla", "Parceiro", "parceria", "dupla")


async def test_a_game_played_alone_in_its_report_and_on_its_pages(
    shared_client: httpx.AsyncClient,
) -> None:
    table: Table = await seat_a_table(shared_client)
    competition = await create_competition(shared_client, table.scorekeeper, "copas")
    game = await create_game(shared_client, table, "copas", competition_id=competition)
    state = await game.state()
    while state["status"] == "in_progress":
        state = await game.ok("results", {"points": HAND})
    await settled(shared_client)
    waiting = await shared_client.get("/ranking?jogo=copas")
    assert waiting.status_code == 200, waiting.text
    assert "Zé 0 × Ana 104 × Tião 64 × Bia 40" in waiting.text  # awaiting confirmation
    await confirmed(game, by_organizer=True)
    await settled(shared_client)
    score = state["score"]
    assert state["winner"] == "0"
    assert score == {"0": 0, "1": 13 * len(state["hands"]), "2": 64, "3": 40}

    path = f"/v1/competitions/{competition}/report"
    body = await report(shared_client, path, since="2020-01-01")
    won = body["biggest_win"]
    assert won["scores"] == score
    assert (won["score_a"], won["score_b"]) == (0, 0)  # the partnerships' columns, kept
    assert won["winner"] == "0"
    assert won["margin"] == 40  # to the nearest seat: fewer points win in Copas
    assert body["points"]["value"] == sum(score.values())
    counted = {name: c["value"] for name, c in body["game_counters"].items()}
    hands = len(state["hands"])
    assert (counted["queens"], counted["clean_hands"], counted["moons"]) == (hands, hands, 0)

    rows = csv_rows(await shared_client.get(path, params={"since": "2020-01-01", "format": "csv"}))
    flat = from_csv(rows)
    line = flat["biggest_win"][won["match_id"]]
    assert {side: int(line[f"scores.{side}"]) for side in score} == score

    whole = await shared_client.get(f"/competicoes/{competition}")
    assert whole.status_code == 200
    for word in PARTNERSHIP_WORDS:
        assert word not in whole.text, word

    printed = await shared_client.get(f"/competicoes/{competition}/relatorio?desde=2020-01-01")
    assert printed.status_code == 200
    assert "0 × 104 × 64 × 40" in printed.text
    for word in PARTNERSHIP_WORDS:
        assert word not in printed.text, word

    person = await shared_client.get(f"/jogadores/{table.players[0].id}?jogo=copas")
    assert person.status_code == 200
    page = person.text
    for word in read_side("copas").labels.counters.values():
        assert word in page, word
    for word in DOMINOES_WORDS + PARTNERSHIP_WORDS:
        assert word not in page, word
    assert "Jogadores e pontos" in page
    row = re.sub(r"(<[^>]+>|\s)+", " ", page[page.index('colspan="3"><span') :])
    assert re.search(r"1º Zé 0 · 2º Bia 40 · 3º Tião 64 · 4º Ana 104", row), row[:200]
    listed = await shared_client.get("/v1/matches", params={"player": table.players[0].id})
    (summary,) = [m for m in listed.json()["matches"] if m["id"] == game.id]
    assert summary["places"] == [["0"], ["3"], ["2"], ["1"]]

    mine = await shared_client.get(f"/jogadores/{table.players[0].id}/relatorio?jogo=copas")
    assert mine.status_code == 200
    for word in PARTNERSHIP_WORDS:
        assert word not in mine.text, word
    assert "Damas de espadas tomadas" in mine.text

    dominoes = await shared_client.get(f"/jogadores/{table.players[0].id}?jogo=dominoes")
    assert "Rating de parceria" in dominoes.text  # a game of partnerships keeps its words
    assert "Viradas" in dominoes.text

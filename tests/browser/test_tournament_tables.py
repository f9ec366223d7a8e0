"""The page of a torneio of players alone and of a tournament of chips, in a real Chromium:
fixtures by table with each player's place, the standings by points by place, and the
chips tournament's tables, levels and players out as they go."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from tests.api.conftest import register
from tests.api.test_tournament_of_chips import tournament as chips_tournament
from tests.api.test_tournaments_alone import copas_result, play_out, torneio
from tests.browser.conftest import Site, Tab


@dataclass(frozen=True)
class Torneios:
    tables: str
    champion: str
    chips: str
    out: str


@pytest.fixture(scope="module")
async def torneios(site: Site) -> Torneios:
    client, rng = site.client, random.Random(32)
    organizer = await register(client, "Dona Rosa")
    fmt = {"table": 4, "stages": [{"kind": "swiss", "rounds": 2}]}
    tables, players = await torneio(client, organizer, 9, "copas", fmt, target=13)
    await play_out(client, organizer, tables, players, lambda _: copas_result(rng))
    standing = (await client.get(f"/v1/competitions/{tables}/standings")).json()
    champion = (await client.get(f"/v1/players/{players[standing['champion']].id}")).json()

    chips, entrants = await chips_tournament(client, organizer, 8)
    start = (await client.get(f"/v1/competitions/{chips}/standings")).json()
    table = start["tables"][0]
    winner, loser = (entrants[e] for e in table["players"][:2])
    answer = await client.post(
        f"/v1/competitions/{chips}/tables/{table['table']}/hands",
        json={"net": {winner.id: 1000, loser.id: -1000}},
        headers=organizer.auth,
    )
    assert answer.status_code == 201, answer.text
    out = (await client.get(f"/v1/players/{loser.id}")).json()
    return Torneios(tables, champion["name"], chips, out["name"])


async def _open(tab: Tab, site: Site, path: str) -> str:
    response = await tab.page.goto(site.url + path)
    assert response is not None
    assert response.status == 200, path
    return await tab.page.inner_text("body")


async def test_a_torneio_of_players_alone_shows_its_tables_and_points(
    tab: Tab, site: Site, torneios: Torneios
) -> None:
    text = await _open(tab, site, f"/competicoes/{torneios.tables}")

    assert tab.watch.clean(), tab.watch
    assert await tab.page.locator(".campeao strong").inner_text() == torneios.champion
    assert await tab.page.locator("table.classificacao tbody tr").count() == 9
    assert await tab.page.locator("table.final tbody tr").count() == 9
    assert await tab.page.locator("li.mesa").count() == 6  # two rounds: two tables and a bye
    assert "folga" in text
    assert "1º lugares" in text
    first_table = await tab.page.locator("li.mesa").first.inner_text()
    assert "1º " in first_table
    assert "súmula" in first_table


async def test_a_tournament_of_chips_shows_its_tables_levels_and_who_went_out(
    tab: Tab, site: Site, torneios: Torneios
) -> None:
    text = await _open(tab, site, f"/competicoes/{torneios.chips}")

    assert tab.watch.clean(), tab.watch
    assert "Torneio em andamento." in text
    assert await tab.page.locator(".mesa-fichas").count() == 2
    assert "Nível 1 · blinds 10/20 · 1 mãos" in text
    rows = tab.page.locator("table.fichas tbody tr")
    assert await rows.count() == 8
    last = await rows.last.inner_text()
    assert torneios.out in last
    assert last.split("\t")[0].strip() == "8º"
    assert "2.000" in text  # the winner's chips

"""Every page in a real Chromium: it loads with no console error, no failed request and no
request to another host, and shows the games played through the API in this test module."""

from __future__ import annotations

import json
import re
import uuid

from tests.api.conftest import ADMIN_TOKEN
from tests.browser.conftest import Played, Site, Tab

CLEAN_PAGES = ("/", "/ranking", "/ranking?tv=1&jogo=pontos")


async def _open(tab: Tab, site: Site, path: str, status: int = 200) -> str:
    response = await tab.page.goto(site.url + path)
    assert response is not None
    assert response.status == status, path
    return await tab.page.inner_text("body")


async def test_the_home_page_shows_the_confirmed_game_and_the_rankings(
    tab: Tab, site: Site, played: Played
) -> None:
    text = await _open(tab, site, "/")

    assert tab.watch.clean(), tab.watch
    assert "Últimas partidas confirmadas" in text
    link = tab.page.locator(f'a[href="/partidas/{played.confirmed.id}"]')
    assert await link.count() == 1
    score = played.confirmed_state["score"]
    assert f"{score['A']} × {score['B']}" in text
    for heading in ("Dominó — pontos", "Dominó — federação", "Sueca", "Truco"):
        assert heading in text
    assert "Zé" in text
    assert "Tião" in text


async def test_the_ranking_board_counts_the_games_and_filters_them(
    tab: Tab, site: Site, played: Played
) -> None:
    ranking = (await site.client.get("/v1/rankings", params={"preset": "pontos"})).json()
    first = ranking["rows"][0]

    await _open(tab, site, "/ranking?jogo=pontos")
    row = tab.page.locator("table.ranking tbody tr").first
    cells = await row.locator("td").all_inner_texts()

    assert tab.watch.clean(), tab.watch
    assert cells[0] == f"{first['rank']}º"
    assert cells[1] == first["name"]
    assert cells[2] == str(first["games_played"])
    assert await tab.page.locator("table.ranking tbody tr").count() == ranking["total"]

    await tab.page.select_option("select[name=competicao]", played.competition)
    await tab.page.click("button[type=submit]")
    await tab.page.wait_for_url(re.compile(r"competicao="))
    names = await tab.page.locator("table.ranking tbody td:nth-child(2)").all_inner_texts()
    assert names, "the torneio's players are ranked"
    assert not {"Zé", "Ana", "Tião", "Bia"} & set(names), "only the torneio's games count"

    await _open(tab, site, "/ranking?desde=2000-01-01&ate=2000-12-31")
    assert await tab.page.locator("table.ranking tbody tr").count() == 0


async def test_the_tv_board_reloads_itself_in_large_type(tab: Tab, site: Site) -> None:
    await _open(tab, site, "/ranking?tv=1")

    assert tab.watch.clean(), tab.watch
    assert await tab.page.locator("meta[http-equiv=refresh]").count() == 1
    size = await tab.page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
    assert size >= 24


async def test_a_players_page_has_statistics_partners_and_charts(
    tab: Tab, site: Site, played: Played
) -> None:
    zé = played.table.players[0]
    stats = (await site.client.get(f"/v1/players/{zé.id}/stats")).json()

    text = await _open(tab, site, f"/jogadores/{zé.id}")

    assert tab.watch.clean(), tab.watch
    games = tab.page.locator("dt:text-is('Jogos') + dd")
    assert await games.inner_text() == str(stats["games_played"])
    ratings = (
        await site.client.get(f"/v1/players/{zé.id}/ratings", params={"game": "dominoes"})
    ).json()
    charts = tab.page.locator("svg.chart")
    assert await charts.count() == 3
    titles = await tab.page.locator("svg.chart > title").all_text_contents()
    assert titles == ["Pontos por jogo", "Resultados por parceiro", "Rating ao longo do tempo"]
    points = tab.page.locator("svg.chart circle")
    assert await points.count() == stats["games_played"] * 2 + len(ratings["history"]) * 2
    assert len(ratings["history"]) == stats["games_played"], "one rating per confirmed game"
    partner = stats["partners"][0]["name"]
    assert partner in text
    [rating] = ratings["ratings"]
    shown = await tab.page.locator("#rating strong").first.inner_text()
    assert shown == f"{rating['mu']:.1f}".replace(".", ",")


async def test_a_games_page_has_its_sumula_and_its_verified_chain(
    tab: Tab, site: Site, played: Played
) -> None:
    state = played.confirmed_state

    text = await _open(tab, site, f"/partidas/{played.confirmed.id}")

    assert tab.watch.clean(), tab.watch
    assert f"cadeia verificada: {state['version']} eventos" in text
    dealt = 5 * len(state["hands"])  # every hand posted: four hands and the dorme each
    assert f"✔ {dealt} segredo(s) revelado(s)" in text
    await tab.page.locator("details.confira summary").click()
    how = await tab.page.locator("details.confira pre").inner_text()
    assert how == f"python3 scripts/verify_game.py {site.url} {played.confirmed.id}"
    rows = tab.page.locator("table.sumula tbody tr")
    assert await rows.count() == len(state["hands"])
    final = await tab.page.locator("table.sumula tfoot").inner_text()
    assert f"{state['score']['A']} × {state['score']['B']}" in final
    assert "confirmada" in text
    assert text.count("dupla A") + text.count("dupla B") >= 2  # the confirmations


async def test_a_torneios_page_has_standings_bracket_champion_and_prize(
    tab: Tab, site: Site, played: Played
) -> None:
    names = [(await site.client.get(f"/v1/players/{p}")).json()["name"] for p in played.champion]

    text = await _open(tab, site, f"/competicoes/{played.competition}")

    assert tab.watch.clean(), tab.watch
    champion = await tab.page.locator(".campeao strong").inner_text()
    assert champion == " e ".join(names)
    assert "Troféu e um leitão" in text
    assert await tab.page.locator("table.classificacao tbody tr").count() == 4
    assert "confronto direto" in text
    assert await tab.page.locator(".chave .confronto").count() == 1


async def test_the_docs_render_offline_with_every_operation(tab: Tab, site: Site) -> None:
    await _open(tab, site, "/docs/")
    await tab.page.wait_for_selector(".opblock", timeout=15_000)

    assert await tab.page.locator(".opblock").count() > 20
    assert "/v1/matches" in await tab.page.inner_text("body")
    assert not tab.watch.elsewhere, tab.watch
    assert tab.watch.clean(), tab.watch


async def test_an_unknown_id_answers_a_404_page(tab: Tab, site: Site) -> None:
    for path in (
        f"/jogadores/{uuid.uuid4()}",
        f"/partidas/{uuid.uuid4()}",
        f"/competicoes/{uuid.uuid4()}",
        "/partidas/nada-disso",
    ):
        text = await _open(tab, site, path, status=404)
        assert "Não encontrado" in text, path
        assert await tab.page.locator("link[rel=stylesheet]").count() == 1


async def test_a_bad_filter_answers_a_400_page(tab: Tab, site: Site, played: Played) -> None:
    text = await _open(tab, site, "/ranking?desde=ontem", status=400)
    assert "Pedido inválido" in text
    assert "data inválida: 'ontem'" in text

    text = await _open(tab, site, f"/partidas/{played.confirmed.id}?passo=dez", status=400)
    assert "parâmetro inválido" in text


async def test_a_players_printable_report_shows_the_jsons_numbers(
    tab: Tab, site: Site, played: Played
) -> None:
    player = played.table.players[0]
    report = (await site.client.get(f"/v1/players/{player.id}/report")).json()

    await _open(tab, site, f"/jogadores/{player.id}")
    await tab.page.click("text=Relatório de desempenho")
    await tab.page.wait_for_url(re.compile(r"/relatorio"))

    assert tab.watch.clean(), tab.watch
    for measure in ("games_played", "games_won", "points_for", "hands_won"):
        cells = await tab.page.locator(f'tr[data-medida="{measure}"] td.num').all_inner_texts()
        expected = report[measure]
        assert cells[:2] == [str(expected["value"]), str(expected["previous"])], measure
    assert report["games_played"]["value"] > 0, "the played games fall in the last 30 days"
    partner = report["partners"][0]["name"]
    assert partner in await tab.page.inner_text("body")
    await tab.page.emulate_media(media="print")
    assert not await tab.page.locator("form.filtros").is_visible(), "no form on paper"


async def test_a_competitions_printable_report_lists_its_top_players(
    tab: Tab, site: Site, played: Played
) -> None:
    report = (await site.client.get(f"/v1/competitions/{played.competition}/report")).json()

    text = await _open(tab, site, f"/competicoes/{played.competition}/relatorio")

    assert tab.watch.clean(), tab.watch
    games = await tab.page.locator('tr[data-medida="games"] td.num').all_inner_texts()
    assert games[0] == str(report["games"]["value"])
    assert report["top_players"], "the torneio's confirmed games are in the period"
    assert report["top_players"][0]["name"] in text


async def test_the_docs_authorize_and_post_a_write_through_try_it_out(tab: Tab, site: Site) -> None:
    """The document's bearer scheme gives /docs its Authorize button: with a token there,
    "Try it out" sends it, and a write works from the documentation itself (issue 30)."""
    page = tab.page
    await _open(tab, site, "/docs/")
    await page.click("button.authorize")
    await page.fill(".auth-container input", ADMIN_TOKEN)
    await page.click(".auth-container button.authorize")
    await page.click("button.btn-done")
    operation = page.locator("#operations-players-registerPlayer")
    await operation.locator(".opblock-summary").click()
    await operation.locator("button.try-out__btn").click()
    await operation.locator("textarea.body-param__text").fill('{"name": "Zé das Docs"}')
    await operation.locator("button.execute").click()
    status = operation.locator(".live-responses-table tr.response .response-col_status").first
    await status.wait_for(timeout=15_000)

    answered = await operation.locator(
        ".live-responses-table tr.response .response-col_description"
    ).first.inner_text()
    assert (await status.inner_text()).strip() == "201", answered
    player = json.loads(answered[answered.index("{") : answered.rindex("}") + 1])
    stored = await site.client.get(f"/v1/players/{player['id']}")
    assert stored.json()["name"] == "Zé das Docs"
    assert tab.watch.clean(), tab.watch

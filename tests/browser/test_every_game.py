"""Every registered game in a real browser (issues 23 and 31): a player who played only that
game opens on its tab, with its name from its package; a game of it has its page; and every
page fits a 1200-pixel window and a phone's 390 without a horizontal scroll, without a
number cut (a cell narrower than its number, or a number past the edge of the box that
scrolls its table), and without dominoes' or partnerships' words on a game that has none."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from playwright.async_api import Browser, Page, ViewportSize

from domain import BY_NAME, GAMES
from projections.games import read_side
from tests.api.conftest import ADMIN, register
from tests.browser.browser import PHONE
from tests.browser.conftest import Site
from tests.projections.test_http import settled
from tests.simulate import next_request

Json = dict[str, Any]
WIDE: ViewportSize = {"width": 1200, "height": 900}
PAGES_FIT = r"""() => {
    const page = document.documentElement.scrollWidth <= window.innerWidth;
    const cut = [...document.querySelectorAll('.rolagem')]
        .filter(box => box.scrollWidth > box.clientWidth + 1)
        .map(box => box.querySelector('thead')?.innerText ?? box.innerText.slice(0, 40));
    const clipped = [];
    const numeric = /^[-+−]?[0-9][0-9.,]*(%|º)?(\s*[×·]\s*[-+−]?[0-9][0-9.,]*)*$/;
    for (const cell of document.querySelectorAll('td, th, dd')) {
        const text = cell.innerText.trim();
        const counted = cell.classList.contains('num') || cell.tagName === 'DD';
        if (!(counted || numeric.test(text)) || !/[0-9]/.test(text)) continue;
        if (cell.scrollWidth > cell.clientWidth + 1) {
            clipped.push(`${text} (${cell.clientWidth} of ${cell.scrollWidth} px)`);
            continue;
        }
        const box = cell.closest('.rolagem');
        if (box === null) continue;
        const r = cell.getBoundingClientRect(), b = box.getBoundingClientRect();
        if (r.right > b.right + 1 || r.left < b.left - 1) clipped.push(`${text} (past the box)`);
    }
    const told = document.querySelector('.lance')?.innerText ?? '';
    const status = [...document.querySelectorAll('.situacao')].map(p => p.innerText);
    return {page, cut, clipped, told, status, text: document.body.innerText};
}"""
DOMINOES_WORDS = {
    "Viradas": "viradas",
    "Maior mão": "biggest_hand",
    "Buchudas": "buchudas",
    "Cruzadas": "cruzadas",
    "Bloqueios": "blocks_made",
}
"""The shared figures a game shows only when its words say it means them (`figures`)."""
PARTNERSHIP_WORDS = ("Dupla", "dupla", "Parceiro", "parceiro", "parceria")


async def confirmed_game_of(
    client: httpx.AsyncClient, preset: str, confirm: bool = True
) -> tuple[Json, list[Any]]:
    """Four new players play a whole game of `preset` (the administrator posts every deal
    and plays the legal moves), and each confirms it (unless not `confirm`)."""
    players = [await register(client, f"{preset} {n}") for n in range(4)]
    created = await client.post(
        "/v1/matches",
        json={"rules": {"preset": preset}, "seats": [p.id for p in players]},
        headers=ADMIN,
    )
    state: Json = created.json()
    for _ in range(5000):
        step = next_request(state)
        if step is None:
            break
        path = f"/v1/matches/{state['id']}/{step[0]}"
        answer = await client.post(path, json=step[1], headers=ADMIN)
        assert answer.status_code == 201, answer.text
        state = answer.json()
    for player in players if confirm else []:
        answer = await client.post(
            f"/v1/matches/{state['id']}/confirmations", json={}, headers=player.auth
        )
        assert answer.status_code == 201, answer.text
        state = answer.json()
    assert state["status"] == ("confirmed" if confirm else "finished")
    return state, players


Played = dict[str, tuple[Json, list[Any]]]


@pytest.fixture(scope="module")
def games_played() -> Played:
    """The confirmed game of each preset this module's site has, with its players: the
    home page's test finds the games the tests before it played there (and plays the ones
    missing, run alone), instead of playing every game a second time."""
    return {}


async def confirmed_once(client: httpx.AsyncClient, played: Played, preset: str) -> Json:
    if preset not in played:
        played[preset] = await confirmed_game_of(client, preset)
    return played[preset][0]


async def fits(browser: Browser, urls: list[str], game: str | None = None) -> None:
    """Each page at 1200 px, then resized to 390 (the pages' layout is CSS alone: no script
    reads the window's width): no sideways scroll, no number cut; a table cut at 1200 px
    neither; and, of a game's pages, only the words of that game."""
    phone: ViewportSize = {"width": PHONE["width"], "height": PHONE["height"]}
    context = await browser.new_context(locale="pt-BR", viewport=WIDE)
    page: Page = await context.new_page()
    try:
        for url in urls:
            await page.set_viewport_size(WIDE)
            response = await page.goto(url)
            assert response is not None
            assert response.status == 200, url
            for viewport, name in ((WIDE, "1200 px"), (phone, "390 px")):
                await page.set_viewport_size(viewport)
                measured = await page.evaluate(PAGES_FIT)
                assert_fits(measured, f"{url} on {name}", viewport is WIDE, game)
    finally:
        await context.close()


def assert_fits(measured: Json, where: str, wide: bool, game: str | None) -> None:
    assert measured["page"], f"{where}: the page scrolls sideways"
    assert measured["clipped"] == [], f"{where}: numbers cut: {measured['clipped']}"
    if wide:
        assert measured["cut"] == [], f"{where}: a table is cut: {measured['cut']}"
    if game is not None:
        assert_own_words(game, measured["text"], where)
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", measured["told"]), measured["told"]
    for status in measured["status"]:
        assert not re.search(r"·\s*·|·\s*$", status), f"{where}: an empty part: {status!r}"


def assert_own_words(game: str, text: str, url: str) -> None:
    figures = read_side(game).labels.figures
    for word, figure in DOMINOES_WORDS.items():
        assert figure in figures or word not in text, f"{url}: {word!r} on a {game} page"
    if BY_NAME[game].partnerships == "never":
        for word in PARTNERSHIP_WORDS:
            assert word not in text, f"{url}: {word!r} on a {game} page, a game played alone"


@pytest.mark.parametrize("game", [g.name for g in GAMES])
async def test_a_player_and_a_game_of_every_registered_game_in_the_browser(
    browser: Browser, site: Site, games_played: Played, game: str
) -> None:
    preset = next(g for g in GAMES if g.name == game).presets[0]
    state, players = await confirmed_game_of(site.client, preset)
    games_played[preset] = state, players
    await settled(site.client)

    context = await browser.new_context(locale="pt-BR", viewport=WIDE)
    page = await context.new_page()
    try:
        await page.goto(f"{site.url}/jogadores/{players[0].id}")
        current = await page.locator(".abas a[aria-current]").inner_text()
        played = await page.locator("dt:text-is('Jogos') + dd").inner_text()
        figures = await page.locator("dl.numeros").inner_text()
        tabs = await page.locator(".abas a").all_inner_texts()
    finally:
        await context.close()

    assert played == "1"
    assert current == read_side(game).labels.title
    assert len(tabs) == len(GAMES)
    for word in read_side(game).labels.counters.values():
        assert word in figures, f"{game}'s counter {word!r} is not on its player's page"
    pages = [
        f"/jogadores/{players[0].id}",
        f"/partidas/{state['id']}",
        f"/partidas/{state['id']}?passo=3",
        f"/ranking?jogo={preset}",
        f"/recordes?jogo={game}",
    ]
    await fits(browser, [site.url + page for page in pages], game)


async def test_the_home_page_and_the_ranking_fit_both_windows(
    browser: Browser, site: Site, games_played: Played
) -> None:
    """The home page's recent games, one of them awaiting confirmation (the longest status,
    which was cut off at 1200 px)."""
    for game in GAMES:  # every ranking of the home page holds a game (chips: -170, 110)
        await confirmed_once(site.client, games_played, game.presets[0])
    await confirmed_game_of(site.client, GAMES[0].presets[0], confirm=False)
    await settled(site.client)
    await fits(browser, [f"{site.url}/", f"{site.url}/ranking"])

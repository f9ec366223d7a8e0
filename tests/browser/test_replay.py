"""The replay steps through a game in the browser, and no page ever shows a tile or card
still held in a hand in progress."""

from __future__ import annotations

import re
from typing import Any

from tests.browser.browser import PHONE
from tests.browser.conftest import Played, Site, Tab

Json = dict[str, Any]


async def _tiles_on_the_table(tab: Tab) -> list[str]:
    return [
        t or ""
        for t in await tab.page.locator("#replay .mesa .pedra").evaluate_all(
            "tiles => tiles.map(t => t.title)"
        )
    ]


async def test_next_lays_the_next_tile_on_the_table(tab: Tab, site: Site, played: Played) -> None:
    events = await played.confirmed.events()
    first_tile = next(e["version"] for e in events if e["type"] == "tile_played")
    second_tile = events[first_tile]  # the event after it: the next tile, or a pass
    await tab.page.goto(f"{site.url}/partidas/{played.confirmed.id}?passo={first_tile}")
    before = await _tiles_on_the_table(tab)

    await tab.page.click("#replay a[rel=next]")
    await tab.page.wait_for_selector(f"#replay[data-passo='{first_tile + 1}']")
    after = await _tiles_on_the_table(tab)

    assert tab.watch.clean(), tab.watch
    assert before == [events[first_tile - 1]["data"]["tile"]]
    held = await tab.page.locator("#replay .maos .pedra").count()
    assert held > 0, "an ended hand's tiles are public in its replay"
    if second_tile["type"] == "tile_played":
        assert len(after) == 2
        assert second_tile["data"]["tile"] in after
    else:
        assert after == before
    assert f"passo {first_tile + 1} de {len(events)}" in await tab.page.inner_text("#replay")
    assert tab.page.url.endswith(f"passo={first_tile + 1}#replay")

    await tab.page.click("#replay a[rel=prev]")
    await tab.page.wait_for_selector(f"#replay[data-passo='{first_tile}']")
    assert await _tiles_on_the_table(tab) == before


async def test_the_replay_works_without_its_script(
    browser: Any, site: Site, played: Played
) -> None:
    context = await browser.new_context(java_script_enabled=False)
    page = await context.new_page()
    await page.goto(f"{site.url}/partidas/{played.confirmed.id}?passo=3")
    await page.click("#replay a[rel=next]")
    await page.wait_for_url(re.compile(r"passo=4"))
    assert "passo 4 de" in await page.inner_text("#replay")
    await context.close()


def _held(played: Played, state: Json) -> set[str]:
    """The tiles of the dominoes hand in progress not yet on the table."""
    dealt = {t for hand in played.dominoes_deal["hands"] for t in hand}
    return dealt - set(state["hand"]["board"])


def _forms(tile: str) -> set[str]:
    a, b = tile.split("-")
    return {f"{a}-{b}", f"{b}-{a}", f"{a}|{b}", f"{b}|{a}"}


async def test_no_page_shows_a_tile_or_card_still_held(
    tab: Tab, site: Site, played: Played
) -> None:
    dominoes = await played.dominoes_in_progress.state()
    sueca = await played.sueca_in_progress.state()
    held_tiles = _held(played, dominoes)
    on_table = {c["card"] for c in sueca["hand"]["trick"]} | {
        c["card"] for t in sueca["hand"]["tricks_played"] for c in t["cards"]
    }
    held_cards = {c for hand in played.sueca_deal["hands"] for c in hand} - on_table
    held_cards.discard(sueca["hand"]["trump_card"])  # shown to all
    pages = ["/", "/ranking", *(f"/jogadores/{p.id}" for p in played.table.players)]
    for game, version in (
        (played.dominoes_in_progress.id, dominoes["version"]),
        (played.sueca_in_progress.id, sueca["version"]),
    ):
        pages += [f"/partidas/{game}?passo={n}" for n in range(1, version + 1)]
    shown_tiles: set[str] = set()
    shown_cards: set[str] = set()

    for path in pages:
        await tab.page.goto(site.url + path)
        text = await tab.page.inner_text("body")
        shown_tiles |= set(
            await tab.page.locator(".pedra").evaluate_all("t => t.map(e => e.title)")
        )
        shown_cards |= set(
            await tab.page.locator(".carta").evaluate_all("c => c.map(e => e.title)")
        )
        for tile in held_tiles:
            assert not _forms(tile) & set(re.findall(r"(?<!\w)\d[-|]\d(?!\w)", text)), (path, tile)

    assert tab.watch.clean(), tab.watch
    assert not shown_tiles & held_tiles
    assert shown_tiles == set(dominoes["hand"]["board"]), "the table is shown, and only it"
    assert not shown_cards & held_cards
    assert on_table <= shown_cards


async def test_no_page_scrolls_sideways_on_a_phone(
    browser: Any, site: Site, played: Played
) -> None:
    context = await browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = await context.new_page()
    pages = [
        "/",
        "/ranking",
        "/ranking?tv=1",
        f"/jogadores/{played.table.players[0].id}",
        f"/partidas/{played.confirmed.id}",
        f"/partidas/{played.sueca_in_progress.id}",
        f"/competicoes/{played.competition}",
        "/partidas/00000000-0000-0000-0000-000000000000",
    ]
    for path in pages:
        await page.goto(site.url + path)
        width = await page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], (path, width)
    await context.close()

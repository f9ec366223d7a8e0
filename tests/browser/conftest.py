"""A browser on the service served over HTTP, and games played through the API for it."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from playwright.async_api import Browser, Page, async_playwright

from tests.api.cards_play import legal_cards, sueca_deal
from tests.api.conftest import Table, register, seat_a_table
from tests.api.play import Game, create_game, next_move, once_folded, shuffled_deal
from tests.api.test_tournaments import play_out, torneio
from tests.browser.browser import CHROMIUM, CHROMIUM_ARGS, Watch
from tests.browser.server import served
from tests.conftest import fresh_database

Json = dict[str, Any]


@dataclass(frozen=True)
class Site:
    url: str
    client: httpx.AsyncClient


@pytest.fixture(scope="module")
async def site(admin_dsn: str, template: str) -> AsyncIterator[Site]:
    async with fresh_database(admin_dsn, template) as database:
        with served(database) as url:
            async with httpx.AsyncClient(base_url=url, timeout=30) as client:
                yield Site(url, client)


@pytest.fixture(scope="module")
async def browser() -> AsyncIterator[Browser]:
    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        yield launched
        await launched.close()


@dataclass
class Tab:
    page: Page
    watch: Watch


@pytest.fixture
async def tab(browser: Browser, site: Site) -> AsyncIterator[Tab]:
    context = await browser.new_context(locale="pt-BR", viewport={"width": 1280, "height": 900})
    page = await context.new_page()
    watch = Watch(site.url)
    watch.attach(page)
    yield Tab(page, watch)
    await context.close()


@dataclass(frozen=True)
class Played:
    """What the tests played through the API."""

    table: Table
    confirmed: Game
    confirmed_state: Json
    dominoes_in_progress: Game
    dominoes_deal: Json
    sueca_in_progress: Game
    sueca_deal: Json
    competition: str
    champion: list[str]


@pytest.fixture(scope="module")
async def played(site: Site) -> Played:
    client, rng = site.client, random.Random(11)
    table = await seat_a_table(client)

    confirmed = await create_game(client, table, "pontos", place="Bar do Zé")
    state = await confirmed.play_to_the_end("pontos", rng)
    for player in table.players[:3]:  # each consents for themselves: it counts for all four
        await confirmed.ok("confirmations", {}, by=player)
    state = await confirmed.ok("confirmations", {}, by=table.players[3])
    assert state["status"] == "confirmed"

    dominoes = await create_game(client, table, "pontos")
    deal = shuffled_deal("pontos", rng)
    now = await dominoes.ok("hands", deal)
    for _ in range(3):
        now = await dominoes.ok("moves", next_move(now, rng))

    sueca = await create_game(client, table, "sueca")
    cards = sueca_deal(rng)
    now = await sueca.ok("hands", cards)
    for _ in range(5):
        now = await sueca.ok("moves", {"seat": now["turn"], "card": legal_cards(now)[0]})

    organizer = await register(client, "Dona Rosa")
    fmt = {"stages": [{"kind": "groups", "groups": 1, "advance": 2}, {"kind": "knockout"}]}
    competition, teams = await torneio(
        client, organizer, 4, fmt, prizes={"1": "Troféu e um leitão"}
    )
    await play_out(client, organizer, competition, teams, rng)
    standings = (await client.get(f"/v1/competitions/{competition}/standings")).json()
    champion = [p.id for p in teams[standings["champion"]]]

    await once_folded(client, "/v1/matches", 8, status="confirmed")
    return Played(table, confirmed, state, dominoes, deal, sueca, cards, competition, champion)

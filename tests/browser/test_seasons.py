"""The ranking page's season picker (temporada) in a real Chromium: a past month's ranking
has that month's champion first, and no other month's games."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from service.pages.choices import season_label
from tests.api.conftest import register, seat_a_table
from tests.api.play import create_competition, join_all
from tests.api.test_seasons import BRAZIL, month_before, name_of, paper_game
from tests.browser.conftest import Site, Tab
from tests.projections.test_http import settled


async def test_the_season_picker_ranks_a_past_month(tab: Tab, site: Site) -> None:
    client = site.client
    table = await seat_a_table(client)
    ze, ana, tiao, bia = table.players
    organizer = await register(client, "Dona Rosa")
    competition = await create_competition(client, organizer)
    await join_all(client, competition, table.players)
    this_month = datetime.now(BRAZIL).replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    last_month = month_before(this_month)
    two_ago = month_before(last_month)
    await paper_game(
        client, organizer, competition, [ana, ze, bia, tiao], two_ago + timedelta(days=4)
    )
    await paper_game(
        client, organizer, competition, [ze, ana, tiao, bia], last_month + timedelta(days=2)
    )
    await paper_game(
        client, organizer, competition, [ze, tiao, ana, bia], last_month + timedelta(days=9)
    )
    await settled(client)

    response = await tab.page.goto(site.url + "/ranking")
    assert response is not None
    assert response.status == 200
    await tab.page.select_option("select[name=temporada]", name_of(last_month))
    await tab.page.click("button[type=submit]")
    await tab.page.wait_for_url(re.compile(r"temporada=" + name_of(last_month)))

    assert tab.watch.clean(), tab.watch
    heading = await tab.page.inner_text("h1")
    assert f"temporada {season_label(name_of(last_month))}" in heading  # "outubro de 2026"
    assert await tab.page.locator("select[name=temporada] option[selected]").inner_text() != ""
    names = await tab.page.locator("table.ranking tbody td:nth-child(2)").all_inner_texts()
    played = await tab.page.locator("table.ranking tbody td:nth-child(3)").all_inner_texts()
    assert names[0] == "Zé"
    assert set(names) == {"Zé", "Ana", "Tião", "Bia"}
    assert set(played) == {"2"}, "only that month's two games count"

    await tab.page.select_option("select[name=temporada]", name_of(two_ago))
    await tab.page.click("button[type=submit]")
    await tab.page.wait_for_url(re.compile(r"temporada=" + name_of(two_ago)))
    names = await tab.page.locator("table.ranking tbody td:nth-child(2)").all_inner_texts()
    assert set(names[:2]) == {"Ana", "Bia"}
    assert tab.watch.clean(), tab.watch

"""The game page of a stock game (Mau Mau, Buraco, Cacheta) replays a hand in progress step
by step: each step says what it did (a card drawn from the stock only by its count), shows
the pile, the melds and the stock's count, and every hand hidden."""

from __future__ import annotations

import random
import re

import httpx
import pytest

from tests.api.conftest import Table
from tests.api.play import create_game
from tests.api.test_buraco import body_of as buraco_body
from tests.api.test_cacheta import body_of as cacheta_body
from tests.domain.cards import buraco_play, cacheta_play
from tests.simulate import mau_mau_deal, mau_mau_move

TITLE = re.compile(r'class="carta naipe-[^"]*" title="([^"]+)"')


async def played(client: httpx.AsyncClient, table: Table, game: str) -> tuple[str, int]:
    """A game of `game` with a hand in progress some 30 moves in: its id and version."""
    created = await create_game(client, table, game)
    if game == "mau-mau":
        state = await created.ok("hands", mau_mau_deal(await created.state(), random.Random(4)))
        for _ in range(30):
            state = await created.ok("moves", mau_mau_move(state["hand"], state["turn"]))
            if state["hand"] is None:
                break
    else:
        if game == "buraco":
            _, _, commands = buraco_play.random_game(4, 4, hands=1)
            bodies = [buraco_body(c) for c in commands]
        else:
            _, _, commands = cacheta_play.random_game(4, rounds=1)
            bodies = [cacheta_body(c) for c in commands]
        for path, body in bodies[:31]:
            state = await created.ok(path, body)
    return created.id, state["version"]


@pytest.mark.parametrize("game", ["mau-mau", "buraco", "cacheta"])
async def test_the_replay_of_a_hand_in_progress_hides_every_hand(
    shared_client: httpx.AsyncClient, shared_table: Table, game: str
) -> None:
    match_id, version = await played(shared_client, shared_table, game)
    pages = [
        await shared_client.get(f"/partidas/{match_id}", params={"passo": step})
        for step in range(2, version + 1, 3)
    ]
    public = (await shared_client.get(f"/v1/matches/{match_id}")).json()

    assert all(page.status_code == 200 for page in pages), [p.status_code for p in pages]
    texts = [page.text for page in pages]
    assert any("monte:" in text for text in texts)
    assert any("cartas ocultas" in text for text in texts)
    assert any("comprou 1 carta do monte" in text for text in texts)
    assert all(" comprou " not in text or "do monte" in text for text in texts)
    last = texts[-1]
    if public["hand"] is not None:  # the cards on the page: the pile's, the melds', the vira
        shown = TITLE.findall(last.split('id="replay"')[1])
        melds = public["hand"].get("melds") or {}
        laid = [c for side in melds.values() for meld in side for c in meld["cards"]]
        vira = [public["hand"]["vira"]] if public["hand"].get("vira") else []
        assert sorted(shown) == sorted(public["hand"]["pile"][-8:] + laid + vira), game

"""Who may write is checked on the state the write is decided on, also after a retry."""

from __future__ import annotations

import pytest

from tests.api.conftest import new_match, seat_a_table, serve
from tests.api.play import sorted_deal, stack_server_deals
from tests.conftest import Database


async def test_a_move_decided_again_after_a_deal_it_raced_is_checked_again(
    database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The scorekeeper's instance holds the game from before a server deal made on another
    instance: its move is refused by the rules on that stale state, decided again on the
    fresh one, and there the scorekeeper does not see the hand it would play."""
    stack_server_deals(monkeypatch, sorted_deal("pontos"))  # seat 3 opens with 4-4
    async with serve(database) as keepers, serve(database) as players:
        table = await seat_a_table(keepers)
        match = await new_match(keepers, table)
        url = f"/v1/matches/{match['id']}"
        assert (await keepers.get(url, headers=table.scorekeeper.auth)).json()["hand"] is None

        dealt = await players.post(
            f"{url}/hands", json={"deal": "server"}, headers=table.players[0].auth
        )
        assert dealt.status_code == 201, dealt.text
        move = await keepers.post(
            f"{url}/moves", json={"seat": 3, "tile": "4-4"}, headers=table.scorekeeper.auth
        )

        assert move.status_code == 403, move.text
        assert move.json()["code"] == "forbidden"
        state = (await players.get(url)).json()
        assert state["version"] == dealt.json()["version"]
        assert state["hand"]["board"] == []

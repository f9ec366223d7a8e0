from typing import Any

from litestar.testing import AsyncTestClient

from tests.api.conftest import Table, new_match


async def test_a_game_is_created_dealt_and_played(client: AsyncTestClient[Any], table: Table):
    match = await new_match(client, table)
    assert match["status"] == "in_progress" or match["status"] == "new", match
    response = await client.post(f"/v1/matches/{match['id']}/hands", json={"deal": "server"},
                                 headers=table.scorekeeper.auth)
    assert response.status_code == 201, response.text
    state = response.json()
    print(state)
    assert state["hand"]["hands"] == [None, None, None, None]

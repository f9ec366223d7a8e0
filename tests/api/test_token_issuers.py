"""A token an administrator issues for a registered player (L10), found by an attack
review: its mark is not laundered by a token it issues in turn, and a torneio's writes
(a walkover) carry it as a game's do."""

from __future__ import annotations

import json

import asyncpg
import httpx

from tests.api.conftest import ADMIN, Player, Table, register
from tests.api.play import prepared
from tests.api.test_erasure import knockout_torneio
from tests.conftest import Database


async def minted(client: httpx.AsyncClient, player: Player, by: dict[str, str]) -> Player:
    issued = await client.post(f"/v1/players/{player.id}/tokens", headers=by)
    assert issued.status_code == 201, issued.text
    return Player(player.id, issued.json()["token"])


async def test_a_token_issued_with_an_administrators_token_is_marked_too(
    client: httpx.AsyncClient, table: Table
) -> None:
    """The administrator mints T1 for Zé, issues T2 for Zé with T1, then revokes T1: T2
    reads as the administrator's (its issuer acted with a token an administrator issued),
    and its confirmation says so, rather than pass for one Zé issued himself."""
    zé = table.players[0]
    game = await prepared(client, table, "finished")
    t1 = await minted(client, zé, ADMIN)
    t2 = await minted(client, zé, t1.auth)
    revoked = await client.delete("/v1/tokens/current", headers=t1.auth)
    assert revoked.status_code in (200, 204), revoked.text

    await game.ok("confirmations", {}, by=t2)

    events = await game.events()
    confirmed = [e["metadata"] for e in events if e["type"] == "confirmation_recorded"]
    tokens = (await client.get(f"/v1/players/{zé.id}/data", headers=t2.auth)).json()["tokens"]
    assert [(t["issued_by"], t["by_administrator"]) for t in tokens][-2:] == [
        ("admin", True),
        (zé.id, True),
    ]
    assert confirmed[0].get("by_administrators_token") is True


async def test_a_walkover_sent_with_an_administrators_token_is_marked(
    client: httpx.AsyncClient, database: Database
) -> None:
    """Zé organizes a knockout torneio; a walkover decided with a token the administrator
    minted for him is marked in the torneio's history, as a game's write would be."""
    zé = await register(client, "Zé")
    others = [await register(client, n) for n in ("Ana", "Tião", "Bia")]
    competition = await knockout_torneio(client, zé, others)
    fixture = (await client.get(f"/v1/competitions/{competition}/fixtures")).json()["fixtures"][0]
    t1 = await minted(client, zé, ADMIN)

    walked = await client.post(
        f"/v1/competitions/{competition}/fixtures/{fixture['id']}/walkover",
        json={"absent": fixture["teams"][1]},
        headers=t1.auth,
    )
    assert walked.status_code == 201, walked.text

    owner = await asyncpg.connect(database.owner_dsn)
    try:
        stored = await owner.fetchval(
            "SELECT metadata::text FROM events WHERE stream_id = $1"
            " ORDER BY stream_version DESC LIMIT 1",
            f"competition-{competition}",
        )
    finally:
        await owner.close()
    assert json.loads(stored) == {"actor": zé.id, "by_administrators_token": True}

"""A player's erasure (issue 33, parts 4 and 6): their name and their texts gone from every
read and from the database, a pseudonym shown, their tokens revoked, their games kept, the
other players' records unchanged, every chain still verifying."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import asyncpg
import httpx
import pytest

from service.store.hash_chain import first_broken_link
from tests.api.conftest import ADMIN, Player, Table, register, seat_a_table, serve
from tests.api.erasure_reads import every_read, pg_dump
from tests.api.play import assert_problem, create_competition, create_game, prepared
from tests.api.test_commitments import VERIFY
from tests.api.test_stages import torneio, won_by_the_first_team
from tests.conftest import Database
from tests.projections.test_http import settled

NAME = "Zequinha Apagável"
TEXTS = ("Zequinha", "Apagável", "Apagavel", "Casa da Rua Sigilosa", "notas muito pessoais")


async def erased_table(client: httpx.AsyncClient) -> tuple[Player, Table, list[str], str]:
    """Zé (to be erased) keeps the score of two games he plays in, one at his place, in a
    competition he named after himself; both games confirmed by both sides."""
    zé = await register(client, NAME)
    others = [await register(client, n) for n in ("Ana Lima", "Tião Souza", "Bia Reis")]
    table = Table([zé, *others], zé, await register(client, "Outro"))
    competition = await create_competition(client, zé, name=f"Copa do {NAME}")
    games = []
    for place in ("Casa da Rua Sigilosa", None):
        fields: dict[str, Any] = {"competition_id": competition, "notes": "notas muito pessoais"}
        if place:
            fields["place"] = place
        game = await prepared(client, table, "finished", **fields)
        await game.ok("confirmations", {}, by=zé)
        await game.ok("confirmations", {}, by=others[0])
        games.append(game.id)
    await settled(client)
    return zé, table, games, competition


def found_in(texts: dict[str, str]) -> dict[str, list[str]]:
    return {
        path: hits
        for path, text in texts.items()
        if (hits := [t for t in TEXTS if t.casefold() in text.casefold()])
    }


async def others_ranked(client: httpx.AsyncClient, zé: Player) -> list[dict[str, Any]]:
    rows = (await client.get("/v1/rankings")).json()["rows"]
    return [r for r in rows if r["player_id"] != zé.id]


async def test_after_an_erasure_no_read_and_no_table_holds_the_name(
    client: httpx.AsyncClient, database: Database
) -> None:
    zé, _, games, competition = await erased_table(client)
    before = await every_read(client, zé, games, competition)
    assert found_in(before), "the name was never shown: the search proves nothing"
    assert NAME in pg_dump(database.owner_dsn)
    ranked_before = await others_ranked(client, zé)

    erased = await client.post(f"/v1/players/{zé.id}/erasure", json={}, headers=zé.auth)

    assert erased.status_code == 200, erased.text
    assert erased.json()["name"] == f"Jogador {zé.id[:4]}"
    assert erased.json()["erased_now"] is True
    await settled(client)
    assert found_in(await every_read(client, zé, games, competition)) == {}
    dump = pg_dump(database.owner_dsn)
    assert [t for t in TEXTS if t in dump] == []
    assert await others_ranked(client, zé) == ranked_before
    assert (await client.get(f"/v1/players/{zé.id}")).json()["name"] == f"Jogador {zé.id[:4]}"


async def every_chain_broken(database: Database) -> dict[str, int]:
    """Each stream of the log whose chain does not hold, with its first bad version."""
    connection = await asyncpg.connect(database.owner_dsn)
    try:
        rows = await connection.fetch(
            "SELECT stream_id, stream_version, event_type, data::text, hash FROM events"
            " ORDER BY stream_id, stream_version"
        )
    finally:
        await connection.close()
    streams: dict[str, list[tuple[int, str, str, bytes]]] = {}
    for r in rows:
        streams.setdefault(r[0], []).append((r[1], r[2], r[3], bytes(r[4])))
    broken = {s: first_broken_link(s, links) for s, links in streams.items()}
    return {s: v for s, v in broken.items() if v is not None}


async def test_every_chain_verifies_and_says_which_texts_were_erased(
    client: httpx.AsyncClient, database: Database
) -> None:
    zé, _, games, _ = await erased_table(client)
    await client.post(f"/v1/players/{zé.id}/erasure", json={}, headers=ADMIN)
    assert await every_chain_broken(database) == {}
    at_home = (await client.get(f"/v1/matches/{games[0]}/verify")).json()
    assert at_home["valid"] is True
    assert at_home["texts_erased"] == ["1: notes", "1: place"]
    events = (await client.get(f"/v1/matches/{games[0]}/events")).json()["events"]
    assert VERIFY.check_chain(events) is None
    assert VERIFY.check_texts(events) == (0, ["version 1: notes", "version 1: place"], [])
    elsewhere = (await client.get(f"/v1/matches/{games[1]}/verify")).json()
    assert (elsewhere["valid"], elsewhere["texts_erased"]) == (True, ["1: notes"])


async def test_erasing_twice_changes_nothing_and_a_stranger_cannot_erase(
    client: httpx.AsyncClient, database: Database
) -> None:
    zé, table, _, _ = await erased_table(client)
    refused = await client.post(
        f"/v1/players/{zé.id}/erasure", json={}, headers=table.outsider.auth
    )
    assert_problem(refused, 403, "forbidden")
    assert (await client.get(f"/v1/players/{zé.id}")).json()["name"] == NAME
    first = await client.post(f"/v1/players/{zé.id}/erasure", json={}, headers=zé.auth)
    assert first.json()["erased_now"] is True
    dump = pg_dump(database.owner_dsn)
    again = await client.post(f"/v1/players/{zé.id}/erasure", json={}, headers=ADMIN)
    assert again.status_code == 200
    assert again.json()["erased_now"] is False
    erased_events = re.findall(r"player_erased", pg_dump(database.owner_dsn))
    assert len(erased_events) == len(re.findall(r"player_erased", dump))


async def test_an_erased_players_tokens_stop_working_and_no_new_one_is_issued(
    client: httpx.AsyncClient,
) -> None:
    zé, _, _, _ = await erased_table(client)
    await client.post(f"/v1/players/{zé.id}/erasure", json={}, headers=zé.auth)
    again = await client.patch(f"/v1/players/{zé.id}", json={"name": "Voltei"}, headers=zé.auth)
    assert_problem(again, 401, "invalid-token")
    issued = await client.post(f"/v1/players/{zé.id}/tokens", headers=ADMIN)
    assert_problem(issued, 409, "player-erased")
    renamed = await client.patch(f"/v1/players/{zé.id}", json={"name": "Voltei"}, headers=ADMIN)
    assert_problem(renamed, 409, "player-erased")


async def test_renames_racing_an_erasure_leave_no_name_behind(
    client: httpx.AsyncClient, database: Database
) -> None:
    zé = await register(client, NAME)
    renames = [
        client.patch(f"/v1/players/{zé.id}", json={"name": f"Zequinha {n}"}, headers=ADMIN)
        for n in range(8)
    ]
    erasure = client.post(f"/v1/players/{zé.id}/erasure", json={}, headers=ADMIN)
    answers = await asyncio.gather(erasure, *renames)
    assert answers[0].status_code == 200
    assert {a.status_code for a in answers[1:]} <= {200, 409}
    assert (await client.get(f"/v1/players/{zé.id}")).json()["name"] == f"Jogador {zé.id[:4]}"
    assert "Zequinha" not in pg_dump(database.owner_dsn)


@pytest.mark.parametrize("who", ["player", "administrator"])
async def test_the_player_or_an_administrator_erases(client: httpx.AsyncClient, who: str) -> None:
    zé = await register(client, NAME)
    headers = zé.auth if who == "player" else ADMIN
    erased = await client.post(f"/v1/players/{zé.id}/erasure", json={}, headers=headers)
    assert erased.json() == {
        "id": zé.id,
        "name": f"Jogador {zé.id[:4]}",
        "erased": True,
        "erased_now": True,
    }


async def test_another_instance_drops_the_erased_texts_it_cached(database: Database) -> None:
    async with serve(database) as first, serve(database) as second:
        table = await seat_a_table(first)
        game = await create_game(first, table, place="Casa da Rua Sigilosa")
        path = f"/v1/matches/{game.id}"
        assert (await second.get(path)).json()["place"] == "Casa da Rua Sigilosa"  # cached
        erased = await first.post(
            f"/v1/players/{table.scorekeeper.id}/erasure", json={}, headers=ADMIN
        )
        assert erased.status_code == 200
        for _ in range(500):  # until the second instance hears of it
            if (await second.get(path)).json()["place"] in ("", None):
                break
            await asyncio.sleep(0.01)
        assert "Sigilosa" not in (await second.get(path)).text


async def test_a_disputes_reason_is_committed_copied_and_erased_with_its_writer(
    client: httpx.AsyncClient, database: Database
) -> None:
    """A dispute's reason is a free text of its writer's: null in the hashed body, in their
    copy of their data, and gone (from reads and from the database) with them."""
    zé, table, games, _ = await erased_table(client)
    reason = "queixa reservada sobre a mão três"
    disputed = await client.post(
        f"/v1/matches/{games[1]}/disputes", json={"reason": reason}, headers=zé.auth
    )
    assert disputed.status_code == 201, disputed.text
    assert disputed.json()["dispute"]["reason"] == reason
    connection = await asyncpg.connect(database.owner_dsn)
    try:
        stored = await connection.fetchval(
            "SELECT data::text FROM events WHERE event_type = 'match_disputed' AND stream_id = $1",
            f"match-{games[1]}",
        )
    finally:
        await connection.close()
    assert stored is not None
    assert reason not in stored
    assert '"reason": null' in stored
    copy = (await client.get(f"/v1/players/{zé.id}/data", headers=zé.auth)).json()
    assert [(d["what"], d["text"]) for d in copy["disputes"]] == [("match_disputed", reason)]

    await client.post(f"/v1/players/{zé.id}/erasure", json={}, headers=ADMIN)

    state = (await client.get(f"/v1/matches/{games[1]}", headers=table.players[1].auth)).json()
    assert state["dispute"]["reason"] == ""
    events = (await client.get(f"/v1/matches/{games[1]}/events", headers=ADMIN)).text
    assert reason not in events
    assert reason not in pg_dump(database.owner_dsn)
    assert (await client.get(f"/v1/matches/{games[1]}/verify")).json()["valid"] is True


async def test_a_torneios_prizes_are_erased_with_their_writer(
    client: httpx.AsyncClient, database: Database
) -> None:
    """A torneio's prizes are a text its creator writes: committed like its name, shown
    while their writer's data is kept, and gone (no prizes) once it is erased."""
    zé = await register(client, NAME)
    others = [await register(client, n) for n in ("Ana Lima", "Tião Souza", "Bia Reis")]
    prizes = {"1": "Churrasco na casa do Zequinha", "2": "Uma caixa de cerveja"}
    competition = await knockout_torneio(client, zé, others, prizes=prizes)
    shown = (await client.get(f"/v1/competitions/{competition}")).json()["prizes"]
    stored = await _stored_creation(database, competition)
    held = (await client.get(f"/v1/players/{zé.id}/data", headers=zé.auth)).json()["texts"]
    assert shown == prizes
    assert stored["prizes"] is None
    assert set(stored["texts"]) == {"name", "prizes"}
    assert [json.loads(t["text"]) for t in held if t["path"] == "prizes"] == [prizes]

    erased = await client.post(f"/v1/players/{zé.id}/erasure", json={}, headers=zé.auth)
    assert erased.status_code == 200, erased.text
    await settled(client)

    after = (await client.get(f"/v1/competitions/{competition}")).json()
    standings = await client.get(f"/v1/competitions/{competition}/standings")
    reads = await every_read(client, zé, [], competition)
    assert (after["prizes"], standings.status_code) == ({}, 200)
    assert [path for path, text in reads.items() if "Churrasco" in text] == []
    assert "Churrasco" not in pg_dump(database.owner_dsn)


async def _stored_creation(database: Database, competition: str) -> dict[str, Any]:
    return await _stored(database, f"competition-{competition}")


async def test_a_games_stage_is_erased_with_its_writer(
    client: httpx.AsyncClient, database: Database
) -> None:
    """A torneio game's stage labelled by hand is a text its creator writes: committed like
    its place, shown, listed and ranked by while their data is kept; once they are erased,
    the game has no stage in any read, list, ranking or table, and its chain verifies."""
    stage = "Final na casa do Zequinha"
    zé = await register(client, NAME)
    first = [await register(client, n) for n in ("Ana Lima", "Tião Souza")]
    second = [await register(client, n) for n in ("Bia Reis", "Caio Melo")]
    competition = await torneio(client, zé, [first, second])
    game = str((await won_by_the_first_team(client, zé, competition, stage, first, second))["id"])
    await settled(client)
    listed = f"/v1/matches?stage={stage}"
    ranked = f"/v1/rankings?stage={stage}"
    stored = await _stored(database, f"match-{game}")
    held = (await client.get(f"/v1/players/{zé.id}/data", headers=zé.auth)).json()["texts"]
    assert (await client.get(f"/v1/matches/{game}")).json()["stage"] == stage
    assert [m["id"] for m in (await client.get(listed)).json()["matches"]] == [game]
    assert len((await client.get(ranked)).json()["rows"]) == 4
    assert (stored["stage"], "stage" in stored["texts"]) == (None, True)
    assert [t["text"] for t in held if t["path"] == "stage"] == [stage]

    erased = await client.post(f"/v1/players/{zé.id}/erasure", json={}, headers=zé.auth)
    assert erased.status_code == 200, erased.text
    await settled(client)

    assert (await client.get(f"/v1/matches/{game}")).json()["stage"] is None
    assert (await client.get(listed)).json()["matches"] == []
    assert (await client.get(ranked)).json()["rows"] == []
    reads = await every_read(client, zé, [game], competition)
    assert [path for path, text in reads.items() if "casa do Zequinha" in text] == []
    assert "casa do Zequinha" not in pg_dump(database.owner_dsn)
    verified = (await client.get(f"/v1/matches/{game}/verify")).json()
    assert (verified["valid"], verified["texts_erased"]) == (True, ["1: stage"])
    assert await every_chain_broken(database) == {}


async def test_a_fixtures_stage_is_the_services_label_not_a_text(
    client: httpx.AsyncClient, database: Database
) -> None:
    """The stage of a fixture's game is the service's label, from the torneio's format:
    kept in the body, and not erased with the player who created the game."""
    zé = await register(client, NAME)
    others = [await register(client, n) for n in ("Ana Lima", "Tião Souza", "Bia Reis")]
    created = await a_fixtures_game(client, zé, others)
    game, label = created["id"], created["stage"]
    stored = await _stored(database, f"match-{game}")
    assert label
    assert (stored["stage"], "stage" in stored.get("texts", {})) == (label, False)

    await client.post(f"/v1/players/{zé.id}/erasure", json={}, headers=zé.auth)

    assert (await client.get(f"/v1/matches/{game}")).json()["stage"] == label


async def knockout_torneio(
    client: httpx.AsyncClient, zé: Player, others: list[Player], **fields: Any
) -> str:
    """Zé's torneio run by the service: Zé and others[1] against others[0] and others[2]."""
    return await create_competition(
        client,
        zé,
        name="Copa de sexta",
        kind="torneio",
        teams=[[zé.id, others[1].id], [others[0].id, others[2].id]],
        format={"stages": [{"kind": "knockout"}]},
        **fields,
    )


async def a_fixtures_game(
    client: httpx.AsyncClient, zé: Player, others: list[Player]
) -> dict[str, Any]:
    """The game of the knockout torneio's first fixture, created by Zé: its stage is the
    service's label."""
    competition = await knockout_torneio(client, zé, others)
    fixtures = (await client.get(f"/v1/competitions/{competition}/fixtures")).json()
    seats = [zé.id, others[0].id, others[1].id, others[2].id]
    body = {"competition_id": competition, "fixture_id": fixtures["fixtures"][0]["id"]}
    created = await client.post("/v1/matches", headers=zé.auth, json={**body, "seats": seats})
    assert created.status_code == 201, created.text
    return dict(created.json())


async def _stored(database: Database, stream: str) -> dict[str, Any]:
    connection = await asyncpg.connect(database.owner_dsn)
    try:
        data = await connection.fetchval(
            "SELECT data::text FROM events WHERE stream_id = $1 AND stream_version = 1", stream
        )
    finally:
        await connection.close()
    return dict(json.loads(data))

"""A game's súmula as JSON and CSV; games exported as NDJSON and imported back (idempotent,
a bad line changes nothing that counts, the rest goes on); an export round-trips through an
import into a fresh database."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import msgspec

from tests.api.conftest import ADMIN, Table, new_match, seat_a_table, serve
from tests.api.test_ratings import confirm, finished_game
from tests.conftest import Database
from tests.projections.test_http import settled

Json = dict[str, Any]


async def test_a_sumula_as_json_and_csv(client: httpx.AsyncClient, table: Table) -> None:
    game = await finished_game(client, table, winner_seat=1)
    await confirm(client, game, table)

    sheet = (await client.get(f"/v1/matches/{game['id']}/sumula")).json()
    text = (await client.get(f"/v1/matches/{game['id']}/sumula", params={"format": "csv"})).text
    accepted = await client.get(f"/v1/matches/{game['id']}/sumula", headers={"Accept": "text/csv"})

    assert sheet["status"] == "confirmed"
    assert sheet["score"] == game["score"]
    assert [h["number"] for h in sheet["hands"]] == list(range(1, len(game["hands"]) + 1))
    assert sheet["hands"][-1]["score"] == game["score"], "the running score ends at the score"
    assert sheet["hands"][0]["result"]["seat"] == 1
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [int(r["points"]) for r in rows] == [h["points"] for h in sheet["hands"]]
    assert rows[-1]["score_b"] == str(game["score"]["B"])
    assert accepted.text == text
    assert accepted.headers["content-type"].startswith("text/csv")


async def test_a_sumula_never_shows_a_hand_in_progress(
    client: httpx.AsyncClient, table: Table
) -> None:
    game = await new_match(client, table)
    await client.post(f"/v1/matches/{game['id']}/hands", json={"deal": "server"}, headers=ADMIN)
    text = (await client.get(f"/v1/matches/{game['id']}/sumula")).text
    assert "hands" in text
    assert msgspec.json.decode(text)["hands"] == []
    assert '"6-6"' not in text


async def test_the_export_streams_the_chosen_games_as_ndjson(
    client: httpx.AsyncClient, table: Table
) -> None:
    first = await finished_game(client, table, winner_seat=0)
    await confirm(client, first, table)
    unconfirmed = await finished_game(client, table, winner_seat=1)
    sueca = await finished_game(client, table, winner_seat=0, preset="sueca")
    await confirm(client, sueca, table)
    await settled(client)

    confirmed = await _export(client)
    finished = await _export(client, status="finished")
    only_sueca = await _export(client, game="sueca")
    by_player = await _export(client, player=table.players[0].id)
    nobody = await _export(client, player=table.outsider.id)
    later = await _export(client, since=(datetime.now(UTC) + timedelta(days=1)).isoformat())

    assert [g["id"] for g in confirmed] == [first["id"], sueca["id"]]
    assert {g["id"] for g in finished} == {first["id"], unconfirmed["id"], sueca["id"]}
    assert [g["id"] for g in only_sueca] == [sueca["id"]]
    assert [g["id"] for g in by_player] == [first["id"], sueca["id"]]
    assert nobody == later == []


async def test_an_import_writes_each_line_once_and_answers_each(
    client: httpx.AsyncClient, table: Table
) -> None:
    seats = [p.id for p in table.players]
    week_ago = datetime.now(UTC) - timedelta(days=7)
    hands = [
        {
            "outcome": "batida",
            "seat": 0,
            "kind": "simples",
            "played_at": (week_ago + timedelta(minutes=5 * n)).isoformat(),
        }
        for n in range(1, 7)
    ]
    good = {
        "key": "sheet-1",
        "rules": {"preset": "pontos"},
        "seats": seats,
        "hands": hands,
        "place": "Bar do Zé",
        "confirm": True,
    }
    bad_hand = {
        "key": "sheet-2",
        "rules": {"preset": "pontos"},
        "seats": seats,
        "hands": [{"outcome": "batida", "seat": 9, "kind": "simples"}],
    }
    body = b"\n".join(
        [
            msgspec.json.encode(good),
            b"{not json",
            msgspec.json.encode(bad_hand),
            msgspec.json.encode({**good, "key": "sheet-3", "seats": seats[:3]}),
        ]
    )

    first = await client.post("/v1/imports/games", content=body, headers=ADMIN)
    again = await client.post("/v1/imports/games", content=body, headers=ADMIN)

    assert first.status_code == 200, first.text
    results = first.json()["results"]
    assert [r["line"] for r in results] == [1, 2, 3, 4]
    assert (first.json()["imported"], first.json()["failed"]) == (1, 3)
    game_id = results[0]["id"]
    assert results[1]["error"]["code"] == "invalid-line"
    assert results[2]["cancelled"] is True
    assert "error" in results[3]
    assert again.json()["results"][0]["id"] == game_id, "the same file again: the same game"
    state = (await client.get(f"/v1/matches/{game_id}", headers=ADMIN)).json()
    assert state["status"] == "confirmed"
    assert state["place"] == "Bar do Zé"
    assert datetime.fromisoformat(state["finished_at"]) < datetime.now(UTC) - timedelta(days=6)
    void = (await client.get(f"/v1/matches/{results[2]['id']}", headers=ADMIN)).json()
    assert void["status"] == "cancelled"
    await settled(client)
    listed = (await client.get(f"/v1/players/{seats[0]}/matches")).json()["matches"]
    assert sum(1 for m in listed if m["status"] == "confirmed") == 1


async def test_an_import_needs_a_token(client: httpx.AsyncClient) -> None:
    """The whole import is refused at once (it was a 200 with each line refused, and a 200
    with nothing at all for an empty file: the document says a token is required)."""
    response = await client.post("/v1/imports/games", content=b"{}\n")
    assert response.status_code == 401
    assert response.json()["code"] == "unauthorized"


async def test_an_export_round_trips_through_an_import(
    client: httpx.AsyncClient, table: Table, second_database: Database
) -> None:
    for seat, preset in ((0, "pontos"), (1, "pontos"), (0, "sueca"), (1, "truco")):
        game = await finished_game(client, table, winner_seat=seat, preset=preset)
        await confirm(client, game, table)
    await settled(client)
    exported = await _export(client)
    assert len(exported) == 4

    async with serve(second_database) as other:  # a second service, its own database
        other_table = await seat_a_table(other)
        mapping = {p.id: q.id for p, q in zip(table.players, other_table.players, strict=True)}
        lines = [{**line, "seats": [mapping[s] for s in line["seats"]]} for line in exported]
        body = b"\n".join(msgspec.json.encode(line) for line in lines)
        imported = (await other.post("/v1/imports/games", content=body, headers=ADMIN)).json()
        errors = [r.get("error", {}).get("detail") for r in imported["results"]]
        assert imported["failed"] == 0, errors
        await settled(other)
        again = await _export(other)

    def comparable(line: Json, seats: dict[str, str]) -> Json:
        return {
            "seats": [seats.get(s, s) for s in line["seats"]],
            "rules": line["rules"],
            "score": line["score"],
            "winner": line["winner"],
            "status": line["status"],
            "finished_at": line["finished_at"],
            "hands": [
                {
                    k: h[k]
                    for k in (
                        "outcome",
                        "kind",
                        "winner",
                        "points",
                        "score",
                        "started_at",
                        "ended_at",
                    )
                }
                for h in line["hands"]
            ],
        }

    before = [comparable(line, mapping) for line in exported]
    after = [comparable(line, {}) for line in again]
    for a, b in zip(before, after, strict=True):
        assert {k: v for k, v in a.items() if a[k] != b[k]} == {
            k: v for k, v in b.items() if a[k] != b[k]
        }


async def _export(client: httpx.AsyncClient, **query: str) -> list[Json]:
    response = await client.get("/v1/exports/games", params=query)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("application/x-ndjson")
    return [msgspec.json.decode(line) for line in response.content.splitlines() if line]


async def imported_elsewhere(
    client: httpx.AsyncClient, table: Table, second_database: Database, game_id: str
) -> tuple[Json, Json]:
    """The game's exported line imported into a second service; (the line, the imported
    game's state)."""
    await settled(client)
    (line,) = [g for g in await _export(client, status="all") if g["id"] == game_id]
    async with serve(second_database) as other:
        other_table = await seat_a_table(other)
        mapping = {p.id: q.id for p, q in zip(table.players, other_table.players, strict=True)}
        body = msgspec.json.encode({**line, "seats": [mapping[s] for s in line["seats"]]})
        answer = (await other.post("/v1/imports/games", content=body, headers=ADMIN)).json()
        (result,) = answer["results"]
        assert "error" not in result, result
        state = (await other.get(f"/v1/matches/{result['id']}")).json()
    return line, state


async def test_an_exported_game_is_imported_with_every_setting_of_its_rules(
    client: httpx.AsyncClient, table: Table, second_database: Database
) -> None:
    """The export gives a game's effective rules; the import creates it with the preset,
    its target and the other settings as `overrides` (before, they were posted beside the
    preset and refused: 400, unknown field)."""
    rules = {"preset": "pontos", "target": 2, "overrides": {"tie_policy": "blocker-loses"}}
    body = {"rules": rules, "seats": [p.id for p in table.players]}
    created = await client.post("/v1/matches", json=body, headers=table.scorekeeper.auth)
    game = created.json()
    for _ in range(2):
        await client.post(
            f"/v1/matches/{game['id']}/results",
            headers=table.scorekeeper.auth,
            json={"outcome": "bloqueio", "sums": {"A": 9, "B": 9}, "seat": 1},
        )
    line, state = await imported_elsewhere(client, table, second_database, game["id"])
    assert state["rules"] == line["rules"]
    assert (state["rules"]["target"], state["rules"]["tie_policy"]) == (2, "blocker-loses")
    assert (state["score"], state["winner"]) == ({"A": 2, "B": 0}, "A")


async def test_p17_a_session_closed_between_hands_is_exported_closed_and_closed_by_its_import(
    client: httpx.AsyncClient, table: Table, second_database: Database
) -> None:
    game = await new_match(client, table, "poker")
    url, keeper = f"/v1/matches/{game['id']}", table.scorekeeper.auth
    hand = {"net": {"0": 60, "1": -40, "2": -20, "3": 0}, "stacks": [100] * 4}
    await client.post(f"{url}/results", json=hand, headers=keeper)
    closed = (await client.post(f"{url}/closing", json={}, headers=keeper)).json()
    assert closed["status"] == "finished"

    line, state = await imported_elsewhere(client, table, second_database, game["id"])

    assert line["closed"] is True
    assert (state["status"], state["places"]) == ("finished", closed["places"])
    assert state["places"] == [["0"], ["3"], ["2"], ["1"]]
    assert state["finished_at"] == closed["finished_at"]  # closed when it was (D27)

"""Import keys over HTTP (issue 29; README, "Exports and imports"): the same key and the same
line answer the same game; the same key with another line is a conflict for that line and
changes nothing anywhere, whoever confirmed the earlier game; a correction names what it
replaces, is written, then cancels the replaced game (never a confirmed one) before it is
confirmed; a line imported before the line's digest was kept still answers its game, and
still conflicts."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime, timedelta
from typing import Any

import asyncpg
import httpx
import msgspec
import pytest

from tests.api.conftest import ADMIN, Table, bearer, register
from tests.api.play import create_competition, join_all
from tests.conftest import Database
from tests.projections.test_http import settled

Json = dict[str, Any]
WEEK_AGO = datetime.now(UTC) - timedelta(days=7)


def batida(seat: int, minute: int) -> Json:
    return {
        "outcome": "batida",
        "seat": seat,
        "kind": "simples",
        "played_at": (WEEK_AGO + timedelta(minutes=minute)).isoformat(),
    }


def line(table: Table, key: str, winner: int = 0, **more: Any) -> Json:
    """A pontos game of seven batidas: six by `winner`'s team, the third by the other's."""
    seats = [winner, winner, 1 - winner, winner, winner, winner, winner]
    hands = [batida(seat, 5 * n) for n, seat in enumerate(seats, 1)]
    return {
        "key": key,
        "rules": {"preset": "pontos"},
        "seats": [p.id for p in table.players],
        "hands": hands,
        "place": "Bar do Zé",
    } | more


async def imported(client: httpx.AsyncClient, headers: dict[str, str], *lines: Json) -> list[Json]:
    body = b"\n".join(msgspec.json.encode(each) for each in lines)
    response = await client.post("/v1/imports/games", content=body, headers=headers)
    assert response.status_code == 200, response.text
    return list(response.json()["results"])


async def game(client: httpx.AsyncClient, match_id: str) -> Json:
    response = await client.get(f"/v1/matches/{match_id}", headers=ADMIN)
    assert response.status_code == 200, response.text
    return dict(response.json())


async def position(client: httpx.AsyncClient) -> int:
    """The last position of the whole log: unchanged, nothing was written anywhere."""
    return int((await client.get("/health")).json()["last_position"])


def importer(table: Table, who: str) -> tuple[dict[str, str], bool]:
    """Who imports, and whether the line confirms: an administrator's confirmation makes the
    game confirmed; a seated player's only confirms for their side (the game stays
    finished); or nobody confirms."""
    return {
        "confirmed by the import": (ADMIN, True),
        "confirmed by one side": (table.players[0].auth, True),
        "not confirmed": (ADMIN, False),
    }[who]


WHO = ["confirmed by the import", "confirmed by one side", "not confirmed"]


async def test_the_same_key_and_the_same_line_answer_the_same_game(
    client: httpx.AsyncClient, table: Table
) -> None:
    first = line(table, "sheet-1", confirm=True)
    (done,) = await imported(client, ADMIN, first)
    before = await position(client)
    again = await imported(client, ADMIN, first)
    reread = await imported(client, ADMIN, {"score": {"A": 6, "B": 1}, **first})  # read past

    assert "error" not in done, done
    assert again == reread == [{"line": 1, "id": done["id"]}]
    assert await position(client) == before, "nothing written again"
    assert (await game(client, done["id"]))["status"] == "confirmed"


@pytest.mark.parametrize("who", WHO)
async def test_the_same_key_with_another_line_is_a_conflict_and_the_earlier_game_stays(
    client: httpx.AsyncClient, table: Table, who: str
) -> None:
    headers, confirm = importer(table, who)
    (done,) = await imported(client, headers, line(table, "sheet-2", confirm=confirm))
    earlier = await game(client, done["id"])
    before = await position(client)

    corrected = line(table, "sheet-2", winner=1, confirm=confirm)  # the other team won
    (refused,) = await imported(client, headers, corrected)
    (fewer,) = await imported(client, headers, {**line(table, "sheet-2"), "hands": []})
    after = await game(client, done["id"])

    assert "error" not in done, done
    for answer in (refused, fewer):
        assert answer["error"]["status"] == 409, answer
        assert answer["error"]["code"] == "import-key-conflict"
        assert done["id"] in answer["error"]["detail"]
        assert '"replaces"' in answer["error"]["detail"]
        assert "id" not in answer
        assert "cancelled" not in answer
    assert await position(client) == before, "nothing written anywhere"
    assert after == earlier
    assert after["status"] == ("finished" if who != "confirmed by the import" else "confirmed")


async def test_a_correction_replaces_an_unconfirmed_game_once(
    client: httpx.AsyncClient, table: Table
) -> None:
    (wrong,) = await imported(client, ADMIN, line(table, "sheet-3"))
    correction = line(table, "sheet-3b", winner=1, replaces="sheet-3", confirm=True)
    (fixed,) = await imported(client, ADMIN, correction)
    before = await position(client)
    (again,) = await imported(client, ADMIN, correction)

    assert fixed == {"line": 1, "id": fixed["id"], "replaced": wrong["id"]}
    assert again == fixed
    assert await position(client) == before, "the same correction again writes nothing"
    assert (await game(client, wrong["id"]))["status"] == "cancelled"
    new = await game(client, fixed["id"])
    assert (new["status"], new["winner"]) == ("confirmed", "B")


async def test_a_correction_may_name_the_game_it_replaces_by_its_id(
    client: httpx.AsyncClient, table: Table
) -> None:
    (wrong,) = await imported(client, ADMIN, line(table, "sheet-4"))
    (fixed,) = await imported(
        client, ADMIN, line(table, "sheet-4b", winner=1, replaces=wrong["id"])
    )
    assert fixed["replaced"] == wrong["id"]
    assert (await game(client, wrong["id"]))["status"] == "cancelled"


@pytest.mark.parametrize("who", ["confirmed by the import", "confirmed by one side"])
async def test_a_correction_never_cancels_a_confirmed_game_and_writes_nothing(
    client: httpx.AsyncClient, table: Table, who: str
) -> None:
    headers, _ = importer(table, who)
    (done,) = await imported(client, headers, line(table, "sheet-5", confirm=True))
    if who == "confirmed by one side":  # the other side confirms it too
        confirmed = await client.post(
            f"/v1/matches/{done['id']}/confirmations", json={}, headers=table.players[1].auth
        )
        assert confirmed.status_code == 201, confirmed.text
    earlier = await game(client, done["id"])
    before = await position(client)

    (refused,) = await imported(
        client, headers, line(table, "sheet-5b", winner=1, replaces="sheet-5")
    )
    (by_id,) = await imported(client, headers, line(table, "sheet-5c", replaces=done["id"]))

    assert earlier["status"] == "confirmed"
    for answer in (refused, by_id):
        assert (answer["error"]["status"], answer["error"]["code"]) == (
            409,
            "replaced-game-confirmed",
        ), answer
        assert "id" not in answer
    assert await position(client) == before, "nothing written"
    assert await game(client, done["id"]) == earlier


async def test_a_correction_that_fails_leaves_the_game_it_would_replace_as_it_was(
    client: httpx.AsyncClient, table: Table
) -> None:
    (done,) = await imported(client, ADMIN, line(table, "sheet-6"))
    earlier = await game(client, done["id"])
    broken = line(table, "sheet-6b", replaces="sheet-6")
    broken["hands"][1] = {**broken["hands"][1], "seat": 9}

    (failed,) = await imported(client, ADMIN, broken)

    assert failed["cancelled"] is True, failed  # its own game, void
    assert failed["error"]["status"] in (400, 422)
    assert "replaced" not in failed
    assert await game(client, done["id"]) == earlier


@pytest.mark.parametrize(
    ("replaces", "status", "code"),
    [
        ("no-such-sheet", 404, "match-not-found"),
        ("00000000-0000-4000-8000-000000000000", 404, "match-not-found"),
        ("sheet-7", 400, "invalid-line"),  # itself
    ],
)
async def test_a_correction_of_nothing_known_is_refused_and_writes_nothing(
    client: httpx.AsyncClient, table: Table, replaces: str, status: int, code: str
) -> None:
    before = await position(client)
    (refused,) = await imported(client, ADMIN, line(table, "sheet-7", replaces=replaces))
    assert (refused["error"]["status"], refused["error"]["code"]) == (status, code), refused
    assert await position(client) == before


@pytest.mark.parametrize("confirm", [False, True])
async def test_a_correction_by_someone_who_may_not_cancel_the_game_writes_nothing(
    client: httpx.AsyncClient, table: Table, confirm: bool
) -> None:
    """The replaced game's cancellation is the service's own endpoint's: by its scorekeeper
    (here the administrator's import) or an organizer, not by a player of the game, nor by
    the organizer of a competition the replaced game is not in. Asked before anything is
    written: a correction confirmed before the refusal would count beside the game it was
    to replace, and a confirmed game is never cancelled."""
    (done,) = await imported(client, ADMIN, line(table, "sheet-8"))
    organizer = await register(client, "Org")
    competition = await create_competition(client, organizer)
    await join_all(client, competition, table.players)  # they consent to its organizer
    before = await position(client)
    for who, more in (
        (table.players[0].auth, {}),
        (organizer.auth, {"competition_id": competition}),
    ):
        correction = line(table, "sheet-8b", 1, replaces=done["id"], confirm=confirm) | more
        (refused,) = await imported(client, who, correction)
        assert (refused["error"]["status"], refused["error"]["code"]) == (403, "forbidden")
        assert "id" not in refused, refused
    assert await position(client) == before, "nothing written"
    assert (await game(client, done["id"]))["status"] == "finished"


async def test_a_confirmed_correction_cancels_the_game_it_replaces_before_it_is_final(
    client: httpx.AsyncClient, table: Table
) -> None:
    """Were the cancellation to fail, the correction would not be confirmed yet, and would
    be cancelled in its turn: never two games counting for one sheet."""
    (wrong,) = await imported(client, ADMIN, line(table, "sheet-9"))
    correction = line(table, "sheet-9b", winner=1, replaces="sheet-9", confirm=True)
    (fixed,) = await imported(client, ADMIN, correction)
    cancelled = await _position_of(client, wrong["id"], "match_cancelled")
    confirmed = await _position_of(client, fixed["id"], "match_confirmed")
    assert cancelled < confirmed


async def _position_of(client: httpx.AsyncClient, match_id: str, kind: str) -> int:
    response = await client.get(f"/v1/matches/{match_id}/events", headers=ADMIN)
    assert response.status_code == 200, response.text
    (event,) = [e for e in response.json()["events"] if e["type"] == kind]
    return int(event["position"])


async def test_a_line_imported_before_the_digest_was_kept_answers_its_game_and_conflicts(
    client: httpx.AsyncClient, table: Table
) -> None:
    """The writes an import made before: its creation fingerprinted by its own body."""
    old = line(table, "sheet-9", confirm=True)
    created = {
        "seats": old["seats"],
        "notes": "",
        "place": old["place"],
        "rules": {"preset": "pontos"},
    }
    match_id = await _post_as_before(client, "/v1/matches", created, "import:sheet-9:game")
    for n, hand in enumerate(old["hands"], 1):
        await _post_as_before(
            client, f"/v1/matches/{match_id}/results", hand, f"import:sheet-9:hand:{n}"
        )
    await _post_as_before(
        client, f"/v1/matches/{match_id}/confirmations", {}, "import:sheet-9:confirm"
    )
    before = await position(client)

    (same,) = await imported(client, ADMIN, old)
    (other,) = await imported(client, ADMIN, line(table, "sheet-9", winner=1, confirm=True))
    (more,) = await imported(client, ADMIN, {**old, "replaces": "sheet-x"})

    assert same == {"line": 1, "id": match_id}
    for answer in (other, more):
        assert answer["error"]["code"] == "import-key-conflict", answer
    assert await position(client) == before


async def _post_as_before(client: httpx.AsyncClient, path: str, body: Json, key: str) -> str:
    headers = {"Content-Type": "application/json", "Idempotency-Key": key} | bearer(
        ADMIN["Authorization"].removeprefix("Bearer ")
    )
    response = await client.post(path, content=msgspec.json.encode(body), headers=headers)
    assert response.status_code == 201, response.text
    return str(response.json()["id"])


async def test_a_line_without_key_or_id_keeps_a_key_no_guess_confirms(
    client: httpx.AsyncClient, table: Table, database: Database
) -> None:
    """Its key is a digest of the line under the service's key (L9): the key kept in the
    database is not the line's plain digest, which would confirm a guessed note or place."""
    bare = {k: v for k, v in line(table, "x", notes="Zequinha deve 50 reais").items() if k != "key"}
    text = msgspec.json.encode(bare)
    (first,) = await imported(client, ADMIN, bare)
    (again,) = await imported(client, ADMIN, bare)
    assert again == first == {"line": 1, "id": first["id"]}
    keys = await kept_keys(database)
    plain = hashlib.sha256(text).hexdigest()[:40]
    assert not [k for k in keys if plain in k]
    assert len([k for k in keys if ":import:" in k and k.endswith(":game")]) == 1


async def test_a_line_without_key_imported_under_its_plain_digest_still_answers_its_game(
    client: httpx.AsyncClient, table: Table
) -> None:
    """Imported before L9, its writes keep the plain digest as their key: imported again, it
    answers that game and writes nothing."""
    bare = {k: v for k, v in line(table, "x").items() if k != "key"}
    plain = hashlib.sha256(msgspec.json.encode(bare)).hexdigest()[:40]
    created = {
        "seats": bare["seats"],
        "notes": "",
        "place": bare["place"],
        "rules": {"preset": "pontos"},
    }
    match_id = await _post_as_before(client, "/v1/matches", created, f"import:{plain}:game")
    for n, hand in enumerate(bare["hands"], 1):
        await _post_as_before(
            client, f"/v1/matches/{match_id}/results", hand, f"import:{plain}:hand:{n}"
        )
    before = await position(client)
    (same,) = await imported(client, ADMIN, bare)
    assert same == {"line": 1, "id": match_id}
    assert await position(client) == before


async def kept_keys(database: Database) -> list[str]:
    connection = await asyncpg.connect(database.owner_dsn)
    try:
        return [row[0] for row in await connection.fetch("SELECT key FROM idempotency_keys")]
    finally:
        await connection.close()


async def test_a_correction_finds_the_line_it_replaces_by_an_accented_key(
    client: httpx.AsyncClient, table: Table
) -> None:
    """A key's bytes (UTF-8) go in a header the service reads as Latin-1: an earlier line's
    game is looked for under the key as it was read, so "súmula-12" is found again."""
    (done,) = await imported(client, ADMIN, line(table, "súmula-12"))
    correction = line(table, "súmula-12b", winner=1, replaces="súmula-12")
    (fixed,) = await imported(client, ADMIN, correction)
    assert fixed == {"line": 1, "id": fixed["id"], "replaced": done["id"]}
    before = await position(client)
    assert await imported(client, ADMIN, correction) == [fixed]
    assert await position(client) == before, "the same line again writes nothing"


@pytest.mark.parametrize(
    "keyed", [{"key": "ã" * 94}, {"id": "z" * 188}], ids=["accented key", "long id"]
)
async def test_a_line_whose_key_is_too_long_for_its_writes_is_refused_before_any(
    client: httpx.AsyncClient, table: Table, keyed: Json
) -> None:
    """Each write of a line is keyed `import:<key>:<step>`, at most 200 bytes: a key that
    fits the game's write but not its hands' would stop the line half way."""
    body = line(table, "unused") | keyed
    if "id" in keyed:
        del body["key"]
    before = await position(client)
    (refused,) = await imported(client, ADMIN, body)
    assert (refused["error"]["status"], refused["error"]["code"]) == (400, "invalid-line")
    assert "184" in refused["error"]["detail"], refused
    assert "id" not in refused
    assert await position(client) == before, "nothing written"
    (fits,) = await imported(client, ADMIN, line(table, "é" * 92))  # 184 bytes
    assert "error" not in fits, fits


async def test_a_cancelled_game_exported_and_imported_comes_back_cancelled(
    client: httpx.AsyncClient, table: Table
) -> None:
    (done,) = await imported(client, ADMIN, line(table, "sheet-void"))
    cancelled = await client.post(f"/v1/matches/{done['id']}/cancellation", json={}, headers=ADMIN)
    assert cancelled.status_code == 201, cancelled.text
    await settled(client)
    export = await client.get("/v1/exports/games", params={"status": "all"})
    (exported,) = [msgspec.json.decode(x) for x in export.content.splitlines() if x]
    assert exported["status"] == "cancelled"

    (again,) = await imported(client, ADMIN, exported)
    assert "error" not in again, again
    came_back = await game(client, again["id"])
    assert (came_back["status"], len(came_back["hands"])) == ("cancelled", 7)
    refused = await imported(client, ADMIN, exported | {"key": "v2", "confirm": True})
    assert refused[0]["error"]["code"] == "invalid-line"


async def test_a_correction_that_would_confirm_an_unfinished_game_leaves_the_replaced_one(
    client: httpx.AsyncClient, table: Table
) -> None:
    """Its confirmation would be refused after the replaced game is void: the line fails
    before, its own game cancelled, the replaced game as it was."""
    (done,) = await imported(client, ADMIN, line(table, "sheet-r1"))
    unfinished = line(table, "sheet-r1b", winner=1, replaces="sheet-r1", confirm=True)
    unfinished["hands"] = unfinished["hands"][:2]
    (refused,) = await imported(client, ADMIN, unfinished)
    assert (refused["error"]["code"], refused["cancelled"]) == ("correction-not-finished", True)
    assert "replaced" not in refused
    assert (await game(client, done["id"]))["status"] == "finished"


async def test_a_correction_of_a_game_already_cancelled_needs_no_right_to_cancel_it(
    client: httpx.AsyncClient, table: Table
) -> None:
    (done,) = await imported(client, ADMIN, line(table, "sheet-r2"))
    cancelled = await client.post(f"/v1/matches/{done['id']}/cancellation", json={}, headers=ADMIN)
    assert cancelled.status_code == 201, cancelled.text
    player = table.players[0]
    (fixed,) = await imported(client, player.auth, line(table, "sheet-r2b", replaces=done["id"]))
    assert fixed == {"line": 1, "id": fixed["id"], "replaced": done["id"]}


async def test_a_cancelled_line_imported_before_it_came_back_cancelled_answers_its_game(
    client: httpx.AsyncClient, table: Table
) -> None:
    """Before, a line exported cancelled was imported as the same line without that: the
    same file again answers the same game, as it was, and writes nothing."""
    exported = line(table, "sheet-r3") | {"status": "cancelled"}
    as_before = {k: v for k, v in exported.items() if k != "status"}
    (done,) = await imported(client, ADMIN, as_before)
    before = await position(client)
    (again,) = await imported(client, ADMIN, exported)
    assert again == done
    assert await position(client) == before


async def test_a_correction_its_importer_may_not_confirm_writes_nothing(
    client: httpx.AsyncClient, table: Table
) -> None:
    """A scorekeeper who does not sit at the table may cancel their game but not confirm
    one: asked before anything is written, or the replaced game would be void, then its
    correction refused and cancelled too."""
    keeper = await register(client, "Zeca")
    (done,) = await imported(client, keeper.auth, line(table, "sheet-g1"))
    before = await position(client)
    fixed = line(table, "sheet-g1b", winner=1, replaces="sheet-g1", confirm=True)
    (refused,) = await imported(client, keeper.auth, fixed)
    assert (refused["error"]["status"], refused["error"]["code"]) == (403, "forbidden")
    assert "id" not in refused
    assert await position(client) == before
    assert (await game(client, done["id"]))["status"] == "finished"
    (unconfirmed,) = await imported(client, keeper.auth, fixed | {"confirm": False})
    assert unconfirmed["replaced"] == done["id"]


@pytest.mark.parametrize(
    "second",
    [{"key": "a\u0000b"}, {"id": "a\u0000b"}, {"key": "correção", "replaces": "a\u0000"}],
    ids=["key", "id", "replaces"],
)
async def test_a_nul_in_a_lines_key_refuses_that_line_alone(
    client: httpx.AsyncClient, table: Table, second: dict[str, str]
) -> None:
    """A NUL in a later line's key, id or replaces reached PostgreSQL outside the line's own
    refusals: the whole import answered 400 while its first line's game was written, its id
    never told (the endpoint fuzzer found it, 2026-11-29)."""
    seats = [p.id for p in table.players]
    first = {
        "key": "linha-boa",
        "seats": seats,
        "rules": {"preset": "pontos"},
        "hands": [{"outcome": "batida", "seat": 0, "kind": "simples"}],
    }
    body = msgspec.json.encode(first) + b"\n" + msgspec.json.encode({"seats": seats, **second})

    response = await client.post("/v1/imports/games", content=body, headers=table.scorekeeper.auth)

    assert response.status_code == 200, response.text
    written, refused = response.json()["results"]
    assert written["id"]
    assert refused["error"]["code"] == "invalid-text"

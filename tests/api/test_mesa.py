"""The amistoso mesa (seed 000; G41-G47): consecutive games at one table, winners stay,
and a newcomer's arrival draw: the losers draw a tile each, posted or drawn by the service
from a pile it committed to, and the higher (or lower) partners the newcomer."""

from __future__ import annotations

import asyncio
import hashlib
import json
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest

import service.http.mesas.controller as mesas_controller
from tests.api.conftest import ADMIN, Player, Table, register, seat_a_table
from tests.api.play import Game, assert_problem
from tests.projections.test_http import settled

Json = dict[str, Any]


def tile_order(tile: str) -> tuple[int, bool, int]:
    """G42, written again: pips, then a double, then the higher end."""
    low, high = sorted(int(n) for n in tile.split("-"))
    return low + high, low == high, high


async def open_mesa(client: httpx.AsyncClient, organizer: Player, draw: str) -> str:
    body = {
        "name": "Mesa do Bar",
        "kind": "amistoso",
        "rules": {"preset": "pontos"},
        "mesa": {"draw": draw},
    }
    created = await client.post("/v1/competitions", json=body, headers=organizer.auth)
    assert created.status_code == 201, created.text
    assert created.json()["mesa"] == {"draw": draw}
    return str(created.json()["id"])


async def a_mesa(
    client: httpx.AsyncClient, newcomer: str, draw: str
) -> tuple[Table, Player, Player, str]:
    """A table of four, Dona Rosa who opens a mesa for it (drawing `draw`), and a player
    called `newcomer` who is not at it yet."""
    table = await seat_a_table(client)
    organizer, player = await register(client, "Dona Rosa"), await register(client, newcomer)
    return table, organizer, player, await open_mesa(client, organizer, draw)


async def play(
    client: httpx.AsyncClient,
    table: Table,
    organizer: Player,
    mesa: str,
    seats: list[Player],
    winner_seat: int,
    ended: datetime | None = None,
) -> Game:
    """A game of the mesa played to its end by results (each ended at `ended`, if given)."""
    body = {"competition_id": mesa, "seats": [p.id for p in seats]}
    created = await client.post("/v1/matches", json=body, headers=organizer.auth)
    assert created.status_code == 201, created.text
    game = Game(client, table, created.json()["id"], organizer)
    state = created.json()
    while state["status"] == "in_progress":
        result = {"outcome": "batida", "seat": winner_seat, "kind": "cruzada"}
        if ended is not None:
            result["played_at"] = ended.isoformat()
        state = await game.ok("results", result)
    await settled(client)
    return game


async def mesa_call(
    client: httpx.AsyncClient, mesa: str, what: str, body: Json, by: Player
) -> httpx.Response:
    return await client.post(f"/v1/competitions/{mesa}/{what}", json=body, headers=by.auth)


async def ok(client: httpx.AsyncClient, mesa: str, what: str, body: Json, by: Player) -> Json:
    response = await mesa_call(client, mesa, what, body, by)
    assert response.status_code == 201, response.text
    return dict(response.json())


async def next_of(client: httpx.AsyncClient, mesa: str) -> Json:
    response = await client.get(f"/v1/competitions/{mesa}/next")
    assert response.status_code == 200, response.text
    return dict(response.json())


async def test_an_arrival_draw_with_posted_tiles_seats_the_newcomer_with_the_higher(
    client: httpx.AsyncClient,
) -> None:
    table, organizer, novo, mesa = await a_mesa(client, "Novo", "higher")
    ze, ana, tiao, bia = table.players
    assert (await next_of(client, mesa))["status"] == "open"

    await play(client, table, organizer, mesa, [ze, ana, tiao, bia], winner_seat=0)
    same = await next_of(client, mesa)
    assert (same["status"], same["seats"]) == ("ready", [ze.id, ana.id, tiao.id, bia.id])

    arrived = await ok(client, mesa, "arrivals", {"player": novo.id}, by=novo)
    assert arrived["status"] == "drawing"
    assert arrived["waiting"] == [novo.id]
    assert arrived["draw_by"] == [ana.id, bia.id]  # the losers, seats 1 and 3
    assert arrived["commitment"] is not None

    first = await ok(client, mesa, "draws", {"player": ana.id, "tile": "3-2"}, by=ana)
    assert (first["draw_by"], first["draws"]) == (
        [bia.id],
        [{"player": ana.id, "tile": "2-3", "by": "posted"}],
    )
    # 1-4 and 2-3 both have 5 pips, neither is a double: the higher end, 4, is higher
    seated = await ok(client, mesa, "draws", {"player": bia.id, "tile": "1-4"}, by=bia)

    assert seated["status"] == "ready"
    assert seated["seats"] == [ze.id, novo.id, tiao.id, bia.id]  # Bia partners the newcomer
    assert seated["waiting"] == [ana.id]
    assert await next_of(client, mesa) == seated
    page = (await client.get(f"/competicoes/{mesa}")).text
    assert "Próxima partida na mesa" in page
    assert page.index("Novo") < page.index("Aguardando") < page.index(">Ana<")

    await play(client, table, organizer, mesa, [ze, novo, tiao, bia], winner_seat=1)
    after = await next_of(client, mesa)
    assert after["status"] == "drawing"
    assert after["draw_by"] == [ze.id, tiao.id]
    assert after["waiting"] == [ana.id]


async def test_an_arrival_draw_by_the_server_is_committed_before_and_revealed_after(
    client: httpx.AsyncClient,
) -> None:
    table, organizer, novo, mesa = await a_mesa(client, "Novo", "lower")
    ze, ana, tiao, bia = table.players
    await play(client, table, organizer, mesa, [ze, ana, tiao, bia], winner_seat=1)
    arrived = await ok(client, mesa, "arrivals", {"player": novo.id}, by=organizer)
    committed = arrived["commitment"]
    assert arrived["draw_by"] == [ze.id, tiao.id]

    first = await ok(client, mesa, "draws", {"player": ze.id}, by=organizer)
    mixed = await mesa_call(client, mesa, "draws", {"player": tiao.id, "tile": "6-6"}, by=tiao)
    assert_problem(mixed, 422, "draw-mixed")
    seated = await ok(client, mesa, "draws", {"player": tiao.id}, by=tiao)

    drawn = {d["player"]: d["tile"] for d in seated["draws"]}
    assert drawn[ze.id] == first["draws"][0]["tile"]
    assert {d["by"] for d in seated["draws"]} == {"server"}
    lower = min(drawn, key=lambda p: tile_order(drawn[p]))
    waits = ze.id if lower == tiao.id else tiao.id
    expected = [novo.id if p == waits else p for p in (ze.id, ana.id, tiao.id, bia.id)]
    assert seated["seats"] == expected
    assert seated["waiting"] == [waits]

    feed = (await client.get("/v1/events", params={"limit": 1000})).json()["events"]
    shuffled = [e for e in feed if e["type"] == "mesa_pile_shuffled"]
    revealed = [e for e in feed if e["type"] == "mesa_pile_revealed"]
    assert shuffled[0]["data"]["pile"] is None, "the pile stays out of the public history"
    assert shuffled[0]["data"]["commitment"] == committed
    pile = revealed[0]["data"]["pile"]
    salt = bytes.fromhex(revealed[0]["data"]["salt"])
    canonical = json.dumps(pile, separators=(",", ":")).encode()
    assert hashlib.sha256(salt + canonical).hexdigest() == committed
    assert sorted(pile) == sorted(f"{a}-{b}" for a in range(7) for b in range(a, 7))
    assert [drawn[ze.id], drawn[tiao.id]] == pile[:2]
    # someone still waits: a new pile is committed for the next draw
    assert len(shuffled) == 2
    assert seated["commitment"] == shuffled[1]["data"]["commitment"] != committed


async def test_bad_arrivals_and_draws_are_refused_and_change_nothing(
    client: httpx.AsyncClient,
) -> None:
    table = await seat_a_table(client)
    ze, ana, _, bia = table.players
    organizer, novo = await register(client, "Dona Rosa"), await register(client, "Novo")
    mesa = await open_mesa(client, organizer, "higher")
    body = {"competition_id": mesa, "seats": [p.id for p in table.players]}
    created = await client.post("/v1/matches", json=body, headers=organizer.auth)
    game = Game(client, table, created.json()["id"], organizer)
    await settled(client)

    playing = await mesa_call(client, mesa, "arrivals", {"player": ze.id}, by=ze)
    assert_problem(playing, 409, "already-seated")
    await ok(client, mesa, "arrivals", {"player": novo.id}, by=novo)
    early = await mesa_call(client, mesa, "draws", {"player": ana.id, "tile": "1-1"}, by=ana)
    assert_problem(early, 409, "no-draw-due")
    await game.win_by_results("pontos")
    await settled(client)
    before = await next_of(client, mesa)

    cases: list[tuple[str, Json, Player, int, str]] = [
        ("arrivals", {"player": novo.id}, novo, 409, "already-waiting"),
        ("arrivals", {"player": ana.id}, novo, 403, "forbidden"),
        ("arrivals", {}, novo, 400, "invalid-body"),
        (
            "arrivals",
            {"player": "00000000-0000-0000-0000-000000000009"},
            organizer,
            404,
            "player-not-found",
        ),
        ("draws", {"player": ze.id, "tile": "1-1"}, ze, 422, "not-a-loser"),
        ("draws", {"player": ana.id, "tile": "7-7"}, ana, 400, "invalid-body"),
        ("draws", {"player": ana.id, "tile": "1-1", "x": 1}, ana, 400, "invalid-body"),
        ("draws", {"player": ana.id, "tile": "1-1"}, bia, 403, "forbidden"),
        ("draws", {"player": ana.id, "tile": "1-1"}, table.outsider, 403, "forbidden"),
    ]
    for what, body_, who, status, code in cases:
        assert_problem(await mesa_call(client, mesa, what, body_, who), status, code)
    no_token = await client.post(f"/v1/competitions/{mesa}/arrivals", json={"player": novo.id})
    assert no_token.status_code == 401
    assert await next_of(client, mesa) == before

    await ok(client, mesa, "draws", {"player": ana.id, "tile": "1-1"}, by=ana)
    taken = await mesa_call(client, mesa, "draws", {"player": bia.id, "tile": "1-1"}, by=bia)
    assert_problem(taken, 422, "tile-taken")
    again = await mesa_call(client, mesa, "draws", {"player": ana.id, "tile": "2-2"}, by=ana)
    assert_problem(again, 409, "already-drawn")

    plain = await client.post(
        "/v1/competitions",
        json={"name": "Sem mesa", "kind": "amistoso", "rules": {"preset": "pontos"}},
        headers=organizer.auth,
    )
    assert_problem(
        await mesa_call(client, plain.json()["id"], "arrivals", {"player": novo.id}, novo),
        409,
        "not-a-mesa",
    )
    for rules in ({"preset": "sueca"},):
        bad = await client.post(
            "/v1/competitions",
            json={"name": "Mesa", "kind": "amistoso", "rules": rules, "mesa": {"draw": "higher"}},
            headers=ADMIN,
        )
        assert_problem(bad, 422, "invalid-format")
    worse = await client.post(
        "/v1/competitions",
        json={
            "name": "Mesa",
            "kind": "amistoso",
            "rules": {"preset": "pontos"},
            "mesa": {"draw": "middle"},
        },
        headers=ADMIN,
    )
    assert_problem(worse, 400, "invalid-body")


async def test_an_arrival_retried_with_its_key_is_recorded_once(client: httpx.AsyncClient) -> None:
    organizer, novo = await register(client, "Dona Rosa"), await register(client, "Novo")
    mesa = await open_mesa(client, organizer, "higher")
    headers = {**novo.auth, "Idempotency-Key": "chegada-1"}
    url = f"/v1/competitions/{mesa}/arrivals"

    first = await client.post(url, json={"player": novo.id}, headers=headers)
    again = await client.post(url, json={"player": novo.id}, headers=headers)
    other = await client.post(
        f"/v1/competitions/{mesa}/draws", json={"player": novo.id}, headers=headers
    )

    assert (first.status_code, again.status_code) == (201, 201)
    assert first.json() == again.json()
    assert again.json()["waiting"] == [novo.id]
    assert_problem(other, 422, "idempotency-key-reused")
    assert (await next_of(client, mesa))["waiting"] == [novo.id]


async def test_an_arrival_sent_twice_at_once_with_its_key_is_answered_as_the_first(
    client: httpx.AsyncClient,
) -> None:
    """A retry racing its first request: whichever order their reads and commits take, the
    retry gets the first answer, never 409 `already-waiting`, and one arrival is logged."""
    table = await seat_a_table(client)
    organizer = await register(client, "Dona Rosa")
    mesa = await open_mesa(client, organizer, "higher")
    await play(client, table, organizer, mesa, table.players, winner_seat=0)
    refused = []
    for trial in range(60):
        newcomer = await register(client, f"Novo {trial}")
        headers = newcomer.auth | {"Idempotency-Key": f"arrival-{trial}"}
        body = {"player": newcomer.id}

        async def sent(after: int, headers: dict[str, str] = headers, body: Json = body) -> Any:
            for _ in range(after):  # the retry's reads fall before, between, after the first's
                await asyncio.sleep(0)
            return await client.post(
                f"/v1/competitions/{mesa}/arrivals", json=body, headers=headers
            )

        url = f"/v1/competitions/{mesa}/arrivals"
        both = await asyncio.gather(client.post(url, json=body, headers=headers), sent(trial % 5))
        refused += [(trial, r.status_code, r.text) for r in both if r.status_code != 201]
        waiting = (await client.get(f"/v1/competitions/{mesa}/next")).json()["waiting"]
        assert waiting.count(newcomer.id) == 1
    assert refused == []


async def test_a_mesas_games_are_dominoes_at_a_table_of_four(client: httpx.AsyncClient) -> None:
    """G41: a game of the mesa asking rules of its own (a Buraco of two, a Copas of four) was
    accepted; over, the mesa read its losers at seats 1 and 3, and its arrivals, draws and
    page answered 500 (a review found it, 2026-11-29)."""
    table = await seat_a_table(client)
    ze, ana, tiao, bia = table.players
    organizer = await register(client, "Dona Rosa")
    mesa = await open_mesa(client, organizer, "higher")
    four = [p.id for p in (ze, ana, tiao, bia)]
    for seats, rules, code in (
        (four[:2], {"preset": "buraco"}, "invalid-format"),
        (four, {"preset": "copas"}, "invalid-format"),
        (four[:2], {"preset": "pontos"}, "invalid-seats"),
    ):
        body = {"competition_id": mesa, "seats": seats, "rules": rules}
        refused = await client.post("/v1/matches", json=body, headers=organizer.auth)
        assert_problem(refused, 422, code)
    body = {"competition_id": mesa, "seats": four, "rules": {"preset": "cinquenta"}}
    assert (await client.post("/v1/matches", json=body, headers=organizer.auth)).status_code == 201
    await settled(client)
    assert (await next_of(client, mesa))["status"] == "playing"


async def test_a_player_seated_by_the_players_leaves_the_queue_for_good(
    client: httpx.AsyncClient,
) -> None:
    """G43: a waiting player the players seat in a game (G41) leaves the queue. Novo sits in
    Ana's chair, goes home, and Ana sits again: the mesa had Novo back first in the queue,
    a draw due for him (a review found it, 2026-11-29)."""
    table, organizer, novo, mesa = await a_mesa(client, "Novo", "higher")
    ze, ana, tiao, bia = table.players
    await play(client, table, organizer, mesa, [ze, ana, tiao, bia], winner_seat=0)
    await ok(client, mesa, "arrivals", {"player": novo.id}, by=novo)
    await play(client, table, organizer, mesa, [ze, novo, tiao, bia], winner_seat=0)
    assert (await next_of(client, mesa))["waiting"] == []
    await play(client, table, organizer, mesa, [ze, ana, tiao, bia], winner_seat=0)

    after = await next_of(client, mesa)
    assert (after["status"], after["waiting"]) == ("ready", [])
    assert after["seats"] == [ze.id, ana.id, tiao.id, bia.id]
    back = await ok(client, mesa, "arrivals", {"player": novo.id}, by=novo)  # another evening
    assert back["waiting"] == [novo.id]


async def test_the_four_who_arrived_before_the_first_game_left_the_queue_when_it_seated_them(
    client: httpx.AsyncClient,
) -> None:
    """The four arrive at the open mesa and sit in its first game; Ana goes home and Carla
    sits (G47): the mesa said Ana waited, a draw owed for her, and refused her next arrival
    (`already-waiting`)."""
    table, organizer, carla, mesa = await a_mesa(client, "Carla", "higher")
    ze, ana, tiao, bia = table.players
    for player in (ze, ana, tiao, bia):
        await ok(client, mesa, "arrivals", {"player": player.id}, by=player)
    await play(client, table, organizer, mesa, [ze, ana, tiao, bia], winner_seat=0)
    assert (await next_of(client, mesa))["waiting"] == []
    await play(client, table, organizer, mesa, [ze, carla, tiao, bia], winner_seat=0)

    after = await next_of(client, mesa)
    assert (after["status"], after["waiting"], after["draw_by"]) == ("ready", [], [])
    again = await ok(client, mesa, "arrivals", {"player": ana.id}, by=ana)
    assert again["waiting"] == [ana.id]


async def test_a_player_seated_by_a_game_that_ended_after_their_arrival_left_the_queue(
    client: httpx.AsyncClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An arrival stamped a moment after the game that seats its player was created (the
    read models had not shown the game yet, or this instance's clock ran ahead): the game
    ended after it, so the player was at the table and left the queue (G43; created
    before the arrival, it kept them queued for good; a review found it, 2026-11-29)."""
    table, organizer, novo, mesa = await a_mesa(client, "Novo", "higher")
    ze, ana, tiao, bia = table.players
    await play(client, table, organizer, mesa, [ze, ana, tiao, bia], winner_seat=0)
    ahead = datetime.now(UTC) + timedelta(seconds=2)
    monkeypatch.setattr(mesas_controller, "now", lambda: ahead)
    await ok(client, mesa, "arrivals", {"player": novo.id}, by=novo)
    monkeypatch.undo()

    later = ahead + timedelta(seconds=1)  # within the clock skew a score sheet is allowed
    await play(client, table, organizer, mesa, [ze, novo, tiao, bia], winner_seat=0, ended=later)
    await play(client, table, organizer, mesa, [ze, ana, tiao, bia], winner_seat=0)

    after = await next_of(client, mesa)
    assert (after["status"], after["waiting"], after["draw_by"]) == ("ready", [], [])


async def test_a_game_left_unfinished_long_ago_keeps_nobody_out_of_the_queue(
    client: httpx.AsyncClient,
) -> None:
    """Last week's game, started and left (neither finished nor cancelled), counted as
    seating its four whoever waited: Ana arrived and never waited, no draw owed for her
    (the review of the fixes found it, 2026-11-29)."""
    table, organizer, carla, mesa = await a_mesa(client, "Carla", "higher")
    ze, ana, tiao, bia = table.players
    body = {"competition_id": mesa, "seats": [p.id for p in (ze, ana, tiao, bia)]}
    left = await client.post("/v1/matches", json=body, headers=organizer.auth)
    assert left.status_code == 201, left.text
    await play(client, table, organizer, mesa, [ze, carla, tiao, bia], winner_seat=0)

    arrived = await ok(client, mesa, "arrivals", {"player": ana.id}, by=ana)

    assert arrived["waiting"] == [ana.id]
    after = await next_of(client, mesa)
    assert (after["status"], after["waiting"]) == ("drawing", [ana.id])

"""Every refusal reachable over HTTP is a problem+json with the right status and code, and
changes nothing: the game's version is the same afterwards."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest

from tests.api.conftest import ADMIN, Table, bearer, register
from tests.api.play import Json, assert_problem, create_game, prepared, sorted_deal

OPENED_ON_4_4 = "opened"  # pontos, sorted deal: seat 0 to play on 4|4, holds 0-4 and 0-0


@dataclass(frozen=True)
class Refusal:
    """A write on a game in a named state (see `prepared`) and the problem it must get."""

    name: str
    state: str
    path: str
    body: Json | bytes
    status: int
    code: str
    preset: str = "pontos"
    headers: dict[str, str] = field(default_factory=dict)
    auth: str = "scorekeeper"  # or "none", "unknown token", "outsider"


def too_big() -> bytes:
    return b'{"seat": 0, "pass": true, "note": "' + b"x" * (64 * 1024) + b'"}'


def deal_with(**changes: Any) -> Json:
    return sorted_deal("pontos") | changes


# fmt: off
REFUSALS = [
    # 400: the body or a header is malformed
    Refusal("malformed json", "dealt", "moves", b'{"seat": 3,', 400, "invalid-body"),
    Refusal("a json array body", "dealt", "moves", b"[1, 2]", 400, "invalid-body"),
    Refusal("a body in latin-1", "dealt", "penalties",
            b'{"seat": 0, "kind": "slow-play", "note": "n\xe3o"}', 400, "invalid-body"),
    Refusal("a key that is not utf-8", "dealt", "moves", b'{"seat": 3, "\xff": 1}', 400,
            "invalid-body"),
    Refusal("an unknown field", "dealt", "moves", {"seat": 3, "pass": True, "x": 1}, 400,
            "invalid-body"),
    Refusal("a seat that is not a number", "dealt", "moves", {"seat": [3], "tile": "4-4"}, 400,
            "invalid-body"),
    Refusal("seat 4 of four", "dealt", "moves", {"seat": 4, "tile": "4-4"}, 422, "invalid-seat"),
    Refusal("seat 8", "dealt", "moves", {"seat": 8, "tile": "4-4"}, 400, "invalid-body"),
    Refusal("a tile 7-7", "dealt", "moves", {"seat": 3, "tile": "7-7"}, 400, "invalid-body"),
    Refusal("an end that is no end", "opened", "moves", {"seat": 0, "tile": "0-4",
            "end": "middle"}, 400, "invalid-body"),
    Refusal("a tile and a pass", "dealt", "moves", {"seat": 3, "tile": "4-4", "pass": True},
            400, "invalid-body"),
    Refusal("neither a tile nor a pass", "dealt", "moves", {"seat": 3}, 400, "invalid-body"),
    Refusal("a server deal with hands", "new", "hands", deal_with(deal="server"), 400,
            "invalid-body"),
    Refusal("a deal without hands", "new", "hands", {"dorme": []}, 400, "invalid-body"),
    Refusal("an outcome that is none", "new", "results", {"outcome": "fecho"}, 400,
            "invalid-body"),
    Refusal("pips over 168 for a team", "new", "results",
            {"outcome": "bloqueio", "sums": {"A": 169, "B": 0}}, 400, "invalid-body"),
    Refusal("an unknown infraction", "dealt", "penalties", {"seat": 0, "kind": "cheating"},
            400, "invalid-body"),
    Refusal("a team C", "new", "abandon", {"team": "C"}, 400, "invalid-body"),
    Refusal("a negative expected version", "new", "undo", {"expected_version": -1}, 400,
            "invalid-body"),
    Refusal("an idempotency key of 201 characters", "dealt", "moves",
            {"seat": 3, "tile": "4-4"}, 400, "invalid-idempotency-key",
            headers={"Idempotency-Key": "k" * 201}),
    Refusal("an If-Match that is no version", "dealt", "moves", {"seat": 3, "tile": "4-4"},
            400, "invalid-if-match", headers={"If-Match": '"v2"'}),
    # 401: no valid token
    Refusal("no token", "dealt", "moves", {"seat": 3, "tile": "4-4"}, 401, "unauthorized",
            auth="none"),
    Refusal("an unknown token", "dealt", "moves", {"seat": 3, "tile": "4-4"}, 401,
            "invalid-token", auth="unknown token"),
    Refusal("a basic authorization", "dealt", "moves", {"seat": 3, "tile": "4-4"}, 401,
            "invalid-token", headers={"Authorization": "Basic YTpi"}),
    # 403: a valid token without the role
    Refusal("a player not at the table", "dealt", "moves", {"seat": 3, "tile": "4-4"}, 403,
            "forbidden", auth="outsider"),
    # 409: the game is not at the version or in the state the write needs
    Refusal("a stale expected_version", "dealt", "moves",
            {"seat": 3, "tile": "4-4", "expected_version": 1}, 409, "version-conflict"),
    Refusal("a stale If-Match", "dealt", "moves", {"seat": 3, "tile": "4-4"}, 409,
            "version-conflict", headers={"If-Match": '"1"'}),
    Refusal("a stale weak If-Match", "dealt", "moves", {"seat": 3, "tile": "4-4"}, 409,
            "version-conflict", headers={"If-Match": 'W/"7"'}),
    Refusal("a move before any deal", "new", "moves", {"seat": 0, "pass": True}, 409,
            "hand-not-started"),
    Refusal("a deal during a hand", "dealt", "hands", sorted_deal("pontos"), 409,
            "hand-in-progress"),
    Refusal("a server deal during a hand", "dealt", "hands", {"deal": "server"}, 409,
            "hand-in-progress"),
    Refusal("a result during a hand", "dealt", "results",
            {"outcome": "batida", "seat": 0, "kind": "simples"}, 409, "hand-in-progress"),
    Refusal("an annulment during a hand", "dealt", "annulments", {"hand": 1}, 409,
            "hand-in-progress"),
    Refusal("an undo with no move", "dealt", "undo", {}, 409, "nothing-to-undo"),
    Refusal("an undo before any hand", "new", "undo", {}, 409, "nothing-to-undo"),
    Refusal("an annulment with no hand", "new", "annulments", {"hand": 1}, 409,
            "nothing-to-annul"),
    Refusal("an annulment of a hand not the last", "one hand", "annulments", {"hand": 2}, 409,
            "not-last-hand"),
    Refusal("an irregular pass before any deal", "new", "penalties",
            {"seat": 0, "kind": "irregular-pass"}, 409, "hand-not-started"),
    Refusal("a confirmation in progress", "new", "confirmations", {}, 409,
            "match-not-finished", auth="admin"),
    Refusal("a move after the end", "finished", "moves", {"seat": 0, "pass": True}, 409,
            "match-finished"),
    Refusal("a result after the end", "finished", "results",
            {"outcome": "batida", "seat": 0, "kind": "simples"}, 409, "match-finished"),
    # 413
    Refusal("a body over 64 KiB", "dealt", "moves", too_big(), 413, "body-too-large"),
    # 422: the rules refuse it
    Refusal("a seat out of turn", "dealt", "moves", {"seat": 0, "tile": "0-0"}, 422,
            "not-your-turn"),
    Refusal("a tile the seat does not hold", "dealt", "moves", {"seat": 3, "tile": "6-6"}, 422,
            "tile-not-in-hand"),
    Refusal("a tile written backwards that is not held", "dealt", "moves",
            {"seat": 3, "tile": "6-5"}, 422, "tile-not-in-hand"),
    Refusal("another opening tile than the highest double", "dealt", "moves",
            {"seat": 3, "tile": "3-3"}, 422, "wrong-opening-tile"),
    Refusal("a tile that fits no end", OPENED_ON_4_4, "moves", {"seat": 0, "tile": "0-0"}, 422,
            "tile-does-not-fit"),
    Refusal("a tile on the end it does not fit", "0|4", "moves",
            {"seat": 1, "tile": "0-6", "end": "right"}, 422, "tile-does-not-fit"),
    Refusal("a tile fitting both ends without an end", OPENED_ON_4_4, "moves",
            {"seat": 0, "tile": "0-4"}, 422, "end-required"),
    Refusal("a pass holding a tile that fits", OPENED_ON_4_4, "moves", {"seat": 0, "pass": True},
            422, "must-play"),
    Refusal("a pass by the opener", "dealt", "moves", {"seat": 3, "pass": True}, 422,
            "must-play"),
    Refusal("an irregular pass by the opener", "dealt", "penalties",
            {"seat": 3, "kind": "irregular-pass"}, 422, "must-play"),
    Refusal("an irregular pass out of turn", OPENED_ON_4_4, "penalties",
            {"seat": 2, "kind": "irregular-pass"}, 422, "not-your-turn"),
    Refusal("five tiles a seat", "new", "hands",
            {"hands": [["0-0"] * 5] * 4, "dorme": []}, 422, "invalid-deal"),
    Refusal("a tile dealt twice", "new", "hands",
            deal_with(dorme=["0-0", "5-5", "5-6", "6-6"]), 422, "invalid-deal"),
    Refusal("a dorme of three", "new", "hands", deal_with(dorme=["4-6", "5-5", "5-6"]), 422,
            "invalid-deal"),
    Refusal("three hands", "new", "hands", {"hands": sorted_deal("pontos")["hands"][:3]}, 422,
            "invalid-deal"),
    Refusal("a cinquenta deal of six tiles a seat", "new", "hands", sorted_deal("pontos"), 422,
            "invalid-deal", preset="cinquenta"),
    Refusal("a batida without its kind", "new", "results", {"outcome": "batida", "seat": 0},
            422, "invalid-result"),
    Refusal("a batida without its seat", "new", "results",
            {"outcome": "batida", "kind": "simples"}, 422, "invalid-result"),
    Refusal("sums over the set's 168 pips", "new", "results",
            {"outcome": "bloqueio", "sums": {"A": 100, "B": 100}}, 422, "invalid-result"),
    Refusal("a block without sums", "new", "results", {"outcome": "bloqueio"}, 422,
            "sums-required"),
    Refusal("a cinquenta batida without sums", "new", "results",
            {"outcome": "batida", "seat": 0, "kind": "simples"}, 422, "sums-required",
            preset="cinquenta"),
    Refusal("a cinquenta block with equal sums and no blocker", "new", "results",
            {"outcome": "bloqueio", "sums": {"A": 9, "B": 9}}, 422, "blocker-required",
            preset="cinquenta"),
    Refusal("an abandonment naming no team", "new", "abandon", {}, 422, "invalid-team"),
    Refusal("an abandonment by a seat of the other team", "new", "abandon",
            {"team": "A", "seat": 1}, 422, "invalid-team"),
]
# fmt: on


def headers_for(refusal: Refusal, table: Table) -> dict[str, str]:
    auth = {
        "none": {},
        "unknown token": bearer("not-a-token-anyone-has"),
        "outsider": table.outsider.auth,
        "scorekeeper": table.scorekeeper.auth,
        "admin": ADMIN,
    }[refusal.auth]
    return auth | refusal.headers


@pytest.mark.parametrize("refusal", REFUSALS, ids=lambda r: r.name)
async def test_a_refused_write_answers_its_problem_and_changes_nothing(
    shared_client: httpx.AsyncClient, shared_table: Table, refusal: Refusal
) -> None:
    game = await prepared(shared_client, shared_table, refusal.state, refusal.preset)
    version = await game.version()
    headers = headers_for(refusal, shared_table)
    url = game.url(refusal.path)

    if isinstance(refusal.body, bytes):
        headers["Content-Type"] = "application/json"
        response = await shared_client.post(url, content=refusal.body, headers=headers)
    else:
        response = await shared_client.post(url, json=refusal.body, headers=headers)

    assert_problem(response, refusal.status, refusal.code)
    assert await game.version() == version


async def test_an_irregular_pass_by_a_seat_that_cannot_play_is_no_infraction(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await prepared(shared_client, shared_table, "stuck")
    state = await game.state()

    response = await game.post("penalties", {"seat": state["turn"], "kind": "irregular-pass"})

    assert_problem(response, 422, "not-an-infraction")
    assert await game.version() == state["version"]


async def test_a_seat_that_cannot_play_passes(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await prepared(shared_client, shared_table, "stuck")
    before = await game.state()

    after = await game.ok("moves", {"seat": before["turn"], "pass": True})

    assert after["turn"] == (before["turn"] + 1) % 4
    assert after["version"] == before["version"] + 1


@dataclass(frozen=True)
class Request:
    """A request outside a game's writes; `{match}`, `{player}`, `{unknown}` in the URL and
    `"{seats}"`, `"{player}"`, `"{partner}"`, `"{unknown}"` in the body are filled in."""

    name: str
    method: str
    url: str
    status: int
    code: str
    body: Any = None
    auth: dict[str, str] = field(default_factory=lambda: ADMIN)


# fmt: off
REQUESTS = [
    Request("an unknown game", "GET", "/v1/matches/{unknown}", 404, "match-not-found"),
    Request("a game id that is no uuid", "GET", "/v1/matches/12", 404, "match-not-found"),
    Request("the history of an unknown game", "GET", "/v1/matches/{unknown}/events", 404,
            "match-not-found"),
    Request("a move on an unknown game", "POST", "/v1/matches/{unknown}/moves", 404,
            "match-not-found", {"seat": 0, "pass": True}),
    Request("an unknown player", "GET", "/v1/players/{unknown}", 404, "player-not-found"),
    Request("an unknown competition", "GET", "/v1/competitions/{unknown}", 404,
            "competition-not-found"),
    Request("an unknown route", "GET", "/v1/nothing-here", 404, "not-found"),
    Request("a method the route has not", "PUT", "/v1/matches/{match}/moves", 405,
            "method-not-allowed", {"seat": 0, "pass": True}),
    Request("a state at version 0", "GET", "/v1/matches/{match}?at=0", 400, "invalid-parameters"),
    Request("a state at version x", "GET", "/v1/matches/{match}?at=x", 400, "invalid-parameters"),
    Request("a page of no events", "GET", "/v1/matches/{match}/events?limit=0", 400,
            "invalid-parameters"),
    Request("a page of 1001 events", "GET", "/v1/events?limit=1001", 400, "invalid-parameters"),
    Request("a feed after -1", "GET", "/v1/events?after=-1", 400, "invalid-parameters"),
    Request("a read with an unknown token", "GET", "/v1/matches/{match}", 401,
            "invalid-token", auth=bearer("nobody")),
    Request("a game with an unknown player", "POST", "/v1/matches", 404, "player-not-found",
            {"rules": {"preset": "pontos"}, "seats": ["{player}", "{player}", "{player}",
                                                     "{unknown}"]}),
    Request("a game in an unknown competition", "POST", "/v1/matches", 404,
            "competition-not-found", {"competition_id": "{unknown}", "seats": "{seats}"}),
    Request("a game of three seats", "POST", "/v1/matches", 422, "invalid-seats",
            {"rules": {"preset": "pontos"}, "seats": ["{player}"] * 3}),
    Request("a game of nine seats", "POST", "/v1/matches", 400, "invalid-body",
            {"rules": {"preset": "mau-mau"}, "seats": ["{player}"] * 9}),
    Request("a game of one player four times", "POST", "/v1/matches", 422, "invalid-seats",
            {"rules": {"preset": "pontos"}, "seats": ["{player}"] * 4}),
    Request("a game without rules or competition", "POST", "/v1/matches", 400,
            "invalid-body", {"seats": "{seats}"}),
    Request("a game of an unknown rule set", "POST", "/v1/matches", 400, "invalid-body",
            {"rules": {"preset": "domino"}, "seats": "{seats}"}),
    Request("a game with an unknown setting", "POST", "/v1/matches", 422, "invalid-rules",
            {"rules": {"preset": "pontos", "overrides": {"speed": 1}}, "seats": "{seats}"}),
    Request("a game with a bad setting", "POST", "/v1/matches", 422, "invalid-rules",
            {"rules": {"preset": "pontos", "overrides": {"tiles_per_seat": 9}},
             "seats": "{seats}"}),
    Request("a game with a fixed setting", "POST", "/v1/matches", 422, "invalid-rules",
            {"rules": {"preset": "pontos", "overrides": {"preset": "cinquenta"}},
             "seats": "{seats}"}),
    Request("a game by no one", "POST", "/v1/matches", 401, "unauthorized",
            {"rules": {"preset": "pontos"}, "seats": "{seats}"}, auth={}),
    Request("a player with a blank name", "POST", "/v1/players", 422, "invalid-command",
            {"name": "   "}),
    Request("a player without a name", "POST", "/v1/players", 400, "invalid-body", {}),
    Request("a competition without organizers", "POST", "/v1/competitions", 422,
            "invalid-command", {"name": "Copa", "kind": "amistoso",
                                "rules": {"preset": "pontos"}}),
    Request("a torneio of one team", "POST", "/v1/competitions", 422, "invalid-command",
            {"name": "Copa", "kind": "torneio", "rules": {"preset": "pontos"},
             "organizers": ["{player}"], "teams": [["{player}", "{partner}"]]}),
]
# fmt: on


def filled(value: Any, names: dict[str, Any]) -> Any:
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [filled(v, names) for v in value]
    if isinstance(value, dict):
        return {k: filled(v, names) for k, v in value.items()}
    return value


async def last_position(client: httpx.AsyncClient) -> int:
    """The global feed's last position (every stream: players, competitions, games)."""
    after = 0
    while True:
        page = (await client.get("/v1/events", params={"after": after, "limit": 1000})).json()
        if page["events"]:
            after = page["events"][-1]["position"]
        if page["next_after"] is None:
            return after


@pytest.mark.parametrize("request_", REQUESTS, ids=lambda r: r.name)
async def test_a_refused_request_answers_its_problem_and_records_nothing(
    shared_client: httpx.AsyncClient, shared_table: Table, request_: Request
) -> None:
    game = await create_game(shared_client, shared_table)
    unknown = str(uuid.uuid4())
    player = shared_table.players[0].id
    names = {
        "{seats}": [p.id for p in shared_table.players],
        "{player}": player,
        "{partner}": shared_table.players[2].id,
        "{unknown}": unknown,
    }
    url = request_.url.format(match=game.id, unknown=unknown, player=player)
    before = await last_position(shared_client)

    response = await shared_client.request(
        request_.method, url, headers=request_.auth, json=filled(request_.body, names)
    )

    assert_problem(response, request_.status, request_.code)
    assert await last_position(shared_client) == before


async def test_a_405_names_the_methods_allowed(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await create_game(shared_client, shared_table)

    response = await shared_client.delete(game.url(), headers=ADMIN)

    assert_problem(response, 405, "method-not-allowed")
    assert "GET" in response.headers["allow"]


async def test_a_torneio_game_must_use_its_rules_and_its_teams(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    organizer = await register(shared_client, "Juiz")
    p = [player.id for player in shared_table.players]
    body = {
        "name": "Torneio",
        "kind": "torneio",
        "rules": {"preset": "pontos"},
        "teams": [[p[0], p[2]], [p[1], p[3]]],
    }
    made = await shared_client.post("/v1/competitions", json=body, headers=organizer.auth)
    competition = made.json()["id"]
    before = await last_position(shared_client)

    other_rules = await shared_client.post(
        "/v1/matches",
        headers=organizer.auth,
        json={"competition_id": competition, "rules": {"preset": "cinquenta"}, "seats": p},
    )
    other_teams = await shared_client.post(
        "/v1/matches",
        headers=organizer.auth,
        json={"competition_id": competition, "seats": [p[0], p[2], p[1], p[3]]},
    )

    assert_problem(other_rules, 422, "invalid-rules")
    assert_problem(other_teams, 422, "invalid-seats")
    assert await last_position(shared_client) == before


@pytest.mark.parametrize(
    "path", ["/v1/competitions?offset=true&offset=0&limit=1", "/v1/matches?limit=1&limit=2"]
)
async def test_a_parameter_given_twice_is_refused(client: httpx.AsyncClient, path: str) -> None:
    """Found by schemathesis: `?offset=true&offset=0.0` was answered 200, one value guessed."""
    response = await client.get(path)

    assert response.status_code == 400, response.text
    assert response.json()["code"] == "invalid-parameters"
    assert "more than once" in response.json()["detail"]


async def test_a_game_names_its_first_seat_that_is_no_player(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    """The seats are checked in order (one query for them all): the first that is no
    registered player is named, an id that is no id included; a later one is not."""
    player = shared_table.players[0].id
    unknown, other = str(uuid.uuid4()), str(uuid.uuid4())
    for seats, named in (
        ([player, unknown, "not-an-id", other], unknown),
        ([player, "not-an-id", unknown, player], "not-an-id"),
        ([player, player, player, unknown.upper()], unknown),
    ):
        response = await shared_client.post(
            "/v1/matches",
            json={"rules": {"preset": "pontos"}, "seats": seats},
            headers=shared_table.scorekeeper.auth,
        )
        assert_problem(response, 404, "player-not-found")
        assert named in response.json()["detail"]

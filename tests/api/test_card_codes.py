"""C1 over HTTP: a card is written in capitals in every body of every card game. Each kind of
body that names a card (a deal, each kind of move, a result, an import line) is posted with
its cards in lower case, in a position where the same body in capitals is accepted: it is
refused 400 `invalid-body`, saying how a card is written and where, and changes nothing;
then the body in capitals is accepted."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import msgspec
import pytest

from domain.cards.cacheta.commands import GoOut
from domain.cards.cacheta.events import WentOut
from tests.api.conftest import ADMIN, Table
from tests.api.play import Game, assert_problem, create_game
from tests.api.test_buraco import body_of as buraco_body
from tests.api.test_cacheta import body_of as cacheta_body
from tests.api.test_hidden_stock import named
from tests.domain.cards.buraco_play import random_game as buraco_game
from tests.domain.cards.cacheta_play import random_game as cacheta_game
from tests.simulate import DECK_52, next_request

Json = dict[str, Any]
CARD = re.compile(r"^(([AJQK2-9]|10)[CDHS]|JK)$")
Request = tuple[str, Json]


def lowered(value: Any) -> Any:
    """`value` with every card code in it written in lower case."""
    if isinstance(value, str):
        return value.lower() if CARD.match(value) else value
    if isinstance(value, list):
        return [lowered(v) for v in value]
    if isinstance(value, dict):
        return {k: lowered(v) for k, v in value.items()}
    return value


def names_a_card(value: Any) -> bool:
    return bool(lowered(value) != value)


def kind_of(path: str, body: Json) -> str:
    """ "moves:give", "moves:discard+go_out": the write and its fields that name cards."""
    return f"{path}:" + "+".join(sorted(k for k, v in body.items() if names_a_card(v)))


def assert_lower_case_refused(response: httpx.Response) -> None:
    problem = assert_problem(response, 400, "invalid-body")
    assert "in capitals" in problem["detail"], problem
    assert "(at `" in problem["detail"], problem  # the field is named


# --- the requests of a game, each legal when it comes ------------------------------------


def played_by_the_simulator(truth: Json, variant: str) -> Request | None:
    """The next write of tests/simulate.py, bent where a kind of body needs it: the Hold'em
    board named street by street, a poker exchange of one card (named when no stock was
    posted), Mau Mau's draws naming their cards."""
    hand = truth["hand"]
    request = next_request(truth)
    if request is None:
        return None
    path, body = request
    game = truth["game"]
    if path == "hands" and variant == "named":
        body = {k: v for k, v in body.items() if k not in ("board", "stock")}
    if hand is None or path != "moves":
        return path, body
    every = [c for cards in hand["hands"] if cards for c in cards]
    unseen = [c for c in DECK_52 if c not in every and c not in hand.get("board", [])]
    if game == "texas-holdem" and hand["waiting_for"] == "board":
        return "moves", {"board": unseen[: 1 if hand["board"] else 3]}
    if game == "poker" and hand["waiting_for"] == "draw":
        seat = truth["turn"]
        thrown = {"seat": seat, "exchange": [hand["hands"][seat][0]]}
        low = 7 if len(truth["seats"]) <= 4 else 4  # P1: the short deck of the seats dealt in
        short = [c for c in unseen if not c[:-1].isdigit() or int(c[:-1]) >= low]
        return "moves", thrown | ({"received": short[:1]} if variant == "named" else {})
    if game == "mau-mau" and variant == "named":
        return "moves", named(hand, body)
    return path, body


def cacheta_requests(seed: int, known: bool) -> Iterator[Request]:
    """A round of the domain's random player, its batidas naming their groups."""
    _, events, commands = cacheta_game(seed, lives=10, rounds=2, known=known)
    groups = iter([e.groups for e in events if isinstance(e, WentOut)])
    for command in commands:
        if isinstance(command, GoOut):
            found = [list(g) for g in next(groups)]
            command = msgspec.structs.replace(command, groups=found)
        yield cacheta_body(command)


def buraco_requests(preset: str, known: bool) -> Iterator[Request]:
    _, _, commands = buraco_game(11, 4, target=5000, hands=1, preset=preset, known=known)
    return (buraco_body(c) for c in commands)


KINDS: dict[str, dict[str, list[str]]] = {
    "sueca": {"known": ["hands:hands+trump_card", "moves:card"]},
    "truco": {"known": ["hands:hands+vira", "moves:card"]},
    "espadas": {"known": ["hands:hands", "moves:card"]},
    "copas": {"known": ["hands:hands", "moves:give", "moves:card"]},
    "mau-mau": {
        "known": ["hands:hands+starter+stock", "moves:card"],
        "named": ["hands:hands+starter", "moves:cards"],
    },
    "buraco": {
        "known": ["hands:hands+mortos+stock", "moves:meld", "moves:add", "moves:discard"],
        "named": ["hands:hands+mortos", "moves:cards"],
    },
    "mega-buraco": {
        "known": ["hands:hands+mortos+starter+stock", "moves:meld", "moves:add", "moves:discard"],
        "named": ["hands:hands+mortos+starter", "moves:cards"],
    },
    "tranca": {
        "known": ["hands:hands+mortos+stock", "moves:red_three", "moves:meld", "moves:add"],
        "named": ["hands:hands+mortos", "moves:cards+red_three", "moves:discard"],
    },
    "cacheta": {
        "known": ["hands:hands+stock+vira", "moves:discard", "moves:discard+go_out"],
        "named": ["hands:hands+vira", "moves:cards"],
    },
    "texas-holdem": {"known": ["hands:board+hands"], "named": ["hands:hands", "moves:board"]},
    "poker": {
        "known": ["hands:hands+stock", "moves:exchange"],
        "named": ["hands:hands", "moves:exchange+received"],
    },
}
CASES = [
    pytest.param(preset, variant, kind, id=f"{preset}-{variant}-{kind}")
    for preset, variants in KINDS.items()
    for variant, kinds in variants.items()
    for kind in kinds
]


async def _new_game(client: httpx.AsyncClient, table: Table, preset: str) -> Game:
    rules = {"target": 5000} if preset in ("buraco", "mega-buraco", "tranca") else {}
    return await create_game(client, table, preset, rules=rules)


@pytest.mark.parametrize(("preset", "variant", "kind"), CASES)
async def test_c1_a_card_in_lower_case_is_refused_in_every_kind_of_body_of_every_card_game(
    shared_client: httpx.AsyncClient, shared_table: Table, preset: str, variant: str, kind: str
) -> None:
    game = await _new_game(shared_client, shared_table, preset)
    known = variant == "known"
    scripted: Iterator[Request] | None = None
    if preset == "cacheta":
        scripted = cacheta_requests(1, known)
    elif preset in ("buraco", "mega-buraco", "tranca"):
        scripted = buraco_requests(preset, known)
    for _ in range(600):
        if scripted is not None:
            request = next(scripted, None)
        else:
            request = played_by_the_simulator(await game.truth(), variant)
        assert request is not None, f"the game ended before a body of kind {kind}"
        path, body = request
        if kind_of(path, body) == kind:
            version = await game.version()
            refused = await game.post(path, lowered(body))
            assert_lower_case_refused(refused)
            assert (await game.version()) == version, "a refusal changes nothing"
            await game.ok(path, body)
            return
        await game.ok(path, body)
    raise AssertionError(f"no body of kind {kind} came")


async def test_c1_a_result_and_an_import_line_naming_cards_in_lower_case_are_refused(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    """Mau Mau's result names the cards each seat held (the only result that names cards)."""
    game = await _new_game(shared_client, shared_table, "mau-mau")
    result = {"winner": 0, "cards_left": [[], ["JH", "3C"], ["4D"], ["KS", "10S"]]}
    refused = await game.post("results", lowered(result))
    unchanged = await game.version()
    accepted = await game.ok("results", result)

    week_ago = datetime.now(UTC) - timedelta(days=7)
    line = {
        "rules": {"preset": "mau-mau"},
        "seats": [p.id for p in shared_table.players],
        "hands": [result | {"played_at": week_ago.isoformat()}],
    }
    lower_line = line | {"key": "codes-lower", "hands": lowered(line["hands"])}
    lines = [lower_line, line | {"key": "codes"}]
    body = b"\n".join(msgspec.json.encode(each) for each in lines)
    answer = await shared_client.post("/v1/imports/games", content=body, headers=ADMIN)

    assert_lower_case_refused(refused)
    assert unchanged == 1, "only the game's creation"
    assert accepted["hands"][0]["scores"]["3"] == 20  # a king and a 10 (M3)
    assert answer.status_code == 200, answer.text
    lower, upper = answer.json()["results"]
    assert (lower["error"]["status"], lower["error"]["code"]) == (400, "invalid-body")
    assert "in capitals" in lower["error"]["detail"]
    assert "error" not in upper, upper
    state = (await shared_client.get(f"/v1/matches/{upper['id']}", headers=ADMIN)).json()
    assert state["hands"][0]["scores"] == accepted["hands"][0]["scores"]


@pytest.mark.parametrize(
    ("preset", "body", "where"),
    [
        ("copas", {"seat": 0, "card": "7h"}, "card"),
        ("copas", {"seat": 0, "card": "11H"}, "card"),
        ("copas", {"seat": 0, "give": ["6s", "8D", "4D"]}, "give[0]"),
        ("cacheta", {"seat": 0, "go_out": [["7H", "7h", "7C"]]}, "go_out[0][1]"),
        ("tranca", {"seat": 0, "red_three": "3d"}, "red_three"),
        ("pontos", {"seat": 0, "tile": "7-1"}, "tile"),
    ],
)
async def test_c1_the_refusal_names_the_field_and_says_how_it_is_written(
    shared_client: httpx.AsyncClient, shared_table: Table, preset: str, body: Json, where: str
) -> None:
    """Each field is tried in the game whose move has it (another game refuses it as unknown)."""
    game = await _new_game(shared_client, shared_table, preset)
    problem = assert_problem(await game.post("moves", body), 400, "invalid-body")
    expected = {"red_three": "red three", "tile": "a tile is written"}.get(where, "in capitals")
    assert expected in problem["detail"]
    assert problem["detail"].endswith(f"(at `{where}`)")

"""Who may write what: every write by every role, against the table below.

Roles: anonymous (no token); outsider (a player not at the table); other seat and own
seat (players at the table: own seat is the seat the write is about: the seat in turn for
a move, team A's seat 0 otherwise); the game's scorekeeper (its creator, not seated); an
organizer of the game's competition (not its creator); the administrator. A move for a
seat is taken from its player or from whoever posted the deal (here the scorekeeper): an
organizer or the administrator who did not post it does not see the hand, and may not play
it (design.md, "Secrets in the history").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from tests.api.conftest import ADMINISTRATOR, Player, Table, register
from tests.api.play import Game, Json, assert_problem, create_competition, prepared, writes

ROLES = ("anonymous", "outsider", "other seat", "own seat", "scorekeeper", "organizer", "admin")

# fmt: off
MATRIX: dict[str, tuple[int, ...]] = {
    #                        anon outsider other own  keeper organizer admin
    "create match":          (401, 201,    201,  201, 201,   201,      201),
    "create in competition": (401, 403,    201,  201, 403,   201,      201),
    "deal posted":           (401, 403,    403,  403, 201,   201,      201),
    "deal server":           (401, 403,    201,  201, 201,   201,      201),
    "move":                  (401, 403,    403,  201, 201,   403,      403),
    "result":                (401, 403,    403,  403, 201,   201,      201),
    "penalty":               (401, 403,    403,  403, 201,   201,      201),
    "abandon":               (401, 403,    403,  201, 201,   201,      201),
    "undo":                  (401, 403,    403,  403, 201,   201,      201),
    "annul":                 (401, 403,    403,  403, 201,   201,      201),
    "confirm":               (401, 403,    201,  201, 403,   201,      201),
}
# fmt: on


@dataclass(frozen=True)
class Setting:
    state: str  # see `prepared`
    seat: int  # the seat the write is about


SETTINGS = {
    "deal posted": Setting("new", 0),
    "deal server": Setting("new", 0),
    "move": Setting("dealt", 3),  # seat 3 opens the sorted deal with 4-4
    "result": Setting("new", 0),
    "penalty": Setting("dealt", 0),
    "abandon": Setting("new", 0),  # for team A
    "undo": Setting("opened", 0),
    "annul": Setting("one hand", 0),
    "confirm": Setting("finished", 0),
}


@dataclass(frozen=True)
class Competition:
    id: str
    organizer: Player


@pytest.fixture(scope="module")
async def competition(shared_client: httpx.AsyncClient) -> Competition:
    organizer = await register(shared_client, "Dona Rosa")
    return Competition(await create_competition(shared_client, organizer), organizer)


def headers_of(role: str, seat: int, table: Table, competition: Competition) -> dict[str, str]:
    player = {
        "anonymous": None,
        "outsider": table.outsider,
        "other seat": table.players[(seat + 1) % 4],
        "own seat": table.players[seat],
        "scorekeeper": table.scorekeeper,
        "organizer": competition.organizer,
        "admin": ADMINISTRATOR,
    }[role]
    return player.auth if player else {}


CASES = [(write, role) for write in MATRIX for role in ROLES]


@pytest.mark.parametrize(("write", "role"), CASES, ids=[f"{w} by {r}" for w, r in CASES])
async def test_who_may_write_what(
    shared_client: httpx.AsyncClient,
    shared_table: Table,
    competition: Competition,
    write: str,
    role: str,
) -> None:
    expected = MATRIX[write][ROLES.index(role)]
    if write.startswith("create"):
        await check_creation(shared_client, shared_table, competition, write, role, expected)
        return
    setting = SETTINGS[write]
    # An organizer's game is in their competition, made by the administrator (so that the
    # organizer is not also its scorekeeper); everyone else's is the scorekeeper's own.
    extra: dict[str, Any] = {}
    if role == "organizer":
        extra = {"by": ADMINISTRATOR, "competition_id": competition.id}
    game = await prepared(shared_client, shared_table, setting.state, **extra)
    version = await game.version()
    path, body = writes(last_hand=1)[write]

    response = await shared_client.post(
        game.url(path), json=body, headers=headers_of(role, setting.seat, shared_table, competition)
    )

    assert_outcome(response, expected)
    assert await game.version() == (version if expected != 201 else response.json()["version"])
    assert expected != 201 or response.json()["version"] > version


async def check_creation(
    client: httpx.AsyncClient,
    table: Table,
    competition: Competition,
    write: str,
    role: str,
    expected: int,
) -> None:
    body: Json = {"rules": {"preset": "pontos"}, "seats": [p.id for p in table.players]}
    if write == "create in competition":
        body["competition_id"] = competition.id

    response = await client.post(
        "/v1/matches", json=body, headers=headers_of(role, 0, table, competition)
    )

    assert_outcome(response, expected)


def assert_outcome(response: httpx.Response, expected: int) -> None:
    if expected == 201:
        assert response.status_code == 201, response.text
    else:
        assert_problem(response, expected, {401: "unauthorized", 403: "forbidden"}[expected])


async def test_a_seated_scorekeeper_may_not_annul_in_a_competition(
    shared_client: httpx.AsyncClient, shared_table: Table, competition: Competition
) -> None:
    seat0 = shared_table.players[0]
    game = await prepared(
        shared_client, shared_table, "one hand", by=seat0, competition_id=competition.id
    )

    response = await game.post("annulments", {"hand": 1}, by=seat0)

    assert_problem(response, 403, "forbidden")
    assert await game.version() == 2


async def test_a_seated_scorekeeper_acts_for_every_seat(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    seat0 = shared_table.players[0]
    game: Game = await prepared(shared_client, shared_table, "dealt", by=seat0)

    state = await game.ok("moves", {"seat": 3, "tile": "4-4"}, by=seat0)

    assert state["hand"]["board"] == ["4-4"]
    assert [h is not None for h in state["hand"]["hands"]] == [True] * 4  # they posted it


async def test_a_player_may_not_abandon_for_the_other_team(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await prepared(shared_client, shared_table, "new")

    response = await game.post("abandon", {"seat": 1}, by=shared_table.players[0])

    assert_problem(response, 403, "forbidden")
    assert await game.version() == 1

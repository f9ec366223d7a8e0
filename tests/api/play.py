"""Driving games over HTTP: deals, positions, legal moves, whole hands and games.

The domain is the oracle for what is legal: a state read over HTTP by someone who sees the
hand in turn is turned back into a domain position and asked for `legal_plays`.
"""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypedDict

import asyncpg
import httpx
import pytest

from domain import ALL_TILES, Ends, Hand, Match, legal_plays
from tests.api.conftest import ADMIN, Player, Table
from tests.conftest import Database

PRESETS = ("pontos", "cinquenta", "federacao")
TILES_PER_SEAT = {"pontos": 6, "cinquenta": 7, "federacao": 7}
DOUBLES = {f"{n}-{n}" for n in range(7)}
Json = dict[str, Any]
Headers = TypedDict(
    "Headers",
    {"Idempotency-Key": str, "If-Match": str, "X-Request-Id": str, "X-Client-Time": str},
    total=False,
)
"""Request headers a test sets by name, for `Game.post(..., **Headers(...))`: mypy takes a
`**dict[str, str]` for a possible `by`, not a `**Headers`."""


def sorted_deal(preset: str) -> Json:
    """The tiles in order, dealt seat after seat: hands known to every test.

    pontos: seat 3 holds 4-4 (the highest double dealt) and opens with it; seat 0 then holds
    0-4, which fits both ends, and 0-0, which fits none. cinquenta and federacao: seat 3
    holds 6-6 and opens with it.
    """
    n = TILES_PER_SEAT[preset]
    tiles = list(ALL_TILES)
    return {"hands": [tiles[s * n : (s + 1) * n] for s in range(4)], "dorme": tiles[4 * n :]}


def void_deal() -> Json:
    """A 7-tile deal where seat 0 holds four doubles: federacao deals it again."""
    seat0 = ["0-0", "1-1", "2-2", "3-3", "0-1", "0-2", "0-3"]
    rest = [t for t in ALL_TILES if t not in seat0]
    return {"hands": [seat0, rest[0:7], rest[7:14], rest[14:21]], "dorme": []}


def writes(last_hand: int = 1) -> dict[str, tuple[str, Json]]:
    """Every write on a game: (path under the game, a body that is valid in some state)."""
    return {
        "deal posted": ("hands", sorted_deal("pontos")),
        "deal server": ("hands", {"deal": "server"}),
        "move": ("moves", {"seat": 3, "tile": "4-4"}),
        "result": ("results", {"outcome": "batida", "seat": 0, "kind": "simples"}),
        "penalty": ("penalties", {"seat": 0, "kind": "slow-play"}),
        "abandon": ("abandon", {"team": "A"}),
        "undo": ("undo", {}),
        "annul": ("annulments", {"hand": last_hand}),
        "confirm": ("confirmations", {}),
    }


def shuffled_deal(preset: str, rng: random.Random) -> Json:
    """A random deal for the rule set, never one that federacao would void."""
    n = TILES_PER_SEAT[preset]
    while True:
        tiles = list(ALL_TILES)
        rng.shuffle(tiles)
        hands = [tiles[s * n : (s + 1) * n] for s in range(4)]
        if preset != "federacao" or all(len(DOUBLES & set(h)) < 4 for h in hands):
            return {"hands": hands, "dorme": tiles[4 * n :]}


def position(state: Json) -> Match:
    """The domain position behind a match state read over HTTP (hidden hands stay empty)."""
    now = state["hand"]
    ends = now["open_ends"]
    hand = Hand(
        number=now["number"],
        opener=now["opener"],
        opening_tile=now["opening_tile"],
        started_at=datetime.fromisoformat(now["started_at"]),
        deal=(),
        dorme=(),
        hands=tuple(tuple(h or ()) for h in now["hands"]),
        tiles_left=tuple(now["tiles_left"]),
        board=tuple(now["board"]),
        ends=None if ends is None else Ends(ends["left"], ends["right"]),
    )
    return Match(status="in_progress", turn=state["turn"], hand=hand)


def next_move(state: Json, rng: random.Random) -> Json:
    """A random legal move for the seat in turn (its hand must be visible in `state`)."""
    seat = state["turn"]
    assert state["hand"]["hands"][seat] is not None, "the seat in turn's hand is hidden"
    plays = legal_plays(position(state))
    if not plays:
        return {"seat": seat, "pass": True}
    tile, end = rng.choice(plays)
    return {"seat": seat, "tile": tile} | ({"end": end} if end else {})


def filled(base: Any, other: Any) -> Any:
    """`base` with every null that `other` knows filled in from it (two views of one state)."""
    if base is None:
        return other
    if isinstance(base, dict) and isinstance(other, dict):
        return {k: filled(v, other.get(k)) for k, v in base.items()}
    if isinstance(base, list) and isinstance(other, list) and len(base) == len(other):
        return [filled(a, b) for a, b in zip(base, other, strict=True)]
    return base


def merged(views: list[Json]) -> Json:
    """One state from several views of it: each null filled from the first view that knows it."""
    result = views[0]
    for view in views[1:]:
        result = filled(result, view)
    return result


def played_tiles(state: Json) -> set[str]:
    return set(state["hand"]["board"]) if state["hand"] else set()


@dataclass
class Game:
    """One game over HTTP, with the table around it."""

    client: httpx.AsyncClient
    table: Table
    id: str
    keeper: Player | None = None  # who created it, its scorekeeper: the table's by default

    @property
    def scorekeeper(self) -> Player:
        return self.keeper or self.table.scorekeeper

    def url(self, what: str = "") -> str:
        return f"/v1/matches/{self.id}" + (f"/{what}" if what else "")

    async def post(
        self, what: str, body: Json, by: Player | None = None, **headers: str
    ) -> httpx.Response:
        auth = (by or self.scorekeeper).auth
        return await self.client.post(self.url(what), json=body, headers=auth | headers)

    async def ok(self, what: str, body: Json, by: Player | None = None, **headers: str) -> Json:
        response = await self.post(what, body, by, **headers)
        assert response.status_code == 201, response.text
        return dict(response.json())

    async def state(self, by: Player | None = None, **params: Any) -> Json:
        headers = by.auth if by else {}
        response = await self.client.get(self.url(), headers=headers, params=params)
        assert response.status_code == 200, response.text
        return dict(response.json())

    async def admin_state(self) -> Json:
        """The game as the administrator sees it: no hand they did not deal themselves."""
        response = await self.client.get(self.url(), headers=ADMIN)
        assert response.status_code == 200, response.text
        return dict(response.json())

    async def truth(self) -> Json:
        """The game as the whole table knows it: what its scorekeeper sees (every hand of a
        deal they posted), and each seat's hand from that seat's own player (a deal made by
        the server is seen by nobody else). A blind hand dealt by the server stays hidden."""
        return merged([await self.state(by=p) for p in self.knowing()])

    async def views(self, *others: Player) -> tuple[dict[Player, Json], Json]:
        """Each of the table's views (and `others'`), read once, and the truth they make."""
        views = {p: await self.state(by=p) for p in (*self.knowing(), *others)}
        return views, merged([views[p] for p in self.knowing()])

    def knowing(self) -> list[Player]:
        """Whose views together make the truth: the scorekeeper, then each seat's player."""
        return [self.scorekeeper, *self.table.players]

    async def version(self) -> int:
        return int((await self.state())["version"])

    async def events(self, by: Player | None = None, **params: Any) -> list[Json]:
        """The whole history (every page), as `by` (anonymous when None) may see it."""
        headers = by.auth if by else {}
        events: list[Json] = []
        after = params.pop("after", 0)
        while True:
            response = await self.client.get(
                self.url("events"), headers=headers, params={**params, "after": after}
            )
            assert response.status_code == 200, response.text
            page = response.json()
            events += page["events"]
            if page["next_after"] is None:
                return events
            after = page["next_after"]

    async def deal(self, preset: str, rng: random.Random) -> Json:
        """Post a random deal as the scorekeeper (who then sees every hand)."""
        return await self.ok("hands", shuffled_deal(preset, rng))

    async def play_hand(self, state: Json, rng: random.Random) -> Json:
        """Random legal moves by the scorekeeper, who posted the deal, until the hand ends."""
        while state["hand"] is not None:
            state = await self.ok("moves", next_move(state, rng))
        return state

    async def play_hand_by_the_players(self, state: Json, rng: random.Random) -> Json:
        """Each seat's player reads their own hand and posts their own move."""
        while state["hand"] is not None:
            player = self.table.players[state["turn"]]
            seen = await self.state(by=player)
            state = await self.ok("moves", next_move(seen, rng), by=player)
        return state

    async def until_a_pass(self) -> Json:
        """Play the first legal tile each turn until the seat in turn must pass."""
        state = await self.state(by=self.scorekeeper)
        while plays := legal_plays(position(state)):
            tile, end = plays[0]
            move = {"seat": state["turn"], "tile": tile} | ({"end": end} if end else {})
            state = await self.ok("moves", move)
            assert state["hand"] is not None, "the hand ended before anyone had to pass"
        return state

    async def play_to_the_end(self, preset: str, rng: random.Random) -> Json:
        """Deal (posted) and play hands until the game is finished."""
        state = await self.state()
        while state["status"] == "in_progress":
            state = await self.play_hand(await self.deal(preset, rng), rng)
        return state

    async def win_by_results(self, preset: str) -> Json:
        """Batidas by seat 0 (team A) until team A wins: the quickest way to a finished game."""
        body: Json = {"outcome": "batida", "seat": 0, "kind": "cruzada"}
        if preset != "pontos":
            body["sums"] = {"A": 0, "B": 30}  # pips count: team B is left holding 30
        state = await self.state()
        while state["status"] == "in_progress":
            state = await self.ok("results", body)
        return state


async def create_game(
    client: httpx.AsyncClient,
    table: Table,
    preset: str = "pontos",
    *,
    by: Player | None = None,
    **fields: Any,
) -> Game:
    """A game at `table`, created by its scorekeeper unless `by` says who."""
    rules = fields.pop("rules", {})
    body: Json = {"rules": {"preset": preset, **rules}, "seats": [p.id for p in table.players]}
    body |= fields
    response = await client.post("/v1/matches", json=body, headers=(by or table.scorekeeper).auth)
    assert response.status_code == 201, response.text
    return Game(client, table, response.json()["id"], by)


async def join_all(client: httpx.AsyncClient, competition: str, players: list[Player]) -> None:
    """Each player joins the competition (their own act): its organizers' confirmations
    then count for them."""
    for player in players:
        response = await client.post(f"/v1/competitions/{competition}/members", headers=player.auth)
        assert response.status_code in (200, 201), response.text


async def create_competition(
    client: httpx.AsyncClient, organizer: Player, preset: str = "pontos", **fields: Any
) -> str:
    body: Json = {"name": "Copa do Bar", "kind": "amistoso", "rules": {"preset": preset}}
    response = await client.post("/v1/competitions", json=body | fields, headers=organizer.auth)
    assert response.status_code == 201, response.text
    return str(response.json()["id"])


OPENING = {"pontos": {"seat": 3, "tile": "4-4"}, "cinquenta": {"seat": 3, "tile": "6-6"}}
OPENING["federacao"] = OPENING["cinquenta"]
STATES = ("new", "dealt", "opened", "0|4", "stuck", "one hand", "finished")


async def prepared(
    client: httpx.AsyncClient,
    table: Table,
    state: str,
    preset: str = "pontos",
    *,
    by: Player | None = None,
    **fields: Any,
) -> Game:
    """A new game (created `by` someone, with `fields`) brought to a named state by its
    scorekeeper.

    new: created, no hand. dealt: the sorted deal posted. opened: and its opening tile
    played. 0|4 (pontos): and seat 0's 0-4 on the left, seat 1 to play. stuck: played on
    until the seat in turn has nothing that fits. one hand: one hand recorded by its
    result. finished: won by team A.
    """
    assert state in STATES, state
    game = await create_game(client, table, preset, by=by, **fields)
    if state in ("dealt", "opened", "0|4", "stuck"):
        await game.ok("hands", sorted_deal(preset))
    if state in ("opened", "0|4"):
        await game.ok("moves", OPENING[preset])
    if state == "0|4":
        await game.ok("moves", {"seat": 0, "tile": "0-4", "end": "left"})
    if state == "stuck":
        await game.until_a_pass()
    if state == "one hand":
        sums = {"sums": {"A": 0, "B": 10}} if preset != "pontos" else {}
        await game.ok("results", {"outcome": "batida", "seat": 0, "kind": "simples"} | sums)
    if state == "finished":
        await game.win_by_results(preset)
    return game


def assert_problem(response: httpx.Response, status: int, code: str) -> Json:
    """An RFC 9457 problem with our stable code."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/problem+json"
    problem = dict(response.json())
    assert {"type", "title", "status", "code", "detail"} <= set(problem)
    assert (problem["status"], problem["code"]) == (status, code)
    assert all(isinstance(problem[k], str) and problem[k] for k in ("type", "title", "detail"))
    return problem


async def once_folded(client: httpx.AsyncClient, path: str, count: int, **query: Any) -> Json:
    """A list read from the projections, once its `total` shows at least `count`."""
    body: Json = {}
    for _ in range(200):
        body = dict((await client.get(path, params=query)).json())
        if body["total"] >= count:
            return body
        await asyncio.sleep(0.025)
    raise AssertionError(f"{path} never showed {count}: {body}")


def stack_server_deals(monkeypatch: pytest.MonkeyPatch, *deals: Json) -> None:
    """Make the server deal these deals, in order, instead of shuffling."""
    orders: list[list[str]] = [
        [piece for hand in deal["hands"] for piece in hand] + list(deal.get("dorme", []))
        for deal in deals
    ]

    class Stacked:
        def sample(self, deck: tuple[str, ...], k: int) -> list[str]:
            assert sorted(orders[0]) == sorted(deck)
            assert k == len(deck)
            return orders.pop(0)

    monkeypatch.setattr("service.http.matches.game_writes._random", Stacked())


async def log_position(database: Database, stream: str, kind: str) -> int:
    """Where the one event of this type in this stream sits in the log."""
    connection = await asyncpg.connect(database.owner_dsn)
    try:
        found = await connection.fetchval(
            "SELECT position FROM events WHERE stream_id = $1 AND event_type = $2", stream, kind
        )
    finally:
        await connection.close()
    assert found is not None, (stream, kind)
    return int(found)

"""The hidden-tile rule, as a property of random games over HTTP.

While a hand is in progress, no public read (a game's state or history, anonymous, now or
`?at=N`, and the global feed) holds one of its unplayed tiles; a seated player sees only
their own; whoever posted the deal sees all, and nobody else does (not the organizers nor
the administrator: design.md, "Secrets in the history"). Once a hand ends, its HandStarted
event is public in full.

The opening tile is the exception the rules make: the seat that must open is told which
tile it must lead with (`opening_tile`), and it is the first tile played.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.api.conftest import ADMINISTRATOR, Player, Table, register
from tests.api.play import (
    PRESETS,
    Game,
    Json,
    create_competition,
    create_game,
    next_move,
    shuffled_deal,
    sorted_deal,
    stack_server_deals,
)

TILE = re.compile(r"^[0-6]-[0-6]$")


def tiles_in(value: Any) -> set[str]:
    """Every tile written anywhere in a JSON value."""
    if isinstance(value, str):
        return {value} if TILE.match(value) else set()
    if isinstance(value, list):
        return set().union(*(tiles_in(v) for v in value))
    if isinstance(value, dict):
        return set().union(*(tiles_in(v) for v in value.values()))
    return set()


@dataclass(frozen=True)
class Organizers:
    competition: str
    organizer: Player


@pytest.fixture(scope="module")
async def organizers(shared_client: httpx.AsyncClient) -> Organizers:
    organizer = await register(shared_client, "Dona Rosa")
    return Organizers(await create_competition(shared_client, organizer), organizer)


@dataclass
class Watch:
    """A game in play and what the test knows about it: who posted the deal of the hand in
    progress (the truth is what the whole table sees, `Game.truth`)."""

    game: Game
    organizer: Player | None
    feed_start: int
    poster: Player | None = None
    checks: int = field(default=0)

    @property
    def client(self) -> httpx.AsyncClient:
        return self.game.client

    def viewers(self) -> list[Player]:
        table = self.game.table
        extra = [self.organizer] if self.organizer else []
        return [*table.players, table.scorekeeper, table.outsider, ADMINISTRATOR, *extra]

    def may_see(self, viewer: Player) -> set[int]:
        if viewer == self.poster:
            return {0, 1, 2, 3}
        return {s for s, p in enumerate(self.game.table.players) if p == viewer}


async def check(watch: Watch, rng: random.Random) -> Json:
    """Every read checked against the truth, which is returned for the next step: each
    viewer's state is read once, and the truth is the table's own views among them."""
    game = watch.game
    views, truth = await game.views(*watch.viewers())
    events = await game.events()
    await check_ended_hands_are_public(events)
    if truth["hand"] is None:
        return truth
    public = set(truth["hand"]["board"]) | {truth["hand"]["opening_tile"]} - {None}
    started = current_hand_started(events, truth)
    await check_anonymous_reads(watch, truth, events, started, public, rng)
    for viewer, state in views.items():
        await check_viewer(watch, truth, viewer, state, started)
    watch.checks += 1
    return truth


def current_hand_started(events: list[Json], truth: Json) -> int:
    """The version of the hand in progress's HandStarted."""
    number = truth["hand"]["number"]
    version: int = max(
        e["version"]
        for e in events
        if e["type"] == "hand_started" and e["data"]["number"] == number
    )
    return version


async def check_ended_hands_are_public(events: list[Json]) -> None:
    ended = {e["data"]["number"] for e in events if e["type"] == "hand_ended"}
    for event in events:
        if event["type"] == "hand_started" and event["data"]["number"] in ended:
            assert all(h is not None for h in event["data"]["hands"]), event
            assert event["data"]["dorme"] is not None, event


async def check_anonymous_reads(
    watch: Watch,
    truth: Json,
    events: list[Json],
    started: int,
    public: set[str],
    rng: random.Random,
) -> None:
    game, version = watch.game, truth["version"]
    now = await game.state()
    assert now["hand"]["hands"] == [None] * 4
    assert now["hand"]["dorme"] is None
    assert tiles_in(now) <= public
    assert tiles_in([e for e in events if e["version"] >= started]) <= public
    feed = await read_feed(watch)
    assert tiles_in([e for e in feed if e["version"] >= started]) <= public
    for at in {rng.randint(started, version), rng.randint(1, version)}:
        past = await game.state(at=at)
        page = (await watch.client.get(game.url("events"), params={"at": at})).json()
        if at >= started:
            assert tiles_in(past) <= public
            assert tiles_in([e for e in page["events"] if e["version"] >= started]) <= public
            assert tiles_in(page["state"]) <= public
        elif past["hand"] is not None:  # a hand in progress then, over now: all public
            assert all(h is not None for h in past["hand"]["hands"])


async def read_feed(watch: Watch) -> list[Json]:
    events: list[Json] = []
    after = watch.feed_start
    while True:
        response = await watch.client.get("/v1/events", params={"after": after, "limit": 200})
        page = response.json()
        events += [e for e in page["events"] if e["stream"] == f"match-{watch.game.id}"]
        if page["next_after"] is None:
            return events
        after = page["next_after"]


async def check_viewer(
    watch: Watch, truth: Json, viewer: Player, state: Json, started: int
) -> None:
    seen = watch.may_see(viewer)
    hands = truth["hand"]["hands"]
    expected = [hands[s] if s in seen else None for s in range(4)]
    assert state["hand"]["hands"] == expected, viewer
    assert (state["hand"]["dorme"] is not None) == (len(seen) == 4)
    history = await watch.game.events(by=viewer, after=started - 1)
    dealt = history[0]["data"]
    assert [h is not None for h in dealt["hands"]] == [s in seen for s in range(4)], viewer


async def step(watch: Watch, preset: str, rng: random.Random, truth: Json) -> Json:
    """One random thing a table does, from the game as the table knows it now: deal, play, or
    now and then end a hand otherwise (not before a hand in progress was checked once)."""
    game, table = watch.game, watch.game.table
    keeper = game.scorekeeper
    if truth["hand"] is None:
        if watch.checks and rng.random() < 0.15:
            sums = {"A": rng.randint(0, 40), "B": rng.randint(0, 40)}
            result = {"outcome": "bloqueio", "sums": sums, "seat": rng.randrange(4)}
            return await game.ok("results", result)
        if rng.random() < 0.5:
            watch.poster = rng.choice([keeper, *([watch.organizer] if watch.organizer else [])])
            return await game.ok("hands", shuffled_deal(preset, rng), by=watch.poster)
        watch.poster = None
        dealer = rng.choice([keeper, *table.players, ADMINISTRATOR])
        return await game.ok("hands", {"deal": "server"}, by=dealer)
    if rng.random() < 0.03:
        penalty = {"seat": rng.randrange(4), "kind": "tiles-shown"}
        return await game.ok("penalties", penalty, by=keeper)
    # Whoever posted the deal sees every hand and plays for every seat; after a server deal
    # each seat's own player moves (nobody else may move for a hand they cannot see).
    mover = watch.poster or table.players[truth["turn"]]
    return await game.ok("moves", next_move(truth, rng), by=mover)


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    preset=st.sampled_from(PRESETS),
    seed=st.integers(0, 2**32 - 1),
    in_competition=st.booleans(),
    steps=st.integers(1, 60),
)
async def test_no_public_read_shows_an_unplayed_tile_of_a_hand_in_progress(
    shared_client: httpx.AsyncClient,
    shared_table: Table,
    organizers: Organizers,
    preset: str,
    seed: int,
    in_competition: bool,
    steps: int,
) -> None:
    rng = random.Random(seed)
    feed = (await shared_client.get("/v1/events", params={"after": 0, "limit": 1})).json()
    start = await last_position(shared_client, feed)
    if in_competition:  # made by seat 0, a player may add a game to a competition
        seat0 = shared_table.players[0]
        game = await create_game(
            shared_client, shared_table, preset, by=seat0, competition_id=organizers.competition
        )
        watch = Watch(game, organizers.organizer, start)
    else:
        watch = Watch(await create_game(shared_client, shared_table, preset), None, start)

    taken = 0
    truth = await watch.game.truth()
    while taken < steps or not watch.checks:  # a voided deal leaves no hand to check
        state = await step(watch, preset, rng, truth)
        truth = await check(watch, rng)
        taken += 1
        if state["status"] != "in_progress":
            break

    assert watch.checks >= 1


async def last_position(client: httpx.AsyncClient, first: Json) -> int:
    after = 0
    page = first
    while page["events"]:
        after = page["events"][-1]["position"]
        page = (await client.get("/v1/events", params={"after": after, "limit": 1000})).json()
    return after


async def hand_starts(game: Game, by: Player | None = None) -> list[Json]:
    return [e["data"] for e in await game.events(by=by) if e["type"] == "hand_started"]


async def test_a_hand_dropped_by_an_abandonment_is_public(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await create_game(shared_client, shared_table, "pontos")
    await game.ok("hands", shuffled_deal("pontos", random.Random(1)))
    await game.ok("abandon", {"team": "B"})

    (started,) = await hand_starts(game)

    assert all(h is not None for h in started["hands"])
    assert started["dorme"] is not None


async def test_an_annulled_hand_is_public_and_the_hand_dealt_again_in_its_place_is_not(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await create_game(shared_client, shared_table, "pontos")
    rng = random.Random(2)
    ended = await game.play_hand(await game.deal("pontos", rng), rng)
    played = ended["version"]
    await game.ok("annulments", {"hand": 1})
    again = await game.ok("hands", {"deal": "server"})

    annulled, replacement = await hand_starts(game)

    assert again["hand"]["number"] == annulled["number"] == replacement["number"] == 1
    assert all(h is not None for h in annulled["hands"])
    assert replacement["hands"] == [None] * 4
    assert replacement["dorme"] is None
    assert all(h is not None for h in (await game.state(at=played - 1))["hand"]["hands"])
    assert (await game.state())["hand"]["hands"] == [None] * 4


async def test_a_seated_scorekeeper_cannot_read_another_seats_hand_from_refusals(
    shared_client: httpx.AsyncClient, shared_table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    seat0 = shared_table.players[0]
    game = await create_game(shared_client, shared_table, "cinquenta", by=seat0)
    dealt = sorted_deal("cinquenta")  # seat 3 holds 3-6 .. 6-6 and must open with 6-6
    stack_server_deals(monkeypatch, dealt)
    await game.ok("hands", {"deal": "server"}, by=seat0)

    held = await game.post("moves", {"seat": 3, "tile": "3-6"}, by=seat0)
    not_held = await game.post("moves", {"seat": 3, "tile": "1-2"}, by=seat0)

    # Refused before the rules are asked, so the answer cannot tell what seat 3 holds.
    assert held.status_code == not_held.status_code == 403
    assert held.json()["detail"] == not_held.json()["detail"]

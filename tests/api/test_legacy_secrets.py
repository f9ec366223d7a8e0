"""Events stored before secrets were kept apart (their `data` holds the hands, and their
hash covers them) still verify, read and replay; while such a hand is in progress, its
hands stay hidden and so do the hashes from its deal on (each would test a guess)."""

from __future__ import annotations

import random
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime

import asyncpg
import httpx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain import Event, Hand
from service.store.secrets import PUBLIC
from tests.api.conftest import ADMIN, serve
from tests.api.play import Json
from tests.api.test_commitments import VERIFY
from tests.conftest import Database
from tests.projections.random_games import RandomGame

PLAYERS = [str(uuid.UUID(int=n + 1)) for n in range(4)]
LEGACY_APPEND = "SELECT outcome FROM append_events($1, $2, $3, $4, $5, $6, $7, $8)"


async def append_legacy(
    connection: asyncpg.Connection, stream: str, version: int, events: list[Event]
) -> None:
    """As the release before 0011 wrote them: every field in `data`, through the
    eight-array `append_events`, which the upgrade keeps."""
    outcome = await connection.fetchval(
        LEGACY_APPEND,
        [stream],
        [version],
        [len(events)],
        [None],
        [None],
        [str(type(e).__struct_config__.tag) for e in events],
        [PUBLIC.encode(e).decode() for e in events],
        ['{"actor": "referee"}'] * len(events),
    )
    assert outcome == "appended"


def cut(chunks: Iterator[list[Event]], keep: int) -> list[list[Event]]:
    """The first `keep` chunks, pulling no more (each pull plays the game on)."""
    kept: list[list[Event]] = []
    while len(kept) < keep and (chunk := next(chunks, None)) is not None:
        kept.append(chunk)
    return kept


async def events_of(client: httpx.AsyncClient, match_id: str) -> list[Json]:
    page = await client.get(f"/v1/matches/{match_id}/events", params={"limit": 1000})
    assert page.status_code == 200, page.text
    return list(page.json()["events"])


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(seed=st.integers(0, 2**32 - 1), keep=st.integers(2, 80))
async def test_events_stored_before_commitments_still_verify_and_hide_their_hands(
    database: Database, seed: int, keep: int
) -> None:
    rng = random.Random(seed)
    match_id = str(uuid.uuid4())  # one database for every example
    game = RandomGame(rng, PLAYERS, datetime(2026, 11, 1, tzinfo=UTC))
    connection = await asyncpg.connect(database.owner_dsn)
    try:
        version = 0
        for chunk in cut(game.chunks(), keep):
            await append_legacy(connection, f"match-{match_id}", version, chunk)
            version += len(chunk)
    finally:
        await connection.close()

    async with serve(database) as client:
        verified = (await client.get(f"/v1/matches/{match_id}/verify")).json()
        events = await events_of(client, match_id)
        state = (await client.get(f"/v1/matches/{match_id}", headers=ADMIN)).json()

    assert verified["valid"] is True
    assert verified["version"] == version == len(events)
    assert state["version"] == version
    assert state["score"] == {"A": game.state.score["A"], "B": game.state.score["B"]}
    withheld = [e["version"] for e in events if e["hash"] is None]
    if game.state.hand is None:
        assert withheld == []
    else:
        dealt = max(e["version"] for e in events if e["type"] == "hand_started")
        assert withheld == list(range(dealt, version + 1))
        assert events[dealt - 1]["data"]["hands"] == [None] * 4
    assert VERIFY.check_chain(events) is None  # every link shown holds


async def test_a_game_begun_before_commitments_goes_on_with_them_and_verifies(
    database: Database,
) -> None:
    rng = random.Random(5)
    match_id = str(uuid.uuid4())
    game = RandomGame(rng, PLAYERS, datetime(2026, 11, 1, tzinfo=UTC), preset="pontos")
    chunks = game.chunks()
    connection = await asyncpg.connect(database.owner_dsn)
    version = 0
    try:
        while not isinstance(game.state.hand, Hand) or not game.state.hand.board:  # begun
            chunk = next(chunks)
            await append_legacy(connection, f"match-{match_id}", version, chunk)
            version += len(chunk)
    finally:
        await connection.close()
    url = f"/v1/matches/{match_id}"

    async with serve(database) as client:
        before = await events_of(client, match_id)
        penalty = {"seat": 0, "kind": "out-of-turn"}  # the hand is lost: 1 point (pontos)
        await client.post(f"{url}/penalties", json=penalty, headers=ADMIN)
        dealt = await client.post(f"{url}/hands", json={"deal": "server"}, headers=ADMIN)
        after = await events_of(client, match_id)
        ended = await client.post(f"{url}/penalties", json=penalty, headers=ADMIN)
        verified = (await client.get(f"{url}/verify")).json()

    assert before[-1]["hash"] is None  # the legacy hand in progress
    assert dealt.status_code == 201, dealt.text
    assert all(e["hash"] is not None for e in after)  # it ended: every link shown
    assert after[-1]["data"]["hands"] == [None] * 4  # the new hand: committed, hidden
    assert set(after[-1]["data"]["commitments"]) == {f"hands.{s}" for s in range(4)} | {"dorme"}
    assert VERIFY.check_chain(after) is None
    assert ended.status_code == 201, ended.text
    assert verified["valid"] is True
    assert verified["secrets_hidden"] == 0
    assert verified["secrets_matched"] == 5

"""Whole games over HTTP: every rule set played move by move, on posted and server deals."""

from __future__ import annotations

import random

import httpx
import msgspec
import pytest

from domain import DECODER, fold
from tests.api.conftest import Table
from tests.api.play import (
    PRESETS,
    Game,
    Json,
    create_game,
    sorted_deal,
    stack_server_deals,
    void_deal,
)

TARGET = {"pontos": 6, "cinquenta": 50, "federacao": 50}


def other(team: str) -> str:
    return "B" if team == "A" else "A"


def assert_finished(state: Json, preset: str) -> None:
    """Finished, won by the one team at the target, its score the sum of the hands won."""
    assert state["status"] == "finished"
    assert state["hand"] is None
    assert state["turn"] is None
    winner = state["winner"]
    assert state["score"][winner] >= TARGET[preset] > state["score"][other(winner)]
    for team in "AB":
        won = sum(h["points"] for h in state["hands"] if h["winner"] == team)
        assert state["score"][team] == won
    assert [h["number"] for h in state["hands"]] == list(range(1, len(state["hands"]) + 1))


async def assert_match_finished_event(game: Game, state: Json) -> Json:
    """The last event is MatchFinished and tells the same result as the state."""
    events = await game.events()
    finished = events[-1]
    assert finished["type"] == "match_finished"
    assert finished["version"] == state["version"] == len(events)
    facts = finished["data"]
    assert facts["winner"] == state["winner"]
    assert facts["score"] == state["score"]
    assert facts["hands_played"] == len(state["hands"])
    assert facts["buchuda"] == (state["score"][other(state["winner"])] == 0)
    assert facts["abandoned"] is False
    assert facts["at"] == state["finished_at"]
    assert facts["started_at"] == state["started_at"]
    return dict(facts)


async def assert_public_history_replays_to(game: Game, state: Json) -> None:
    """Anyone can audit a finished game: its public history folds to the same result."""
    events = await game.events()
    replayed = fold(DECODER.decode(msgspec.json.encode(e["data"])) for e in events)
    assert (replayed.status, replayed.winner) == (state["status"], state["winner"])
    assert state["score"] == {"A": replayed.score["A"], "B": replayed.score["B"]}
    assert [(h.number, h.outcome, h.kind, h.winner, h.points) for h in replayed.hands] == [
        (h["number"], h["outcome"], h["kind"], h["winner"], h["points"]) for h in state["hands"]
    ]


@pytest.mark.parametrize("preset", PRESETS)
async def test_a_game_on_posted_deals_played_move_by_move_ends_at_the_target(
    client: httpx.AsyncClient, table: Table, preset: str
) -> None:
    game = await create_game(client, table, preset)

    final = await game.play_to_the_end(preset, random.Random(preset))

    assert_finished(final, preset)
    assert all(h["recorded_as"] == "plays" for h in final["hands"])
    await assert_match_finished_event(game, final)
    await assert_public_history_replays_to(game, final)
    await game.ok("confirmations", {}, by=table.players[1])
    assert (await game.ok("confirmations", {}, by=table.players[2]))["status"] == "confirmed"


@pytest.mark.parametrize("preset", PRESETS)
async def test_a_server_dealt_game_is_played_by_its_players_each_seeing_only_their_own_hand(
    client: httpx.AsyncClient, table: Table, preset: str
) -> None:
    game = await create_game(client, table, preset)
    rng = random.Random(f"server {preset}")
    state = await game.state()

    while state["status"] == "in_progress":
        dealt = await game.ok("hands", {"deal": "server"})
        assert dealt["hand"]["hands"] == [None] * 4  # a server deal: its scorekeeper sees none
        for seat, player in enumerate(table.players):
            seen = (await game.state(by=player))["hand"]
            assert [h is not None for h in seen["hands"]] == [s == seat for s in range(4)]
            assert seen["dorme"] is None
        state = await game.play_hand_by_the_players(dealt, rng)

    assert_finished(state, preset)
    await assert_match_finished_event(game, state)
    await assert_public_history_replays_to(game, state)


async def test_a_finished_game_has_a_valid_hash_chain(
    client: httpx.AsyncClient, table: Table
) -> None:
    game = await create_game(client, table, "pontos")
    final = await game.play_to_the_end("pontos", random.Random(7))

    response = await client.get(game.url("verify"))

    verified = response.json()
    assert {k: v for k, v in verified.items() if k != "how"} == {
        "match_id": game.id,
        "version": final["version"],
        "valid": True,
        "first_bad_version": None,
        "secrets_matched": 5 * len(final["hands"]),  # four hands and the dorme, each hand
        "secrets_hidden": 0,
        "secrets_wrong": [],
        "texts_matched": 0,  # no place, no notes
        "texts_erased": [],
        "texts_wrong": [],
        "reanchored": [],
    }
    assert "scripts/verify_game.py" in verified["how"]


async def test_a_game_answers_its_version_as_etag(client: httpx.AsyncClient, table: Table) -> None:
    game = await create_game(client, table, "pontos")

    response = await client.get(game.url())

    assert response.headers["etag"] == f'"{response.json()["version"]}"' == '"1"'


async def test_a_void_server_deal_stays_on_record_and_is_dealt_again_at_once(
    client: httpx.AsyncClient, table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await create_game(client, table, "federacao")
    stack_server_deals(monkeypatch, void_deal(), sorted_deal("federacao"))

    state = await game.ok("hands", {"deal": "server"})

    assert state["hand"]["number"] == 1
    assert state["version"] == 3
    voided, started = (await game.events())[1:]
    assert (voided["type"], started["type"]) == ("deal_voided", "hand_started")
    assert voided["data"]["hands"] == void_deal()["hands"]  # a void deal is shown to all
    assert started["data"]["hands"] == [None] * 4

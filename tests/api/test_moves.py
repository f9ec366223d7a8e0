"""Moves, undo, penalties and preconditions over HTTP: what a successful write answers."""

from __future__ import annotations

import httpx
import pytest

from tests.api.conftest import Table
from tests.api.play import Headers, assert_problem, prepared, sorted_deal

OPENING = {"seat": 3, "tile": "4-4"}  # the sorted pontos deal: seat 3 opens with 4-4


async def test_a_move_answers_the_game_after_it(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await prepared(shared_client, shared_table, "opened")

    state = await game.ok("moves", {"seat": 0, "tile": "4-0", "end": "right"})

    assert state["version"] == 4
    assert state["turn"] == 1
    assert state["hand"]["board"] == ["4-4", "0-4"]  # written either way, kept as a-b
    assert state["hand"]["open_ends"] == {"left": 4, "right": 0}
    assert state["hand"]["tiles_left"] == [5, 6, 6, 5]


async def test_a_write_answers_its_version_as_etag(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await prepared(shared_client, shared_table, "dealt")

    response = await game.post("moves", OPENING)

    assert response.headers["etag"] == '"3"'


@pytest.mark.parametrize("if_match", ['"2"', "2", 'W/"2"', "*"])
async def test_a_write_with_an_if_match_that_holds_is_recorded(
    shared_client: httpx.AsyncClient, shared_table: Table, if_match: str
) -> None:
    game = await prepared(shared_client, shared_table, "dealt")

    state = await game.ok("moves", OPENING, **Headers({"If-Match": if_match}))

    assert state["version"] == 3


@pytest.mark.parametrize("if_match", ["\xb2", '"\xb9"', '"1.0"', '"-1"', '"2", "3"', ""])
async def test_an_if_match_that_is_no_version_is_refused(
    shared_client: httpx.AsyncClient, shared_table: Table, if_match: str
) -> None:
    game = await prepared(shared_client, shared_table, "dealt")
    raw = {
        k.encode("ascii"): v.encode("latin-1")
        for k, v in (game.scorekeeper.auth | {"If-Match": if_match}).items()
    }

    response = await shared_client.post(game.url("moves"), json=OPENING, headers=raw)

    assert_problem(response, 400, "invalid-if-match")
    assert await game.version() == 2


async def test_undo_takes_back_the_last_move(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await prepared(shared_client, shared_table, "0|4")

    state = await game.ok("undo", {})

    assert state["turn"] == 0
    assert state["hand"]["board"] == ["4-4"]
    assert "0-4" in state["hand"]["hands"][0]
    assert (await game.events())[-1]["data"]["tile"] == "0-4"


async def test_undo_of_the_opening_gives_the_turn_back_to_the_opener(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await prepared(shared_client, shared_table, "opened")

    state = await game.ok("undo", {})

    assert (state["turn"], state["hand"]["board"], state["hand"]["open_ends"]) == (3, [], None)


async def test_playing_out_of_turn_loses_the_hand_for_the_offenders_team(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await prepared(shared_client, shared_table, "opened")

    state = await game.ok("penalties", {"seat": 1, "kind": "out-of-turn", "note": "jogou antes"})

    assert state["hand"] is None
    assert state["hands"][0]["outcome"] == "penalty"
    assert (state["hands"][0]["winner"], state["hands"][0]["by_seat"]) == ("A", 1)
    assert state["score"] == {"A": 1, "B": 0}


async def test_a_warning_changes_nothing_but_the_record(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await prepared(shared_client, shared_table, "opened")
    before = await game.state()

    after = await game.ok("penalties", {"seat": 2, "kind": "slow-play"})

    assert after["version"] == before["version"] + 1
    assert (after["turn"], after["hand"]["board"]) == (before["turn"], before["hand"]["board"])
    assert (await game.events())[-1]["data"]["consequence"] == "warning"


@pytest.mark.parametrize(
    ("preset", "consequence"), [("pontos", "turn-lost"), ("federacao", "hand-lost")]
)
async def test_an_irregular_pass_costs_the_turn_or_the_hand_by_rule_set(
    shared_client: httpx.AsyncClient, shared_table: Table, preset: str, consequence: str
) -> None:
    game = await prepared(shared_client, shared_table, "opened", preset)  # seat 0 to play
    before = await game.state()

    state = await game.ok("penalties", {"seat": 0, "kind": "irregular-pass"})

    noted = [e for e in await game.events() if e["type"] == "penalty_recorded"]
    assert [e["data"]["consequence"] for e in noted] == [consequence]
    if consequence == "turn-lost":
        assert state["turn"] == 1
        assert state["hand"]["board"] == before["hand"]["board"]
    else:
        assert state["hand"] is None
        assert state["hands"][0]["winner"] == "B"
        # Scored by pips: team B takes the pips left in the offenders' hands (D8).
        assert state["hands"][0]["points"] == state["hands"][0]["sums"]["A"] > 1


async def test_a_seated_player_who_deals_by_server_sees_only_their_own_hand(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await prepared(shared_client, shared_table, "new", "cinquenta")

    state = await game.ok("hands", {"deal": "server"}, by=shared_table.players[2])

    assert [h is not None for h in state["hand"]["hands"]] == [False, False, True, False]
    assert len(state["hand"]["hands"][2]) == 7


async def test_the_scorekeeper_who_posts_a_deal_sees_every_hand_and_the_dorme(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await prepared(shared_client, shared_table, "new")

    state = await game.ok("hands", sorted_deal("pontos"))

    assert state["hand"]["hands"] == sorted_deal("pontos")["hands"]
    assert state["hand"]["dorme"] == sorted_deal("pontos")["dorme"]
    assert (state["turn"], state["hand"]["opening_tile"]) == (3, "4-4")

"""Five holes an outside probe found (issue 13), each closed and kept closed:

1. a player who organizes a game they sit at sees only their own hand, and their
   confirmation counts as their team's only;
2. a refusal of a penalty never tells what a hand holds;
3. nobody moves for a seat whose hand they cannot see (no probing by move and undo);
4. concurrent retries with one Idempotency-Key all answer the first answer, on one instance
   or two;
5. a revoked or unknown token is refused on every request, reads and lists too.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
import pytest

from service.settings import Settings
from tests.api.conftest import ADMIN, Player, Table, register, seat_a_table, serve
from tests.api.play import (
    Game,
    Headers,
    assert_problem,
    create_competition,
    create_game,
    sorted_deal,
    stack_server_deals,
)
from tests.conftest import Database


async def test_an_organizer_at_the_table_sees_only_their_own_hand(
    shared_client: httpx.AsyncClient, shared_table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    seat0 = shared_table.players[0]
    competition = await create_competition(shared_client, seat0)
    game = await create_game(shared_client, shared_table, by=seat0, competition_id=competition)
    stack_server_deals(monkeypatch, sorted_deal("pontos"))
    await game.ok("hands", {"deal": "server"}, by=seat0)

    seen = (await game.state(by=seat0))["hand"]

    assert [h is not None for h in seen["hands"]] == [True, False, False, False]
    assert seen["dorme"] is None
    history = await game.events(by=seat0)
    dealt = next(e for e in history if e["type"] == "hand_started")
    assert [h is not None for h in dealt["data"]["hands"]] == [True, False, False, False]


async def test_an_organizer_at_the_table_confirms_for_their_team_only(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    seat0, seat1 = shared_table.players[0], shared_table.players[1]
    competition = await create_competition(shared_client, seat0)
    game = await create_game(shared_client, shared_table, by=seat0, competition_id=competition)
    await game.win_by_results("pontos")

    alone = await game.ok("confirmations", {}, by=seat0)

    assert alone["status"] == "finished"
    assert [c["by"] for c in alone["confirmations"]] == ["A"]
    both = await game.ok("confirmations", {}, by=seat1)
    assert both["status"] == "confirmed"


@pytest.fixture
async def server_dealt(
    shared_client: httpx.AsyncClient, shared_table: Table, monkeypatch: pytest.MonkeyPatch
) -> Game:
    """A pontos game dealt by the server (sorted deal): its scorekeeper sees no hand. Seat 3
    opened with 4-4; seat 0 holds 0-4, which fits, and seat 1 holds nothing that does."""
    game = await create_game(shared_client, shared_table)
    stack_server_deals(monkeypatch, sorted_deal("pontos"))
    await game.ok("hands", {"deal": "server"})
    await game.ok("moves", {"seat": 3, "tile": "4-4"}, by=shared_table.players[3])
    return game


async def test_a_penalty_refused_or_not_tells_nothing_of_a_hand_the_sender_cannot_see(
    server_dealt: Game,
) -> None:
    before = await server_dealt.truth()
    fits = await server_dealt.post("penalties", {"seat": 0, "kind": "irregular-pass"})
    nothing_fits = await server_dealt.post("penalties", {"seat": 1, "kind": "irregular-pass"})

    assert fits.status_code == nothing_fits.status_code == 403
    assert "seat 0" in fits.json()["detail"]
    assert fits.json()["detail"].replace("seat 0", "seat 1") == nothing_fits.json()["detail"]
    assert await server_dealt.truth() == before


async def test_a_penalty_refusal_is_told_in_full_to_who_sees_the_hand(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    administrator = Player("admin", ADMIN_TOKEN)
    game = await create_game(shared_client, shared_table, by=administrator)
    await game.ok("hands", sorted_deal("pontos"))  # posted by the administrator: seen whole
    await game.ok("moves", {"seat": 3, "tile": "4-4"})

    not_in_turn = await game.post("penalties", {"seat": 1, "kind": "irregular-pass"})

    assert_problem(not_in_turn, 422, "not-your-turn")


async def test_nobody_moves_for_a_seat_whose_hand_they_cannot_see(
    server_dealt: Game, shared_table: Table
) -> None:
    before = await server_dealt.truth()
    held = await server_dealt.post("moves", {"seat": 0, "tile": "0-4", "end": "left"})
    not_held = await server_dealt.post("moves", {"seat": 0, "tile": "5-6", "end": "left"})

    assert held.status_code == not_held.status_code == 403
    assert held.json() == not_held.json()
    assert await server_dealt.truth() == before
    by_its_player = await server_dealt.post(
        "moves", {"seat": 0, "tile": "0-4", "end": "left"}, by=shared_table.players[0]
    )
    assert by_its_player.status_code == 201


async def test_a_burst_of_retries_with_one_key_all_answer_the_first_answer(
    server_dealt: Game, shared_table: Table
) -> None:
    move = {"seat": 0, "tile": "0-4", "end": "left"}
    key = Headers({"Idempotency-Key": "burst-of-sixty"})

    responses = await asyncio.gather(
        *(server_dealt.post("moves", move, shared_table.players[0], **key) for _ in range(60))
    )

    assert [r.status_code for r in responses] == [201] * 60
    assert len({r.content for r in responses}) == 1
    assert responses[0].json()["version"] == await server_dealt.version() == 4


async def test_retries_with_one_key_on_two_instances_all_answer_the_first_answer(
    database: Database, tmp_path: Path
) -> None:
    """Two instances of one service: one database, one fingerprint key file (L9)."""
    settings = Settings(
        bootstrap_token=ADMIN_TOKEN, pool_size=10, fingerprint_key_file=tmp_path / "key"
    )
    async with serve(database, settings) as one, serve(database, settings) as other:
        table = await seat_a_table(one)
        first = await create_game(one, table, "pontos")
        await first.ok("hands", sorted_deal("pontos"))
        await first.ok("moves", {"seat": 3, "tile": "4-4"})
        second = Game(other, table, first.id)
        move = {"seat": 0, "tile": "0-4", "end": "left"}
        key = Headers({"Idempotency-Key": "across-instances"})

        responses = await asyncio.gather(
            *(game.post("moves", move, **key) for game in [first, second] * 20)
        )

        assert [r.status_code for r in responses] == [201] * 40
        assert len({r.json()["version"] for r in responses}) == 1
        assert await first.version() == 4


ADMIN_TOKEN = ADMIN["Authorization"].removeprefix("Bearer ")


@pytest.mark.parametrize(
    "path",
    ["/v1/matches", "/v1/players", "/v1/competitions", "/v1/rankings", "/v1/events", "/health"],
)
async def test_a_revoked_token_is_refused_on_every_read(
    shared_client: httpx.AsyncClient, path: str
) -> None:
    revoked = await register(shared_client, "Revogado")
    answer = await shared_client.delete("/v1/tokens/current", headers=revoked.auth)
    assert answer.status_code == 204

    with_revoked = await shared_client.get(path, headers=revoked.auth)
    with_unknown = await shared_client.get(path, headers={"Authorization": "Bearer nobody-123"})
    anonymous = await shared_client.get(path)

    assert_problem(with_revoked, 401, "invalid-token")
    assert_problem(with_unknown, 401, "invalid-token")
    assert anonymous.status_code == 200

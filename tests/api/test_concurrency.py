"""Concurrent writes on one game: exactly one wins, the others are refused, and the stream
gains exactly what the winner appended."""

from __future__ import annotations

import asyncio
from collections import Counter

import httpx

from service.settings import Settings
from tests.api.conftest import ADMIN_TOKEN, Table, register, seat_a_table, serve
from tests.api.play import Game, Json, create_competition, create_game, prepared
from tests.conftest import Database

OPENING = {"seat": 3, "tile": "4-4"}  # the sorted pontos deal: seat 3 opens with 4-4


def statuses(responses: list[httpx.Response]) -> Counter[int]:
    return Counter(r.status_code for r in responses)


async def types(game: Game) -> list[str]:
    return [e["type"] for e in await game.events()]


async def test_of_five_identical_moves_at_once_one_is_played(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await prepared(shared_client, shared_table, "dealt")

    responses = await asyncio.gather(*(game.post("moves", OPENING) for _ in range(5)))

    assert statuses(responses)[201] == 1
    assert {r.status_code for r in responses} <= {201, 409, 422}
    assert {r.json()["code"] for r in responses if r.status_code != 201} <= {
        "not-your-turn",
        "tile-not-in-hand",
        "version-conflict",
    }
    assert await types(game) == ["match_created", "hand_started", "tile_played"]


async def test_of_every_seat_playing_at_once_only_the_seat_in_turn_plays(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await prepared(shared_client, shared_table, "opened")  # seat 0 to play on 4|4
    moves: list[Json] = [
        {"seat": 0, "tile": "0-4", "end": "left"},
        {"seat": 1, "tile": "1-4", "end": "left"},
        {"seat": 2, "tile": "2-4", "end": "right"},
        {"seat": 3, "tile": "3-4", "end": "right"},
    ]
    players = game.table.players

    responses = await asyncio.gather(
        *(game.post("moves", move, by=players[move["seat"]]) for move in moves)
    )

    assert [r.status_code for r in responses] == [201, 422, 422, 422]
    # Without an expected version a move is judged against the newest game: seat 1's may
    # come after seat 0's and find its turn, but not its end (0|4 by then).
    assert {r.json()["code"] for r in responses[1:]} <= {"not-your-turn", "tile-does-not-fit"}
    assert await game.version() == 4


async def test_of_moves_at_one_expected_version_one_wins_and_the_rest_conflict(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await prepared(shared_client, shared_table, "opened")
    at = {"expected_version": 3}
    moves = [{"seat": 0, "tile": "0-4", "end": end} | at for end in ("left", "right")] * 3

    responses = await asyncio.gather(*(game.post("moves", move) for move in moves))

    assert statuses(responses) == {201: 1, 409: 5}
    assert {r.json()["code"] for r in responses if r.status_code == 409} == {"version-conflict"}
    assert await game.version() == 4


async def test_of_four_server_deals_at_once_one_deals(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await create_game(shared_client, shared_table, "cinquenta")
    players = game.table.players

    responses = await asyncio.gather(
        *(game.post("hands", {"deal": "server"}, by=player) for player in players)
    )

    assert statuses(responses) == {201: 1, 409: 3}
    assert {r.json()["code"] for r in responses if r.status_code == 409} == {"hand-in-progress"}
    assert await types(game) == ["match_created", "hand_started"]


async def test_of_three_results_that_would_each_end_the_game_one_ends_it(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await create_game(shared_client, shared_table, "pontos", rules={"target": 4})
    batida = {"outcome": "batida", "seat": 2, "kind": "cruzada"}

    responses = await asyncio.gather(*(game.post("results", batida) for _ in range(3)))

    assert statuses(responses) == {201: 1, 409: 2}
    assert {r.json()["code"] for r in responses if r.status_code == 409} == {"match-finished"}
    assert await types(game) == ["match_created", "hand_ended", "match_finished"]


async def test_both_teams_confirming_at_once_confirm_the_game_once(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await prepared(shared_client, shared_table, "finished")
    team_a, team_b = game.table.players[0], game.table.players[1]

    responses = await asyncio.gather(
        game.post("confirmations", {}, by=team_a), game.post("confirmations", {}, by=team_b)
    )

    assert [r.status_code for r in responses] == [201, 201]
    assert (await game.state())["status"] == "confirmed"
    assert Counter(await types(game))["match_confirmed"] == 1


async def test_moves_on_many_games_at_once_do_not_disturb_each_other(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    games = [await prepared(shared_client, shared_table, "dealt") for _ in range(8)]

    responses = await asyncio.gather(*(game.post("moves", OPENING) for game in games))

    assert [r.status_code for r in responses] == [201] * 8
    assert [await game.version() for game in games] == [3] * 8


async def test_confirmations_to_many_competitions_at_once_never_take_every_connection(
    database: Database,
) -> None:
    """Each confirmation of a competition's game holds its competition's members lock: held
    on a connection of the store's pool, a burst across as many competitions as the pool
    has connections took them all, each waiting for one more for good. A liveness check:
    the bound is a minute, for answers that take milliseconds."""
    pool = 10
    settings = Settings(bootstrap_token=ADMIN_TOKEN, pool_size=pool)
    async with serve(database, settings) as client:
        organizer = await register(client, "Dona Rosa")
        table = await seat_a_table(client)
        games = []
        for _ in range(2 * pool):
            competition = await create_competition(client, organizer)
            games.append(
                await create_game(client, table, "pontos", by=organizer, competition_id=competition)
            )
        for _ in range(3):
            sent = asyncio.gather(*(g.post("confirmations", {}, table.outsider) for g in games))
            answers = await asyncio.wait_for(sent, 60)
            assert {a.status_code for a in answers} == {403}, [a.text for a in answers]
        assert (await client.get("/health")).status_code == 200

"""A finished game is confirmed by one player per team, or by an organizer; then it is final."""

from __future__ import annotations

import httpx
import pytest

from tests.api.conftest import ADMINISTRATOR, Table, register
from tests.api.play import Game, create_competition, create_game, writes


@pytest.fixture
async def finished(shared_client: httpx.AsyncClient, shared_table: Table) -> Game:
    game = await create_game(shared_client, shared_table, "pontos")
    await game.win_by_results("pontos")
    return game


async def confirmed_game(client: httpx.AsyncClient, table: Table) -> Game:
    game = await create_game(client, table, "pontos")
    await game.win_by_results("pontos")
    await game.ok("confirmations", {}, by=table.players[0])
    await game.ok("confirmations", {}, by=table.players[1])
    return game


async def test_one_team_confirming_leaves_the_game_finished(finished: Game) -> None:
    state = await finished.ok("confirmations", {}, by=finished.table.players[2])

    assert state["status"] == "finished"
    assert [(c["by"], c["actor"]) for c in state["confirmations"]] == [
        ("A", finished.table.players[2].id)
    ]


async def test_one_player_of_each_team_confirming_makes_the_game_confirmed(finished: Game) -> None:
    await finished.ok("confirmations", {}, by=finished.table.players[0])
    state = await finished.ok("confirmations", {}, by=finished.table.players[3])

    assert state["status"] == "confirmed"
    assert [c["by"] for c in state["confirmations"]] == ["A", "B"]
    types = [e["type"] for e in await finished.events()]
    assert types[-3:] == ["confirmation_recorded", "confirmation_recorded", "match_confirmed"]


async def test_a_player_confirms_once_and_a_partner_for_themselves(finished: Game) -> None:
    await finished.ok("confirmations", {}, by=finished.table.players[1])
    version = await finished.version()

    again = await finished.post("confirmations", {}, by=finished.table.players[1])
    partner = await finished.ok("confirmations", {}, by=finished.table.players[3])

    assert again.status_code == 409
    assert again.json()["code"] == "already-confirmed"
    assert partner["version"] == version + 1
    assert partner["status"] == "finished"  # team A has not confirmed yet
    assert [c["by"] for c in partner["confirmations"]] == ["B", "B"]


async def test_an_organizer_of_its_competition_confirms_a_game_alone(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    organizer = await register(shared_client, "Dona Rosa")
    competition = await create_competition(shared_client, organizer)
    seat0 = shared_table.players[0]
    game = await create_game(shared_client, shared_table, by=seat0, competition_id=competition)
    await game.ok("results", {"outcome": "batida", "seat": 1, "kind": "cruzada"}, by=seat0)
    await game.ok("results", {"outcome": "batida", "seat": 1, "kind": "cruzada"}, by=seat0)

    state = await game.ok("confirmations", {}, by=organizer)

    assert state["status"] == "confirmed"
    assert [(c["by"], c["actor"]) for c in state["confirmations"]] == [("organizer", organizer.id)]


async def test_a_game_in_progress_cannot_be_confirmed(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await create_game(shared_client, shared_table, "pontos")

    response = await game.post("confirmations", {}, by=shared_table.players[0])

    assert response.status_code == 409
    assert response.json()["code"] == "match-not-finished"
    assert await game.version() == 1


async def test_annulling_the_last_hand_reopens_a_finished_game_and_drops_its_confirmations(
    finished: Game,
) -> None:
    await finished.ok("confirmations", {}, by=finished.table.players[0])
    last = len((await finished.state())["hands"])

    state = await finished.ok("annulments", {"hand": last})

    assert state["status"] == "in_progress"
    assert state["winner"] is None
    assert state["confirmations"] == []
    assert len(state["hands"]) == last - 1


async def test_a_team_that_abandons_loses_the_game(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await create_game(shared_client, shared_table, "pontos")
    await game.ok("results", {"outcome": "batida", "seat": 0, "kind": "cruzada"})

    state = await game.ok("abandon", {"team": "A"}, by=shared_table.players[2])

    assert (state["status"], state["winner"]) == ("finished", "B")
    finished = (await game.events())[-1]["data"]
    assert finished["abandoned"] is True
    assert finished["buchuda"] is False


@pytest.mark.parametrize("write", list(writes()))
async def test_after_confirmation_every_write_answers_match_confirmed(
    shared_client: httpx.AsyncClient, shared_table: Table, write: str
) -> None:
    game = await confirmed_game(shared_client, shared_table)
    version = await game.version()
    path, body = writes(last_hand=2)[write]

    response = await game.post(path, body, by=ADMINISTRATOR)

    assert response.status_code == 409, response.text
    assert response.headers["content-type"] == "application/problem+json"
    assert response.json()["code"] == "match-confirmed"
    assert await game.version() == version


@pytest.mark.parametrize("write", [w for w in writes() if w not in ("annul", "confirm")])
async def test_after_the_end_every_write_but_confirm_and_annul_answers_match_finished(
    finished: Game, write: str
) -> None:
    version = await finished.version()
    path, body = writes()[write]

    response = await finished.post(path, body, by=ADMINISTRATOR)

    assert response.status_code == 409, response.text
    assert response.json()["code"] == "match-finished"
    assert await finished.version() == version

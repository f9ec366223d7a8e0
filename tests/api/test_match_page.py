"""A game's page (`/partidas/{id}`) in its own game's words, naming everyone who acted."""

from __future__ import annotations

import html
import re

import httpx
import pytest

from tests.api.conftest import ADMIN, Table, register
from tests.api.play import Game, create_competition, create_game, join_all
from tests.simulate import next_request

pytestmark = pytest.mark.asyncio


def _text(page: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))


async def _first_hand_played(client: httpx.AsyncClient, table: Table, preset: str) -> str:
    """A game whose first hand was dealt and played to its end: its secrets are shown."""
    seats = [p.id for p in table.players]
    answer = await client.post(
        "/v1/matches", json={"rules": {"preset": preset}, "seats": seats}, headers=ADMIN
    )
    state = answer.json()
    while not state["hands"]:
        path, body = next_request(state) or ("", {})
        answer = await client.post(f"/v1/matches/{state['id']}/{path}", json=body, headers=ADMIN)
        assert answer.status_code == 201, answer.text
        state = answer.json()
    return str(state["id"])


async def test_the_secrets_line_speaks_of_a_dorme_for_dominoes_and_of_cards_for_cards(
    client: httpx.AsyncClient, table: Table
) -> None:
    sueca = _text(
        (await client.get(f"/partidas/{await _first_hand_played(client, table, 'sueca')}")).text
    )
    dominoes = _text(
        (await client.get(f"/partidas/{await _first_hand_played(client, table, 'pontos')}")).text
    )
    assert "segredo(s) revelado(s) (mãos, cartas cobertas e monte)" in sueca
    assert "segredo(s) revelado(s) (mãos e dorme)" in dominoes
    assert "dorme" not in sueca
    assert "carta" not in dominoes


async def test_an_organizers_confirmation_names_the_organizer(
    client: httpx.AsyncClient, table: Table
) -> None:
    organizer = await register(client, "Dona Cida")
    competition = await create_competition(client, organizer)
    await join_all(client, competition, table.players)
    keeper = table.players[0]  # a player keeps the score; the organizer does not play
    game = await create_game(client, table, by=keeper, competition_id=competition)
    game = Game(client, table, game.id, keeper)
    await game.win_by_results("pontos")
    await game.ok("confirmations", {}, by=organizer)

    page = _text((await client.get(f"/partidas/{game.id}")).text)
    assert "organização: Dona Cida" in page
    assert organizer.id not in page

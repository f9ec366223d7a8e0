"""Who may make a game count (design.md): a confirmed game counts for a player only once
their side confirmed it, or an organizer of a competition they joined did; joining is the
player's own act. Games recorded without consent stay recorded and visible, marked, and
count for nobody who did not agree."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import pytest

from tests.api.conftest import ADMIN, Player, Table, register, seat_a_table
from tests.api.play import Game, Json, create_competition, create_game, log_position
from tests.conftest import Database
from tests.projections.test_http import settled


async def stats(client: httpx.AsyncClient, player: Player) -> Json:
    await settled(client)
    response = await client.get(f"/v1/players/{player.id}/stats")
    assert response.status_code == 200, response.text
    return dict(response.json())


async def games_of(client: httpx.AsyncClient, players: list[Player]) -> list[int]:
    return [int((await stats(client, p))["games_played"]) for p in players]


async def join(client: httpx.AsyncClient, competition: str, player: Player) -> httpx.Response:
    return await client.post(f"/v1/competitions/{competition}/members", headers=player.auth)


async def ranked(client: httpx.AsyncClient, **query: Any) -> set[str]:
    await settled(client)
    body = (await client.get("/v1/rankings", params=query)).json()
    return {row["player_id"] for row in body["rows"]}


@pytest.fixture
async def strangers(client: httpx.AsyncClient) -> Table:
    return await seat_a_table(client)


async def test_a_stranger_organizing_an_amistoso_counts_a_game_for_nobody(
    client: httpx.AsyncClient, strangers: Table
) -> None:
    """The attack: any token creates an amistoso, seats four strangers, records and confirms
    alone. The game is recorded, visible and final, and changes nobody's records."""
    intruder = await register(client, "Intruso")
    competition = await create_competition(client, intruder)
    game = await create_game(client, strangers, "pontos", by=intruder, competition_id=competition)
    await game.win_by_results("pontos")

    confirmed = await game.ok("confirmations", {}, by=intruder)

    assert confirmed["status"] == "confirmed"
    assert confirmed["counts_for"] == []
    assert await games_of(client, strangers.players) == [0, 0, 0, 0]
    assert not await ranked(client) & {p.id for p in strangers.players}
    listed = (await client.get("/v1/matches", params={"status": "confirmed"})).json()
    (row,) = [m for m in listed["matches"] if m["id"] == game.id]
    assert row["counts_for"] == []
    ratings = (await client.get(f"/v1/players/{strangers.players[0].id}/ratings")).json()
    assert ratings["ratings"] == []


async def test_an_import_confirmed_by_a_stranger_counts_for_nobody(
    client: httpx.AsyncClient, strangers: Table
) -> None:
    intruder = await register(client, "Intruso")
    competition = await create_competition(client, intruder)
    line = {
        "competition_id": competition,
        "seats": [p.id for p in strangers.players],
        "hands": [{"outcome": "batida", "seat": 0, "kind": "cruzada"}] * 2,
        "confirm": True,
    }
    body = "\n".join(json.dumps(line | {"key": f"k{n}"}) for n in range(5))

    response = await client.post("/v1/imports/games", content=body, headers=intruder.auth)

    assert response.status_code == 200, response.text
    assert response.json()["imported"] == 5, response.text
    assert await games_of(client, strangers.players) == [0, 0, 0, 0]


async def test_an_organizer_confirms_for_the_players_who_joined_and_the_rest_consent_later(
    client: httpx.AsyncClient, strangers: Table
) -> None:
    organizer = await register(client, "Dona Rosa")
    competition = await create_competition(client, organizer)
    ana, bia, _, duda = strangers.players  # A: ana (0), caio (2); B: bia (1), duda (3)
    for player in (ana, bia):
        assert (await join(client, competition, player)).status_code == 201
    game = await create_game(client, strangers, "pontos", by=organizer, competition_id=competition)
    await game.win_by_results("pontos")

    confirmed = await game.ok("confirmations", {}, by=organizer)
    counted_then = await games_of(client, strangers.players)
    teams_then = await ranked(client, by="teams")
    consent = await game.ok("confirmations", {}, by=duda)
    again = await game.post("confirmations", {}, by=bia)

    assert confirmed["counts_for"] == [0, 1]
    assert counted_then == [1, 1, 0, 0]
    assert teams_then == set(), "a team counts a game when both partners consented"
    assert consent["status"] == "confirmed"
    assert consent["counts_for"] == [0, 1, 3]
    assert consent["score"] == confirmed["score"]
    assert await games_of(client, strangers.players) == [1, 1, 0, 1]
    assert await ranked(client, by="teams") == {min(bia.id, duda.id)}
    assert again.status_code == 409
    assert again.json()["code"] == "match-confirmed"
    types = [e["type"] for e in await game.events()]
    assert types[-2:] == ["confirmation_recorded", "consent_given"]


async def test_joining_is_the_players_own_act(client: httpx.AsyncClient, strangers: Table) -> None:
    organizer = await register(client, "Dona Rosa")
    competition = await create_competition(client, organizer)
    ana = strangers.players[0]

    by_admin = await client.post(f"/v1/competitions/{competition}/members", headers=ADMIN)
    first = await join(client, competition, ana)
    twice = await join(client, competition, ana)
    for_another = await client.delete(
        f"/v1/competitions/{competition}/members/{ana.id}", headers=organizer.auth
    )
    members = (await client.get(f"/v1/competitions/{competition}/members")).json()
    left = await client.delete(f"/v1/competitions/{competition}/members/{ana.id}", headers=ana.auth)
    gone = await client.delete(f"/v1/competitions/{competition}/members/{ana.id}", headers=ana.auth)

    assert by_admin.status_code == 403
    assert (first.status_code, twice.status_code) == (201, 200)
    assert twice.json()["joined_at"] == first.json()["joined_at"]
    assert for_another.status_code == 403
    assert [m["player_id"] for m in members["members"]] == [ana.id]
    assert left.status_code == 204
    assert gone.status_code == 404
    assert gone.json()["code"] == "not-a-member"
    nobody = (await client.get(f"/v1/competitions/{competition}/members")).json()
    assert nobody["members"] == []


async def test_a_member_who_left_is_not_counted_by_a_later_confirmation(
    client: httpx.AsyncClient, strangers: Table
) -> None:
    organizer = await register(client, "Dona Rosa")
    competition = await create_competition(client, organizer)
    ana = strangers.players[0]
    await join(client, competition, ana)
    await client.delete(f"/v1/competitions/{competition}/members/{ana.id}", headers=ana.auth)
    game = await create_game(client, strangers, "pontos", by=organizer, competition_id=competition)
    await game.win_by_results("pontos")

    confirmed = await game.ok("confirmations", {}, by=organizer)

    assert confirmed["counts_for"] == []


async def test_a_game_counts_for_each_player_who_confirmed_it_and_no_partner_of_theirs(
    client: httpx.AsyncClient, strangers: Table
) -> None:
    """Whoever seats a game chooses the partners: a partner's confirmation counts the game
    for that partner alone (the review's sybil partner)."""
    game = await create_game(client, strangers, "pontos")
    await game.win_by_results("pontos")

    await game.ok("confirmations", {}, by=strangers.players[2])
    confirmed = await game.ok("confirmations", {}, by=strangers.players[1])
    counted_then = await games_of(client, strangers.players)
    later = await game.ok("confirmations", {}, by=strangers.players[0])

    assert confirmed["status"] == "confirmed"
    assert confirmed["counts_for"] == [1, 2]
    assert counted_then == [0, 1, 1, 0]
    assert later["counts_for"] == [0, 1, 2]
    assert await games_of(client, strangers.players) == [1, 1, 1, 0]


async def test_an_organizer_named_by_a_seated_player_sees_no_hand_of_a_server_deal(
    client: httpx.AsyncClient, strangers: Table
) -> None:
    """The second severe root: a seated player registers a second player, names it
    organizer, and reads every hand through it."""
    seated = strangers.players[0]
    puppet = await register(client, "Fantoche")
    competition = await create_competition(client, seated, organizers=[seated.id, puppet.id])
    created = await client.post(
        "/v1/matches",
        json={
            "competition_id": competition,
            "seats": [p.id for p in strangers.players],
        },
        headers=seated.auth,
    )
    assert created.status_code == 201, created.text
    game = Game(client, strangers, created.json()["id"], keeper=seated)
    await game.ok("hands", {"deal": "server"}, by=seated)

    through_puppet = await game.state(by=puppet)
    history = await game.events(by=puppet)
    own = await game.state(by=seated)

    assert through_puppet["hand"]["hands"] == [None] * 4
    dealt = [e for e in history if e["type"] == "hand_started"]
    assert dealt[0]["data"]["hands"] == [None] * 4
    assert [h is not None for h in own["hand"]["hands"]] == [True, False, False, False]


async def test_a_member_who_left_before_an_organizers_confirmation_is_not_counted_by_it(
    client: httpx.AsyncClient, database: Database
) -> None:
    """An organizer's confirmation counts the game for the members it reads; a member's
    leave at the same moment is either before it in the log (then the confirmation did not
    count them) or after it (then it did). Trials vary which request's reads come first."""
    table = await seat_a_table(client)
    ana = table.players[0]
    organizer = await register(client, "Dona Rosa")
    counted_after_leaving = []
    for trial in range(12):
        competition = await create_competition(client, organizer)
        joined = await client.post(f"/v1/competitions/{competition}/members", headers=ana.auth)
        assert joined.status_code == 201, joined.text
        game = await create_game(client, table, "pontos", by=organizer, competition_id=competition)
        await game.win_by_results("pontos")

        async def confirm(game: Game = game, delay: int = trial % 5) -> httpx.Response:
            for _ in range(delay):
                await asyncio.sleep(0)
            return await game.post("confirmations", {}, organizer)

        leave = client.delete(f"/v1/competitions/{competition}/members/{ana.id}", headers=ana.auth)
        left, confirmed = await asyncio.gather(leave, confirm())
        assert (left.status_code, confirmed.status_code) == (204, 201), confirmed.text
        left_at = await log_position(database, f"members-{competition}", "member_left")
        confirmed_at = await log_position(database, f"match-{game.id}", "match_confirmed")
        if left_at < confirmed_at and 0 in confirmed.json()["counts_for"]:
            counted_after_leaving.append(trial)
    assert counted_after_leaving == []

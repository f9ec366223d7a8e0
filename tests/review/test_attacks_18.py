"""Review of issue 18 (secrets out of the hash chain; who may make a game count): the holes
found, each as a test that fails against the code reviewed. Each docstring says what an
attacker gains."""

from __future__ import annotations

import json

import httpx

from domain import DECK_40
from tests.api.conftest import Player, Table
from tests.api.play import Game, Json, create_competition, create_game
from tests.projections.test_http import settled

BLIND_DEAL = {
    "dealer": 3,
    "hands": [["4C", "5C", "6C"], ["4D", "5D", "6D"], ["4H", "5H", "6H"], ["4S", "5S", "6S"]],
    "vira": "7C",
}


async def sybil(client: httpx.AsyncClient, creator: Player, name: str) -> Player:
    """A player registered with an ordinary player's token (no administrator needed)."""
    response = await client.post("/v1/players", json={"name": name}, headers=creator.auth)
    assert response.status_code == 201, response.text
    body = response.json()
    return Player(body["id"], body["token"])


async def lose_for_team_a(game: Game) -> Json:
    """Batidas by seat 1 until team B wins: team A (seats 0 and 2) loses without a point."""
    state = await game.state()
    while state["status"] == "in_progress":
        state = await game.ok("results", {"outcome": "batida", "seat": 1, "kind": "cruzada"})
    return state


async def stats_of(client: httpx.AsyncClient, player: Player) -> Json:
    await settled(client)
    response = await client.get(f"/v1/players/{player.id}/stats")
    assert response.status_code == 200, response.text
    return dict(response.json())


async def ratings_of(client: httpx.AsyncClient, player: Player) -> list[Json]:
    await settled(client)
    response = await client.get(f"/v1/players/{player.id}/ratings")
    assert response.status_code == 200, response.text
    return list(response.json()["ratings"])


# --- Secrets ---------------------------------------------------------------------------------


async def test_a_blind_seat_finds_its_own_cards_by_covering_them_in_the_first_round(
    client: httpx.AsyncClient, table: Table
) -> None:
    """Severity: medium. Truco's mão de ferro (both teams on 11): the seat's player must play
    blind, and its own cards are hidden from it in every read and refusal. But a card
    played covered in the first round is refused `covered-not-allowed` only once the rules
    have checked that the seat holds it; a card it lacks is refused `move-refused`. So the
    blind player posts each of the 40 cards covered, changes nothing, learns its three
    cards exactly, and then plays its best one face up: the blind hand is not blind."""
    game = await create_game(client, table, "truco")
    results = [("A", 3), ("B", 3), ("A", 3), ("B", 3), ("A", 3), ("B", 1), ("B", 1)]
    results += [("A", 1), ("A", 1), ("B", 3)]
    for winner, value in results:
        state = await game.ok("results", {"winner": winner, "value": value})
    assert state["score"] == {"A": 11, "B": 11}
    dealt = await game.ok("hands", BLIND_DEAL)
    assert dealt["hand"]["mao_de_ferro"] is True
    assert dealt["turn"] == 0
    seat0 = table.players[0]
    version = await game.version()

    answers: dict[str, tuple[int, str, str]] = {}
    for card in DECK_40:
        if card == BLIND_DEAL["vira"]:
            continue
        response = await game.post("moves", {"seat": 0, "card": card, "covered": True}, by=seat0)
        problem = response.json()
        answers[card] = (response.status_code, problem.get("code"), problem.get("detail"))

    assert await game.version() == version, "a refused move changed the game"
    told_apart = {card for card, answer in answers.items() if answer != answers["AS"]}
    assert told_apart == set(), f"the blind seat learns it holds {sorted(told_apart)}"


# --- Who may make a game count ---------------------------------------------------------------


async def test_a_sybil_partner_confirms_a_loss_into_a_strangers_record(
    client: httpx.AsyncClient, table: Table
) -> None:
    """Severity: high. Consent is taken per side, and one player's confirmation speaks for
    their partner. Any player registers three players of their own (`POST /v1/players`
    takes an ordinary player's token), seats a stranger beside one of them, records a
    whitewash against the stranger's team and confirms it from both of their own sides.
    The game counts for the stranger, who never confirmed anything: a loss (and a buchuda
    suffered) in their statistics, ranking and streaks, their rating pushed down. Repeated,
    it wrecks anyone's record; the mirror image (the stranger's partner losing on purpose
    to a sybil pair) works as well."""
    attacker, victim = table.outsider, table.players[2]
    s0, s1, s3 = [await sybil(client, attacker, name) for name in ("S0", "S1", "S3")]
    seats = Table([s0, s1, victim, s3], s0, attacker)
    game = await create_game(client, seats, "pontos", by=s0)
    await lose_for_team_a(game)

    await game.ok("confirmations", {}, by=s0)  # "team A" confirms: s0 alone
    confirmed = await game.ok("confirmations", {}, by=s1)

    if confirmed["status"] == "confirmed":
        assert 2 not in confirmed["counts_for"], "the game counts for a stranger"
    assert (await stats_of(client, victim))["games_played"] == 0
    assert await ratings_of(client, victim) == []


async def test_a_partners_later_consent_counts_the_game_for_a_stranger_too(
    client: httpx.AsyncClient, table: Table
) -> None:
    """Severity: high (the same root, through `consent_given`). An organizer's game counted
    for nobody (no member seated); later one player of a side "consents" and the event
    says both seats of the side: the stranger seated beside that player now has the game
    in their record, rating and ranking, with no act of theirs."""
    organizer, victim = table.outsider, table.players[2]
    competition = await create_competition(client, organizer)
    s0 = await sybil(client, organizer, "S0")
    seats = Table([s0, table.players[1], victim, table.players[3]], organizer, organizer)
    game = await create_game(client, seats, "pontos", by=organizer, competition_id=competition)
    await lose_for_team_a(game)
    confirmed = await game.ok("confirmations", {}, by=organizer)
    assert confirmed["counts_for"] == []

    consent = await game.post("confirmations", {}, by=s0)

    if consent.status_code == 201:
        assert 2 not in consent.json()["counts_for"], "the game counts for a stranger"
    assert (await stats_of(client, victim))["games_played"] == 0
    assert await ratings_of(client, victim) == []


async def test_a_torneio_game_that_counts_for_nobody_still_crowns_its_teams(
    client: httpx.AsyncClient, table: Table
) -> None:
    """Severity: medium. A stranger creates a torneio run by the service with two teams of
    players who never joined it, records its one fixture (any result) and confirms it as
    organizer: the game counts for nobody (`counts_for: []`), yet the torneio policy
    records the fixture, crowns a champion, gives the prize and places the other team
    last in the public standings: a ranking made of a game none of them consented to.
    (`/v1/rankings?competition=` of the same torneio shows nobody.)"""
    organizer = table.outsider
    p = table.players
    created = await client.post(
        "/v1/competitions",
        json={
            "name": "Copa Falsa",
            "kind": "torneio",
            "rules": {"preset": "pontos"},
            "teams": [[p[0].id, p[2].id], [p[1].id, p[3].id]],
            "format": {"stages": [{"kind": "knockout"}]},
            "prizes": {"1": "troféu"},
        },
        headers=organizer.auth,
    )
    if created.status_code != 201:
        return  # refused: the attack is over
    competition = created.json()["id"]
    (fixture,) = (await client.get(f"/v1/competitions/{competition}/fixtures")).json()["fixtures"]
    made = await client.post(
        "/v1/matches",
        json={
            "competition_id": competition,
            "fixture_id": fixture["id"],
            "seats": [x.id for x in p],
        },
        headers=organizer.auth,
    )
    if made.status_code != 201:
        return
    game = Game(client, table, made.json()["id"], organizer)
    await lose_for_team_a(game)
    confirmed = await game.post("confirmations", {}, by=organizer)
    if confirmed.status_code == 201:
        assert confirmed.json()["counts_for"] == []

    await settled(client)
    torneio = (await client.get(f"/v1/competitions/{competition}")).json()
    standings = (await client.get(f"/v1/competitions/{competition}/standings")).json()
    fixtures = (await client.get(f"/v1/competitions/{competition}/fixtures")).json()

    assert torneio["champion"] is None, "a champion crowned by a game that counts for nobody"
    assert [f["status"] for f in fixtures["fixtures"]] != ["decided"]
    rows = [r for s in standings["stages"] for g in s["groups"] for r in g["rows"]]
    assert all(r["played"] == 0 for r in rows), rows


async def test_a_game_that_counts_for_nobody_is_not_its_competitions_record(
    client: httpx.AsyncClient, table: Table
) -> None:
    """Severity: low. A stranger's amistoso with four strangers, confirmed by its organizer
    alone (it counts for nobody), is the competition report's biggest win and longest game,
    its seats named: the report's records count a game none of its players consented to,
    though its `players` and `top_players` (read from the consenting rows) say nobody."""
    organizer = table.outsider
    competition = await create_competition(client, organizer)
    game = await create_game(client, table, "pontos", by=organizer, competition_id=competition)
    await lose_for_team_a(game)
    confirmed = await game.ok("confirmations", {}, by=organizer)
    assert confirmed["counts_for"] == []

    await settled(client)
    report = await client.get(f"/v1/competitions/{competition}/report")

    assert report.status_code == 200, report.text
    body = report.json()
    assert body["players"]["value"] == 0
    assert body["biggest_win"] is None, body["biggest_win"]
    assert body["longest_game"] is None, body["longest_game"]


# --- 500 ---------------------------------------------------------------------------------------


async def test_an_import_line_whose_hand_result_is_not_an_object_is_refused_not_500(
    client: httpx.AsyncClient, table: Table
) -> None:
    """Severity: low. An import line whose hand carries `"number"` and a `"result"` that is
    not an object (`[1]`, `"x"`, `5`) answers 500 for the whole import (any player may
    send one), after the line's game was already created: that game stays live, with the
    importer as its scorekeeper, and the lines after it are never imported."""
    line = {
        "seats": [p.id for p in table.players],
        "rules": {"preset": "pontos"},
        "hands": [{"number": 1, "result": [1]}],
        "key": "bad-result",
    }
    fine = {"seats": [p.id for p in table.players], "rules": {"preset": "pontos"}, "key": "ok"}
    body = json.dumps(line) + "\n" + json.dumps(fine)

    response = await client.post("/v1/imports/games", content=body, headers=table.scorekeeper.auth)

    assert response.status_code == 200, response.text
    first, second = response.json()["results"]
    assert first["error"]["status"] == 400
    assert first.get("id") is None or first["cancelled"] is True
    assert second.get("error") is None

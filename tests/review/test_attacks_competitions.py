"""Review of issue 32 (torneios of players alone, tournaments of chips, disputes, seasons,
the amistoso mesa), as an attacker over HTTP: the holes found, each a test that failed
against the code reviewed. Each docstring says what an attacker gains."""

from __future__ import annotations

import asyncio

import httpx

from tests.api.conftest import register, seat_a_table
from tests.api.play import assert_problem
from tests.api.test_mesa import mesa_call, next_of, ok, open_mesa, play
from tests.api.test_tournament_of_chips import chips_of, hands_at, standings, tournament
from tests.projections.test_http import settled

# --- The amistoso mesa -----------------------------------------------------------------------


async def test_a_winner_who_arrives_at_the_mesa_is_refused_and_never_sits_twice(
    client: httpx.AsyncClient,
) -> None:
    """Severity: medium. After a game, a winner (with their own token) posts their own
    arrival: it was taken (only a game in progress refused it), they were first in the
    queue, and once the losers drew the next game's seats held them twice, in their own
    chair and in the chair of the loser who waits: the mesa's answer was a table of three
    players, and the one who waits lost their turn for a player already seated."""
    table = await seat_a_table(client)
    ze, ana, tiao, bia = table.players
    organizer = await register(client, "Dona Rosa")
    mesa = await open_mesa(client, organizer, "higher")
    await play(client, table, organizer, mesa, [ze, ana, tiao, bia], winner_seat=0)
    before = await next_of(client, mesa)

    again = await mesa_call(client, mesa, "arrivals", {"player": ze.id}, by=ze)
    loser = await mesa_call(client, mesa, "arrivals", {"player": ana.id}, by=organizer)

    assert_problem(again, 409, "already-seated")
    assert_problem(loser, 409, "already-seated")
    assert await next_of(client, mesa) == before


async def test_a_waiting_player_seated_by_a_game_is_not_seated_again_by_the_draw(
    client: httpx.AsyncClient,
) -> None:
    """Severity: medium. G41 lets a mesa's game be seated as the players agree, so a
    player who waits may be given a chair by the organizer. They stayed in the queue: after
    that game the losers (the waiting player among them) were told to draw for a newcomer
    who was at the table already, and the draw seated that player in two chairs."""
    table = await seat_a_table(client)
    ze, ana, tiao, bia = table.players
    organizer, novo = await register(client, "Dona Rosa"), await register(client, "Novo")
    mesa = await open_mesa(client, organizer, "higher")
    await play(client, table, organizer, mesa, [ze, ana, tiao, bia], winner_seat=0)
    await ok(client, mesa, "arrivals", {"player": novo.id}, by=novo)

    seats = [ze, novo, tiao, bia]  # the table agreed: Novo sits for Ana, no draw
    await play(client, table, organizer, mesa, seats, winner_seat=0)
    after = await next_of(client, mesa)

    assert (after["status"], after["waiting"], after["draw_by"]) == ("ready", [], [])
    assert after["seats"] == [p.id for p in seats]
    third = await register(client, "Terceiro")
    arrived = await ok(client, mesa, "arrivals", {"player": third.id}, by=third)
    assert (arrived["waiting"], arrived["draw_by"]) == ([third.id], [novo.id, bia.id])
    await ok(client, mesa, "draws", {"player": novo.id, "tile": "6-6"}, by=novo)
    seated = await ok(client, mesa, "draws", {"player": bia.id, "tile": "0-0"}, by=bia)
    assert seated["seats"] == [ze.id, novo.id, tiao.id, third.id]
    assert seated["waiting"] == [bia.id]


async def test_a_stranger_cannot_take_over_a_mesa_with_a_game_of_their_own(
    client: httpx.AsyncClient,
) -> None:
    """Severity: medium. Any player seated in a game may add it to a competition; at a mesa
    the latest game decides who plays next (G41, G46). So a stranger added a game of their
    own (themselves and three accounts of theirs) to the bar's mesa: its `next` went from
    the table's seats to "playing" the stranger's game, and the real table's winners and
    queue were forgotten until the stranger's game ended. Now only an organizer, or a
    player at the mesa (seated in its latest game, or waiting), adds a game to it."""
    table = await seat_a_table(client)
    ze, ana, tiao, bia = table.players
    organizer = await register(client, "Dona Rosa")
    mesa = await open_mesa(client, organizer, "higher")
    await play(client, table, organizer, mesa, [ze, ana, tiao, bia], winner_seat=0)
    before = await next_of(client, mesa)
    stranger = table.outsider
    accounts = [await register(client, f"Conta {n}") for n in range(3)]

    body = {"competition_id": mesa, "seats": [stranger.id, *(a.id for a in accounts)]}
    taken = await client.post("/v1/matches", json=body, headers=stranger.auth)

    assert_problem(taken, 403, "forbidden")
    await settled(client)
    assert await next_of(client, mesa) == before
    again = {"competition_id": mesa, "seats": [p.id for p in table.players]}
    by_a_winner = await client.post("/v1/matches", json=again, headers=ze.auth)
    assert by_a_winner.status_code == 201, by_a_winner.text


# --- Tournaments of chips --------------------------------------------------------------------


async def test_a_table_hand_sent_again_with_its_idempotency_key_is_recorded_once(
    client: httpx.AsyncClient,
) -> None:
    """Severity: high. A hand at a table of chips ignored `Idempotency-Key`: a client that
    retried after a timeout (as the README tells it it may) moved the chips twice, and the
    same key with another body was taken as a third hand instead of refused. A player could
    be put out by a network retry."""
    organizer = await register(client, "Seu Nico")
    competition, players = await tournament(client, organizer, 8)
    table = (await standings(client, competition))["tables"][0]
    a, b = (players[e].id for e in table["players"][:2])
    url = f"/v1/competitions/{competition}/tables/{table['table']}/hands"
    headers = organizer.auth | {"Idempotency-Key": "hand-1"}

    first = await client.post(url, json={"net": {a: 10, b: -10}}, headers=headers)
    retry = await client.post(url, json={"net": {a: 10, b: -10}}, headers=headers)
    other = await client.post(url, json={"net": {a: 20, b: -20}}, headers=headers)

    assert first.status_code == 201, first.text
    assert retry.status_code == 201, retry.text
    assert retry.json() == first.json()
    assert_problem(other, 422, "idempotency-key-reused")
    chips = chips_of(await standings(client, competition))
    assert (chips[table["players"][0]], chips[table["players"][1]]) == (1010, 990)
    events = (await client.get(f"/v1/competitions/{competition}/events")).json()["events"]
    assert [e["type"] for e in events].count("table_hand_played") == 1

    racing = organizer.auth | {"Idempotency-Key": "hand-2"}
    both = await asyncio.gather(
        *(client.post(url, json={"net": {a: 5, b: -5}}, headers=racing) for _ in range(2))
    )
    assert [r.status_code for r in both] == [201, 201]
    assert both[0].json() == both[1].json()
    chips = chips_of(await standings(client, competition))
    assert (chips[table["players"][0]], chips[table["players"][1]]) == (1015, 985)


async def test_a_hand_the_torneio_counted_is_not_annulled_in_the_tables_session_game(
    client: httpx.AsyncClient,
) -> None:
    """Severity: medium. A hand of a table's session game counts in the tournament of chips
    as it ends (G22). Annulling it in the game (an organizer's write, allowed before the
    game's confirmation) took it out of the game but not out of the torneio: the chips
    stayed moved, the game's stacks and the torneio's no longer agreed, and every later
    hand of that game was dropped by the policy (not the players' chips): an annulled hand
    still counted, and the table was stuck."""
    organizer = await register(client, "Dona Fia")
    competition, players = await tournament(client, organizer, 8)
    table = (await standings(client, competition))["tables"][0]
    seats = [players[e].id for e in table["players"]]
    body = {"competition_id": competition, "fixture_id": table["fixture"], "seats": seats}
    created = await client.post("/v1/matches", json=body, headers=organizer.auth)
    assert created.status_code == 201, created.text
    url = f"/v1/matches/{created.json()['id']}"
    first = {"net": {"0": 300, "1": -300}, "stacks": [1000] * len(seats)}
    assert (await client.post(f"{url}/results", json=first, headers=organizer.auth)).is_success
    counted = await hands_at(client, competition, table["table"], 1)
    version = (await client.get(url)).json()["version"]

    annulled = await client.post(f"{url}/annulments", json={"hand": 1}, headers=organizer.auth)

    assert_problem(annulled, 409, "hand-counted")
    assert (await client.get(url)).json()["version"] == version
    second = {"net": {"2": 100, "3": -100}}
    assert (await client.post(f"{url}/results", json=second, headers=organizer.auth)).is_success
    after = await hands_at(client, competition, table["table"], 2)
    chips = chips_of(after)
    assert chips_of(counted)[table["players"][0]] == chips[table["players"][0]] == 1300
    assert (chips[table["players"][2]], chips[table["players"][3]]) == (1100, 900)


async def test_a_tables_session_game_ended_and_confirmed_leaves_the_table_free_to_play_on(
    client: httpx.AsyncClient,
) -> None:
    """Severity: high. One player at a table of chips abandons the table's session game
    (their own seat: allowed); the game is over and an organizer confirms it as any other.
    The torneio ignored a session's end (its hands decide, G22), so its fixture stayed
    "playing" that finished game for good: the organizer's hands were refused
    (fixture-has-game), a new session game too, a confirmed game can neither be cancelled
    nor disputed (fixture-decided): one player froze the table, and the tournament."""
    organizer = await register(client, "Dona Fia")
    competition, players = await tournament(client, organizer, 8)
    before = await standings(client, competition)
    table = before["tables"][0]
    seats = [players[e].id for e in table["players"]]
    body = {"competition_id": competition, "fixture_id": table["fixture"], "seats": seats}
    created = await client.post("/v1/matches", json=body, headers=organizer.auth)
    url = f"/v1/matches/{created.json()['id']}"
    quitter = players[table["players"][0]]
    abandoned = await client.post(f"{url}/abandon", json={"seat": 0}, headers=quitter.auth)
    assert abandoned.json()["status"] == "finished"
    confirmed = await client.post(f"{url}/confirmations", json={}, headers=organizer.auth)
    assert confirmed.json()["status"] == "confirmed"
    await settled(client)

    again = await standings(client, competition)
    now = next(t for t in again["tables"] if t["table"] == table["table"])
    session = {**body, "fixture_id": now["fixture"]}
    renewed = await client.post("/v1/matches", json=session, headers=organizer.auth)

    assert renewed.status_code == 201, renewed.text
    assert chips_of(again) == chips_of(before)  # nobody lost a chip by the game's end


# --- Seasons ---------------------------------------------------------------------------------


async def test_a_season_in_other_digits_or_with_spaces_is_refused(
    client: httpx.AsyncClient,
) -> None:
    """Severity: low. `?season=` took any Unicode digits and surrounding spaces: "２０２６"
    (full-width), "2026-1١" (an Arabic-Indic one) and " 2026" answered 2026's ranking,
    where every other query of the API refuses what it does not name exactly (a cache or a
    link keyed by the text saw several names for one season)."""
    for text in ("２０２６", "2026-1١", " 2026", "2026 "):
        for path in ("/v1/rankings", "/v1/records"):
            refused = await client.get(path, params={"season": text})
            assert_problem(refused, 400, "invalid-season")
    assert (await client.get("/v1/rankings", params={"season": "2026-11"})).status_code == 200

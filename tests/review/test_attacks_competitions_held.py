"""Review of issue 32: attacks that failed, kept as regression tests (the strongest few).
Each docstring says what the attack tried."""

from __future__ import annotations

import asyncio

import httpx

from tests.api.conftest import register, seat_a_table
from tests.api.play import assert_problem, create_competition, create_game, join_all
from tests.api.test_mesa import mesa_call, next_of, ok, open_mesa, play
from tests.api.test_tournament_of_chips import chips_of, standings, tournament


async def test_four_disputes_at_once_and_three_rulings_at_once_each_land_once(
    client: httpx.AsyncClient,
) -> None:
    """All four players dispute the same game at the same instant, then an organizer sends
    "confirm", "annul" and "confirm" at once: one dispute and one ruling are recorded, the
    others refused with their codes, and the game counts for its four players once."""
    table = await seat_a_table(client)
    organizer = await register(client, "Dona Rosa")
    competition = await create_competition(client, organizer)
    await join_all(client, competition, table.players)
    game = await create_game(client, table, by=organizer, competition_id=competition)
    await game.win_by_results("pontos")
    version = await game.version()

    disputes = await asyncio.gather(
        *(game.post("disputes", {"reason": f"r{n}"}, by=p) for n, p in enumerate(table.players))
    )
    rulings = await asyncio.gather(
        *(
            game.post("settlements", {"decision": d}, by=organizer)
            for d in ("confirm", "annul", "confirm")
        )
    )

    assert sorted(r.status_code for r in disputes) == [201, 409, 409, 409]
    assert {r.json()["code"] for r in disputes if r.status_code == 409} == {"already-disputed"}
    assert sorted(r.status_code for r in rulings) == [201, 409, 409]
    assert {r.json()["code"] for r in rulings if r.status_code == 409} == {"not-disputed"}
    state = await game.state()
    assert state["status"] in ("confirmed", "annulled")
    confirmed = state["status"] == "confirmed"
    # disputed and settled, and its confirmation when the ruling confirmed it
    assert await game.version() == version + 2 + confirmed
    assert not confirmed or state["counts_for"] == [0, 1, 2, 3]
    assert confirmed or not state["counts_for"]


async def test_a_dispute_or_ruling_sent_again_with_its_key_and_another_body_is_refused(
    client: httpx.AsyncClient,
) -> None:
    """The same Idempotency-Key reused with another reason or another decision."""
    table = await seat_a_table(client)
    organizer = await register(client, "Dona Rosa")
    competition = await create_competition(client, organizer)
    await join_all(client, competition, table.players)
    game = await create_game(client, table, by=organizer, competition_id=competition)
    await game.win_by_results("pontos")
    key = {"Idempotency-Key": "k1"}
    assert (await game.post("disputes", {"reason": "a"}, by=table.players[0], **key)).is_success
    other = await game.post("disputes", {"reason": "b"}, by=table.players[0], **key)
    assert_problem(other, 422, "idempotency-key-reused")
    assert (await game.post("settlements", {"decision": "confirm"}, by=organizer, **key)).is_success
    flipped = await game.post("settlements", {"decision": "annul"}, by=organizer, **key)
    assert_problem(flipped, 422, "idempotency-key-reused")
    assert (await game.state())["status"] == "confirmed"


async def test_concurrent_hands_at_a_table_of_chips_keep_every_chip(
    client: httpx.AsyncClient,
) -> None:
    """Six hands posted at one table at once (each answered is recorded once, or refused
    busy and not recorded), and bad hands (an empty hand, floats, strings, chips beyond the
    bounds, a duplicate key): every good one is recorded, every chip is still in play, the
    bad ones refused."""
    organizer = await register(client, "Seu Nico")
    competition, players = await tournament(client, organizer, 8)
    before = await standings(client, competition)
    table = before["tables"][0]
    a, b = (players[e].id for e in table["players"][:2])
    url = f"/v1/competitions/{competition}/tables/{table['table']}/hands"

    hands = await asyncio.gather(
        *(client.post(url, json={"net": {a: 5, b: -5}}, headers=organizer.auth) for _ in range(6))
    )
    bad_bodies = [
        {"net": {}},
        {"net": {a: 10.5, b: -10.5}},
        {"net": {a: "10", b: "-10"}},
        {"net": {a: 2**70, b: -(2**70)}},
    ]
    bad = [await client.post(url, json=body, headers=organizer.auth) for body in bad_bodies]
    duplicate = await client.post(
        url,
        content=f'{{"net": {{"{a}": 10, "{b}": -10, "{a}": 0}}}}',
        headers=organizer.auth | {"Content-Type": "application/json"},
    )

    # a hand that lost the race five times is answered 503 (busy: retry), recording nothing
    assert {r.status_code for r in hands} <= {201, 503}
    recorded = sum(r.status_code == 201 for r in hands)
    chips = chips_of(await standings(client, competition))
    assert sum(chips.values()) == 8000
    assert chips[table["players"][0]] == 1000 + 5 * recorded
    for refused in [*bad, duplicate]:
        assert_problem(refused, 400, "invalid-body")


async def test_a_stranger_neither_arrives_for_another_nor_draws_for_a_loser(
    client: httpx.AsyncClient,
) -> None:
    """A player posts another's arrival, and a draw for a loser; a loser posts the other's
    draw; each changes nothing."""
    table = await seat_a_table(client)
    ze, ana, tiao, bia = table.players
    organizer, novo = await register(client, "Dona Rosa"), await register(client, "Novo")
    mesa = await open_mesa(client, organizer, "higher")
    await play(client, table, organizer, mesa, [ze, ana, tiao, bia], winner_seat=0)
    await ok(client, mesa, "arrivals", {"player": novo.id}, by=novo)
    before = await next_of(client, mesa)

    attempts = [
        ("arrivals", {"player": table.outsider.id}, novo),
        ("draws", {"player": ana.id}, table.outsider),
        ("draws", {"player": bia.id, "tile": "6-6"}, ana),
        ("draws", {"player": ana.id}, ze),
    ]
    for what, body, who in attempts:
        assert_problem(await mesa_call(client, mesa, what, body, who), 403, "forbidden")
    assert await next_of(client, mesa) == before

"""Review of issue 18: attacks that failed, kept as regression tests (the strongest few).
Each docstring says what the attack tried."""

from __future__ import annotations

import asyncio
import random
import re
from typing import Any

import httpx
import pytest

from domain import DECK_40
from tests.api.conftest import ADMIN, ADMINISTRATOR, Player, Table, register
from tests.api.play import (
    Game,
    Json,
    create_competition,
    create_game,
    sorted_deal,
    stack_server_deals,
)
from tests.projections.test_http import settled

# Truco, dealt by the server (stacked): seat 3 deals, seat 0 leads and takes round 1 with
# its 3S; in round 2 it plays 4C covered, and seat 1 follows with 5H.
VIRA = "7C"
HANDS = [["3S", "4C", "5D"], ["4H", "5H", "6H"], ["2S", "6C", "7D"], ["4D", "5S", "6D"]]
ROUND_1 = [(0, "3S"), (1, "4H"), (2, "6C"), (3, "4D")]
COVERED = (0, "4C")
AFTER = (1, "5H")
STILL_HELD = {"5D", "6H", "2S", "7D", "5S", "6D"}
SECRET = STILL_HELD | {COVERED[1]}
SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def truco_server_deal() -> Json:
    dealt = {c for h in HANDS for c in h} | {VIRA}
    rest = [c for c in DECK_40 if c not in dealt]
    return {"hands": HANDS, "dorme": [VIRA, *rest]}


def shown_cards(text: str, cards: set[str]) -> set[str]:
    """The cards of `cards` written anywhere in a text (JSON, CSV or a page)."""
    found = set()
    for code in cards:
        pattern = rf"(?<![0-9A-Za-z]){re.escape(code)}(?![0-9A-Za-z])"
        if re.search(pattern, text) or code[:-1] + SUITS[code[-1]] in text:
            found.add(code)
    return found


async def reads(client: httpx.AsyncClient, game: Game, viewer: Player | None) -> dict[str, str]:
    """Every read of the game and of the world, as `viewer` (None: anonymous) gets it."""
    headers = viewer.auth if viewer else {}
    version = await game.version()
    urls = [
        game.url(),
        game.url("events") + "?limit=1000",
        game.url("sumula"),
        game.url("sumula") + "?format=csv",
        game.url("verify"),
        "/v1/events?limit=1000",
        "/v1/exports/games?status=all",
        f"/partidas/{game.id}",
        "/v1/matches?status=in_progress",
    ]
    for n in range(1, version + 1):
        urls += [
            game.url() + f"?at={n}",
            game.url("events") + f"?at={n}&limit=1000",
            f"/partidas/{game.id}?passo={n}",
        ]
    texts = {}
    for url in urls:
        response = await client.get(url, headers=headers)
        assert response.status_code == 200, (url, response.text)
        texts[url] = response.text
    return texts


async def test_no_read_shows_a_server_dealt_truco_hand_or_covered_card_to_anyone_else(
    client: httpx.AsyncClient, table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tried: read a server deal in progress (and a card played covered) from every read,
    now and at every step (state, history, ?at=N, the feed, the súmula in JSON and CSV,
    the export, /verify, the game page and its replay), as anonymous, a stranger, the
    scorekeeper who asked for the deal, the competition's organizer and the administrator,
    and each seat's player for the other seats. Nothing shows, not a salt either."""
    organizer = await register(client, "Dona Rosa")  # creates the game: its scorekeeper
    co = await register(client, "Seu Lima")
    competition = await create_competition(client, organizer, "truco", organizers=[co.id])
    game = await create_game(client, table, "truco", by=organizer, competition_id=competition)
    stack_server_deals(monkeypatch, truco_server_deal())
    dealt = await game.ok("hands", {"deal": "server"})
    assert dealt["hand"]["hands"] == [None] * 4
    p = table.players
    for seat, card in ROUND_1:
        await game.ok("moves", {"seat": seat, "card": card}, by=p[seat])
    seat, card = COVERED
    await game.ok("moves", {"seat": seat, "card": card, "covered": True}, by=p[seat])
    seat, card = AFTER
    await game.ok("moves", {"seat": seat, "card": card}, by=p[seat])
    salts = {
        s
        for player in p
        for e in await game.events(by=player)
        for s in (e.get("salts") or {}).values()
    }
    assert len(salts) == 4 + 1  # each seat's hand, and the covered card to its own seat

    outsiders: list[Player | None] = [
        None,
        table.outsider,
        organizer,
        co,
        ADMINISTRATOR,
    ]
    for viewer in outsiders:
        for url, text in (await reads(client, game, viewer)).items():
            assert not shown_cards(text, SECRET), (viewer, url, shown_cards(text, SECRET))
            assert not [s for s in salts if s in text], (viewer, url)
    own = await reads(client, game, p[0])
    assert shown_cards(own[game.url()], {"5D"}) == {"5D"}, "the check finds a shown card"
    for seat, player in enumerate(p):
        others = {c for s, hand in enumerate(HANDS) if s != seat for c in hand} & SECRET
        for url, text in (await reads(client, game, player)).items():
            assert not shown_cards(text, others), (seat, url, shown_cards(text, others))


async def test_staff_who_do_not_see_a_server_deal_learn_nothing_from_writes(
    client: httpx.AsyncClient, table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tried: the organizer who created the game (its scorekeeper, not seated), a
    co-organizer and the administrator post moves and an irregular-pass penalty for a seat
    of a server deal, with a tile it holds and one it does not, also with an
    Idempotency-Key and a stale If-Match, and an undo: every answer is a refusal that the
    rules never saw (or an undo naming only a tile already public), so no answer tells
    what a hand holds."""
    organizer = await register(client, "Dona Rosa")
    co = await register(client, "Seu Lima")
    competition = await create_competition(client, organizer, "cinquenta", organizers=[co.id])
    game = await create_game(client, table, "cinquenta", by=organizer, competition_id=competition)
    stack_server_deals(monkeypatch, sorted_deal("cinquenta"))  # seat 3: 3-6 .. 6-6
    await game.ok("hands", {"deal": "server"}, by=table.players[0])
    await game.ok("moves", {"seat": 3, "tile": "6-6"}, by=table.players[3])
    version = await game.version()

    for staff in (organizer, co, ADMINISTRATOR):
        answers = set()
        for body, path in (
            ({"seat": 0, "tile": "0-6"}, "moves"),  # seat 0 holds 0-6 (fits)
            ({"seat": 0, "tile": "5-5"}, "moves"),  # it does not hold 5-5
            ({"seat": 0, "pass": True}, "moves"),
            ({"seat": 0, "kind": "irregular-pass"}, "penalties"),
        ):
            for headers in ({}, {"Idempotency-Key": f"k-{path}-{body}"}, {"If-Match": '"1"'}):
                response = await game.post(path, body, by=staff, **headers)
                answers.add((response.status_code, response.json().get("code")))
        assert {status for status, _ in answers} <= {403, 409}, answers
        assert await game.version() == version

    undone = await game.ok("undo", {}, by=organizer)
    assert undone["hand"]["hands"] == [None] * 4
    (last,) = [e for e in await game.events() if e["type"] == "move_undone"]
    assert last["data"]["tile"] == "6-6"


async def test_undoing_a_covered_card_tells_no_one_its_face(
    client: httpx.AsyncClient, table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tried: the scorekeeper of a server deal undoes a card played covered, to read its
    face in the undo's event, the state, the history or an earlier step; and the same
    move replayed with its Idempotency-Key after the undo. The face stays hidden until
    the hand ends, and the replay appends nothing."""
    game = await create_game(client, table, "truco")
    stack_server_deals(monkeypatch, truco_server_deal())
    await game.ok("hands", {"deal": "server"})
    p = table.players
    for seat, card in ROUND_1:
        await game.ok("moves", {"seat": seat, "card": card}, by=p[seat])
    covered = {"seat": 0, "card": "4C", "covered": True}
    await game.ok("moves", covered, by=p[0], **{"Idempotency-Key": "cover"})
    at_cover = await game.version()

    undone = await game.ok("undo", {})
    replayed = await game.post("moves", covered, by=p[0], **{"Idempotency-Key": "cover"})

    assert replayed.status_code == 201
    assert await game.version() == undone["version"]
    texts = [
        (await client.get(game.url(), headers=h)).text
        for h in ({}, table.scorekeeper.auth, ADMIN, table.players[1].auth)
    ]
    texts += [(await client.get(game.url(), params={"at": at_cover})).text]
    texts += [str(await game.events(by=b)) for b in (None, table.scorekeeper, p[1], p[2])]
    for text in texts:
        assert "4C" not in text
    (event,) = [e for e in await game.events() if e["type"] == "move_undone"]
    assert event["data"]["card"] is None


async def test_salts_are_fresh_and_shown_only_once_the_hand_has_ended(
    client: httpx.AsyncClient, table: Table
) -> None:
    """Tried: find a salt repeated between parts, hands or games (one known salt would
    open another part's commitment to a guess), or any salt shown to the public before
    the hand's end. Every salt is 128 bits of its own, none is public while its hand is
    in progress, and each revealed part matches its commitment."""
    rng = random.Random(18)
    salts: list[str] = []
    for _ in range(2):
        game = await create_game(client, table, "pontos")
        for _ in range(2):
            state = await game.ok("hands", {"deal": "server"})
            public = [e for e in await game.events() if e["type"] == "hand_started"]
            assert public[-1].get("salts") is None
            state = await game.play_hand_by_the_players(state, rng)
            if state["status"] != "in_progress":
                break
        events = await game.events()
        salts += [s for e in events for s in (e.get("salts") or {}).values()]
        verified = (await client.get(game.url("verify"))).json()
        assert verified["valid"] is True
        assert verified["secrets_wrong"] == []
        assert verified["secrets_hidden"] == 0
    assert all(re.fullmatch(r"[0-9a-f]{32}", s) for s in salts)
    assert len(salts) >= 10
    assert len(set(salts)) == len(salts)


async def test_late_consents_racing_each_other_count_each_player_once(
    client: httpx.AsyncClient, table: Table
) -> None:
    """Tried: count one game twice for a player, in statistics or ratings, by racing the
    later consents (both players of a side, twice each) after an organizer confirmed it
    for one member. Each player's game counts once."""
    organizer = table.outsider
    competition = await create_competition(client, organizer)
    p = table.players
    joined = await client.post(f"/v1/competitions/{competition}/members", headers=p[0].auth)
    assert joined.status_code == 201
    game = await create_game(client, table, "pontos", by=organizer, competition_id=competition)
    await game.win_by_results("pontos")
    assert (await game.ok("confirmations", {}, by=organizer))["counts_for"] == [0]

    answers = await asyncio.gather(
        *(game.post("confirmations", {}, by=player) for player in (p[2], p[1], p[3], p[1], p[3]))
    )

    assert sorted(a.status_code for a in answers) == [201, 201, 201, 409, 409]  # each once
    assert (await game.state())["counts_for"] == [0, 1, 2, 3]
    await settled(client)
    for player in p:
        stats: Any = (await client.get(f"/v1/players/{player.id}/stats")).json()
        ratings: Any = (await client.get(f"/v1/players/{player.id}/ratings")).json()
        assert stats["games_played"] == 1
        assert [r["games"] for r in ratings["ratings"]] == [1]
        assert len(ratings["history"]) == 1


async def test_an_idempotency_key_never_hands_one_players_answer_to_another(
    client: httpx.AsyncClient, table: Table
) -> None:
    """Tried: replay a seated player's server deal with the same Idempotency-Key and body
    from another seat's player (or the scorekeeper, or the administrator), to be answered
    with the first answer, the first player's hand in it. Keys are each sender's own: the
    others' requests are new ones, refused (a hand is in progress), with no hand in them."""
    game = await create_game(client, table, "pontos")
    p = table.players
    key = {"Idempotency-Key": "deal-1"}
    first = await game.ok("hands", {"deal": "server"}, by=p[0], **key)
    again = await game.ok("hands", {"deal": "server"}, by=p[0], **key)
    assert again == first
    assert [h is not None for h in first["hand"]["hands"]] == [True, False, False, False]

    for other in (p[1], table.scorekeeper, ADMINISTRATOR):
        response = await game.post("hands", {"deal": "server"}, by=other, **key)
        assert response.status_code == 409, response.text
        assert response.json()["code"] == "hand-in-progress"
        assert not [t for t in first["hand"]["hands"][0] if t in response.text]

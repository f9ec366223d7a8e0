"""Texas Hold'em and poker fechado over HTTP: a session played to its end, a hand by its
net chips, the session closed; and the secrets of the table (design.md, "Secrets in the
history"): a folded hand, and the hand of a seat that won with everyone else folded, are
never shown to anyone else, in any read, at any version, after the hand as during it; a
showdown shows the hands still in, card by card, and each checks against its commitment."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import httpx

from tests.api.conftest import Player, Table, register
from tests.api.play import Game, assert_problem, create_game
from tests.projections.test_http import settled
from tests.simulate import betting_deal, betting_move

Json = dict[str, Any]
HOLDEM_DEAL: Json = {
    "dealer": 3,
    "stacks": [1000, 850, 1200, 400],
    "hands": [["AH", "KD"], ["7C", "7S"], ["QH", "JH"], ["2D", "9C"]],
    "board": ["AS", "7D", "10H", "2S", "KC"],
}


async def table_of(client: httpx.AsyncClient, seats: int) -> Table:
    players = [await register(client, f"Jogador {n}") for n in range(seats)]
    return Table(players, await register(client, "Crupiê"), await register(client, "Outro"))


def commitment(salt: str, value: object) -> str:
    canonical = json.dumps(value, separators=(",", ":"), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(bytes.fromhex(salt) + canonical.encode()).hexdigest()


def cards_in(value: object) -> set[str]:
    """Every card code anywhere in a JSON value."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, list):
        return {c for v in value for c in cards_in(v)}
    if isinstance(value, dict):
        return {c for v in value.values() for c in cards_in(v)}
    return set()


async def every_read(game: Game, by: Player | None) -> list[Json]:
    """What `by` reads of the game: its state now and at every version, and its events."""
    reads: list[Json] = [await game.state(by)]
    events = await game.events(by)
    reads += [{"events": events}]
    for version in range(1, len(events) + 1):
        page = await game.events(by, at=version, limit=1)
        reads.append({"events": page})
    return reads


async def test_a_hold_em_hand_to_the_showdown_shows_the_hands_still_in_and_no_other(
    shared_client: httpx.AsyncClient,
) -> None:
    table = await table_of(shared_client, 4)
    game = await create_game(shared_client, table, "texas-holdem")
    state = await game.ok("hands", HOLDEM_DEAL)
    assert state["hand"]["family"] == "betting"
    assert state["hand"]["blinds"] == {"small": 0, "big": 1}
    assert state["turn"] == 2  # after the big blind
    await game.ok("moves", {"seat": 2, "bet_to": 60})
    await game.ok("moves", {"seat": 3, "fold": True})  # 2D 9C: never shown
    await game.ok("moves", {"seat": 0, "cover": True})
    await game.ok("moves", {"seat": 1, "cover": True})
    for _street in range(3):
        for seat in (0, 1, 2):
            state = await game.ok("moves", {"seat": seat, "check": True})
        assert len(state["hand"]["board"] if state["hand"] else HOLDEM_DEAL["board"]) >= 3

    (hand,) = state["hands"]
    assert state["hand"] is None
    assert hand["outcome"] == "showdown"
    assert sum(hand["scores"].values()) == 0
    assert hand["scores"] == {"0": -60, "1": -60, "2": 120, "3": 0}  # A-K-Q-J-10 takes it
    assert hand["details"]["made"] == {"0": "two-pair", "1": "three-of-a-kind", "2": "straight"}
    folded = {"2D", "9C"}
    for reader in (None, game.scorekeeper, table.outsider, *table.players[:3]):
        for read in await every_read(game, reader):
            assert not folded & cards_in(read), f"a folded hand shown to {reader}"
    own = await game.events(table.players[3])
    assert folded <= cards_in(own)  # its own player still sees it
    events = await game.events(None)
    showdown = next(e for e in events if e["type"] == "showdown_held")
    assert set(showdown["data"]["shown"]) == {"0", "1", "2"}
    deal = next(e for e in events if e["type"] == "betting_dealt")
    salts = deal["salts"] or {}
    assert set(salts) == {f"hands.{s}.{n}" for s in (0, 1, 2) for n in (0, 1)}
    for path, salt in salts.items():
        _, seat, n = path.split(".")
        value = deal["data"]["hands"][int(seat)][int(n)]
        assert commitment(salt, value) == deal["data"]["commitments"][path]
    verified = (await shared_client.get(game.url("verify"))).json()
    assert verified["valid"]
    assert verified["secrets_wrong"] == []


async def test_a_hand_won_by_folds_is_never_shown_and_the_winners_cards_stay_hidden(
    shared_client: httpx.AsyncClient,
) -> None:
    table = await table_of(shared_client, 3)
    game = await create_game(shared_client, table, "texas-holdem")
    deal: Json = {
        "dealer": 2,
        "stacks": [500, 500, 500],
        "hands": [["AH", "AD"], ["KC", "KS"], ["2C", "7D"]],
    }
    await game.ok("hands", deal)
    await game.ok("moves", {"seat": 2, "bet_to": 100})  # after the blinds (0 and 1)
    await game.ok("moves", {"seat": 0, "fold": True})
    state = await game.ok("moves", {"seat": 1, "fold": True})
    (hand,) = state["hands"]
    assert hand["outcome"] == "fold"
    assert hand["details"]["shown"] == []
    everyone = {c for h in deal["hands"] for c in h}
    for reader in (None, game.scorekeeper, table.outsider):
        for read in await every_read(game, reader):
            assert not everyone & cards_in(read)
    for seat, player in enumerate(table.players):
        seen = cards_in(await game.events(player))
        assert set(deal["hands"][seat]) <= seen
        others = everyone - set(deal["hands"][seat])
        assert not others & seen
    types = [e["type"] for e in await game.events(None)]
    assert "showdown_held" not in types


async def test_a_board_not_posted_is_named_street_by_street_by_who_posted_the_deal(
    shared_client: httpx.AsyncClient,
) -> None:
    table = await table_of(shared_client, 2)
    game = await create_game(shared_client, table, "texas-holdem")
    deal: Json = {"dealer": 0, "stacks": [300, 300], "hands": [["AH", "AD"], ["KC", "KS"]]}
    state = await game.ok("hands", deal)
    assert state["turn"] == 0  # H1: heads-up, the dealer posts the small blind, acts first
    await game.ok("moves", {"seat": 0, "cover": True})
    state = await game.ok("moves", {"seat": 1, "check": True})
    assert state["hand"]["waiting_for"] == "board"
    refused = await game.post("moves", {"seat": 0, "check": True})
    assert_problem(refused, 422, "board-pending")
    seat_names = await game.post("moves", {"board": ["2C", "3C", "4C"]}, by=table.players[0])
    assert seat_names.status_code == 403
    seen = await game.post("moves", {"board": ["AH", "3C", "4C"]})
    assert_problem(seen, 422, "card-not-in-stock")
    state = await game.ok("moves", {"board": ["2C", "3C", "4C"]})
    assert state["hand"]["board"] == ["2C", "3C", "4C"]
    assert state["turn"] == 1  # H2: the first seat still in after the dealer


async def test_each_betting_game_reads_its_own_bodies_and_refuses_the_others_fields(
    shared_client: httpx.AsyncClient,
) -> None:
    """Issue 30: a field of another game, a bet without its seat, a deal asked of the server
    that posts cards too: a bad body (400) saying so, whoever sends it, and nothing
    recorded."""
    table = await table_of(shared_client, 4)
    holdem = await create_game(shared_client, table, "texas-holdem")
    poker = await create_game(shared_client, table, "poker")
    server = 'either post a deal or ask for "server"'
    deals: list[tuple[Game, str, Json, str]] = [
        (holdem, "hands", {**HOLDEM_DEAL, "stock": ["3C"]}, "unknown field `stock`"),
        (holdem, "hands", {"deal": "server", "board": HOLDEM_DEAL["board"]}, server),
        (poker, "hands", {"hands": [["AH"]], "board": HOLDEM_DEAL["board"]}, "field `board`"),
        (poker, "hands", {"deal": "server", "stock": ["AS"]}, server),
        (holdem, "results", {"net": {"0": 0}, "points": [0, 0, 0, 0]}, "unknown field `points`"),
        (poker, "results", {"stacks": [100, 100, 100, 100]}, "missing required field `net`"),
    ]
    for game, write, body, said in deals:
        assert said in assert_problem(await game.post(write, body), 400, "invalid-body")["detail"]
    await holdem.ok("hands", HOLDEM_DEAL)
    await poker.ok("hands", {"deal": "server", "in": [0, 1, 2], "stacks": [100, 100, 100, 0]})
    no_seat = 'a move names its "seat"'
    moves: list[tuple[Game, Json, Player | None, str]] = [
        (holdem, {"seat": 2, "exchange": []}, None, "unknown field `exchange`"),
        (holdem, {"cover": True}, table.players[2], no_seat),  # before who may move is asked
        (holdem, {"cover": True}, None, no_seat),
        (poker, {"seat": 0, "board": ["AS", "7D", "10H"]}, None, "unknown field `board`"),
        (poker, {"cover": True}, None, "missing required field `seat`"),
        (poker, {"seat": 0, "check": True, "card": "7H"}, None, "unknown field `card`"),
    ]
    before = [(await g.state())["version"] for g in (holdem, poker)]
    for game, body, by, said in moves:
        problem = assert_problem(await game.post("moves", body, by), 400, "invalid-body")
        assert said in problem["detail"]
    assert [(await g.state())["version"] for g in (holdem, poker)] == before
    poker_hand = (await poker.state())["hand"]
    assert (poker_hand["game"], poker_hand["dealt"]) == ("poker", [0, 1, 2])
    assert not {"board", "blinds"} & set(poker_hand)
    assert "exchanged" not in (await holdem.state())["hand"]


async def test_poker_fechado_exchanges_hide_what_was_thrown_even_at_the_showdown(
    shared_client: httpx.AsyncClient,
) -> None:
    table = await table_of(shared_client, 2)
    game = await create_game(shared_client, table, "poker", rules={"overrides": {"pingo": 5}})
    state = await game.state()
    deal = betting_deal(state, random.Random(7))
    deal["dealer"] = 1
    await game.ok("hands", deal)
    state = await game.ok("moves", {"seat": 0, "check": True})
    state = await game.ok("moves", {"seat": 1, "check": True})
    assert state["hand"]["waiting_for"] == "draw"
    thrown = deal["hands"][0][:2]
    state = await game.ok("moves", {"seat": 0, "exchange": thrown})
    assert state["hand"]["exchanged"] == {"0": 2}
    state = await game.ok("moves", {"seat": 1, "exchange": []})
    await game.ok("moves", {"seat": 0, "check": True})
    state = await game.ok("moves", {"seat": 1, "check": True})
    (hand,) = state["hands"]
    assert hand["outcome"] == "showdown"
    shown = set(hand["details"]["shown_cards"]["0"])
    assert not set(thrown) & shown
    for reader in (None, table.outsider, table.players[1]):
        for read in await every_read(game, reader):
            assert not set(thrown) & cards_in(read), "a card thrown away was shown"
    assert set(thrown) <= cards_in(await game.events(table.players[0]))


async def test_a_session_is_played_to_one_stack_ranked_by_net_chips_and_confirmed(
    shared_client: httpx.AsyncClient,
) -> None:
    for preset in ("texas-holdem", "poker"):
        table = await table_of(shared_client, 3)
        game = await create_game(shared_client, table, preset)
        state = await game.state()
        for _ in range(200):
            if state["status"] != "in_progress" and state["hands"]:
                break
            if state["hand"] is None:
                state = await game.ok(
                    "hands", betting_deal(state, random.Random(len(state["hands"])))
                )
            else:
                state = await game.ok("moves", betting_move(state["hand"], state["turn"]))
        assert state["status"] == "finished"
        assert sum(state["score"].values()) == 0
        stacks = state["hands"][-1]["details"]["stacks"]
        assert sorted(stacks) == [0, 0, 600]
        assert state["places"][0] == [str(stacks.index(600))]
        for player in table.players:
            state = await game.ok("confirmations", {}, by=player)
        assert state["status"] == "confirmed"
        await settled(shared_client)
        ranking = await shared_client.get("/v1/rankings", params={"game": preset})
        assert ranking.status_code == 200, ranking.text
        rows = {row["player_id"]: row for row in ranking.json()["rows"]}
        assert {p.id for p in table.players} <= set(rows)


async def test_hands_by_their_net_chips_and_a_session_closed_between_hands(
    shared_client: httpx.AsyncClient,
) -> None:
    table = await table_of(shared_client, 3)
    game = await create_game(shared_client, table, "poker")
    wrong = await game.post("results", {"net": {"0": 50, "1": -20}, "stacks": [100, 100, 100]})
    assert_problem(wrong, 422, "invalid-result")
    broke = await game.post("results", {"net": {"0": 150, "1": -150}, "stacks": [100, 100, 100]})
    assert_problem(broke, 422, "invalid-result")
    state = await game.ok("results", {"net": {"0": 60, "1": -40, "2": -20}, "stacks": [100] * 3})
    assert state["hands"][0]["details"]["stacks"] == [160, 60, 80]
    refused = await game.post("closing", {}, by=table.outsider)
    assert refused.status_code == 403
    state = await game.ok("closing", {})
    assert state["status"] == "finished"
    assert state["places"] == [["0"], ["2"], ["1"]]
    export = await shared_client.get(f"/v1/exports/matches/{game.id}")
    if export.status_code == 200:
        assert '"net"' in export.text


async def test_a_players_biggest_pot_is_the_largest_over_sessions_not_their_sum(
    shared_client: httpx.AsyncClient,
) -> None:
    """R11: `biggest_pot` keeps its largest value over games (`projections.games.base.LARGEST`),
    where every other counter adds up."""
    table = await table_of(shared_client, 2)
    pots: list[int] = []
    winners: list[int] = []
    for stacks in ([100, 100], [300, 300]):  # the same cards: the same seat wins both
        game = await create_game(shared_client, table, "poker")
        deal = betting_deal(await game.state(), random.Random(11))
        deal |= {"stacks": stacks, "dealer": 1}
        state = await game.ok("hands", deal)
        while state["hand"] is not None:
            state = await game.ok("moves", betting_move(state["hand"], state["turn"]))
        if state["status"] != "finished":
            state = await game.ok("closing", {})
        for player in table.players:
            await game.ok("confirmations", {}, by=player)
        pots.append(state["hands"][-1]["details"]["pot"])
        scores = state["hands"][-1]["scores"]
        winners.append(next(s for s in range(2) if scores[str(s)] > 0))
    await settled(shared_client)
    assert winners[0] == winners[1]  # so a sum would say 800
    winner = table.players[winners[0]]
    stats = await shared_client.get(f"/v1/players/{winner.id}/stats", params={"game": "poker"})
    counters = stats.json()["game_counters"]
    assert counters["biggest_pot"] == max(pots) == 600
    assert counters["hands_dealt"] == 2


async def test_p17_the_seats_close_a_session_together_each_with_their_own_token(
    shared_client: httpx.AsyncClient,
) -> None:
    table = await table_of(shared_client, 3)
    game = await create_game(shared_client, table, "texas-holdem")
    other = await create_game(shared_client, await table_of(shared_client, 2), "texas-holdem")
    early = await game.post("closing", {}, by=table.players[0])
    assert_problem(early, 409, "nothing-to-close")
    state = await game.ok("results", {"net": {"0": 60, "1": -40, "2": -20}, "stacks": [100] * 3})
    assert state["closing"] == []
    state = await game.ok("closing", {}, by=table.players[2])
    assert (state["status"], state["closing"]) == ("in_progress", [2])
    again = await game.post("closing", {}, by=table.players[2])
    assert_problem(again, 409, "already-asked")
    for stranger in (table.outsider, other.table.players[0]):  # another game's player too
        refused = await game.post("closing", {}, by=stranger)
        assert_problem(refused, 403, "forbidden")
    assert (await game.state())["closing"] == [2]
    state = await game.ok("closing", {}, by=table.players[0])
    assert (state["status"], state["closing"]) == ("in_progress", [0, 2])
    state = await game.ok("closing", {}, by=table.players[1])
    assert state["status"] == "finished"
    assert state["places"] == [["0"], ["2"], ["1"]]
    types = [e["type"] for e in await game.events(None)]
    assert types[-4:] == ["closing_asked"] * 3 + ["match_finished"]
    versions = {e["type"]: e["version"] for e in await game.events(None)}
    page = await shared_client.get(
        f"/partidas/{game.id}", params={"passo": versions["closing_asked"]}
    )
    assert page.status_code == 200
    assert "Jogador 1 pediu para encerrar a sessão" in page.text


async def test_p17_a_hand_in_between_puts_the_requests_aside_and_staff_closes_at_once(
    shared_client: httpx.AsyncClient,
) -> None:
    table = await table_of(shared_client, 2)
    game = await create_game(shared_client, table, "texas-holdem")
    await game.ok("results", {"net": {"0": 10, "1": -10}, "stacks": [100, 100]})
    state = await game.ok("closing", {}, by=table.players[0])
    assert state["closing"] == [0]
    state = await game.ok("hands", {"deal": "server"}, by=table.players[1])
    assert state["closing"] == []
    during = await game.post("closing", {}, by=table.players[0])
    assert_problem(during, 409, "hand-in-progress")
    while state["hand"] is not None:  # each seat folds in turn with their own token
        state = await game.ok(
            "moves", {"seat": state["turn"], "fold": True}, by=table.players[state["turn"]]
        )
    state = await game.ok("closing", {}, by=table.players[1])
    assert (state["status"], state["closing"]) == ("in_progress", [1])
    annulled = await game.ok("annulments", {"hand": 2})
    assert annulled["closing"] == []
    state = await game.ok("closing", {})  # the scorekeeper: at once
    assert state["status"] == "finished"
    sueca = await create_game(shared_client, await table_of(shared_client, 4), "sueca")
    assert (await sueca.state())["closing"] is None


async def test_p18_a_chopped_pot_played_move_by_move_is_posted_back_from_its_sumula(
    shared_client: httpx.AsyncClient,
) -> None:
    """Heads-up, both seats play a royal flush on the board: the pot is split, every net 0;
    the súmula's result body of that hand, posted to a twin game, is the same hand."""
    table = await table_of(shared_client, 2)
    game = await create_game(shared_client, table, "texas-holdem")
    twin = await create_game(shared_client, table, "texas-holdem")
    deal: Json = {
        "dealer": 0,
        "stacks": [300, 200],
        "hands": [["2H", "3D"], ["4C", "5D"]],
        "board": ["AS", "KS", "QS", "JS", "10S"],
    }
    state = await game.ok("hands", deal)
    await game.ok("moves", {"seat": 0, "cover": True})
    state = await game.ok("moves", {"seat": 1, "check": True})
    while state["hand"] is not None:
        state = await game.ok("moves", {"seat": state["turn"], "check": True})
    (played,) = state["hands"]
    assert played["scores"] == {"0": 0, "1": 0}
    sumula = await shared_client.get(f"/v1/matches/{game.id}/sumula")
    assert sumula.status_code == 200, sumula.text
    body = sumula.json()["hands"][0]["result"]
    assert (body["net"], body["stacks"]) == ({"0": 0, "1": 0}, [300, 200])
    again = await twin.ok("results", body)
    (recorded,) = again["hands"]
    assert recorded["scores"] == played["scores"]
    assert (recorded["winner"], recorded["points"]) == (played["winner"], played["points"])
    assert recorded["details"]["stacks"] == played["details"]["stacks"] == [300, 200]
    assert (recorded["started_at"], recorded["ended_at"]) == (
        played["started_at"],
        played["ended_at"],
    )
    assert again["score"] == state["score"]


async def test_h5d_over_http_nobody_is_asked_to_act_when_nothing_is_owed(
    shared_client: httpx.AsyncClient,
) -> None:
    """Heads-up, stacks 500 and 3, blinds 5/10: the small blind covers the all-in already,
    and nobody could answer a bet: no turn, the board is due at once (H5d)."""
    table = await table_of(shared_client, 2)
    game = await create_game(
        shared_client, table, "texas-holdem", rules={"overrides": {"big_blind": 10}}
    )
    deal: Json = {"dealer": 0, "stacks": [500, 3], "hands": [["AH", "KD"], ["7C", "7S"]]}
    state = await game.ok("hands", deal)
    assert state["turn"] is None
    assert (state["hand"]["waiting_for"], state["hand"]["to_call"]) == ("board", 0)
    for street in (["2S", "3D", "9C"], ["10H"], ["KC"]):
        state = await game.ok("moves", {"board": street})
    (hand,) = state["hands"]
    assert hand["details"]["stacks"] == [503, 0]


async def _table_of(client: httpx.AsyncClient, seats: int, name: str) -> Table:
    players = [await register(client, f"{name} {n}") for n in range(seats)]
    keeper = await register(client, f"{name} anotador")
    return Table(players, keeper, await register(client, f"{name} curioso"))


_HOLDEM_DEAL: dict[str, Any] = {
    "dealer": 3,
    "stacks": [1000, 850, 1200, 100],
    "hands": [["AH", "KD"], ["7C", "7S"], ["QH", "JH"], ["2D", "9C"]],
    "board": ["AS", "7D", "10H", "2S", "KC"],
}


async def test_a_retried_write_answers_as_a_read_of_its_version_after_the_hand(
    client: httpx.AsyncClient,
) -> None:
    """The poster of a Hold'em deal may not read a folded hand once the hand is over, at any
    version; the same write sent again with its Idempotency-Key after the hand answers the
    game as the first request left it, and as a read of that version shows it: no folded
    hand."""
    table = await _table_of(client, 4, "Replay")
    game = await create_game(client, table, "texas-holdem")
    state = await game.ok("hands", _HOLDEM_DEAL)
    assert state["turn"] == 2
    key = {"Idempotency-Key": "fold-2"}
    first = await game.ok("moves", {"seat": 2, "fold": True}, None, **key)
    assert first["hand"]["hands"][0] == ["AH", "KD"]  # in progress: the poster sees them
    await game.ok("moves", {"seat": 3, "fold": True})
    state = await game.ok("moves", {"seat": 0, "fold": True})
    assert state["hand"] is None
    assert state["hands"][-1]["outcome"] == "fold"
    # the same reader's other reads of that version hide them now
    past = await game.state(game.scorekeeper, at=first["version"])
    assert past["hand"]["hands"] == [None, None, None, None]
    again = await game.post("moves", {"seat": 2, "fold": True}, None, **key)
    assert again.status_code == 201, again.text
    shown = again.json()["hand"]["hands"]
    assert shown == [None, None, None, None], f"folded hands replayed to the poster: {shown}"

"""Secrets in the public history (design.md, "Secrets in the history"), over HTTP.

A hidden hand, dorme or covered card never enters what is hashed: the chain recomputes from
what any reader holds (secrets null), so a public hash cannot confirm a guess; each secret
is behind a commitment with a 128-bit salt of its own, and once revealed it checks against
the commitment published before anyone saw a card (scripts/verify_game.py does it with the
standard library alone).
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import random
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.api.cards_play import espadas_deal, legal_cards, sueca_deal, truco_deal
from tests.api.conftest import Player, Table
from tests.api.play import Game, Json, create_game, next_move, shuffled_deal

ROOT = Path(__file__).resolve().parents[2]
PRESETS = ("pontos", "cinquenta", "federacao", "sueca", "truco", "espadas", "copas")
SALT = re.compile(r"^[0-9a-f]{32}$")


def load_verifier() -> ModuleType:
    spec = importlib.util.spec_from_file_location("verify_game", ROOT / "scripts/verify_game.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


VERIFY = load_verifier()


def at(body: Any, path: str) -> Any:
    for step in path.split("."):
        body = body[int(step)] if isinstance(body, list) else body[step]
    return body


def with_value(event: Json, path: str, value: Any) -> Json:
    """The event as if its body held `value` at `path`: what an attacker would hash."""
    guess = VERIFY.public_body(event)
    *steps, last = path.split(".")
    node = guess
    for step in steps:
        node = node[int(step)] if isinstance(node, list) else node[step]
    node[int(last) if isinstance(node, list) else last] = value
    return {**event, "data": guess}


def link(previous: str, event: Json) -> str:
    text = VERIFY.jsonb_text(event["data"])
    line = f"{event['stream']}\n{event['version']}\n{event['type']}\n{text}"
    return hashlib.sha256(bytes.fromhex(previous) + line.encode()).hexdigest()


async def play_some(game: Game, preset: str, rng: random.Random, moves: int) -> Player | None:
    """Deal (posted by the scorekeeper, or by the server) and play up to `moves` moves,
    covering a Truco card now and then; answers who posted the deal in progress."""
    state = await game.state()
    poster: Player | None = None
    for _ in range(moves):
        if state["status"] != "in_progress":
            break
        if state["hand"] is None:
            poster, state = await deal(game, preset, rng, state)
            continue
        truth = await game.truth()
        body = move(truth, preset, rng)
        mover = poster or game.table.players[body["seat"]]
        state = await game.ok("moves", body, by=mover)
    return poster


async def deal(game: Game, preset: str, rng: random.Random, state: Json) -> tuple[Any, Json]:
    iron = preset == "truco" and set(state["score"].values()) == {11}  # blind: post it
    if iron or rng.random() < 0.5:
        dealer = 3 if state["next_dealer"] is None else state["next_dealer"]
        body = {
            "sueca": lambda: sueca_deal(rng, dealer),
            "truco": lambda: truco_deal(rng, dealer),
            "espadas": lambda: espadas_deal(rng, dealer),
            "copas": lambda: espadas_deal(rng, dealer),
        }.get(preset, lambda: shuffled_deal(preset, rng))()
        return game.scorekeeper, await game.ok("hands", body)
    return None, await game.ok("hands", {"deal": "server"}, by=rng.choice(game.table.players))


def move(truth: Json, preset: str, rng: random.Random) -> Json:
    if truth["game"] == "dominoes":
        return next_move(truth, rng)
    hand, seat = truth["hand"], truth["turn"]
    if hand.get("pass_direction") not in (None, "none") and seat is None:  # Copas: the pass
        giver = next(s for s in range(4) if s not in hand["given"])
        return {"seat": giver, "give": rng.sample(hand["hands"][giver], 3)}
    if hand.get("bids") is not None and None in hand["bids"]:
        return {"seat": seat, "bid": rng.choice([1, 2, 3, 4, "nil"])}
    if hand.get("pending_call") is not None:
        answerer = (hand["pending_call"]["seat"] + 1) % 4
        return {"seat": answerer, "accept": True}
    move: Json = {"seat": seat, "card": rng.choice(legal_cards(truth))}
    if preset == "truco":  # a card face down, Truco's alone
        move["covered"] = len(hand["tricks_played"]) > 0 and rng.random() < 0.4
    return move


def committed(events: list[Json]) -> list[tuple[Json, str]]:
    return [(e, path) for e in events for path in e["data"].get("commitments", {})]


async def check_hidden_secrets(game: Game, poster: Player | None) -> int:
    """Every secret hidden from an anonymous reader: the hash does not cover it, and neither
    the truth nor the truth with a wrong salt matches its commitment. Answers how many."""
    public = await game.events()
    assert VERIFY.check_chain(public) is None  # from the public bodies alone
    owners = {p.id: await game.events(by=p) for p in game.table.players}
    hidden = 0
    previous = ""
    for event in public:
        for path in event["data"].get("commitments", {}):
            if event.get("salts") and path in event["salts"]:
                continue
            hidden += 1
            assert at(event["data"], path) is None
            owned = await owned_value(game, owners, poster, event, path)
            if owned is None:  # a server deal's dorme: nobody's, seen by nobody until the end
                assert poster is None
                assert path == "dorme"
                continue
            value, salt = owned
            published = event["data"]["commitments"][path]
            assert SALT.match(salt)
            assert VERIFY.commitment(salt, value) == published  # the owner's check
            assert VERIFY.commitment(os.urandom(16).hex(), value) != published
            assert hashlib.sha256(VERIFY.canonical(value)).hexdigest() != published
            if event["hash"] is not None:
                assert link(previous, with_value(event, path, value)) != event["hash"]
        previous = event["hash"] or previous
    return hidden


async def owned_value(
    game: Game,
    owners: dict[str, list[Json]],
    poster: Player | None,
    event: Json,
    path: str,
) -> tuple[Any, str] | None:
    """The hidden value and its salt, as shown to who may see it (its seat, the poster)."""
    seat = int(path.split(".")[1]) if path.startswith("hands.") else event["data"].get("seat")
    views = [owners[game.table.players[seat].id]] if seat is not None else []
    if poster is not None:
        views.append(await game.events(by=poster))
    for view in views:
        (mine,) = [e for e in view if e["version"] == event["version"]]
        if mine.get("salts") and path in mine["salts"]:
            return at(mine["data"], path), mine["salts"][path]
    assert seat is None, f"seat {seat} does not see {path} of version {event['version']}"
    return None


async def finish_the_hand(game: Game, preset: str, rng: random.Random, poster: Any) -> None:
    state = await game.state()
    number = state["hand"]["number"] if state["hand"] else None
    while state["hand"] is not None and state["hand"]["number"] == number:
        truth = await game.truth()
        body = move(truth, preset, rng)
        mover = poster or game.table.players[body["seat"]]
        state = await game.ok("moves", body, by=mover)


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(preset=st.sampled_from(PRESETS), seed=st.integers(0, 2**32 - 1), moves=st.integers(1, 30))
async def test_no_public_hash_confirms_a_guess_and_every_revealed_secret_checks(
    shared_client: httpx.AsyncClient, shared_table: Table, preset: str, seed: int, moves: int
) -> None:
    rng = random.Random(seed)
    game = await create_game(shared_client, shared_table, preset)
    poster = await play_some(game, preset, rng, moves)
    if (await game.state())["hand"] is not None:
        assert await check_hidden_secrets(game, poster) > 0
        await finish_the_hand(game, preset, rng, poster)
    events = await game.events()
    matched, hidden, wrong = VERIFY.check_secrets(events)
    salts = [s for e in events for s in (e.get("salts") or {}).values()]

    assert VERIFY.check_chain(events) is None
    assert wrong == []
    assert matched == len(committed(events)) - hidden
    assert len(salts) == len(set(salts)) == matched
    in_progress = (await game.state())["hand"] is not None
    assert hidden == 0 or in_progress
    verified = (await shared_client.get(game.url("verify"))).json()
    assert verified["valid"] is True
    assert (verified["secrets_matched"], verified["secrets_hidden"]) == (matched, hidden)


async def test_a_server_deal_is_committed_before_anyone_plays_and_checks_at_its_end(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await create_game(shared_client, shared_table, "truco")
    await game.ok("hands", {"deal": "server"}, by=shared_table.players[1])
    (dealt,) = [e for e in await game.events() if e["type"] == "cards_dealt"]
    committed_then = dict(dealt["data"]["commitments"])

    rng = random.Random(7)
    await finish_the_hand(game, "truco", rng, None)
    (revealed,) = [e for e in await game.events() if e["type"] == "cards_dealt"]

    assert sorted(committed_then) == ["hands.0", "hands.1", "hands.2", "hands.3"]
    assert dealt["data"]["hands"] == [None] * 4
    assert revealed["data"]["commitments"] == committed_then
    assert revealed["hash"] == dealt["hash"]
    for seat in range(4):
        path = f"hands.{seat}"
        cards = revealed["data"]["hands"][seat]
        assert len(cards) == 3
        assert VERIFY.commitment(revealed["salts"][path], cards) == committed_then[path]


async def test_a_forged_reveal_does_not_match_its_commitment(
    shared_client: httpx.AsyncClient, shared_table: Table
) -> None:
    game = await create_game(shared_client, shared_table, "pontos")
    rng = random.Random(3)
    await game.play_hand(await game.deal("pontos", rng), rng)
    events = await game.events()
    (dealt,) = [e for e in events if e["type"] == "hand_started"]
    swapped = dealt["data"]["hands"][1][0]
    dealt["data"]["hands"][1][0] = dealt["data"]["hands"][2][0]
    dealt["data"]["hands"][2][0] = swapped

    matched, hidden, wrong = VERIFY.check_secrets(events)

    assert hidden == 0
    assert sorted(wrong) == [
        f"version {dealt['version']}: hands.1",
        f"version {dealt['version']}: hands.2",
    ]
    assert matched == 3  # hands 0 and 3, and the dorme
    assert VERIFY.check_chain(events) is None  # the chain never covered the hands

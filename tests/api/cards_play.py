"""Driving card games over HTTP: deals known to the test, legal cards for the seat in turn."""

from __future__ import annotations

import random
from typing import Any

from domain import DECK_40
from tests.api.play import Game

Json = dict[str, Any]
CARDS = {"sueca": 10, "truco": 3}


def sueca_deal(rng: random.Random, dealer: int = 3) -> Json:
    cards = list(DECK_40)
    rng.shuffle(cards)
    hands = [cards[s * 10 : (s + 1) * 10] for s in range(4)]
    return {"dealer": dealer, "hands": hands, "trump_card": hands[dealer][-1]}


def truco_deal(rng: random.Random, dealer: int = 3) -> Json:
    cards = list(DECK_40)
    rng.shuffle(cards)
    return {
        "dealer": dealer,
        "hands": [cards[s * 3 : (s + 1) * 3] for s in range(4)],
        "vira": cards[12],
    }


def legal_cards(state: Json) -> list[str]:
    """The cards the seat in turn may play (Sueca: the suit led, when it holds it)."""
    hand = state["hand"]
    held: list[str] = hand["hands"][state["turn"]]
    assert held is not None, "the seat in turn's cards are hidden"
    if state["game"] == "sueca" and hand["trick"]:
        lead = hand["trick"][0]["card"][-1]
        following = [c for c in held if c[-1] == lead]
        return following or held
    return held


async def play_card_hand(game: Game, state: Json, rng: random.Random) -> Json:
    """Random legal cards by the scorekeeper (who posted the deal) until the hand ends."""
    number = state["hand"]["number"]
    while state["hand"] is not None and state["hand"]["number"] == number:
        state = await game.ok(
            "moves", {"seat": state["turn"], "card": rng.choice(legal_cards(state))}
        )
    return state

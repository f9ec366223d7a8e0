"""Driving card games over HTTP: deals known to the test, legal cards for the seat in turn."""

from __future__ import annotations

import random
from typing import Any

from domain import DECK_40
from domain.cards.cards import DECK_52
from tests.api.play import Game
from tests.simulate import copas_cards

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
    """The cards the seat in turn may play (Sueca and Espadas: the suit led, when it holds
    it; Espadas: spades as E7 says)."""
    hand = state["hand"]
    held: list[str] = hand["hands"][state["turn"]]
    assert held is not None, "the seat in turn's cards are hidden"
    if state["game"] == "espadas":
        return espadas_cards(hand, held)
    if state["game"] == "copas":
        return copas_cards(hand, held)
    if state["game"] == "sueca" and hand["trick"]:
        lead = hand["trick"][0]["card"][-1]
        following = [c for c in held if c[-1] == lead]
        return following or held
    return held


def espadas_cards(hand: Json, held: list[str]) -> list[str]:
    others = [c for c in held if c[-1] != "S"] or held
    if not hand["trick"]:
        return held if hand["spades_broken"] else others
    lead = hand["trick"][0]["card"][-1]
    following = [c for c in held if c[-1] == lead]
    return following or (others if not hand["tricks_played"] else held)


def espadas_deal(rng: random.Random, dealer: int = 3) -> Json:
    cards = list(DECK_52)
    rng.shuffle(cards)
    return {"dealer": dealer, "hands": [cards[s * 13 : (s + 1) * 13] for s in range(4)]}


async def play_card_hand(game: Game, state: Json, rng: random.Random) -> Json:
    """Random legal cards by the scorekeeper (who posted the deal) until the hand ends (a
    Copas hand's pass first: three random cards from each seat)."""
    number = state["hand"]["number"]
    while state["game"] == "copas" and state["turn"] is None and state["hand"] is not None:
        seat = next(s for s in range(4) if s not in state["hand"]["given"])
        give = rng.sample(state["hand"]["hands"][seat], 3)
        state = await game.ok("moves", {"seat": seat, "give": give})
    while state["hand"] is not None and state["hand"]["number"] == number:
        state = await game.ok(
            "moves", {"seat": state["turn"], "card": rng.choice(legal_cards(state))}
        )
    return state

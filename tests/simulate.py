"""A client that plays legal moves from a game's answered state, as the scorekeeper who
posted the deal (who sees every hand): dominoes, Sueca, Truco (cards only, no raises) and
Espadas (a bid of 3 from each seat, then legal cards), Copas (each seat passes its first
three cards, then legal cards), Buraco and Cacheta (by each hand's result), Texas Hold'em
and poker fechado (every seat all in, a posted board or stock) and Mau Mau (a posted
stock; penalties drawn, MAU-MAU said, the first card that follows, else a draw, else a
pass). Used by the fault tests, the
generated-client and browser tests, and the API benchmarks."""

from __future__ import annotations

import random
from typing import Any

TILES = [f"{a}-{b}" for a in range(7) for b in range(a, 7)]
CARDS = [
    rank + suit for suit in "CDHS" for rank in ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K")
]
DECK_52 = [rank + suit for suit in "CDHS" for rank in ("A", *map(str, range(2, 11)), "J", "Q", "K")]
CARDS_PER_SEAT = {"sueca": 10, "truco": 3, "espadas": 13, "copas": 13}


def random_deal(tiles_per_seat: int, rng: random.Random | None = None) -> dict[str, Any]:
    tiles = (rng or random.Random()).sample(TILES, 28)
    hands = [tiles[s * tiles_per_seat : (s + 1) * tiles_per_seat] for s in range(4)]
    return {"hands": hands, "dorme": tiles[4 * tiles_per_seat :]}


def next_request(state: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """The next write that moves the game on: a deal or a legal move; None once it is over."""
    if state["status"] != "in_progress":
        return None
    if state.get("game", "dominoes") != "dominoes":
        return _next_card_request(state)
    hand = state["hand"]
    if hand is None:
        return "hands", random_deal(state["rules"]["tiles_per_seat"])
    seat = state["turn"]
    tiles = hand["hands"][seat]
    if not hand["board"]:
        return "moves", {"seat": seat, "tile": hand["opening_tile"] or tiles[0]}
    ends = hand["open_ends"]
    for tile in tiles:
        numbers = (int(tile[0]), int(tile[2]))
        for end in ("left", "right"):
            if ends[end] in numbers:
                return "moves", {"seat": seat, "tile": tile, "end": end}
    return "moves", {"seat": seat, "pass": True}


def random_card_deal(state: dict[str, Any], rng: random.Random | None = None) -> dict[str, Any]:
    """A posted deal for a card game, by the seat due to deal."""
    game, hands = state["game"], state["hands"]
    n = CARDS_PER_SEAT[game]
    deck = DECK_52 if game in ("espadas", "copas") else CARDS
    cards = (rng or random.Random()).sample(deck, len(deck))
    dealer = (hands[-1]["dealer"] + 1) % 4 if hands and hands[-1]["dealer"] is not None else 3
    deal: dict[str, Any] = {
        "dealer": dealer,
        "hands": [cards[s * n : (s + 1) * n] for s in range(4)],
    }
    if game == "sueca":
        deal["trump_card"] = deal["hands"][dealer][-1]
    elif game == "truco":
        deal["vira"] = cards[4 * n]
    return deal


def mau_mau_deal(state: dict[str, Any], rng: random.Random | None = None) -> dict[str, Any]:
    """A posted Mau Mau deal with its stock: five cards a seat, the starter, the rest."""
    seats, hands = len(state["seats"]), state["hands"]
    cards = (rng or random.Random()).sample(DECK_52 * 2, 104)
    dealer = hands[-1]["dealer"] if hands and hands[-1]["dealer"] is not None else seats - 2
    return {
        "dealer": (dealer + 1) % seats,
        "hands": [cards[s * 5 : (s + 1) * 5] for s in range(seats)],
        "starter": cards[seats * 5],
        "stock": cards[seats * 5 + 1 :],
    }


def mau_mau_follows(hand: dict[str, Any], card: str) -> bool:
    """M5, M7: a 7 under a chain; the suit a jack asked for or a jack; the top's suit or
    rank, or a jack on anything but a 7."""
    rank, suit, top = card[:-1], card[-1], hand["top"]
    if hand["pending_draw"]:
        return rank == "7"
    if hand["demanded_suit"]:
        return suit == hand["demanded_suit"] or rank == "J"
    return suit == top[-1] or rank == top[:-1] or (rank == "J" and top[:-1] != "7")


def mau_mau_move(hand: dict[str, Any], seat: int) -> dict[str, Any]:
    owing = next((s for s, n in enumerate(hand["owed"]) if n), None)
    if owing is not None:
        return {"seat": owing, "draw": "stock"}
    held: list[str] = hand["hands"][seat]
    playable = [c for c in held if mau_mau_follows(hand, c)]
    if len(held) == 2 and playable and not hand["called"] and not hand["drew"]:
        return {"seat": seat, "mau_mau": True}
    if playable:
        card = playable[0]
        return {"seat": seat, "card": card} | ({"suit": card[-1]} if card[0] == "J" else {})
    if hand["pending_draw"] or (
        not hand["drew"] and (hand["stock_count"] or len(hand["pile"]) > 1)
    ):
        return {"seat": seat, "draw": "stock"}
    return {"seat": seat, "pass": True}


BURACO_COUNT = {"melded": 330, "limpa": 2, "suja": 1, "in_hand": 20}
"""A side's count that went out (910 points with its batida): four of them win a game."""


def buraco_result(state: dict[str, Any]) -> dict[str, Any]:
    """Buraco by its results: the first side goes out each hand (played move by move in
    tests/api/test_buraco.py)."""
    first, second = state["score"]
    rest = {"melded": 210, "suja": 1, "in_hand": 80, "morto": False}
    return {"ended_by": first, "sides": {first: BURACO_COUNT, second: rest}}


def betting_deal(state: dict[str, Any], rng: random.Random | None = None) -> dict[str, Any]:
    """A posted deal at a betting table: the seats with chips dealt in, the board (Hold'em)
    or the rest of the short deck (poker fechado, 7 to the ace at four seats or fewer)."""
    seats = len(state["seats"])
    hands = state["hands"]
    stacks = hands[-1]["details"]["stacks"] if hands else [200] * seats
    dealt = [s for s in range(seats) if stacks[s] > 0]
    low = 7 if len(dealt) <= 4 else 6 if len(dealt) <= 6 else 5 if len(dealt) == 7 else 4
    ranks = ("A", *map(str, range(2, 11)), "J", "Q", "K")
    deck = [c for c in DECK_52 if c[:-1] == "A" or ranks.index(c[:-1]) + 1 >= low]
    holdem = state["game"] == "texas-holdem"
    cards = (rng or random.Random()).sample(
        DECK_52 if holdem else deck, 52 if holdem else len(deck)
    )
    size = 2 if holdem else 5
    deal: dict[str, Any] = {
        "in": dealt,
        "hands": [cards[n * size : (n + 1) * size] for n in range(len(dealt))],
    }
    rest = cards[len(dealt) * size :]
    deal["board" if holdem else "stock"] = rest[:5] if holdem else rest
    if not hands:
        deal["stacks"] = stacks
    return deal


def betting_move(hand: dict[str, Any], seat: int) -> dict[str, Any]:
    """Every seat goes all in (or covers an all-in), standing pat at the exchange: a
    session ends within a few hands."""
    if hand["waiting_for"] == "draw":
        return {"seat": seat, "exchange": []}
    return {"seat": seat, "all_in": True}


def _next_card_request(state: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    hand = state["hand"]
    if state["game"] in ("texas-holdem", "poker"):
        if hand is None:
            return "hands", betting_deal(state)
        return "moves", betting_move(hand, state["turn"])
    if state["game"] in ("buraco", "mega-buraco", "tranca"):
        return "results", buraco_result(state)
    if state["game"] == "cacheta":  # seat 0 goes out with 10 each round: 5 rounds
        return "results", {"winner": 0, "cards": 10}
    if state["game"] == "mau-mau":
        if hand is None:
            return "hands", mau_mau_deal(state)
        return "moves", mau_mau_move(hand, state["turn"])
    if hand is None:
        return "hands", random_card_deal(state)
    if state["game"] == "copas" and state["turn"] is None:  # the pass
        seat = next(s for s in range(4) if s not in hand["given"])
        return "moves", {"seat": seat, "give": hand["hands"][seat][:3]}
    seat = state["turn"]
    held: list[str] = hand["hands"][seat]
    if state["game"] == "copas":
        return "moves", {"seat": seat, "card": copas_cards(hand, held)[0]}
    if state["game"] == "espadas":
        return "moves", _espadas_move(hand, seat, held)
    if state["game"] == "sueca" and hand["trick"]:
        lead = hand["trick"][0]["card"][-1]
        held = [c for c in held if c[-1] == lead] or held
    return "moves", {"seat": seat, "card": held[0]}


def _espadas_move(hand: dict[str, Any], seat: int, held: list[str]) -> dict[str, Any]:
    """A bid of 3 while the seats bid; then a card the spades rules allow (E7)."""
    if None in hand["bids"]:
        return {"seat": seat, "bid": 3}
    others = [c for c in held if c[-1] != "S"] or held
    if not hand["trick"]:
        return {"seat": seat, "card": (held if hand["spades_broken"] else others)[0]}
    lead = hand["trick"][0]["card"][-1]
    following = [c for c in held if c[-1] == lead]
    first_trick = not hand["tricks_played"]
    return {"seat": seat, "card": (following or (others if first_trick else held))[0]}


def copas_cards(hand: dict[str, Any], held: list[str]) -> list[str]:
    """The cards Copas allows (C4, C5, C9): the two of clubs first; the suit led; no point in
    the first trick unless nothing else; no heart led before hearts are broken."""
    if not hand["trick"] and not hand["tricks_played"]:
        return ["2C"]

    def pointless(cards: list[str]) -> list[str]:
        return [c for c in cards if c[-1] != "H" and c != "QS"] or cards

    if not hand["trick"]:
        return held if hand["hearts_broken"] else [c for c in held if c[-1] != "H"] or held
    lead = hand["trick"][0]["card"][-1]
    following = [c for c in held if c[-1] == lead]
    if following:
        return following
    return pointless(held) if not hand["tricks_played"] else held

"""Texas Hold'em and poker fechado: each betting example at the moment it is that seat's
turn and that action is open to it; a board not posted for the board named; a stock posted
or not for the exchange."""

from __future__ import annotations

from typing import Any

from tests.api.example_bodies.cards import SUITS, rest, suit
from tests.api.example_bodies.scenario import Scenario, Step, posts, write

Json = dict[str, Any]


def act(seat: int, action: str, bet_to: int | None = None) -> Step:
    body: Json = (
        {"seat": seat, action: True} if bet_to is None else {"seat": seat, "bet_to": bet_to}
    )
    return write("moves", body, f"seat {seat}: {action} {bet_to or ''}".strip())


def exchange(seat: int) -> Step:
    return write("moves", {"seat": seat, "exchange": []}, f"seat {seat} keeps its cards")


HOLDEM_CREATE = "document:createMatch/texas-holdem"

HOLDEM = Scenario(
    "texas-holdem",
    (
        # The document's deal (blinds: seats 0 and 1): seat 2 covers, seat 3 folds, seat 1
        # checks its option; on the flop seat 0 checks, seat 1 raises to 60, seat 2 covers;
        # on the turn seat 1 goes all in and the others fold. Then a hand by its result.
        posts(HOLDEM_CREATE),
        posts("document:startHand/texas-holdem"),
        posts("document:postMove/texas-holdem-cover"),
        posts("document:postMove/texas-holdem-fold"),
        act(0, "cover"),
        posts("readme:betting-check"),
        posts("document:postMove/texas-holdem-check"),
        posts("document:postMove/texas-holdem-bet_to", "readme:betting-bet-to"),
        posts("document:postMove/texas-holdem-cover"),
        act(0, "cover"),
        act(0, "check"),
        posts("document:postMove/texas-holdem-all_in", "readme:betting-all-in"),
        act(2, "fold"),
        act(0, "fold"),
        posts("document:postResult/texas-holdem", "readme:betting-net"),
        # No board posted: seat 1 covers seat 2's raise, the flop is named, seat 1 folds.
        posts(HOLDEM_CREATE),
        write(
            "hands",
            {
                "dealer": 3,
                "stacks": [1000, 1000, 1000, 1000],
                "hands": [["KS", "KH"], ["QS", "QC"], ["JS", "JC"], ["9S", "9C"]],
            },
            "a deal without its board",
        ),
        act(2, "bet_to", 60),
        act(3, "fold"),
        act(0, "fold"),
        posts("readme:betting-cover"),
        posts("document:postMove/texas-holdem-board", "readme:holdem-board"),
        act(1, "check"),
        act(2, "bet_to", 100),
        posts("readme:betting-fold"),
    ),
)

THREE_SEATS = ["<seat 0>", "<seat 1>", "<seat 2>"]
POKER_RULES = {"preset": "poker", "overrides": {"pingo": 10, "minimum": 20, "limit": 200}}
SHORT_DECK = [
    card for letter in SUITS for card in suit(letter, ("7", "8", "9", "10", "J", "Q", "K", "A"))
]
POKER_HANDS = [
    ["7C", "9S", "AH", "KH", "QH"],
    ["7D", "8D", "9D", "10D", "JD"],
    ["7S", "8S", "10S", "JS", "QS"],
    ["8C", "10C", "JC", "QC", "KC"],
]

POKER = Scenario(
    "poker",
    (
        # The document's deal, at a table of three: seat 0 bets 40, the others cover; seat 0
        # throws 7C 9S and names the AS and 8C it receives (no stock posted).
        write("/v1/matches", {"rules": POKER_RULES, "seats": THREE_SEATS}, "a table of three"),
        posts("document:startHand/poker"),
        posts("document:postMove/poker-bet"),
        act(1, "cover"),
        act(2, "cover"),
        posts("document:postMove/poker-exchange"),
        exchange(1),
        exchange(2),
        # The document's table of four, its stock posted: the README's exchange names nothing.
        posts("document:createMatch/poker"),
        write(
            "hands",
            {
                "dealer": 3,
                "stacks": [500, 500, 500, 500],
                "hands": POKER_HANDS,
                "stock": rest(SHORT_DECK, *POKER_HANDS),
            },
            "seat 0 holds 7C and 9S, the stock posted",
        ),
        *(act(seat, "check") for seat in range(4)),
        posts("readme:poker-exchange"),
        # A hand by its result, the first of a table of three: it gives the stacks.
        write("/v1/matches", {"rules": POKER_RULES, "seats": THREE_SEATS}, "a table of three"),
        posts("document:postResult/poker"),
    ),
    seats=4,
)

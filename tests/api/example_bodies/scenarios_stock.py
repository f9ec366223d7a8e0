"""The games that draw and discard: Mau Mau, Cacheta, Buraco, Mega Buraco and Tranca. Each
deal gives the example's seat the cards it names; the rest of each hand is filled in from
the deck in order, never with a card the script draws by name later."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tests.api.example_bodies.cards import DECK_104, rest
from tests.api.example_bodies.scenario import Scenario, Step, posts, write

Json = dict[str, Any]
DECK_108 = DECK_104 + ["JK"] * 4
WILD_OR_THREE = ("2", "3", "JK")
"""Never dealt as filler: a wild or a Tranca 3 would change what the script may do."""


def filled(
    wanted: Sequence[Sequence[str]], size: int, deck: list[str], kept: Sequence[str] = ()
) -> list[list[str]]:
    """Each hand: the cards it must hold, then the deck's next cards (no wild, no 3, none
    of `kept`) up to `size`."""
    free = [c for c in rest(deck, *wanted, kept) if not c.startswith(WILD_OR_THREE)]
    hands = []
    for cards in wanted:
        extra = size - len(cards)
        hands.append([*cards, *free[:extra]])
        free = free[extra:]
    return hands


def move(seat: int, body: Json, label: str) -> Step:
    return write("moves", {"seat": seat} | body, f"seat {seat} {label}")


def draw(seat: int, card: str | None = None) -> Step:
    named = {"card": card} if card else {}
    return move(seat, {"draw": "stock"} | named, f"draws {card or 'from the stock'}")


def discard(seat: int, card: str, key: str = "card") -> Step:
    return move(seat, {key: card}, f"discards {card}")


# --- Mau Mau -----------------------------------------------------------------------------

MAU_MAU_HANDS = [
    ["2H", "3H", "5H", "8S", "10S"],
    ["6H", "8H", "10H", "KH", "5S"],
    ["6H", "8H", "10H", "KH", "5C"],
    ["2H", "3H", "5H", "4S", "6S"],
]
"""Every seat follows the hearts: seat 1, 2, 3, 0 in turn (the starter is seat 0's)."""


def mau_mau_rounds() -> list[Step]:
    return [discard(seat, MAU_MAU_HANDS[seat][turn]) for turn in range(3) for seat in (1, 2, 3, 0)]


MAU_MAU = Scenario(
    "mau-mau",
    (
        # The document's deal, no stock: seat 1 follows the starter, seat 2 draws the 4C.
        posts("document:createMatch/mau-mau"),
        posts("document:startHand/mau-mau"),
        discard(1, "10H"),
        posts("document:postMove/mau-mau-draw", "readme:stock-draw"),
        # A stock posted: three rounds of hearts leave two cards each; seat 1 discards to one
        # without the call, seat 0 accuses it, and seat 2 says MAU-MAU before its discard.
        posts("document:createMatch/mau-mau"),
        write(
            "hands",
            {
                "dealer": 3,
                "hands": MAU_MAU_HANDS,
                "starter": "4H",
                "stock": rest(DECK_104, *MAU_MAU_HANDS, ["4H"]),
            },
            "every seat holds hearts",
        ),
        *mau_mau_rounds(),
        discard(1, "KH"),
        posts("document:postMove/mau-mau-accuse"),
        draw(1),
        posts("document:postMove/mau-mau"),
        discard(2, "KH"),
        # A hand by its result.
        posts("document:createMatch/mau-mau"),
        posts("document:postResult/mau-mau"),
        # The document's deal but seat 1's 10H a JD: it discards the jack and names hearts.
        posts("document:createMatch/mau-mau"),
        write(
            "hands",
            {
                "dealer": 3,
                "hands": [
                    ["7H", "QS", "2C", "9D", "JH"],
                    ["AC", "5S", "5D", "JD", "KC"],
                    ["3H", "4S", "8C", "6D", "JS"],
                    ["2H", "KD", "QC", "9S", "7C"],
                ],
                "starter": "4H",
            },
            "seat 1 holds the JD",
        ),
        posts("document:postMove/mau-mau-discard"),
    ),
)

# --- Cacheta -----------------------------------------------------------------------------

CACHETA = Scenario(
    "cacheta",
    (
        # The document's deal (vira 8C, the black 9s wild). Seat 2 is na boa and takes seat
        # 0's discard out of turn, and burns; a round later seat 0 draws the 2C and goes out
        # with the document's groups.
        posts("document:createMatch/cacheta"),
        posts("document:startHand/cacheta"),
        posts("document:postMove/cacheta-na_boa"),
        draw(0, "4D"),
        discard(0, "4D", "discard"),
        posts("document:postMove/cacheta-furar"),
        posts("document:postMove/cacheta-burned"),
        draw(1, "9D"),
        discard(1, "9D", "discard"),
        draw(2, "10D"),
        discard(2, "10D", "discard"),
        draw(3, "QC"),
        discard(3, "QC", "discard"),
        draw(0, "2C"),
        posts("document:postMove/cacheta-go_out"),
        # Rounds by their result.
        posts("document:postResult/cacheta"),
        posts("document:postResult/cacheta-void"),
    ),
)

# --- Buraco, Mega Buraco, Tranca -----------------------------------------------------------

BURACO_HANDS = filled([["KD"], ["4C", "5C", "2D", "7C", "KH"], [], []], 11, DECK_104)
BURACO_MORTOS = filled([[], []], 11, rest(DECK_104, *BURACO_HANDS))
BURACO_DEAL = {
    "dealer": 3,
    "hands": BURACO_HANDS,
    "mortos": BURACO_MORTOS,
    "stock": rest(DECK_104, *BURACO_HANDS, *BURACO_MORTOS),
}

WILD_HANDS = filled([["KD"], ["4C", "5C", "2D", "3C", "KH"], [], []], 11, DECK_104)
WILD_MORTOS = filled([[], []], 11, rest(DECK_104, *WILD_HANDS))
WILD_DEAL = {
    "dealer": 3,
    "hands": WILD_HANDS,
    "mortos": WILD_MORTOS,
    "stock": rest(DECK_104, *WILD_HANDS, *WILD_MORTOS),
}

BURACO = Scenario(
    "buraco",
    (
        # The stock posted: seat 0 draws and discards; seat 1 draws, lays 4C 5C 2D (the 2D
        # for the 6C), adds the 7C and discards the KH; seat 2 takes the pile.
        posts("document:createMatch/buraco"),
        write("hands", BURACO_DEAL, "seat 1 holds 4C 5C 7C, a 2D and a KH"),
        draw(0),
        discard(0, "KD", "discard"),
        draw(1),
        posts("document:postMove/buraco-meld"),
        posts("document:postMove/buraco-add"),
        posts("document:postMove/buraco-discard"),
        posts("document:postMove/buraco-pile"),
        # B5: seat 1 lays 4C 5C 2D with the 2D named the 3C, then adds the 3C itself: the
        # wild moves to the high end, as the body says.
        posts("document:createMatch/buraco"),
        write("hands", WILD_DEAL, "seat 1 holds 4C 5C 3C and a 2D"),
        draw(0),
        discard(0, "KD", "discard"),
        draw(1),
        posts("document:postMove/buraco-wild_as"),
        posts("document:postMove/buraco-wild_to"),
        # The document's count: the cards laid (335 and 310) and left in hand (20 and 85)
        # hold 750 of the two decks' 880 points, the canastras counted apart (B24).
        posts("document:createMatch/buraco"),
        posts("document:postResult/buraco"),
        posts("document:createMatch/buraco"),
        posts("document:startHand/buraco-deal"),
    ),
)

MEGA_HANDS = filled([["9C", "9D", "JK"], [], [], []], 11, DECK_108)
MEGA_MORTOS = filled([[], []], 11, rest(DECK_108, *MEGA_HANDS))
MEGA_STARTER = rest(DECK_108, *MEGA_HANDS, *MEGA_MORTOS)[0]
MEGA_DEAL = {
    "dealer": 3,
    "hands": MEGA_HANDS,
    "mortos": MEGA_MORTOS,
    "starter": MEGA_STARTER,
    "stock": rest(DECK_108, *MEGA_HANDS, *MEGA_MORTOS, [MEGA_STARTER]),
}

MEGA_BURACO = Scenario(
    "mega-buraco",
    (
        # Seat 0 holds 9C 9D and a joker: it draws, then lays its trinca.
        posts("document:createMatch/mega-buraco"),
        write("hands", MEGA_DEAL, "seat 0 holds 9C 9D JK"),
        draw(0),
        posts("document:postMove/mega-buraco-trinca"),
        posts("document:createMatch/mega-buraco"),
        posts("document:postResult/mega-buraco"),
        posts("document:createMatch/mega-buraco"),
        posts("document:startHand/mega-buraco-deal"),
    ),
)

NAMED_LATER = ["4D", "8S", "6D", "7D", "6S"]
"""Drawn by name (no stock posted): kept out of the hands and the mortos."""
TRANCA_HANDS = filled(
    [
        ["9D", "10C"],
        ["9H", "9S", "3H", "5C", "5D", "5H", "JC", "QC", "KC", "8H"],
        [],
        [],
    ],
    11,
    DECK_104,
    NAMED_LATER,
)
TRANCA_MORTOS = filled([[], []], 11, rest(DECK_104, *TRANCA_HANDS), NAMED_LATER)

TRANCA = Scenario(
    "tranca",
    (
        # No stock posted: each draw names its card. Seat 0 discards the 9D; seat 1 takes
        # the pile with 9H 9S, lays its red 3 (the 8S its replacement), lays two melds more;
        # a round later it takes the pile again, its top 10C onto its meld number 2.
        posts("document:createMatch/tranca"),
        write(
            "hands",
            {"dealer": 3, "hands": TRANCA_HANDS, "mortos": TRANCA_MORTOS},
            "seat 1 holds 9H 9S, the 3H, and two melds",
        ),
        draw(0, "4D"),
        discard(0, "9D", "discard"),
        posts("document:postMove/tranca-take_pile"),
        posts("document:postMove/tranca-red_three"),
        move(1, {"meld": ["5C", "5D", "5H"]}, "lays 5C 5D 5H"),
        move(1, {"meld": ["JC", "QC", "KC"]}, "lays JC QC KC"),
        discard(1, "8H", "discard"),
        draw(2, "6D"),
        discard(2, "6D", "discard"),
        draw(3, "7D"),
        discard(3, "7D", "discard"),
        draw(0, "6S"),
        discard(0, "10C", "discard"),
        posts("document:postMove/tranca-take_pile_to"),
        posts("document:createMatch/tranca"),
        posts("document:postResult/tranca"),
        posts("document:createMatch/tranca"),
        posts("document:startHand/tranca-deal"),
    ),
)

"""What Buraco, Mega Buraco and Tranca say in the API document: an example body of each
kind of write, and what each field means in these games (`Game.examples`, `Game.fields`)."""

from domain.match.game import Examples

EXAMPLES = Examples(
    create={"buraco": ("A game of Buraco to 3000", {"preset": "buraco"})},
    deal={
        "deal": (
            "Buraco: each seat's 11 cards and the two mortos, dealt by seat 3; no stock: each "
            "draw names its card",
            {
                "dealer": 3,
                "hands": [
                    ["AC", "AC", "4C", "4D", "6D", "8D", "9H", "10H", "4S", "10S", "10S"],
                    ["9C", "QC", "7D", "JD", "QD", "QH", "QH", "KH", "KH", "6S", "6S"],
                    ["KC", "AD", "9D", "JD", "QD", "7H", "JH", "JH", "9S", "JS", "KS"],
                    ["7C", "8C", "JC", "QC", "5H", "8H", "8H", "9H", "AS", "8S", "KS"],
                ],
                "mortos": [
                    ["5C", "6C", "6C", "KC", "AH", "AH", "6H", "5S", "7S", "QS", "QS"],
                    ["5C", "10C", "4D", "5D", "7D", "10D", "KD", "KD", "4H", "6H", "8S"],
                ],
            },
        ),
    },
    move={
        "meld": (
            "Buraco: lay a run (one 2 at most as a wild)",
            {"seat": 1, "meld": ["4C", "5C", "2D"]},
        ),
        "add": ("Buraco: add to the side's meld number 0", {"seat": 1, "add": ["7C"], "to": 0}),
        "wild_as": (
            "Buraco: a run whose wild could stand at either end, its place named (B5)",
            {"seat": 1, "meld": ["4C", "5C", "2D"], "wild_as": "3"},
        ),
        "wild_to": (
            "Buraco: the card a wild stood for added, the wild moved to the high end (B5)",
            {"seat": 1, "add": ["3C"], "to": 0, "wild_to": "high"},
        ),
        "discard": ("Buraco: discard, ending the turn", {"seat": 1, "discard": "KH"}),
        "pile": ("Buraco: take the whole discard pile", {"seat": 2, "draw": "pile"}),
    },
    result={
        "buraco": (
            "Buraco: each side's count, and the side that went out",
            {
                "ended_by": "A",
                "sides": {
                    "A": {
                        "melded": 335,
                        "limpa": 2,
                        "suja": 1,
                        "mil": 0,
                        "in_hand": 20,
                        "morto": True,
                    },
                    "B": {
                        "melded": 310,
                        "limpa": 0,
                        "suja": 1,
                        "mil": 0,
                        "in_hand": 85,
                        "morto": False,
                    },
                },
            },
        ),
    },
)

FIELDS = {
    "penalty.kind": "slow-play, out-of-turn, cards-shown (noted as warnings).",
    "hand.scores": "each side's points for the hand (laid cards, canastras, batida, less the "
    "cards in hand and a morto never taken).",
    "hand.details": "each side's count and the side that went out.",
}


MEGA_EXAMPLES = Examples(
    create={"mega-buraco": ("A game of Mega Buraco to 3000", {"preset": "mega-buraco"})},
    deal={
        "deal": (
            "Mega Buraco: each seat's 11 cards and the two mortos, dealt by seat 3; no stock: each "
            "draw names its card, the starter turned onto the pile",
            {
                "dealer": 3,
                "hands": [
                    ["AC", "AC", "4C", "4D", "6D", "8D", "9H", "10H", "4S", "10S", "10S"],
                    ["9C", "QC", "7D", "JD", "QD", "QH", "QH", "KH", "KH", "6S", "6S"],
                    ["KC", "AD", "9D", "JD", "QD", "7H", "JH", "JH", "9S", "JS", "KS"],
                    ["7C", "8C", "JC", "QC", "5H", "8H", "8H", "9H", "AS", "8S", "KS"],
                ],
                "mortos": [
                    ["5C", "6C", "6C", "KC", "AH", "AH", "6H", "5S", "7S", "QS", "QS"],
                    ["5C", "10C", "4D", "5D", "7D", "10D", "KD", "KD", "4H", "6H", "8S"],
                ],
                "starter": "AD",
            },
        ),
    },
    move={
        "trinca": (
            "Mega Buraco: a trinca (one a rank per side; a joker or a 2 as its wild)",
            {"seat": 0, "meld": ["9C", "9D", "JK"]},
        ),
    },
    result={
        "mega-buraco": (
            "Mega Buraco: each side's count (no canastra de mil), and the side that went out",
            {
                "ended_by": "B",
                "sides": {
                    "A": {"melded": 180, "suja": 1, "in_hand": 65},
                    "B": {"melded": 260, "limpa": 1, "suja": 1, "in_hand": 0},
                },
            },
        ),
    },
)

MEGA_FIELDS = FIELDS


TRANCA_EXAMPLES = Examples(
    create={"tranca": ("A game of Tranca to 3000", {"preset": "tranca"})},
    deal={
        "deal": (
            "Tranca: each seat's 11 cards and the two mortos, dealt by seat 3; no stock: each "
            "draw names its card",
            {
                "dealer": 3,
                "hands": [
                    ["AC", "AC", "4C", "4D", "6D", "8D", "9H", "10H", "4S", "10S", "10S"],
                    ["9C", "QC", "7D", "JD", "QD", "QH", "QH", "KH", "KH", "6S", "6S"],
                    ["KC", "AD", "9D", "JD", "QD", "7H", "JH", "JH", "9S", "JS", "KS"],
                    ["7C", "8C", "JC", "QC", "5H", "8H", "8H", "9H", "AS", "8S", "KS"],
                ],
                "mortos": [
                    ["5C", "6C", "6C", "KC", "AH", "AH", "6H", "5S", "7S", "QS", "QS"],
                    ["5C", "10C", "4D", "5D", "7D", "10D", "KD", "KD", "4H", "6H", "8S"],
                ],
            },
        ),
    },
    move={
        "take_pile": (
            "Tranca: take the pile, its top card melded at once with two of the hand",
            {"seat": 1, "draw": "pile", "meld": ["9H", "9S"]},
        ),
        "take_pile_to": (
            "Tranca: take the pile, its top card onto the side's meld number 2",
            {"seat": 1, "draw": "pile", "to": 2},
        ),
        "red_three": (
            "Tranca: lay a red 3 alone (its replacement named when no stock was posted)",
            {"seat": 1, "red_three": "3H", "card": "8S"},
        ),
    },
    result={
        "tranca": (
            "Tranca: each side's count with its red 3s, and the side that went out",
            {
                "ended_by": "A",
                "sides": {
                    "A": {"melded": 310, "limpa": 1, "suja": 1, "in_hand": 0, "red_threes": 1},
                    "B": {"melded": 150, "in_hand": 90, "morto": False},
                },
            },
        ),
    },
)

TRANCA_FIELDS = FIELDS

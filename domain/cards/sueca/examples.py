"""Sueca's bodies for the API document, and its words for the shared ones."""

from domain.match.game import Examples

EXAMPLES = Examples(
    create={"sueca": ("A game of Sueca to 4 game points", {"preset": "sueca"})},
    deal={
        "sueca": (
            "A Sueca deal: 10 cards each; the trump card is the dealer's last",
            {
                "dealer": 3,
                "hands": [
                    ["AH", "7H", "KH", "2C", "3C", "4C", "5C", "6C", "QS", "JS"],
                    ["QH", "JH", "2H", "3H", "AC", "7C", "KC", "2S", "3S", "4S"],
                    ["4H", "5H", "6H", "QC", "JC", "5S", "6S", "KS", "7S", "AS"],
                    ["2D", "3D", "4D", "5D", "6D", "QD", "JD", "KD", "7D", "AD"],
                ],
                "trump_card": "AD",
            },
        ),
    },
    move={
        "card": ("Seat 1 plays the 7 of copas", {"seat": 1, "card": "7H"}),
        "redeal": (
            "Sueca: the opening player's cards are worth 10 or less",
            {"seat": 0, "redeal": True},
        ),
    },
    result={
        "sueca": (
            "Sueca: team A took 75 card points in 6 tricks",
            {"points": {"A": 75, "B": 45}, "tricks": {"A": 6, "B": 4}},
        ),
        "bandeirada": (
            "Sueca: team B took every trick",
            {"points": {"A": 0, "B": 120}, "tricks": {"A": 0, "B": 10}},
        ),
    },
)


FIELDS = {
    "penalty.kind": "slow-play, signal, out-of-turn, cards-shown, renounce.",
    "hand.card_points": "card points each team took (120 in all).",
    "hand.tricks": "tricks each team took.",
}
"""What the shared bodies' fields mean in Sueca, for the API document."""

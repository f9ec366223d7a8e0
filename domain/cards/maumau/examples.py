"""Mau Mau's bodies in the API document (`Examples`), and what the shared bodies' fields
mean in Mau Mau (`FIELDS`, read by the shared bodies' descriptions until every game has its
own bodies)."""

from domain.match.game import Examples

EXAMPLES = Examples(
    create={"mau-mau": ("A game of Mau Mau (one hand)", {"preset": "mau-mau"})},
    deal={
        "mau-mau": (
            "Mau Mau: five cards a seat and the starter; no stock: each draw names its card",
            {
                "dealer": 3,
                "hands": [
                    ["7H", "QS", "2C", "9D", "JH"],
                    ["AC", "5S", "5D", "10H", "KC"],
                    ["3H", "4S", "8C", "6D", "JS"],
                    ["2H", "KD", "QC", "9S", "7C"],
                ],
                "starter": "4H",
            },
        ),
    },
    move={
        "discard": (
            "Mau Mau: a jack names the suit to follow",
            {"seat": 1, "card": "JD", "suit": "H"},
        ),
        "draw": (
            "Mau Mau: draw from the stock (name the card when no stock was posted)",
            {"seat": 2, "draw": "stock", "card": "4C"},
        ),
        "mau-mau": (
            "Mau Mau: say MAU-MAU before the discard that leaves one card",
            {"seat": 2, "mau_mau": True},
        ),
        "accuse": (
            "Mau Mau: accuse the seat that forgot to say it (any seat, out of turn)",
            {"seat": 0, "accuse": True},
        ),
    },
    result={
        "mau-mau": (
            "Mau Mau: who went out, and the cards each other seat held",
            {"winner": 2, "cards_left": [["JH", "3C"], ["KD"], [], ["9S", "9S", "AC"]]},
        ),
    },
)

FIELDS = {
    "penalty.kind": "slow-play, out-of-turn, cards-shown (noted as warnings).",
    "hand.scores": "each seat's points for the hand (the cards it held; the winner's 0).",
    "hand.details": "points and cards left by seat, cards drawn, accusations, the longest "
    "chain of 7s, whether the winner never drew.",
}
"""What the shared bodies' fields mean in Mau Mau, for the API document."""

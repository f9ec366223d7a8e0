"""Copas' bodies in the API document (`Examples`), and what the shared bodies' fields mean
in Copas (`FIELDS`)."""

from domain.match.game import Examples

EXAMPLES = Examples(
    create={"copas": ("A game of Copas to 100", {"preset": "copas"})},
    deal={
        "deal": (
            "Copas: the thirteen cards of each seat, dealt by seat 3 (three are passed, then "
            "the seat holding the 2C leads it)",
            {
                "dealer": 3,
                "hands": [
                    ["QS", "AH", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"],
                    ["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC"],
                    ["AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "KD"],
                    ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "KS", "2H"],
                ],
            },
        ),
    },
    move={
        "give": (
            "Copas: seat 0 passes three cards (hidden until the hand ends)",
            {"seat": 0, "give": ["QS", "AH", "KH"]},
        ),
    },
    result={
        "copas": (
            "Copas: the points each seat took, in seat order (26 in all)",
            {"points": [5, 13, 8, 0]},
        ),
    },
)

FIELDS = {
    "penalty.kind": "slow-play, signal, out-of-turn, cards-shown, renounce (noted as warnings).",
    "hand.scores": "each seat's points for the hand, the moon applied.",
    "hand.details": "the points each seat took, who shot the moon, who took the queen, the "
    "tricks by seat.",
}
"""What the shared bodies' fields mean in Copas, for the API document."""

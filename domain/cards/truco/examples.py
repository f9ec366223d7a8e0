"""Truco's bodies for the API document, and its words for the shared ones."""

from domain.match.game import Examples

EXAMPLES = Examples(
    create={"truco": ("A game of Truco to 12", {"preset": "truco"})},
    deal={
        "truco": (
            "A Truco deal: 3 cards each and the vira (its next rank is the manilha)",
            {
                "dealer": 3,
                "hands": [
                    ["3H", "KC", "5D"],
                    ["AS", "4C", "QH"],
                    ["2C", "7D", "JS"],
                    ["6H", "3S", "AD"],
                ],
                "vira": "4H",
            },
        ),
    },
    move={
        "truco": ("Truco: seat 0 raises the hand to 3", {"seat": 0, "call": "truco"}),
        "accept": ("Truco: seat 1 accepts the raise", {"seat": 1, "accept": True}),
        "run": ("Truco: seat 3 runs from the raise", {"seat": 3, "run": True}),
        "covered": (
            "Truco: seat 2 plays a card face down (from round 2)",
            {"seat": 2, "card": "4C", "covered": True},
        ),
        "blind": (
            "Truco, a mão de ferro (11 to 11) the server dealt: seat 0, who does not see its "
            "cards, turns over the second of those it still holds, by its own token",
            {"seat": 0, "position": 1},
        ),
    },
    result={
        "truco": ("Truco: team A won a hand worth 3", {"winner": "A", "value": 3}),
        "truco-tie": ("Truco: every round tied", {"tie": True}),
    },
)


FIELDS = {
    "penalty.kind": "slow-play, out-of-turn, cards-shown.",
    "hand.tricks": "rounds each team won.",
    "hand.raises": "the raises of the hand, in order.",
}
"""What the shared bodies' fields mean in Truco, for the API document."""

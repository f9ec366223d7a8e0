"""Cacheta's bodies in the API document (`Examples`), and what the shared bodies' fields
mean in Cacheta (`FIELDS`, read by the shared bodies' descriptions until every game has its
own bodies)."""

from domain.match.game import Examples

EXAMPLES = Examples(
    create={"cacheta": ("A game of Cacheta (10 lives each)", {"preset": "cacheta"})},
    deal={
        "cacheta": (
            "Cacheta: nine cards to each seat still in, and the vira (no stock: draws name "
            "their card)",
            {
                "dealer": 3,
                "hands": [
                    ["5H", "5C", "5D", "7S", "8S", "9C", "JD", "QD", "KD"],
                    ["AC", "2C", "3C", "4H", "4S", "6D", "6D", "10H", "QS"],
                    ["3H", "3S", "8C", "8D", "9H", "10C", "JC", "KC", "AH"],
                    ["2D", "2S", "4C", "6H", "7C", "7D", "10S", "JS", "KS"],
                ],
                "vira": "8C",
            },
        ),
    },
    move={
        "go_out": (
            "Cacheta: a batida with 9 cards and its discard (the 9C is wild: vira 8C)",
            {
                "seat": 0,
                "go_out": [["5H", "5C", "5D"], ["7S", "8S", "9C"], ["JD", "QD", "KD"]],
                "discard": "2C",
            },
        ),
        "na_boa": ("Cacheta: the seat needs one card to go out", {"seat": 2, "na_boa": True}),
        "furar": ("Cacheta: take the last discard out of turn", {"seat": 2, "furar": True}),
        "burned": ("Cacheta: the seat could not go out: it burns", {"seat": 2, "burned": True}),
    },
    result={
        "cacheta": ("Cacheta: who went out, with 9 cards or 10", {"winner": 2, "cards": 9}),
        "void": ("Cacheta: the stock ran out, nobody went out", {"void": True}),
    },
)

FIELDS = {
    "hand.scores": "the lives each seat lost in the round.",
    "hand.details": "the batida's size (9 or 10), the vira, who was na boa, who burned, "
    "whether the batida came from a jumped discard.",
}

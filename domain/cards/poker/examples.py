"""Poker fechado's bodies in the API document (`Examples`), and, for now, what the shared
bodies' fields mean in it (`FIELDS`)."""

from domain.match.game import Examples

EXAMPLES = Examples(
    create={
        "poker": (
            "A poker fechado session: pingo 10, bets from 20, a table limit of 200",
            {"preset": "poker", "overrides": {"pingo": 10, "minimum": 20, "limit": 200}},
        ),
    },
    deal={
        "poker": (
            "Poker fechado (3 seats, 7 to the ace): the first hand gives the chips",
            {
                "dealer": 2,
                "stacks": [500, 500, 500],
                "hands": [
                    ["AH", "AD", "7C", "9S", "JD"],
                    ["KC", "KS", "8H", "8D", "10C"],
                    ["QH", "JH", "10H", "9H", "7H"],
                ],
            },
        ),
    },
    move={
        "exchange": (
            "Poker fechado: throw two cards and receive two (named when no stock was posted)",
            {"seat": 0, "exchange": ["7C", "9S"], "received": ["AS", "8C"]},
        ),
        "poker-bet": ("Poker fechado: bet 40 (apostar)", {"seat": 0, "bet_to": 40}),
    },
    result={
        "poker": (
            "Poker fechado: a hand by the chips each seat won or lost",
            {"net": {"0": 90, "1": -60, "2": -30}, "stacks": [500, 500, 500]},
        ),
    },
)

FIELDS = {
    "hand.scores": "the chips each seat dealt in won or lost.",
    "penalty.kind": "slow-play, out-of-turn, cards-shown, signal (noted as warnings).",
}

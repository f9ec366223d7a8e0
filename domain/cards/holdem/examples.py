"""Texas Hold'em's bodies in the API document (`Examples`), and, for now, what the shared
bodies' fields mean in it (`FIELDS`)."""

from domain.match.game import Examples

EXAMPLES = Examples(
    create={
        "texas-holdem": (
            "A Texas Hold'em session (no-limit, big blind 20)",
            {"preset": "texas-holdem", "overrides": {"big_blind": 20}},
        ),
    },
    deal={
        "texas-holdem": (
            "Texas Hold'em: the first hand gives every seat's chips; the board turns by itself",
            {
                "dealer": 3,
                "stacks": [1000, 850, 1200, 400],
                "hands": [["AH", "KD"], ["7C", "7S"], ["QH", "JH"], ["2D", "9C"]],
                "board": ["AS", "7D", "10H", "2S", "KC"],
            },
        ),
    },
    move={
        "bet_to": (
            "Texas Hold'em: raise to 60 (the seat's total in this round)",
            {"seat": 1, "bet_to": 60},
        ),
        "cover": ("Texas Hold'em: call (cobrir)", {"seat": 2, "cover": True}),
        "check": ("Texas Hold'em: check (mesa)", {"seat": 0, "check": True}),
        "fold": ("Texas Hold'em: fold (correr)", {"seat": 3, "fold": True}),
        "all_in": ("Texas Hold'em: all in", {"seat": 1, "all_in": True}),
        "board": (
            "Texas Hold'em: the flop, named by the scorekeeper (a board not posted)",
            {"board": ["AS", "7D", "10H"]},
        ),
    },
    result={
        "texas-holdem": (
            "Texas Hold'em: a hand by the chips each seat won or lost",
            {"net": {"0": -120, "1": 300, "2": -180, "3": 0}},
        ),
    },
)

FIELDS = {
    "hand.scores": "the chips each seat dealt in won or lost.",
    "hand.details": "the stacks after the hand, the pot and each pot's winners, whether it "
    "went to a showdown and which seats showed.",
    "penalty.kind": "slow-play, out-of-turn, cards-shown, signal (noted as warnings).",
}

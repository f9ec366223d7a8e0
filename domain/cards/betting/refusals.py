"""The refusals the betting engine may answer, by their stable codes (besides the shared ones,
`domain.errors.SHARED_CODES`)."""

REFUSALS = frozenset(
    {
        "already-asked",
        "bet-pending",
        "bet-too-small",
        "betting-closed",
        "board-not-due",
        "board-pending",
        "board-posted",
        "card-not-in-hand",
        "card-not-in-stock",
        "exchange-pending",
        "fixed-limit",
        "invalid-bet",
        "invalid-board",
        "invalid-deal",
        "invalid-exchange",
        "invalid-result",
        "invalid-stacks",
        "nobody-to-raise",
        "not-enough-chips",
        "not-the-exchange",
        "nothing-to-close",
        "nothing-to-cover",
        "nothing-to-undo",
        "over-table-limit",
        "raise-cap",
        "raise-too-small",
        "stock-short",
    }
)

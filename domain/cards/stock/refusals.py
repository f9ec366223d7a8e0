"""The refusals the stock engine may answer, by their stable codes (besides the shared ones,
`domain.errors.SHARED_CODES`)."""

REFUSALS = frozenset(
    {
        "card-not-in-stock",
        "invalid-deal",
        "invalid-draw",
        "nothing-to-undo",
    }
)

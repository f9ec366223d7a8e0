"""The refusals the trick engine may answer, by their stable codes (besides the shared ones,
`domain.errors.SHARED_CODES`)."""

REFUSALS = frozenset(
    {
        "card-not-in-hand",
        "invalid-deal",
        "nothing-to-undo",
    }
)

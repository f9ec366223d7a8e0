"""The refusals the melds may answer, by their stable codes (besides the shared ones,
`domain.errors.SHARED_CODES`)."""

REFUSALS = frozenset(
    {
        "invalid-meld",
    }
)

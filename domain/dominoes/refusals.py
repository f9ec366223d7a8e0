"""The refusals dominoes may answer, by their stable codes: its engine's and its own
(besides the shared ones, `domain.errors.SHARED_CODES`)."""

REFUSALS = frozenset(
    {
        "blocker-required",
        "end-required",
        "invalid-deal",
        "invalid-result",
        "must-play",
        "not-an-infraction",
        "nothing-to-undo",
        "sums-required",
        "tile-does-not-fit",
        "tile-not-in-hand",
        "wrong-opening-tile",
    }
)

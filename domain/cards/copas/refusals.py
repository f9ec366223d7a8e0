"""The refusals Copas may answer, by their stable codes: its engine's and its own
(besides the shared ones, `domain.errors.SHARED_CODES`)."""

from domain.cards.tricks.refusals import REFUSALS as TRICKS

REFUSALS = TRICKS | frozenset(
    {
        "already-given",
        "covered-not-allowed",
        "hearts-not-broken",
        "invalid-pass",
        "invalid-result",
        "must-follow-suit",
        "no-pass",
        "pass-pending",
        "points-in-first-trick",
        "two-of-clubs-leads",
    }
)

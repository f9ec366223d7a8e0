"""The refusals Espadas may answer, by their stable codes: its engine's and its own
(besides the shared ones, `domain.errors.SHARED_CODES`)."""

from domain.cards.tricks.refusals import REFUSALS as TRICKS

REFUSALS = TRICKS | frozenset(
    {
        "bids-closed",
        "bids-pending",
        "covered-not-allowed",
        "invalid-bid",
        "invalid-result",
        "must-follow-suit",
        "spade-in-first-trick",
        "spades-not-broken",
    }
)

"""The refusals Truco may answer, by their stable codes: its engine's and its own
(besides the shared ones, `domain.errors.SHARED_CODES`)."""

from domain.cards.tricks.refusals import REFUSALS as TRICKS

REFUSALS = TRICKS | frozenset(
    {
        "card-turned-over",
        "covered-not-allowed",
        "invalid-result",
        "no-card-there",
        "no-raise-pending",
        "not-blind",
        "not-answering-team",
        "raise-pending",
        "raise-twice",
        "wrong-raise",
    }
)

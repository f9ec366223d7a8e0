"""The refusals Mau Mau may answer, by their stable codes: its engine's and its own
(besides the shared ones, `domain.errors.SHARED_CODES`)."""

from domain.cards.stock.refusals import REFUSALS as STOCK

REFUSALS = STOCK | frozenset(
    {
        "already-accused",
        "already-called",
        "already-drew",
        "card-does-not-follow",
        "card-not-in-hand",
        "draw-first",
        "invalid-accusation",
        "invalid-result",
        "nothing-to-call",
        "penalty-draw-pending",
        "seven-pending",
        "stock-empty",
        "suit-required",
    }
)

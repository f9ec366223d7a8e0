"""The refusals Cacheta may answer, by their stable codes: its engine's and its own
(besides the shared ones, `domain.errors.SHARED_CODES`)."""

from domain.cards.melds.refusals import REFUSALS as MELDS
from domain.cards.stock.refusals import REFUSALS as STOCK

REFUSALS = (
    STOCK
    | MELDS
    | frozenset(
        {
            "already-called",
            "already-drew",
            "card-not-in-hand",
            "draw-first",
            "invalid-result",
            "jump-pending",
            "no-batida",
            "pile-empty",
            "queue-closed",
        }
    )
)

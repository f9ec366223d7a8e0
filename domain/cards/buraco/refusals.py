"""The refusals the Buraco family may answer, by their stable codes: its engine's and its own
(besides the shared ones, `domain.errors.SHARED_CODES`)."""

from domain.cards.melds.refusals import REFUSALS as MELDS
from domain.cards.stock.refusals import REFUSALS as STOCK

REFUSALS = (
    STOCK
    | MELDS
    | frozenset(
        {
            "already-drew",
            "cannot-go-out",
            "card-not-in-hand",
            "draw-first",
            "invalid-result",
            "must-keep-a-discard",
            "one-set-per-rank",
            "pile-empty",
            "pile-locked",
            "red-three-first",
            "stock-empty",
            "wild-to-required",
        }
    )
)

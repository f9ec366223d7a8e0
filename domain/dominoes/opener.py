"""Who opens each hand, and with which tile, per the rule set's opener policy."""

from collections.abc import Sequence

from domain.dominoes.rules import Rules
from domain.dominoes.tiles import DOUBLES, rank
from domain.match.state import HandResult
from domain.table import next_seat


def highest_opening(hands: Sequence[Sequence[str]]) -> tuple[int, str]:
    """The seat holding the highest double, else the highest tile, and that tile.

    With all 28 tiles dealt this is the 6-6 holder (docs/rules-decisions.md, D4).
    """
    best = max(
        ((tile in DOUBLES, rank(tile)), seat, tile)
        for seat, held in enumerate(hands)
        for tile in held
    )
    return best[1], best[2]


def choose_opener(
    rules: Rules, next_opener: int | None, hands: Sequence[Sequence[str]]
) -> tuple[int, str | None]:
    """(seat, tile it must open with, or None when any tile may open)."""
    if rules.opener == "rotate" and next_opener is not None:
        return next_opener, None
    return highest_opening(hands)


def opener_after(rules: Rules, next_opener: int | None, result: HandResult) -> int | None:
    """The seat due to open the hand after `result` (None: the deal decides)."""
    if rules.opener == "highest-double":
        return None
    if result.outcome == "empate" and rules.tie_policy == "replay":
        # Replayed by the same seat, or by the 6-6 holder again if it opened the tied hand.
        return next_opener
    # A result-only hand was opened by the seat due to open it (D5).
    opened_by = result.opener if result.opener is not None else next_opener
    return None if opened_by is None else next_seat(opened_by)

"""An Espadas hand's score (seed 003 and card-rules.md E3-E6, E11): contracts, nils and bags.

A team's contract is the sum of its seats' number bids (a nil counts 0). Made (the team's
tricks, its nil bidders' included, reach it): 10 per trick bid and 1 per overtrick, and each
overtrick is a bag (E4); failed: -10 per trick bid. A nil wins `nil_points` when its bidder
takes no trick and loses them otherwise; a double nil, `double_nil_points` (E5). Bags are
counted across hands: each time a team's count reaches the limit it pays the penalty, and
the limit is subtracted (or, `bags_reset: "zero"`, every bag dropped) (E6, E11).
"""

from collections.abc import Sequence

import msgspec

from domain.cards.espadas.events import Bid
from domain.cards.espadas.rules import EspadasRules
from domain.table import TEAMS, seats_of

TRICKS = 13


class HandScore(msgspec.Struct, frozen=True, kw_only=True):
    """What an Espadas hand did, as its `HandEnded.details` keeps it."""

    bids: list[Bid]
    tricks: list[int]
    """Tricks each seat took, in seat order."""
    contracts: dict[str, int]
    made: dict[str, bool]
    nils: dict[str, int]
    """What each team's nil and double nil bids won or lost, together."""
    bags: dict[str, int]
    """Each team's bags after this hand (what the next hand starts from)."""
    penalties: dict[str, int]
    """How many bag penalties each team paid in this hand."""
    scores: dict[str, int]
    """What each team scored in this hand, every part counted."""


def scored(
    bids: Sequence[Bid], tricks: Sequence[int], bags_before: dict[str, int], rules: EspadasRules
) -> HandScore:
    contracts: dict[str, int] = {}
    made: dict[str, bool] = {}
    nils: dict[str, int] = {}
    bags: dict[str, int] = {}
    penalties: dict[str, int] = {}
    scores: dict[str, int] = {}
    for team in TEAMS:
        seats = seats_of(team)
        contract = sum(b for s in seats if isinstance(b := bids[s], int))
        taken = sum(tricks[s] for s in seats)
        nil = sum(_nil(bids[s], tricks[s], rules) for s in seats)
        over = taken - contract
        points = 10 * contract + over if over >= 0 else -10 * contract
        count, paid = _bags(bags_before.get(team, 0) + max(over, 0), rules)
        contracts[team], made[team], nils[team] = contract, over >= 0, nil
        bags[team], penalties[team] = count, paid
        scores[team] = points + nil - paid * rules.bag_penalty
    return HandScore(
        bids=list(bids),
        tricks=list(tricks),
        contracts=contracts,
        made=made,
        nils=nils,
        bags=bags,
        penalties=penalties,
        scores=scores,
    )


def _nil(bid: Bid, taken: int, rules: EspadasRules) -> int:
    if bid == "nil":
        return rules.nil_points if taken == 0 else -rules.nil_points
    if bid == "double_nil":
        return rules.double_nil_points if taken == 0 else -rules.double_nil_points
    return 0


def _bags(count: int, rules: EspadasRules) -> tuple[int, int]:
    """(bags left, penalties paid) once `count` bags are gathered: each full limit is paid
    and subtracted (E11: 9 and 11 more are 20, two penalties, none left); "zero" pays once
    and drops them all."""
    if rules.bags_reset == "zero":
        return (0, 1) if count >= rules.bag_limit else (count, 0)
    paid = count // rules.bag_limit
    return count - paid * rules.bag_limit, paid

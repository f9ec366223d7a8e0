"""Hand points: batida kinds, blocks, empates and their bonus."""

from domain.rules import BatidaKind, Rules
from domain.state import Ends, HandResult, Outcome, PerTeam
from domain.table import Team, other, team_of
from domain.tiles import NUMBERS

BATIDA_KINDS: tuple[BatidaKind, ...] = ("simples", "carroca", "la-e-lo", "cruzada")


def batida_kind(tile: str, ends: Ends) -> BatidaKind:
    """Classify by the last tile and the two open ends just before it is placed."""
    x, y = NUMBERS[tile]
    left, right = ends.left, ends.right
    if x == y:
        return "cruzada" if left == right == x else "carroca"
    if left != right and {x, y} == {left, right}:
        return "la-e-lo"
    return "simples"


def batida_points(rules: Rules, kind: BatidaKind, losers_sum: int) -> int:
    if rules.scoring == "by-kind":
        return rules.kind_points.of(kind)
    return losers_sum


def block_outcome(
    rules: Rules, sums: PerTeam, blocker: int | None
) -> tuple[Outcome, Team | None, int]:
    """(outcome, winner, points before bonus) of a blocked hand.

    Raises ValueError when equal sums need a blocker and none is known; callers that
    can lack one (result-only hands) check first.
    """
    if sums.A != sums.B:
        winner: Team = "A" if sums.A < sums.B else "B"
    elif rules.tie_policy != "blocker-loses":
        return "empate", None, 0
    elif blocker is None:
        raise ValueError("equal sums under blocker-loses need the blocking seat")
    else:
        winner = other(team_of(blocker))
    if rules.scoring == "by-kind":
        return "bloqueio", winner, rules.block_points
    return "bloqueio", winner, sums.of(other(winner))


def bonus_after(rules: Rules, pending: int, result: HandResult) -> int:
    """The empate bonus still pending after `result`: spent by a win, capped when tied (D3)."""
    if result.winner is not None:
        return 0
    return min(pending + rules.tie_bonus, rules.tie_bonus_cap)

"""Hand points: batida kinds, blocks, empates and their bonus."""

from domain.dominoes.hand import Ends
from domain.dominoes.rules import BatidaKind, Rules
from domain.dominoes.tiles import NUMBERS
from domain.match.state import Outcome, PerTeam
from domain.table import Team, other, team_of

BATIDA_KINDS: tuple[BatidaKind, ...] = ("simples", "carroca", "la-e-lo", "cruzada")


def batida_kind(tile: str, ends: Ends) -> BatidaKind:
    """Classify by the last tile and the two open ends just before it is placed: by the
    sides it could go to (rules.md, changed 2026-11-22; D26)."""
    x, y = NUMBERS[tile]
    left, right = ends.left, ends.right
    fits_left, fits_right = left in (x, y), right in (x, y)
    if fits_left and fits_right:
        return "cruzada" if left == right else "la-e-lo"
    return "carroca" if x == y else "simples"


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

"""Tranca's read side: Buraco's (decision R9), without the canastra de mil (T1)."""

from projections.games.buraco import read_side

READ_SIDE = read_side("Tranca", "tranca-", mil=False)

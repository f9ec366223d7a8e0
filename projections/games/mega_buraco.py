"""Mega Buraco's read side: Buraco's (decision R9), without the canastra de mil."""

from projections.games.buraco import read_side

READ_SIDE = read_side("Mega Buraco", "mega-buraco-", mil=False)

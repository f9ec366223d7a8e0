"""Who plays whom: groups, round robins, knockout brackets and Swiss rounds.

Teams are their index in the torneio's team list, given in seed order (the first is the
top seed). Everything here is a pure function of its arguments: a drawn lot or a
previous round comes in as input, so the same torneio always gets the same fixtures.
A pair is (home, away); `(team, None)` is a bye.
"""

from domain.tournament.pairings.groups import round_robin, snake
from domain.tournament.pairings.knockout import knockout, knockout_from_groups, next_round
from domain.tournament.pairings.matching import cheapest_perfect_matching
from domain.tournament.pairings.swiss import swiss

__all__ = [
    "cheapest_perfect_matching",
    "knockout",
    "knockout_from_groups",
    "next_round",
    "round_robin",
    "snake",
    "swiss",
]

"""What a hand of chips can move, however it is recorded: a game's result (P18) or a
torneio table's hand (G13)."""

from collections.abc import Hashable, Mapping
from typing import TypeVar

Seat = TypeVar("Seat", bound=Hashable)


def won_beyond_cover(stacks: Mapping[Seat, int], net: Mapping[Seat, int]) -> Seat | None:
    """The first seat of `net` that wins more than its own stack covered. `stacks`: every
    seat in the hand before it (a seat that won back what it lost is in it, though its net
    is 0 or left out). From each other seat a seat can take at most the smaller of the two
    stacks ("o jogador não recebe de outros jogadores um valor maior do que o coberto por
    ele próprio"; in play, a bet it could not cover goes back, P6). None when every gain
    could have been played."""
    for seat, won in net.items():
        covered = sum(min(stacks[seat], stacks[other]) for other in stacks if other != seat)
        if won > covered:
            return seat
    return None

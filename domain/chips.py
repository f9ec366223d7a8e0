"""What a hand of chips can move, however it is recorded: a game's result (P18) or a
torneio table's hand (G13)."""

from collections.abc import Hashable, Mapping
from typing import TypeVar

Seat = TypeVar("Seat", bound=Hashable)


def beyond_cover(stacks: Mapping[Seat, int], net: Mapping[Seat, int]) -> Seat | None:
    """The first seat of `net` that wins or loses more than its stack covered, None when
    none does. `stacks`: every seat in the hand before it (a seat that won back what it lost
    is in it, though its net is 0 or left out). A seat takes from each other seat at most
    the smaller of the two stacks ("o jogador não recebe de outros jogadores um valor maior
    do que o coberto por ele próprio"), and loses at most what the largest other stack
    could call: a bet nobody covers goes back (P6). Necessary, not sufficient: a net that
    passes may still be one no betting makes."""
    for seat, chips in net.items():
        others = [stacks[other] for other in stacks if other != seat]
        won = sum(min(stacks[seat], other) for other in others)
        lost = min(stacks[seat], max(others, default=0))
        if chips > won or -chips > lost:
            return seat
    return None

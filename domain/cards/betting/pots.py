"""The pot of a betting hand, split into a main pot and side pots, and shared out.

P6: with the distinct contributions of the seats still in, c1 < c2 < ... (the largest last),
pot k holds, over every seat that put chips in (folded seats and antes included),
min(put, ck) - min(put, ck-1); it goes to the best hand among the seats still in that put at
least ck. A top layer only one seat put in is an uncovered bet: it goes back to that seat.
P7: each pot is split on its own; its odd chips go one each to its winners in order of play
from the seat after the dealer.
"""

from collections.abc import Callable, Mapping, Sequence

import msgspec


class Pot(msgspec.Struct, frozen=True):
    amount: int
    seats: tuple[int, ...]
    """The seats still in that may win it, in seat order."""


def pots(put: Sequence[int], folded: frozenset[int]) -> list[Pot]:
    """The main pot then each side pot, from what every seat put in this hand (the seats
    that put nothing and the folded ones win nothing). A top layer one seat alone put in
    is kept as a pot of that seat: the uncovered bet it takes back."""
    live = [s for s, chips in enumerate(put) if s not in folded and chips > 0]
    caps = sorted({put[s] for s in live})
    layers: list[Pot] = []
    below = 0
    for cap in caps:
        amount = sum(min(chips, cap) - min(chips, below) for chips in put)
        seats = tuple(s for s in live if put[s] >= cap)
        if amount:
            layers.append(Pot(amount, seats))
        below = cap
    return layers


def pots_in_play(put: Sequence[int], live: Sequence[int], behind: Sequence[int]) -> list[Pot]:
    """The pots of a hand still being bet (P6), from what every seat has put in: a pot ends
    where a seat still in can put no more (its chips put in and behind: an all-in's cap, or
    a short stack's), and its seats are those still in that can reach its top. Before
    anyone is short of the bets, one pot every seat still in may win; the chips above the
    last such end are the pot the seats with chips contest (one seat alone: its bet not yet
    called)."""
    reach = {s: put[s] + behind[s] for s in live}
    top = max(put, default=0)
    ends = sorted({r for r in reach.values() if r < top} | {top})
    layers: list[Pot] = []
    below = 0
    for end in ends:
        amount = sum(min(chips, end) - min(chips, below) for chips in put)
        if amount:
            layers.append(Pot(amount, tuple(s for s in live if reach[s] >= end)))
        below = end
    return layers


def best_of(ranks: Mapping[int, tuple[int, ...]]) -> Callable[[tuple[int, ...]], tuple[int, ...]]:
    """The winners of a pot among its seats, by each seat's hand (a larger rank wins; equal
    ranks tie)."""

    def best(seats: tuple[int, ...]) -> tuple[int, ...]:
        top = max([ranks[s] for s in seats])
        return tuple([s for s in seats if ranks[s] == top])

    return best


def in_order_from(dealer: int, seats: int) -> list[int]:
    """Every seat in order of play from the seat after the dealer."""
    return [(dealer + 1 + n) % seats for n in range(seats)]


def shares(
    layers: Sequence[Pot],
    best: Callable[[tuple[int, ...]], tuple[int, ...]],
    dealer: int,
    seats: int,
) -> tuple[list[int], list[tuple[int, ...]]]:
    """What each seat takes from the pots, and each pot's winners: `best` names the winners
    among a pot's seats (one, or several who tie)."""
    won = [0] * seats
    winners: list[tuple[int, ...]] = []
    for pot in layers:
        takers = best(pot.seats) if len(pot.seats) > 1 else pot.seats
        share, odd = divmod(pot.amount, len(takers))
        for seat in takers:
            won[seat] += share
        if odd:  # one chip each, from the seat after the dealer on
            for seat in sorted(takers, key=lambda s: (s - dealer - 1) % seats)[:odd]:
                won[seat] += 1
        winners.append(takers)
    return won, winners

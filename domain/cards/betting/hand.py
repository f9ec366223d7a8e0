"""A hand at a betting table, and how its events fold into it: the chips behind each seat
and in the pot, the betting round in progress, whose turn it is, and what comes next (a
street of the board, the exchange, the showdown).

The betting round (P4, P5, H3-H5d): `level` is what a seat must have put in this round to
stay in; `full_raise` the least a raise adds (the table minimum or the big blind at first,
then the last full raise). A seat that already acted may raise again only when the raises
since its action add up to one full raise (a short all-in does not reopen the betting)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from msgspec.structs import replace

from domain.cards.betting.events import BetMade, BettingDealt, BoardTurned, CardsSwapped
from domain.cards.betting.limits import Limits, Street
from domain.match.events import Event
from domain.match.state import GameHand

Phase = Literal["bet", "board", "draw", "showdown", "won"]
"""What the hand waits for: a bet, the next street's cards, an exchange; or nothing more:
a showdown, or every seat but one has folded."""
NOT_YET = -1


LimitsOf = Callable[[Street], Limits]
"""A game's limits in each street (Hold'em's bets double on the turn: H4)."""


@dataclass(frozen=True)
class Streets:
    """The order of a game's betting rounds and what comes between them."""

    order: tuple[Street, ...]
    board: dict[Street, int]
    """Hold'em: the cards each street turns."""
    draw: Street | None = None
    """Poker fechado: the exchange, between its two betting rounds."""

    def after(self, street: Street) -> Street | None:
        at = self.order.index(street)
        return self.order[at + 1] if at + 1 < len(self.order) else None


class BettingHand(GameHand, frozen=True, kw_only=True):
    dealer: int
    dealt: tuple[int, ...]
    hands: tuple[tuple[str, ...], ...]
    """Each seat of the table's cards (a seat not dealt in: none)."""
    stock: tuple[str, ...] | None
    """What is still to come, when known: the stock (poker fechado), the board (Hold'em)."""
    board: tuple[str, ...] = ()
    street: Street
    phase: Phase = "bet"
    stacks: tuple[int, ...]
    """The chips behind each seat."""
    put: tuple[int, ...]
    """What each seat has put in the pot this hand (blinds, antes, bets)."""
    bets: tuple[int, ...]
    """What each seat has put in during this betting round."""
    folded: frozenset[int] = frozenset()
    level: int
    full_raise: int
    raises: int = 0
    acted: tuple[int, ...]
    """The level each seat left the round at when it last acted; NOT_YET."""
    turn: int | None
    anchor: int
    """The seat the turn goes round from: the last to act this round, or before the first
    (the big blind pre-flop, the dealer after)."""
    swapped: tuple[int, ...] = ()
    """Poker fechado: the cards each seat exchanged; NOT_YET."""
    thrown: tuple[str, ...] = ()
    """Poker fechado: the cards thrown away so far, for a new stock (P2)."""
    deal: BettingDealt
    moves: tuple[Event, ...] = ()
    """The events since the deal, to take the last move back."""

    @property
    def live(self) -> tuple[int, ...]:
        """The seats still in (not folded), in seat order."""
        return tuple(s for s in self.dealt if s not in self.folded)

    @property
    def actors(self) -> tuple[int, ...]:
        """The seats still in with chips behind: those who may still bet."""
        return tuple(s for s in self.live if self.stacks[s] > 0)

    @property
    def pot(self) -> int:
        return sum(self.put)

    def owed_to(self, seat: int) -> int:
        """What a seat must have put in this round to stay in: the level; but facing only
        seats all in (nobody could answer a bet), the largest of their bets, and nothing
        above it (H5d: the rest of a big blind posted short is owed to nobody)."""
        others = [s for s in self.live if s != seat]
        if any(self.stacks[s] > 0 for s in others):
            return self.level
        return min(self.level, max((self.bets[s] for s in others), default=0))

    def to_call(self, seat: int) -> int:
        return max(0, min(self.owed_to(seat) - self.bets[seat], self.stacks[seat]))

    def may_raise(self, seat: int) -> bool:
        """H5, H5b: not yet acted this round, or raised by a full raise since."""
        faced = self.acted[seat]
        return faced == NOT_YET or self.level - faced >= self.full_raise

    def needs(self, seat: int) -> bool:
        """Whether a seat that may bet (one of `actors`) must still act this round."""
        return self.acted[seat] == NOT_YET or self.bets[seat] < self.level

    def round_over(self, actors: Sequence[int]) -> bool:
        if len(actors) <= 1:  # H5d: a lone seat with chips acts only to cover an all-in
            return all(self.bets[s] >= self.owed_to(s) for s in actors)
        return not any(self.needs(s) for s in actors)

    def next_after(self, seat: int, wanted: Sequence[int]) -> int | None:
        """The first of `wanted` after `seat` in order of play."""
        seats = len(self.stacks)
        return next(
            (s for n in range(1, seats + 1) if (s := (seat + n) % seats) in wanted),
            None,
        )


def _set(values: tuple[int, ...], seat: int, value: int) -> tuple[int, ...]:
    changed = list(values)
    changed[seat] = value
    return tuple(changed)


def blind_seats(dealer: int, dealt: Sequence[int], seats: int) -> tuple[int, int]:
    """The small and big blinds: the two seats dealt in after the dealer; heads-up, the
    dealer posts the small blind (H1)."""

    def after(seat: int) -> int:
        return next(s for n in range(1, seats + 1) if (s := (seat + n) % seats) in dealt)

    small = dealer if len(dealt) == 2 else after(dealer)
    return small, after(small)


def started(event: BettingDealt, streets: Streets, limits: LimitsOf, level: int) -> BettingHand:
    """The hand as dealt, blinds or antes posted: `level` is what the first round asks of
    every seat (the big blind, even one posted short: H5c; 0 after antes)."""
    seats = len(event.stacks)
    stacks = tuple(event.stacks[s] - event.posted[s] for s in range(seats))
    blinds = level > 0
    anchor = blind_seats(event.dealer, event.dealt, seats)[1] if blinds else event.dealer
    hand = BettingHand(
        number=event.number,
        opener=event.dealer,
        started_at=event.at,
        dealer=event.dealer,
        dealt=event.dealt,
        hands=event.hands,
        stock=event.stock,
        street=streets.order[0],
        stacks=stacks,
        put=event.posted,
        bets=event.posted if blinds else (0,) * seats,
        level=level,
        full_raise=limits(streets.order[0]).opening,
        acted=(NOT_YET,) * seats,
        turn=None,
        anchor=anchor,
        swapped=(NOT_YET,) * seats,
        deal=event,
    )
    hand = settle(hand, streets, limits)
    return replace(hand, opener=hand.turn if hand.turn is not None else anchor)


def apply_bet(hand: BettingHand, event: BetMade) -> BettingHand:
    seat = event.seat
    if event.action == "fold":
        return replace(hand, folded=hand.folded | {seat}, anchor=seat, moves=(*hand.moves, event))
    level, full, raises = hand.level, hand.full_raise, hand.raises
    if event.to > level:
        increment = event.to - level
        if increment >= full:  # a full bet or raise; a short all-in changes neither (H5b)
            full = increment
            raises += 1 if level > 0 else 0
        level = event.to
    return replace(
        hand,
        stacks=_set(hand.stacks, seat, hand.stacks[seat] - event.chips),
        put=_set(hand.put, seat, hand.put[seat] + event.chips),
        bets=_set(hand.bets, seat, event.to),
        level=level,
        full_raise=full,
        raises=raises,
        acted=_set(hand.acted, seat, level),
        anchor=seat,
        moves=(*hand.moves, event),
    )


def apply_board(hand: BettingHand, event: BoardTurned) -> BettingHand:
    stock = hand.stock[len(event.cards) :] if hand.stock is not None else None
    return replace(
        hand, board=hand.board + event.cards, stock=stock, phase="bet", moves=(*hand.moves, event)
    )


def apply_swap(hand: BettingHand, event: CardsSwapped) -> BettingHand:
    seat = event.seat
    kept = tuple(c for c in hand.hands[seat] if c not in event.thrown)
    stock = hand.stock
    thrown = hand.thrown
    if event.restock is not None:
        stock, thrown = event.restock, ()
    if stock is not None:
        stock = stock[len(event.received) :]
    else:  # named after the stock ran short: cards thrown before, back in a hand (P2)
        thrown = tuple(c for c in thrown if c not in event.received)
    return replace(
        hand,
        hands=tuple(kept + event.received if s == seat else h for s, h in enumerate(hand.hands)),
        stock=stock,
        thrown=thrown + event.thrown,
        swapped=_set(hand.swapped, seat, event.count),
        moves=(*hand.moves, event),
    )


def settle(hand: BettingHand, streets: Streets, limits: LimitsOf) -> BettingHand:
    """After a move: whose turn it is, or the round over and what comes next (the next
    street's cards, the exchange, the next round, the showdown)."""
    while True:
        live = hand.live
        if len(live) == 1:
            return replace(hand, phase="won", turn=None)
        if hand.phase == "draw":
            waiting = [s for s in live if hand.swapped[s] == NOT_YET]
            if waiting:
                return replace(hand, turn=hand.next_after(hand.dealer, waiting))
        elif hand.phase != "bet":
            return replace(hand, turn=None)
        else:
            actors = [s for s in live if hand.stacks[s] > 0]
            if not hand.round_over(actors):
                wanted = [s for s in actors if hand.needs(s)]
                return replace(hand, turn=hand.next_after(hand.anchor, wanted))
        hand = _next_round(hand, streets, limits)


def _next_round(hand: BettingHand, streets: Streets, limits: LimitsOf) -> BettingHand:
    seats = len(hand.stacks)
    after = streets.after(hand.street)
    if after is None:
        return replace(hand, phase="showdown", turn=None)
    phase: Phase = "board" if after in streets.board else "draw" if after == streets.draw else "bet"
    return replace(
        hand,
        street=after,
        phase=phase,
        bets=(0,) * seats,
        level=0,
        full_raise=limits(after).opening,
        raises=0,
        acted=(NOT_YET,) * seats,
        anchor=hand.dealer,
        turn=None,
    )

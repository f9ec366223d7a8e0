"""A betting hand's deal: the stacks it starts with (the first hand's, or topped up: P10,
P18), the seats dealt in (the cacife), the dealer and the button (P12, H6), the blinds or
the pingo, the hands and the board or stock posted, or the service's shuffle cut into
them."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from domain.cards.betting.commands import DealBetting
from domain.cards.betting.events import BettingDealt
from domain.cards.betting.evolve import evolve
from domain.cards.betting.hand import BettingHand, blind_seats
from domain.cards.betting.rules import BettingRules
from domain.cards.betting.session import stacks_now
from domain.cards.betting.showdown import then
from domain.cards.betting.variant import Variant, rules_of
from domain.cards.cards import in_deck
from domain.errors import InvalidInput
from domain.match.events import Event
from domain.match.guards import no_hand_in_progress
from domain.match.state import Match


def topped_up(state: Match, asked: Sequence[int] | None) -> tuple[int, ...]:
    """The stacks this hand starts with: the first hand's, or a top-up (P10, P18)."""
    now = stacks_now(state)
    seats = state.table.seats
    if asked is None:
        return now if now is not None else (rules_of(state).stack,) * seats
    if len(asked) != seats or any(type(c) is not int or c < 0 for c in asked):
        raise InvalidInput("invalid-stacks", f'"stacks" gives {seats} whole numbers of chips')
    if now is not None and any(a < n for a, n in zip(asked, now, strict=True)):
        raise InvalidInput(
            "invalid-stacks",
            f"a stack may be topped up, never cut: the stacks are {list(now)}",
        )
    return tuple(asked)


def _dealt_in(state: Match, asked: Sequence[int] | None, stacks: tuple[int, ...]) -> list[int]:
    rules = rules_of(state)
    seats = state.table.seats
    if asked is None:
        dealt = [s for s in range(seats) if stacks[s] > 0 and stacks[s] >= rules.cacife]
    else:
        dealt = sorted({state.table.check_seat(s) for s in asked})
        if len(dealt) != len(asked):
            raise InvalidInput("invalid-deal", '"in" names a seat twice')
        check_cacife(state, dealt, stacks)
    if len(dealt) < 2:
        raise InvalidInput("invalid-deal", "a hand needs two seats dealt in with chips")
    return dealt


def check_cacife(state: Match, dealt: Sequence[int], stacks: Sequence[int]) -> None:
    """P10: every seat dealt in has chips, and the table's cacife when it has one."""
    cacife = rules_of(state).cacife
    short = [s for s in dealt if stacks[s] <= 0 or stacks[s] < cacife]
    if short:
        raise InvalidInput(
            "not-enough-chips",
            f"seat {short[0]} has {stacks[short[0]]} chips: a seat needs "
            f"{max(cacife, 1)} to be dealt in (the cacife, P10)",
        )


def _dealer(state: Match, asked: int | None, dealt: Sequence[int]) -> int:
    """P12: the first hand names its dealer (the last seat dealt in if not); then the button
    moves to the next seat dealt in (H6)."""
    seats = state.table.seats
    due = state.next_dealer
    if due is None:
        if asked is None:
            return dealt[-1]
        dealer = state.table.check_seat(asked)
        if dealer not in dealt:
            raise InvalidInput("wrong-dealer", f"seat {dealer} deals but is not dealt in")
        return dealer
    button = next((due + n) % seats for n in range(seats) if (due + n) % seats in dealt)
    if asked is not None and asked != button:
        raise InvalidInput(
            "wrong-dealer", f"seat {button} deals this hand: the button moves seat after seat"
        )
    return button


def _posted(
    rules: BettingRules, dealer: int, dealt: Sequence[int], stacks: tuple[int, ...]
) -> tuple[int, ...]:
    """The blinds (a short stack posts what it has: H5c) or the pingo of every seat dealt in."""
    first, second = rules.forced()
    seats = len(stacks)
    posted = [0] * seats
    if rules.blinds:
        small, big = blind_seats(dealer, dealt, seats)
        posted[small] = min(first, stacks[small])
        posted[big] = min(second, stacks[big])
    else:
        for seat in dealt:
            posted[seat] = min(first, stacks[seat])
    return tuple(posted)


def deal(command: DealBetting, state: Match, variant: Variant) -> list[Event]:
    """A posted deal (or the service's, cut from its shuffle): every card from the deck
    of the seats dealt in, none twice; the blinds or the pingo posted."""
    no_hand_in_progress(state)
    rules = rules_of(state)
    stacks = topped_up(state, command.stacks)
    dealt = _dealt_in(state, command.dealt, stacks)
    dealer = _dealer(state, command.dealer, dealt)
    deck = variant.deck(len(dealt))
    if len(command.hands) != len(dealt):
        raise InvalidInput(
            "invalid-deal", f"a hand per seat dealt in: {len(dealt)}, got {len(command.hands)}"
        )
    held = [in_deck(cards, deck, variant.title) for cards in command.hands]
    if any(len(cards) != variant.hole for cards in held):
        raise InvalidInput("invalid-deal", f"each seat is dealt {variant.hole} cards")
    everything = [c for cards in held for c in cards]
    stock: tuple[str, ...] | None = None
    if command.stock is not None:
        stock = in_deck(command.stock, deck, variant.title)
        everything += stock
        size = variant.stock_size(len(dealt))
        wanted = len(deck) - len(everything) + len(stock) if size is None else size
        if len(stock) != wanted:
            raise InvalidInput(
                "invalid-deal", f"the posted {_stock_word(variant)} holds {wanted} cards"
            )
    if len(set(everything)) != len(everything):
        raise InvalidInput("invalid-deal", "a card is dealt twice")
    hands: list[tuple[str, ...]] = [()] * state.table.seats
    for seat, cards in zip(dealt, held, strict=True):
        hands[seat] = cards
    event = BettingDealt(
        at=command.at,
        number=len(state.hands) + 1,
        dealer=dealer,
        dealt=tuple(dealt),
        stacks=stacks,
        posted=_posted(rules, dealer, dealt, stacks),
        hands=tuple(hands),
        stock=stock,
    )
    # Blinds that put every seat but one all in leave nobody to bet: a posted board turns,
    # and the hand may be shown down, at once.
    after = evolve(state, event, variant)
    assert isinstance(after.hand, BettingHand)
    return [event, *then(after, after.hand, [], command.at, variant)]


def _stock_word(variant: Variant) -> str:
    return "board" if variant.streets.board else "stock"


def served(
    state: Match,
    order: Sequence[str],
    at: datetime,
    variant: Variant,
    *,
    dealt: Sequence[int] | None = None,
    stacks: Sequence[int] | None = None,
    dealer: int | None = None,
) -> DealBetting:
    """The service's deal: `order` is the 52 cards shuffled (a short deck keeps its own, in
    that order), cut into the hands of the seats asked for and the stock or the board; the
    body may ask for the seats dealt in, the stacks and the dealer."""
    dealt_in = _dealt_in(state, dealt, topped_up(state, stacks))
    deck = set(variant.deck(len(dealt_in)))
    cards = [c for c in order if c in deck]
    hole = variant.hole
    hands = [cards[n * hole : (n + 1) * hole] for n in range(len(dealt_in))]
    rest = cards[len(dealt_in) * hole :]
    size = variant.stock_size(len(dealt_in))
    return DealBetting(
        at=at,
        hands=hands,
        dealer=dealer,
        dealt=dealt_in,
        stacks=None if stacks is None else list(stacks),
        stock=rest if size is None else rest[:size],
    )

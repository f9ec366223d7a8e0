"""How a betting game's events fold into its state: the hand as dealt, each move on it
(`advance`, which `decide` also uses to work out a move's consequences), a move taken
back, a request to close the session, and the button after a hand."""

from __future__ import annotations

from msgspec.structs import replace

from domain.cards.betting.events import (
    BetMade,
    BettingDealt,
    BoardTurned,
    CardsSwapped,
    ClosingAsked,
)
from domain.cards.betting.hand import (
    BettingHand,
    apply_bet,
    apply_board,
    apply_swap,
    settle,
    started,
)
from domain.cards.betting.rules import BettingRules
from domain.cards.betting.session import asked
from domain.cards.betting.variant import Variant, rules_of
from domain.match.events import Event, MoveUndone
from domain.match.guards import hand_of
from domain.match.state import HandResult, Match

_LAST: list[tuple[BettingHand, Event, BettingHand]] = []
"""The last hand `advance` made, with what it made it from: `decide` works out a move's
consequences on the hand, and `evolve` then folds the very same event into the very same
hand; the second time is looked up, not worked out again (a pure function's memo)."""


def advance(hand: BettingHand, event: Event, variant: Variant, rules: BettingRules) -> BettingHand:
    last = _LAST[0] if _LAST else None  # read once: another thread may replace it
    if last is not None and last[0] is hand and last[1] is event:
        return last[2]
    moved = _advanced(hand, event, variant, rules)
    _LAST[:] = [(hand, event, moved)]
    return moved


def _advanced(
    hand: BettingHand, event: Event, variant: Variant, rules: BettingRules
) -> BettingHand:
    match event:
        case BetMade():
            hand = apply_bet(hand, event)
        case BoardTurned():
            hand = apply_board(hand, event)
        case CardsSwapped():
            hand = apply_swap(hand, event)
        case _:
            return hand
    return settle(hand, variant.streets, rules.limits)


def last_move(hand: BettingHand) -> Event | None:
    """The last move a client made (a board turned by itself goes with the bet before it)."""
    return next(
        (e for e in reversed(hand.moves) if not (isinstance(e, BoardTurned) and not e.named)),
        None,
    )


def taken_back(hand: BettingHand, variant: Variant, rules: BettingRules) -> BettingHand:
    last = last_move(hand)
    assert last is not None
    keep = hand.moves[: max(i for i, e in enumerate(hand.moves) if e is last)]
    again = start(hand.deal, variant, rules)
    for event in keep:
        again = advance(again, event, variant, rules)
    return again


def start(event: BettingDealt, variant: Variant, rules: BettingRules) -> BettingHand:
    level = rules.forced()[1] if rules.blinds else 0
    return started(event, variant.streets, rules.limits, level)


def evolve(state: Match, event: Event, variant: Variant) -> Match:
    rules = rules_of(state)
    match event:
        case BettingDealt():
            hand = start(event, variant, rules)
            return replace(
                state,
                hand=hand,
                turn=hand.turn,
                started_at=state.started_at or event.at,
                closing=(),  # the table plays on: a request to close has lapsed (P17)
            )
        case BetMade() | BoardTurned() | CardsSwapped():
            moved = advance(hand_of(state, BettingHand), event, variant, rules)
            return replace(state, hand=moved, turn=moved.turn)
        case MoveUndone():
            back = taken_back(hand_of(state, BettingHand), variant, rules)
            return replace(state, hand=back, turn=back.turn)
        case ClosingAsked():
            return asked(state, event)
    return state


def after_hand(state: Match, result: HandResult) -> Match:
    """H6: the button moves to the seat after this hand's dealer (the next dealt in); the
    requests to close the session before it have lapsed (P17)."""
    dealer = result.dealer
    nxt = None if dealer is None else state.table.next_seat(dealer)
    return replace(state, next_dealer=nxt, closing=())  # a hand played since (P17)

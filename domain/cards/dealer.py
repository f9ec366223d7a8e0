"""Who deals at a card table: the deal goes round, seat after seat."""

from msgspec.structs import replace

from domain.errors import InvalidInput
from domain.match.state import HandResult, Match
from domain.table import next_seat

FIRST_DEALER = 3
"""The first hand's dealer at a table of four when the deal does not say: seat 0 then leads
(C2); at any table, its last seat."""


def dealer_for(state: Match, asked: int | None) -> int:
    """The seat due to deal; the first hand (or after results with no dealer), any seat."""
    due = state.next_dealer
    if asked is None:
        return state.table.seats - 1 if due is None else due
    dealer = state.table.check_seat(asked)
    if due is not None and dealer != due:
        raise InvalidInput(
            "wrong-dealer", f"seat {due} deals this hand: the deal goes round, seat after seat"
        )
    return dealer


def opener_after_dealer(dealer: int) -> int:
    """The seat after the dealer leads the first trick (rules.md, "Dealing")."""
    return next_seat(dealer)


def after_hand(state: Match, result: HandResult) -> Match:
    """The deal goes round: the seat after this hand's dealer deals the next."""
    dealer = result.dealer
    return replace(state, next_dealer=None if dealer is None else state.table.next_seat(dealer))

"""Deals at a card table: who deals (the deal goes round), and a posted deal checked."""

from collections.abc import Sequence
from datetime import datetime

from domain.cards.cards import in_deck, normalise
from domain.cards.events import CardsDealt
from domain.errors import InvalidInput
from domain.match.state import Match
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


def check_hands(
    hands: Sequence[Sequence[str]], size: int, deck: tuple[str, ...], what: str
) -> tuple[tuple[str, ...], ...]:
    """Four hands of `size` cards of this deck, no card twice (`invalid-deal`)."""
    if len(hands) != 4:
        raise InvalidInput("invalid-deal", f"a deal has 4 hands, got {len(hands)}")
    held = tuple(in_deck(hand, deck, what) for hand in hands)
    for seat, cards in enumerate(held):
        if len(cards) != size:
            raise InvalidInput(
                "invalid-deal", f"seat {seat} has {len(cards)} cards; each seat gets {size}"
            )
    every = [card for cards in held for card in cards]
    if len(set(every)) != len(every):
        raise InvalidInput("invalid-deal", "a card appears twice: a deal uses each card once")
    return held


def shown_card(text: str | None, what: str) -> str:
    if text is None:
        raise InvalidInput("invalid-deal", f"the deal needs its {what}")
    return normalise(text)


def cards_dealt(
    state: Match,
    at: datetime,
    dealer: int,
    hands: tuple[tuple[str, ...], ...],
    *,
    trump_card: str | None = None,
    vira: str | None = None,
) -> CardsDealt:
    """The next hand's deal, led by the seat after the dealer."""
    return CardsDealt(
        at=at,
        number=len(state.hands) + 1,
        dealer=dealer,
        opener=opener_after_dealer(dealer),
        hands=hands,
        trump_card=trump_card,
        vira=vira,
    )

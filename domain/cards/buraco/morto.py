"""The morto: taken by the seat that empties its hand while its side's waits (direta by a
meld, indireta by the discard), or else the side goes out; turned into the stock when the
stock is spent at the start of a turn (B11, B19), or the hand ends there (MB6)."""

from __future__ import annotations

from datetime import datetime

from domain.cards.buraco.events import MortoTaken, MortoToStock
from domain.cards.buraco.hand import BuracoHand, side_of, variant_of
from domain.cards.buraco.results import ended, places_of
from domain.cards.stock.hand import StockHand
from domain.match.events import Event
from domain.match.finish import then_finish
from domain.match.state import Match


def hand_emptied(
    state: Match, hand: StockHand, seat: int, at: datetime, direct: bool
) -> list[Event]:
    """The seat's hand is empty: it takes its side's morto, or its side goes out."""
    assert isinstance(hand, BuracoHand)
    morto = hand.mortos[side_of(seat)]
    if morto is not None:
        return [MortoTaken(at=at, seat=seat, direct=direct, cards=morto)]
    out = ended(state, hand, at, side_of(seat), seat)
    return then_finish(state, [out], at, places_of=places_of)


def turn_starts(state: Match, hand: BuracoHand, at: datetime) -> list[Event]:
    """B11, B19: a turn that starts with the stock spent turns an untaken morto into the
    stock (side A's first), or, with none left, ends the hand without a batida."""
    ends_at = variant_of(state).ends_at_stock
    if ends_at is not None:
        if hand.stock_count > ends_at:
            return []
        return then_finish(state, [ended(state, hand, at, None, None)], at, places_of=places_of)
    if hand.stock_count:
        return []
    side = next((s for s, morto in enumerate(hand.mortos) if morto is not None), None)
    if side is not None:
        return [MortoToStock(at=at, side=side, stock=hand.mortos[side])]
    return then_finish(state, [ended(state, hand, at, None, None)], at, places_of=places_of)

"""A hand dealt (B22, MB5): eleven cards to each seat and two mortos of eleven, posted or
shuffled by the service; Mega Buraco turns a starter onto the pile."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from domain.cards.buraco.hand import HAND_SIZE, MORTO_SIZE, variant_of
from domain.cards.cards import in_deck
from domain.cards.dealer import dealer_for
from domain.cards.stock.commands import DealStock
from domain.cards.stock.events import StockDealt
from domain.cards.stock.hand import check_deal
from domain.match.events import Event
from domain.match.guards import no_hand_in_progress
from domain.match.state import Match


def deal_hand(command: DealStock, state: Match) -> list[Event]:
    no_hand_in_progress(state)
    dealer = dealer_for(state, command.dealer)
    v = variant_of(state)
    hands, starter, stock, count = check_deal(
        state, command, v.deck, HAND_SIZE, v.title, starter=v.starter, mortos=MORTO_SIZE
    )
    mortos = tuple(in_deck(morto, v.deck, v.title) for morto in command.mortos or ())
    return [
        StockDealt(
            at=command.at,
            number=len(state.hands) + 1,
            dealer=dealer,
            opener=state.table.next_seat(dealer),
            hands=hands,
            starter=starter,
            stock=stock,
            stock_count=count,
            mortos=mortos,
        )
    ]


def shuffled(state: Match, order: Sequence[str], at: datetime) -> DealStock:
    """Eleven cards to each seat, two mortos of eleven, the starter (Mega Buraco), the rest
    the stock."""
    cards = list(order)
    seats = state.table.seats
    hands = [cards[s * HAND_SIZE : (s + 1) * HAND_SIZE] for s in range(seats)]
    dealt = seats * HAND_SIZE
    mortos = [
        cards[dealt : dealt + MORTO_SIZE],
        cards[dealt + MORTO_SIZE : dealt + 2 * MORTO_SIZE],
    ]
    rest = cards[dealt + 2 * MORTO_SIZE :]
    starter = rest.pop(0) if variant_of(state).starter else None
    return DealStock(
        at=at,
        hands=hands,
        dealer=dealer_for(state, None),
        mortos=mortos,
        starter=starter,
        stock=rest,
    )

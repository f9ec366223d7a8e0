"""Poker fechado's exchange (P2, P14): each seat from the one after the dealer throws 0 to
5 cards and receives as many, from the stock posted (a stock run short is made again from
the cards thrown, in the service's shuffle) or named by the scorekeeper when none was."""

from __future__ import annotations

from collections.abc import Sequence

from domain.cards.betting.commands import SwapCards
from domain.cards.betting.events import CardsSwapped
from domain.cards.betting.hand import BettingHand
from domain.cards.betting.showdown import then
from domain.cards.betting.variant import Variant
from domain.cards.cards import in_deck
from domain.errors import IllegalMove, InvalidInput, TellsAHand, TellsTheTable
from domain.match.events import Event
from domain.match.guards import check_turn, hand_of
from domain.match.state import Match


def swap(command: SwapCards, state: Match, variant: Variant) -> list[Event]:
    hand = hand_of(state, BettingHand)
    seat = state.table.check_seat(command.seat)
    if hand.phase != "draw":
        raise IllegalMove("not-the-exchange", "cards are exchanged between the betting rounds")
    check_turn(state, seat)
    deck = variant.deck(len(hand.dealt))
    thrown = in_deck(command.thrown, deck, variant.title)
    if len(thrown) > variant.hole or len(set(thrown)) != len(thrown):
        raise InvalidInput("invalid-exchange", f"exchange 0 to {variant.hole} different cards")
    if not set(thrown) <= set(hand.hands[seat]):
        raise TellsAHand("card-not-in-hand", f"seat {seat} does not hold every card thrown")
    restock: tuple[str, ...] | None = None
    if hand.stock is not None:
        if command.received is not None:
            raise InvalidInput("invalid-exchange", "the stock is known: name no card received")
        stock = hand.stock
        if len(stock) < len(thrown):
            restock = _restock(command, hand)
            stock = restock
            if len(stock) < len(thrown):
                raise IllegalMove(
                    "stock-short", f"{len(stock)} card(s) left to exchange: throw no more"
                )
        received = tuple(sorted(stock[: len(thrown)], key=deck.index))
    else:
        if len(command.received or ()) != len(thrown):
            raise InvalidInput(
                "invalid-exchange", f'name the {len(thrown)} card(s) received: "received"'
            )
        received = _named_received(
            hand, deck, thrown, in_deck(command.received or (), deck, variant.title)
        )
    event = CardsSwapped(
        at=command.at,
        number=hand.number,
        seat=seat,
        count=len(thrown),
        thrown=thrown,
        received=received,
        restock=restock,
    )
    return then(state, hand, [event], command.at, variant)


def _named_received(
    hand: BettingHand, deck: Sequence[str], thrown: tuple[str, ...], received: tuple[str, ...]
) -> tuple[str, ...]:
    """Cards received from a stock nobody posted: the cards never seen yet (the stock), and,
    once it runs short, cards the other seats threw before (P2: the new stock)."""
    held = {c for h in hand.hands for c in h}
    unseen = set(deck) - held - set(hand.thrown) - set(hand.board)
    reused = [c for c in received if c in hand.thrown]
    fresh = set(received) - set(reused)
    short = len(thrown) > len(unseen)
    valid = (
        len(set(received)) == len(received)
        and fresh <= unseen
        and (fresh == unseen if short and reused else not reused)
    )
    if not valid:
        raise TellsTheTable("card-not-in-stock", "a card received is already seen")
    return tuple(sorted(received, key=deck.index))


def _restock(command: SwapCards, hand: BettingHand) -> tuple[str, ...]:
    """P2: the cards thrown so far (not this seat's), in the service's shuffled order, under
    what is left of the stock."""
    order = tuple(command.restock or ())
    if sorted(order) != sorted(hand.thrown):
        raise InvalidInput("invalid-exchange", "the new stock is the cards thrown, shuffled")
    assert hand.stock is not None
    return hand.stock + order


def to_restock(state: Match) -> tuple[str, ...]:
    """The cards a new stock would be shuffled from (P2), when the stock is known."""
    hand = state.hand
    if not isinstance(hand, BettingHand) or hand.stock is None or hand.phase != "draw":
        return ()
    return hand.thrown

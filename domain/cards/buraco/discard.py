"""The discard that ends a turn (B10): emptying the hand, it takes the morto (indireta) or
goes out; the next turn may find the stock spent (B11, B19, MB6). Tranca's red 3 is laid,
never discarded (T5)."""

from __future__ import annotations

from domain.cards.buraco.events import MortoTaken
from domain.cards.buraco.evolve import apply
from domain.cards.buraco.hand import BuracoHand, check_drawn, in_turn, side_of, variant_of
from domain.cards.buraco.melding import held
from domain.cards.buraco.morto import hand_emptied, turn_starts
from domain.cards.buraco.variant import RED_THREES
from domain.cards.cards import in_deck
from domain.cards.stock.commands import DiscardCard
from domain.cards.stock.events import CardDiscarded
from domain.errors import IllegalMove, InvalidInput, TellsAHand
from domain.match.events import Event
from domain.match.state import Match


def discard_card(command: DiscardCard, state: Match) -> list[Event]:
    hand, seat = in_turn(state, command.seat)
    check_drawn(hand)
    if command.suit is not None:
        raise InvalidInput("invalid-body", "a Buraco discard names no suit")
    v = variant_of(state)
    (card,) = in_deck([command.card], v.deck, v.title)
    if v.threes and card in RED_THREES:
        raise IllegalMove("red-three-first", "a red 3 is laid alone, never discarded (T5)")
    left = len(hand.hands[seat]) - 1
    if left == 0 and not hand.may_go_out(side_of(seat), v):
        raise IllegalMove("cannot-go-out", "going out again needs a canastra limpa (B9)")
    held(hand, seat, [card])
    if v.threes and hand.stock_count and any(c in RED_THREES for c in hand.hands[seat]):
        raise TellsAHand("red-three-first", "lay the red 3 before the discard (T5)")
    event = CardDiscarded(at=command.at, seat=seat, card=card)
    ends_at = v.ends_at_stock or 0
    if left and hand.stock_count > ends_at:  # the turn passes, nothing more happens
        return [event]
    after = apply(hand, event)
    assert isinstance(after, BuracoHand)
    if left == 0:
        out = hand_emptied(state, after, seat, command.at, direct=False)
        if not isinstance(out[0], MortoTaken):
            return [event, *out]
        after = apply(after, out[0])
        assert isinstance(after, BuracoHand)
        return [event, *out, *turn_starts(state, after, command.at)]
    return [event, *turn_starts(state, after, command.at)]

"""Melds laid and added to (B1-B7, B9, B18, B23; MB3, T2): the cards read as the variant's
melds, the wild placed as B5 says, and a hand emptied by a meld taking the morto (direta)
or going out."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from datetime import datetime

from msgspec.structs import replace

from domain.cards.buraco.commands import AddToMeld, LayMeld
from domain.cards.buraco.events import AddedToMeld, Melded
from domain.cards.buraco.evolve import apply
from domain.cards.buraco.hand import (
    BuracoHand,
    Laid,
    Melds,
    check_drawn,
    in_turn,
    on_side,
    side_of,
    variant_of,
)
from domain.cards.buraco.morto import hand_emptied
from domain.cards.buraco.variant import RED_THREES
from domain.cards.buraco.wilds import End, Layout, add, lay
from domain.cards.cards import in_deck
from domain.cards.melds.meld import meld_of
from domain.errors import IllegalMove, InvalidInput, TellsAHand
from domain.match.events import Event
from domain.match.state import Match


def lay_meld(command: LayMeld, state: Match) -> list[Event]:
    hand, seat = in_turn(state, command.seat)
    return laid(state, hand, seat, command.cards, command.at, command.wild_as)


def add_to_meld(command: AddToMeld, state: Match) -> list[Event]:
    hand, seat = in_turn(state, command.seat)
    words = (command.wild_as, command.wild_to)
    return added(state, hand, seat, command.to, command.cards, command.at, *words)


def laid(
    state: Match,
    hand: BuracoHand,
    seat: int,
    named: Sequence[str],
    at: datetime,
    wild_as: str | None = None,
) -> list[Event]:
    """A new meld of the seat's side, of these cards of its hand."""
    check_drawn(hand)
    v = variant_of(state)
    cards = in_deck(named, v.deck, v.title)
    new = _on_table(cards, lay(cards, v.melds, wild_as))
    side = side_of(seat)
    if v.one_set_per_rank and new.low is None:
        read = meld_of(cards, v.melds)
        for meld in hand.melds[side]:
            other = meld_of(meld.cards, v.melds)
            if other.kind == "set" and other.low == read.low:
                raise IllegalMove(
                    "one-set-per-rank", "the side has a trinca of that rank: add to it (MB)"
                )
    melds = on_side(hand.melds, side, (*hand.melds[side], new))
    event = Melded(
        at=at, seat=seat, cards=cards, canastra=new.canastra, low=new.low, wild_at=new.wild_at
    )
    return _melding(state, hand, seat, cards, melds, event)


def _on_table(cards: tuple[str, ...], layout: Layout) -> Laid:
    return Laid(cards=cards, canastra=layout.canastra, low=layout.low, wild_at=layout.wild_at)


def added(
    state: Match,
    hand: BuracoHand,
    seat: int,
    to: int,
    named: Sequence[str],
    at: datetime,
    wild_as: str | None = None,
    wild_to: End | None = None,
) -> list[Event]:
    """These cards of the seat's hand added to its side's meld number `to`."""
    check_drawn(hand)
    side = side_of(seat)
    own = hand.melds[side]
    if type(to) is not int or not 0 <= to < len(own):
        raise InvalidInput("invalid-meld", f"the side has melds 0 to {len(own) - 1}, not {to}")
    v = variant_of(state)
    cards = in_deck(named, v.deck, v.title)
    if not cards:
        raise InvalidInput("invalid-meld", "an addition adds at least one card")
    old = own[to]
    layout = add(old.cards, old.low, old.wild_at, cards, v.melds, wild_as, wild_to)
    grown = _on_table((*old.cards, *cards), layout)
    melds = on_side(hand.melds, side, tuple(grown if i == to else m for i, m in enumerate(own)))
    event = AddedToMeld(
        at=at,
        seat=seat,
        to=to,
        cards=cards,
        canastra=grown.canastra,
        low=grown.low,
        wild_at=grown.wild_at,
    )
    return _melding(state, hand, seat, cards, melds, event)


def held(hand: BuracoHand, seat: int, cards: Sequence[str]) -> None:
    """The seat holds these cards (`card-not-in-hand`)."""
    if len(cards) == 1 and cards[0] in hand.hands[seat]:
        return
    holds = Counter(hand.hands[seat])
    for card, n in Counter(cards).items():
        if holds[card] < n:
            raise TellsAHand("card-not-in-hand", f"seat {seat} does not hold {card}")


def _melding(
    state: Match,
    hand: BuracoHand,
    seat: int,
    cards: Sequence[str],
    melds: Melds,
    event: Event,
) -> list[Event]:
    """A meld or an addition: refused when it would leave a seat that may not go out
    without a card to discard (B18) or empty (B9), or, the stock spent, holding red 3s
    alone (T15); emptying the hand takes the morto (direta) or goes out."""
    left = len(hand.hands[seat]) - len(cards)
    side = side_of(seat)
    v = variant_of(state)
    after = replace(hand, melds=melds)
    if left == 1 and not after.may_go_out(side, v):
        raise IllegalMove(
            "must-keep-a-discard",
            "the side has its morto and no canastra limpa: keep a card to discard (B18)",
        )
    if left < 0:
        raise TellsAHand("card-not-in-hand", f"seat {seat} holds fewer cards than that")
    if left == 0 and not after.may_go_out(side, v):
        raise IllegalMove("cannot-go-out", "going out again needs a canastra limpa (B9)")
    held(hand, seat, cards)
    if left and v.threes and not hand.stock_count and _only_red_threes_left(hand, seat, cards):
        raise TellsAHand(
            "must-keep-a-discard",
            "the stock is spent: a red 3 can be neither laid nor discarded, keep a card to "
            "discard (T15)",
        )
    if left:
        return [event]
    return [event, *hand_emptied(state, apply(hand, event), seat, event.at, direct=True)]


def _only_red_threes_left(hand: BuracoHand, seat: int, cards: Sequence[str]) -> bool:
    """T12 leaves a red 3 in the hand once the stock is spent; T5 forbids discarding it."""
    kept = Counter(hand.hands[seat]) - Counter(cards)
    return all(card in RED_THREES for card in kept)

"""A hand of Buraco's family folded from its events: the deal, the draws and the pile taken,
the melds and additions, the red 3s, the discards, the mortos; a move taken back by playing
the others again."""

from __future__ import annotations

from collections.abc import Sequence

from msgspec.structs import replace

from domain.cards.buraco.events import (
    AddedToMeld,
    Melded,
    MortoTaken,
    MortoToStock,
    RedThreeLaid,
)
from domain.cards.buraco.hand import BuracoHand, Laid, on_side, side_of, variant_of
from domain.cards.buraco.variant import BURACO, VARIANTS, Variant
from domain.cards.buraco.wilds import read_before
from domain.cards.melds.rules import Canastra
from domain.cards.stock.events import CardDiscarded, CardsDrawn, StockDealt
from domain.cards.stock.hand import (
    StockHand,
    fold_stock,
    started,
    taken_back,
    with_hand,
    without,
)
from domain.match.events import Event, MoveUndone
from domain.match.guards import hand_of
from domain.match.state import Match


def start(dealt: StockDealt, variant: Variant = BURACO) -> BuracoHand:
    mortos = dealt.mortos or ((), ())
    return BuracoHand(
        **started(dealt, dealt.at),  # type: ignore[arg-type]
        threes=variant.threes,
        variant=variant.title,
        turn=dealt.opener,
        mortos=(mortos[0], mortos[1]),
        piled=None if dealt.starter is None else (dealt.starter, None),
        pile_size=0 if dealt.starter is None else 1,
    )


def apply(hand: StockHand, event: Event) -> StockHand:
    assert isinstance(hand, BuracoHand)
    moved = replace(hand, last=hand.after(event))
    match event:
        case CardsDrawn(reason="replacement"):  # a red 3's (T5): no turn's draw
            return fold_stock(moved, event)
        case CardsDrawn():
            after = fold_stock(moved, event)
            assert isinstance(after, BuracoHand)
            fresh = tuple(None if s == event.seat else s for s in hand.fresh_morto)
            return replace(after, drew=True, fresh_morto=(fresh[0], fresh[1]))
        case RedThreeLaid():
            side = side_of(event.seat)
            held = without(hand.hands[event.seat], event.card)
            red = on_side(hand.red_threes, side, (*hand.red_threes[side], event.card))
            return replace(moved, hands=with_hand(hand, event.seat, held), red_threes=red)
        case CardDiscarded():
            after = fold_stock(moved, event)
            return replace(after, turn=(event.seat + 1) % hand.seats, drew=False)
        case Melded():
            side = side_of(event.seat)
            laid = _folded(hand, event.cards, event.canastra, event.low, event.wild_at)
            held = _without_all(hand.hands[event.seat], event.cards)
            return replace(
                moved,
                hands=with_hand(hand, event.seat, held),
                melds=on_side(hand.melds, side, (*hand.melds[side], laid)),
            )
        case AddedToMeld():
            side = side_of(event.seat)
            own = hand.melds[side]
            grown = (*own[event.to].cards, *event.cards)
            laid = _folded(hand, grown, event.canastra, event.low, event.wild_at)
            held = _without_all(hand.hands[event.seat], event.cards)
            melds = tuple(laid if i == event.to else m for i, m in enumerate(own))
            return replace(
                moved,
                hands=with_hand(hand, event.seat, held),
                melds=on_side(hand.melds, side, melds),
            )
        case MortoTaken():
            side = side_of(event.seat)
            fresh = on_side(hand.fresh_morto, side, None if event.direct else event.seat)
            return replace(
                moved,
                hands=with_hand(hand, event.seat, event.cards),
                mortos=on_side(hand.mortos, side, None),
                morto_taken=on_side(hand.morto_taken, side, True),
                fresh_morto=fresh,
            )
        case MortoToStock():
            morto = hand.mortos[event.side] or ()
            return replace(
                moved,
                mortos=on_side(hand.mortos, event.side, None),
                stock=event.stock,
                stock_count=len(morto),
            )
    return moved


def _folded(
    hand: BuracoHand,
    cards: tuple[str, ...],
    canastra: Canastra | None,
    low: int | None,
    wild_at: int | None,
) -> Laid:
    """A meld as its event lays it; an event written before B5 was built (no `low`) is
    read as it was then, the wild at its highest place (its canastra as the event says)."""
    if low is None:
        before = read_before(cards, VARIANTS[hand.variant].melds)
        low, wild_at = before.low, before.wild_at
    return Laid(cards=cards, canastra=canastra, low=low, wild_at=wild_at)


def _without_all(cards: tuple[str, ...], gone: Sequence[str]) -> tuple[str, ...]:
    for card in gone:
        cards = without(cards, card)
    return cards


def _restart(hand: StockHand) -> BuracoHand:
    assert isinstance(hand, BuracoHand)
    return start(hand.dealt, VARIANTS[hand.variant])


def evolve(state: Match, event: Event) -> Match:
    match event:
        case StockDealt():
            hand = start(event, variant_of(state))
            started_at = state.started_at or event.at
            return replace(state, hand=hand, turn=hand.turn, started_at=started_at)
        case (
            CardsDrawn()
            | CardDiscarded()
            | Melded()
            | AddedToMeld()
            | MortoTaken()
            | MortoToStock()
            | RedThreeLaid()
        ):
            moved = apply(hand_of(state, BuracoHand), event)
            return replace(state, hand=moved, turn=moved.turn)
        case MoveUndone():
            joined = _one_command if variant_of(state).threes else None
            back = taken_back(hand_of(state, BuracoHand), _restart, apply, joined)
            return replace(state, hand=back, turn=back.turn)
    return state


def _one_command(last: Event, before: Event) -> bool:
    """Tranca's two moves of two events: the pile taken with its top melded (T7), and a red 3
    laid with its replacement (T5)."""
    if isinstance(last, Melded | AddedToMeld):
        return isinstance(before, CardsDrawn) and before.source == "pile"
    return isinstance(last, CardsDrawn) and isinstance(before, RedThreeLaid)

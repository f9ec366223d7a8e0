"""A Cacheta round folded event by event: draws and discards, na boa said, the discard
taken out of turn and given back by a burn, a batida; a move taken back by playing the
others again."""

from __future__ import annotations

from msgspec.structs import replace

from domain.cards.cacheta.events import NaBoaSaid, QueueJumped, SeatBurned, WentOut
from domain.cards.cacheta.hand import CachetaHand, wilds_of
from domain.cards.cacheta.results import lives_of
from domain.cards.stock.events import CardDiscarded, CardsDrawn, StockDealt
from domain.cards.stock.hand import StockHand, fold_stock, started, taken_back, with_hand, without
from domain.match.events import Event, MoveUndone
from domain.match.guards import hand_of
from domain.match.state import Match


def start(dealt: StockDealt, lives: tuple[int, ...]) -> CachetaHand:
    vira = dealt.vira or ""
    playing = tuple(s for s, cards in enumerate(dealt.hands) if cards)
    return CachetaHand(
        **started(dealt, dealt.at),  # type: ignore[arg-type]
        turn=dealt.opener,
        vira=vira,
        wilds=wilds_of(vira),
        playing=playing,
        lives=lives,
    )


def apply(hand: StockHand, event: Event) -> StockHand:
    assert isinstance(hand, CachetaHand)
    moved = replace(hand, last=hand.after(event))
    match event:
        case CardsDrawn():
            after = fold_stock(moved, event)
            return replace(after, drew=True)
        case CardDiscarded():
            after = fold_stock(moved, event)
            return replace(after, turn=hand.next_in(event.seat), drew=False, discarder=event.seat)
        case NaBoaSaid():
            return replace(moved, na_boa=hand.na_boa | {event.seat})
        case QueueJumped():
            held = hand.hands[event.seat] + (event.card,)
            under = hand.piled[1] if hand.piled is not None else None
            return replace(
                moved,
                hands=with_hand(hand, event.seat, held),
                piled=under,
                pile_size=hand.pile_size - 1,
                jumper=event.seat,
            )
        case SeatBurned():
            card = hand.hands[event.seat][-1]  # the card it took, back on the pile
            return replace(
                moved,
                hands=with_hand(hand, event.seat, without(hand.hands[event.seat], card)),
                piled=(card, hand.piled),
                pile_size=hand.pile_size + 1,
                jumper=None,
                burned=hand.burned | {event.seat},
            )
        case WentOut():
            return moved
    return moved


def evolve(state: Match, event: Event) -> Match:
    match event:
        case StockDealt():
            hand = start(event, lives_of(state))
            started_at = state.started_at or event.at
            return replace(state, hand=hand, turn=hand.turn, started_at=started_at)
        case (
            CardsDrawn() | CardDiscarded() | NaBoaSaid() | QueueJumped() | SeatBurned() | WentOut()
        ):
            moved = apply(hand_of(state, CachetaHand), event)
            return replace(state, hand=moved, turn=moved.turn)
        case MoveUndone():
            current = hand_of(state, CachetaHand)
            back = taken_back(current, lambda h: start(h.dealt, current.lives), apply)
            return replace(state, hand=back, turn=back.turn)
    return state

"""A Mau Mau hand folded event by event: what a discard (or the starter) does to the turn,
the direction, the jack's suit, the chain of 7s and the cards owed; draws, passes, calls
and accusations; a move taken back by playing the others again."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.cards.cards import rank_of, suit_of
from domain.cards.maumau.events import MauMauAccused, MauMauCalled
from domain.cards.maumau.hand import CALL_AT, PENALTY_CARDS, SEVEN_CARDS, MauMauHand
from domain.cards.stock.events import (
    CardDiscarded,
    CardsDrawn,
    StockDealt,
    StockRestocked,
    TurnPassed,
)
from domain.cards.stock.hand import StockHand, fold_stock, started, taken_back, with_hand, without
from domain.match.events import Event, MoveUndone
from domain.match.guards import hand_of
from domain.match.state import Match


def _bump(counts: tuple[int, ...], seat: int, by: int) -> tuple[int, ...]:
    return tuple(n + by if s == seat else n for s, n in enumerate(counts))


def _set(counts: tuple[int, ...], seat: int, value: int) -> tuple[int, ...]:
    return tuple(value if s == seat else n for s, n in enumerate(counts))


def _effect(hand: MauMauHand, seat: int, card: str, suit: str | None, **more: Any) -> MauMauHand:
    """What a discard (or the starter, as the first player's, M2) does to the turn; `more`:
    the discard's other changes, made in the same step."""
    rank = rank_of(card)
    direction = -hand.direction if rank == "Q" else hand.direction
    owed, pending, chain = hand.owed, hand.pending, hand.longest_chain
    if rank == "9":
        owed = _bump(owed, (seat - direction) % hand.seats, 1)
    if rank == "7":
        pending += SEVEN_CARDS
        chain = max(chain, pending)
    return replace(
        hand,
        direction=direction,
        demanded=suit if rank == "J" else None,
        pending=pending,
        longest_chain=chain,
        owed=owed,
        turn=(seat + (2 if rank == "A" else 1) * direction) % hand.seats,
        drew=False,
        called=False,
        passes=0,
        **more,
    )


def start(dealt: StockDealt) -> MauMauHand:
    seats = len(dealt.hands)
    starter = dealt.starter or ""
    hand = MauMauHand(
        **started(dealt, dealt.at),  # type: ignore[arg-type]
        piled=(starter, None),
        pile_size=1,
        turn=dealt.opener,
        owed=(0,) * seats,
        drawn=(0,) * seats,
        accusations=(0,) * seats,
    )
    return _effect(hand, dealt.opener, starter, suit_of(starter))  # a jack asks its own suit


def apply(hand: StockHand, event: Event) -> StockHand:
    assert isinstance(hand, MauMauHand)
    if isinstance(event, CardDiscarded):  # the most frequent move: one step, one new hand
        held = hand.hands[event.seat]
        forgot = len(held) == CALL_AT and not hand.called and not hand.drew
        return _effect(
            hand,
            event.seat,
            event.card,
            event.suit,
            last=hand.after(event),
            hands=with_hand(hand, event.seat, without(held, event.card)),
            piled=(event.card, hand.piled),
            pile_size=hand.pile_size + 1,
            accusable=event.seat if forgot else None,
            accused=None,
        )
    moved = replace(hand, last=hand.after(event))
    match event:
        case CardsDrawn():
            after = fold_stock(moved, event)
            assert isinstance(after, MauMauHand)
            drawn = _bump(hand.drawn, event.seat, event.count)
            if event.reason == "penalty":
                return replace(after, owed=_set(hand.owed, event.seat, 0), drawn=drawn)
            if event.reason == "seven":
                return replace(
                    after,
                    drawn=drawn,
                    pending=0,
                    turn=hand.step(event.seat),
                    drew=False,
                    called=False,
                    accusable=None,
                    accused=None,
                )
            return replace(after, drawn=drawn, drew=True)
        case StockRestocked():
            return fold_stock(moved, event)
        case TurnPassed():
            return replace(
                moved,
                turn=hand.step(event.seat),
                drew=False,
                called=False,
                accusable=None,
                accused=None,
                passes=hand.passes + 1 if hand.nothing_to_draw else 0,
            )
        case MauMauCalled():
            if event.wrong:
                return replace(moved, owed=_bump(hand.owed, event.seat, PENALTY_CARDS))
            return replace(moved, called=True)
        case MauMauAccused():
            payer = event.seat if event.accused is None else event.accused
            return replace(
                moved,
                owed=_bump(hand.owed, payer, PENALTY_CARDS),
                accusations=_bump(hand.accusations, payer, 1),
                accusable=None,
                accused=event.accused,
            )
    return moved


def _restart(hand: StockHand) -> MauMauHand:
    return start(hand.dealt)


def evolve(state: Match, event: Event) -> Match:
    match event:
        case StockDealt():
            hand = start(event)
            started_at = state.started_at or event.at
            return replace(state, hand=hand, turn=hand.turn, started_at=started_at)
        case (
            CardDiscarded()
            | CardsDrawn()
            | StockRestocked()
            | TurnPassed()
            | MauMauCalled()
            | MauMauAccused()
        ):
            moved = apply(hand_of(state, MauMauHand), event)
            return replace(state, hand=moved, turn=moved.turn)
        case MoveUndone():
            back = taken_back(hand_of(state, MauMauHand), _restart, apply)
            return replace(state, hand=back, turn=back.turn)
    return state

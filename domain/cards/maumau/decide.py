"""Mau Mau's decisions: the deal (M1, M2), a discard that follows (M4-M7, M9), a draw (a
turn's one card, a chain of 7s, a penalty), a pass, the MAU-MAU call and its accusation (M8,
M16, M17), undo (M19); and the server's deal from a shuffled deck."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from msgspec.structs import replace

from domain.cards.cards import SUIT_NAMES, in_deck, rank_of, suit_of
from domain.cards.dealer import dealer_for
from domain.cards.maumau.commands import Accuse, CallMauMau, RecordMauMauResult
from domain.cards.maumau.events import MauMauAccused, MauMauCalled
from domain.cards.maumau.evolve import apply
from domain.cards.maumau.hand import CALL_AT, HAND_SIZE, WHAT, MauMauHand
from domain.cards.maumau.results import hand_over, places_of, record_result, rules_of
from domain.cards.melds.decks import DECK_104
from domain.cards.stock.commands import DealStock, DiscardCard, DrawCards, PassTurn
from domain.cards.stock.events import CardDiscarded, StockDealt, Suit, TurnPassed
from domain.cards.stock.hand import check_deal, check_undoable, draw, held
from domain.errors import IllegalMove, InvalidInput, TellsAHand, WrongStatus
from domain.match.commands import Command, RecordPenalty, UndoLastMove
from domain.match.events import Consequence, Event, HandEnded, MoveUndone
from domain.match.finish import then_finish
from domain.match.guards import check_turn, hand_of, no_hand_in_progress
from domain.match.penalties import record_penalty
from domain.match.state import Match

PENALTIES: dict[str, Consequence] = {
    kind: "warning" for kind in ("slow-play", "out-of-turn", "cards-shown")
}
"""The seed sets no penalty beyond its own draws: an infraction is noted (as Copas' C11)."""
_SUITS: dict[str, Suit] = {"C": "C", "D": "D", "H": "H", "S": "S"}


def decide(command: Command, state: Match) -> list[Event]:
    rules_of(state)
    match command:
        case DealStock():
            return _deal(command, state)
        case DiscardCard():
            return _discard(command, state)
        case DrawCards():
            return _draw(command, state)
        case PassTurn():
            return _pass(command, state)
        case CallMauMau():
            return _call(command, state)
        case Accuse():
            return _accuse(command, state)
        case RecordMauMauResult():
            return record_result(command, state)
        case RecordPenalty():
            return record_penalty(command, state, PENALTIES, _no_lost_hand)
        case UndoLastMove():
            return _undo(command, state)
    raise InvalidInput("invalid-command", f"a Mau Mau game has no {type(command).__name__}")


def _no_lost_hand(command: RecordPenalty, state: Match) -> HandEnded:
    raise ValueError("a Mau Mau infraction is only noted")


def _deal(command: DealStock, state: Match) -> list[Event]:
    no_hand_in_progress(state)
    dealer = dealer_for(state, command.dealer)
    hands, starter, stock, count = check_deal(
        state, command, DECK_104, HAND_SIZE, WHAT, starter=True
    )
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
        )
    ]


def _in_play(state: Match, seat: int) -> tuple[MauMauHand, int]:
    hand = hand_of(state, MauMauHand)
    return hand, state.table.check_seat(seat)


def _nothing_owed(hand: MauMauHand) -> None:
    if not any(hand.owed):
        return
    owing = next((s for s, n in enumerate(hand.owed) if n), None)
    if owing is not None:
        raise IllegalMove(
            "penalty-draw-pending",
            f"seat {owing} draws its {hand.owed[owing]} penalty card(s) first",
        )


def follows(hand: MauMauHand, card: str) -> bool:
    """Whether the card may go on the pile now (M5, M7; the seed's J on anything but a 7)."""
    rank, suit = rank_of(card), suit_of(card)
    if hand.pending:
        return rank == "7"
    if hand.demanded is not None:
        return suit == hand.demanded or rank == "J"
    top = hand.top or ""  # the pile always keeps its top card (the starter first)
    return suit == top[-1:] or rank == top[:-1] or (rank == "J" and top[:-1] != "7")


def _check_follows(hand: MauMauHand, card: str) -> None:
    if follows(hand, card):
        return
    if hand.pending:
        raise IllegalMove(
            "seven-pending",
            f"a chain of 7s asks for {hand.pending} cards: answer with a 7, or draw them (M5)",
        )
    if hand.demanded is not None:
        raise IllegalMove(
            "card-does-not-follow",
            f"a jack asked for {SUIT_NAMES[hand.demanded]}: play that suit or a jack (M7)",
        )
    raise IllegalMove(
        "card-does-not-follow", f"{card} follows neither the suit nor the rank of {hand.top}"
    )


def _suit_named(text: str | None, card: str, last: bool) -> Suit | None:
    if rank_of(card) != "J":
        if text is not None:
            raise InvalidInput("invalid-body", "only a jack names a suit (M7)")
        return None
    if text is None:
        if last:
            return None  # the hand ends on it: its effect does not apply (M9)
        raise InvalidInput("suit-required", 'a jack names the suit to follow: "suit": "H" (M7)')
    suit = _SUITS.get(text.upper())
    if suit is None:
        raise InvalidInput("suit-required", f"{text!r} is no suit: C, D, H or S")
    return suit


def _discard(command: DiscardCard, state: Match) -> list[Event]:
    hand, seat = _in_play(state, command.seat)
    (card,) = in_deck([command.card], DECK_104, WHAT)
    _nothing_owed(hand)
    check_turn(state, seat)
    last = len(hand.hands[seat]) == 1
    suit = _suit_named(command.suit, card, last)
    _check_follows(hand, card)
    if not held(hand, seat, card):
        raise TellsAHand("card-not-in-hand", f"seat {seat} does not hold {card}")
    event = CardDiscarded(at=command.at, seat=seat, card=card, suit=suit)
    if not last:
        return [event]
    after = apply(hand, event)
    assert isinstance(after, MauMauHand)
    after = replace(after, longest_chain=hand.longest_chain)  # its effect does not apply (M9)
    return then_finish(
        state, [event, hand_over(state, after, command.at, seat)], command.at, places_of=places_of
    )


def _draw(command: DrawCards, state: Match) -> list[Event]:
    hand, seat = _in_play(state, command.seat)
    if hand.owed[seat]:  # a penalty is drawn at once, out of turn
        return draw(hand, seat, hand.owed[seat], command, DECK_104, WHAT, "penalty")
    _nothing_owed(hand)
    check_turn(state, seat)
    if hand.pending:
        return draw(hand, seat, hand.pending, command, DECK_104, WHAT, "seven")
    if hand.drew:
        raise IllegalMove("already-drew", "one card a turn (M4): discard a card, or pass")
    if hand.nothing_to_draw:
        raise IllegalMove(
            "stock-empty", "the stock and the pile are spent: a seat that cannot play passes (M10)"
        )
    return draw(hand, seat, 1, command, DECK_104, WHAT)


def _pass(command: PassTurn, state: Match) -> list[Event]:
    hand, seat = _in_play(state, command.seat)
    _nothing_owed(hand)
    check_turn(state, seat)
    if hand.pending:
        raise IllegalMove(
            "seven-pending", f"a chain of 7s asks for {hand.pending} cards: draw them (M5)"
        )
    if not hand.drew and not hand.nothing_to_draw:
        raise IllegalMove("draw-first", "a seat passes only after drawing its card (the seed)")
    event = TurnPassed(at=command.at, seat=seat)
    after = apply(hand, event)
    assert isinstance(after, MauMauHand)
    if after.passes < hand.seats:
        return [event]
    return then_finish(
        state, [event, hand_over(state, after, command.at, None)], command.at, places_of=places_of
    )


def _call(command: CallMauMau, state: Match) -> list[Event]:
    hand, seat = _in_play(state, command.seat)
    _nothing_owed(hand)
    check_turn(state, seat)
    if hand.called:
        raise IllegalMove("already-called", f"seat {seat} has said MAU-MAU")
    cards = hand.hands[seat]
    if len(cards) < CALL_AT:  # the seed's wrong calls: more than two cards, or two unplayable
        raise IllegalMove("nothing-to-call", "one card goes out with no call (M8): discard it")
    wrong = len(cards) != CALL_AT or not any(follows(hand, card) for card in cards)
    return [MauMauCalled(at=command.at, seat=seat, wrong=wrong)]


def _accuse(command: Accuse, state: Match) -> list[Event]:
    hand, seat = _in_play(state, command.seat)
    if hand.accusable == seat:
        raise InvalidInput("invalid-accusation", "a seat does not accuse itself")
    if hand.accusable is None and hand.accused is not None:
        raise IllegalMove(
            "already-accused",
            f"seat {hand.accused} has been accused already: the first accusation recorded counts",
        )
    _nothing_owed(hand)  # the window stays open meanwhile: only a discard, pass or chain closes it
    return [MauMauAccused(at=command.at, seat=seat, accused=hand.accusable)]


def _undo(command: UndoLastMove, state: Match) -> list[Event]:
    hand = state.hand
    if not isinstance(hand, MauMauHand) or hand.last is None:
        raise WrongStatus(
            "nothing-to-undo",
            "no move to undo in a hand in progress; a move that ended a hand is corrected "
            "by annulling the hand",
        )
    check_undoable(hand)
    last = hand.last[0]
    # A card drawn from the stock stays the seat's secret: the undo names only a discard.
    card = last.card if isinstance(last, CardDiscarded) else None
    move = str(type(last).__struct_config__.tag)
    seat = getattr(last, "seat", 0)
    return [MoveUndone(at=command.at, seat=seat, move=move, card=card)]


def shuffled(state: Match, order: Sequence[str], at: datetime) -> DealStock:
    """Five cards to each seat, the next card the starter, the rest the stock."""
    cards = list(order)
    seats = state.table.seats
    hands = [cards[s * HAND_SIZE : (s + 1) * HAND_SIZE] for s in range(seats)]
    dealt = seats * HAND_SIZE
    return DealStock(
        at=at,
        hands=hands,
        dealer=dealer_for(state, None),
        starter=cards[dealt],
        stock=cards[dealt + 1 :],
    )

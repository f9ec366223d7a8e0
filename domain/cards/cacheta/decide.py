"""Cacheta's decisions: the deal of the seats still in with its vira (K2, K10, K14), a draw
from the stock or the pile (a spent stock voids the round, K11), a discard, a batida (K6),
na boa (K7), furar a fila and the burn (K8), undo (K15); and the server's deal from a
shuffled deck."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from datetime import datetime

from domain.cards.cacheta.commands import (
    Burn,
    DealCacheta,
    GoOut,
    JumpTheQueue,
    RecordCachetaRound,
    SayNaBoa,
)
from domain.cards.cacheta.events import NaBoaSaid, QueueJumped, SeatBurned, WentOut
from domain.cards.cacheta.hand import HAND_SIZE, WHAT, CachetaHand, melds_for
from domain.cards.cacheta.results import (
    places_of,
    playing_of,
    record_round,
    round_over,
    rules_of,
)
from domain.cards.cards import in_deck
from domain.cards.melds.decks import DECK_104
from domain.cards.melds.meld import meld_of
from domain.cards.melds.split import split
from domain.cards.stock.commands import DealStock, DiscardCard, DrawCards
from domain.cards.stock.events import CardDiscarded, CardsDrawn, StockDealt
from domain.cards.stock.hand import check_deal, check_undoable, draw
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


def decide(command: Command, state: Match) -> list[Event]:
    rules_of(state)
    match command:
        case DealStock():
            return _deal(command, state)
        case DrawCards():
            return _draw(command, state)
        case DiscardCard():
            return _discard(command, state)
        case GoOut():
            return _go_out(command, state)
        case SayNaBoa():
            return _na_boa(command, state)
        case JumpTheQueue():
            return _jump(command, state)
        case Burn():
            return _burn(command, state)
        case RecordCachetaRound():
            return record_round(command, state)
        case RecordPenalty():
            return record_penalty(command, state, PENALTIES, _no_lost_hand)
        case UndoLastMove():
            return _undo(command, state)
    raise InvalidInput("invalid-command", f"a Cacheta game has no {type(command).__name__}")


def _no_lost_hand(command: RecordPenalty, state: Match) -> HandEnded:
    raise ValueError("a Cacheta infraction is only noted")


def _dealer(state: Match, asked: int | None) -> int:
    """K10: the dealer goes round the seats still in (the first round's: seat 3 unless said)."""
    playing = playing_of(state)
    due = state.next_dealer
    if asked is None:
        return playing[-1] if due is None else due
    dealer = state.table.check_seat(asked)
    if dealer not in playing:
        raise InvalidInput("wrong-dealer", f"seat {dealer} is out of the game")
    if due is not None and dealer != due:
        raise InvalidInput("wrong-dealer", f"seat {due} deals this round")
    return dealer


def _deal(command: DealStock, state: Match) -> list[Event]:
    """K2, K10, K14; a deal of the stock engine's own, with no vira, is refused as one that
    turns none up."""
    no_hand_in_progress(state)
    playing = playing_of(state)
    dealer = _dealer(state, command.dealer)
    turned = command.vira if isinstance(command, DealCacheta) else None
    if turned is None:
        raise InvalidInput("invalid-deal", 'a Cacheta deal turns up its vira: "vira": "8C"')
    if command.mortos is not None:
        raise InvalidInput("invalid-deal", "a Cacheta deal sets aside no morto")
    (vira,) = in_deck([turned], DECK_104, WHAT)
    hands, _, stock, count = check_deal(
        state, command, DECK_104, HAND_SIZE, WHAT, playing=playing, turned=[vira]
    )
    later = [s for s in playing if s > dealer]
    return [
        StockDealt(
            at=command.at,
            number=len(state.hands) + 1,
            dealer=dealer,
            opener=later[0] if later else playing[0],
            hands=hands,
            stock=stock,
            stock_count=count,
            vira=vira,
        )
    ]


def _hand(state: Match, seat: int) -> tuple[CachetaHand, int]:
    hand = hand_of(state, CachetaHand)
    seat = state.table.check_seat(seat)
    if seat not in hand.playing:
        raise IllegalMove("not-your-turn", f"seat {seat} is out of the game")
    return hand, seat


def _no_jump_pending(hand: CachetaHand) -> None:
    if hand.jumper is not None:
        raise IllegalMove(
            "jump-pending", f"seat {hand.jumper} took the discard out of turn: it goes out or burns"
        )


def _draw(command: DrawCards, state: Match) -> list[Event]:
    hand, seat = _hand(state, command.seat)
    _no_jump_pending(hand)
    check_turn(state, seat)
    if hand.drew:
        raise IllegalMove("already-drew", "one draw a turn: go out, or discard")
    if command.source == "pile":
        if command.cards is not None:
            raise InvalidInput("invalid-draw", "the pile's top card is public: name no card")
        if hand.top is None:
            raise IllegalMove("pile-empty", "no discard yet: draw from the stock")
        return [CardsDrawn(at=command.at, seat=seat, source="pile", cards=(hand.top,), count=1)]
    if not hand.stock_count:  # K11, K12: the round is void
        return [round_over(state, hand, command.at, None, 0)]
    return draw(hand, seat, 1, command, DECK_104, WHAT, reshuffle=False)


def _discard(command: DiscardCard, state: Match) -> list[Event]:
    hand, seat = _hand(state, command.seat)
    _no_jump_pending(hand)
    check_turn(state, seat)
    if not hand.drew:
        raise IllegalMove("draw-first", "a turn begins with a draw: the stock or the discard")
    if command.suit is not None:
        raise InvalidInput("invalid-body", "a Cacheta discard names no suit")
    (card,) = in_deck([command.card], DECK_104, WHAT)
    if card not in hand.hands[seat]:
        raise TellsAHand("card-not-in-hand", f"seat {seat} does not hold {card}")
    return [CardDiscarded(at=command.at, seat=seat, card=card)]


def _go_out(command: GoOut, state: Match) -> list[Event]:
    """K6: the groups shown (or found) hold every card but the discard of a batida with 9."""
    hand, seat = _hand(state, command.seat)
    if hand.jumper is not None and hand.jumper != seat:
        _no_jump_pending(hand)
    if hand.jumper != seat:
        check_turn(state, seat)
        if not hand.drew:
            raise IllegalMove("draw-first", "a seat goes out after its draw")
    rules = melds_for(hand.wilds)
    discard = None
    if command.discard is not None:
        (discard,) = in_deck([command.discard], DECK_104, WHAT)
    groups = None
    if command.groups is not None:
        groups = [in_deck(group, DECK_104, WHAT) for group in command.groups]
        for group in groups:
            meld_of(group, rules)  # invalid-meld: a group that is no meld, said by its cards
        shown = sum(len(group) for group in groups) + (discard is not None)
        if shown != len(hand.hands[seat]):
            raise InvalidInput(
                "invalid-meld", "a batida shows every card of the hand (9 and a discard, or 10)"
            )
    held = Counter(hand.hands[seat])
    melded = held - Counter([discard] if discard else [])
    if discard is not None and held[discard] < 1:
        raise TellsAHand("card-not-in-hand", f"seat {seat} does not hold {discard}")
    if groups is not None:
        if Counter(card for group in groups for card in group) != melded:
            raise TellsAHand("card-not-in-hand", "the groups are not the seat's cards")
    else:
        found = split(list(melded.elements()), rules)
        if found is None:
            raise TellsAHand("no-batida", "the seat's cards make no batida (K6)")
        groups = [tuple(group) for group in found]
    size = sum(melded.values())
    events: list[Event] = []
    if discard is not None:
        events.append(CardDiscarded(at=command.at, seat=seat, card=discard))
    went = WentOut(at=command.at, seat=seat, groups=tuple(tuple(g) for g in groups))
    events.append(went)
    ended = round_over(state, hand, command.at, seat, size)
    return then_finish(state, [*events, ended], command.at, places_of=places_of)


def _na_boa(command: SayNaBoa, state: Match) -> list[Event]:
    hand, seat = _hand(state, command.seat)
    if seat in hand.na_boa:
        raise IllegalMove("already-called", f"seat {seat} has said it is na boa")
    return [NaBoaSaid(at=command.at, seat=seat)]


def _jump(command: JumpTheQueue, state: Match) -> list[Event]:
    """K8: a seat na boa, not burned, takes the last discard (not its own) from the moment
    it is discarded until the seat in turn has drawn; the first recorded wins."""
    hand, seat = _hand(state, command.seat)
    _no_jump_pending(hand)
    if seat not in hand.na_boa:
        raise IllegalMove("queue-closed", "only a seat that said it is na boa jumps the queue")
    if seat in hand.burned:
        raise IllegalMove("queue-closed", f"seat {seat} burned: it jumps no more this round")
    if hand.top is None or hand.discarder is None or hand.drew:
        raise IllegalMove("queue-closed", "no discard to take: the seat in turn has drawn")
    if hand.discarder == seat or seat == hand.turn:
        raise IllegalMove("queue-closed", "a seat jumps for another seat's discard, out of turn")
    return [QueueJumped(at=command.at, seat=seat, card=hand.top)]


def _burn(command: Burn, state: Match) -> list[Event]:
    hand, seat = _hand(state, command.seat)
    if hand.jumper != seat:
        raise IllegalMove("queue-closed", f"seat {seat} has taken no discard out of turn")
    return [SeatBurned(at=command.at, seat=seat)]


def _undo(command: UndoLastMove, state: Match) -> list[Event]:
    hand = state.hand
    if not isinstance(hand, CachetaHand) or hand.last is None:
        raise WrongStatus(
            "nothing-to-undo",
            "no move to undo in a round in progress; a batida is corrected by annulling it",
        )
    check_undoable(hand)
    last = hand.last[0]
    card = last.card if isinstance(last, CardDiscarded | QueueJumped) else None
    move = str(type(last).__struct_config__.tag)
    return [MoveUndone(at=command.at, seat=getattr(last, "seat", 0), move=move, card=card)]


def shuffled(state: Match, order: Sequence[str], at: datetime) -> DealCacheta:
    """Nine cards to each seat still in, the vira, the rest the stock."""
    cards = list(order)
    playing = playing_of(state)
    hands = [cards[n * HAND_SIZE : (n + 1) * HAND_SIZE] for n in range(len(playing))]
    dealt = len(playing) * HAND_SIZE
    return DealCacheta(
        at=at,
        hands=hands,
        dealer=_dealer(state, None),
        vira=cards[dealt],
        stock=cards[dealt + 1 :],
    )

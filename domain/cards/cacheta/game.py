"""Cacheta (seed 003; card-rules.md sections 7 and 9b): four players each for themselves,
two decks without jokers, 9 cards each. The vira, turned up and set aside (K2), makes the
next rank of its colour wild (K1: a black 8 turned, the four black 9s; a king, the aces).
In turn a seat draws from the stock or takes the last discard, then goes out or discards.
Going out ("bater") lays every card in trincas (3 to 5 of a rank, three suits at least, a
suit "dobrada" for the 4th and 5th, K3) and runs (K4), wilds without limit but a natural
card in each meld (K5): with 9 cards and a discard, every other seat still in loses a
life; with 10 and no discard, two. A seat "na boa" (one card from going out, said aloud,
K7) may take the last discard out of turn ("furar a fila") to go out with it; failing, it
burns (K8). Each seat starts with 10 lives; at 0 it is out; the last one in wins (K9).
The game's score is the lives each seat has lost."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import msgspec
from msgspec.structs import replace

from domain.cards.cacheta.commands import Burn, GoOut, JumpTheQueue, RecordCachetaRound, SayNaBoa
from domain.cards.cacheta.events import NaBoaSaid, QueueJumped, SeatBurned, WentOut
from domain.cards.cacheta.rules import CachetaRules
from domain.cards.cards import RANKS, in_deck, rank_of, suit_of
from domain.cards.melds import DECK_104, MeldRules, meld_of, split
from domain.cards.stock.commands import DealStock, DiscardCard, DrawCards
from domain.cards.stock.events import CardDiscarded, CardsDrawn, StockDealt
from domain.cards.stock.hand import (
    StockHand,
    check_deal,
    check_undoable,
    draw,
    fold_stock,
    started,
    taken_back,
    with_hand,
    without,
)
from domain.errors import IllegalMove, InvalidInput, TellsAHand, WrongStatus
from domain.match.commands import Command, RecordPenalty, UndoLastMove
from domain.match.events import Consequence, Event, HandEnded, MoveUndone
from domain.match.finish import Places, hand_ended, then_finish
from domain.match.game import Examples, Game
from domain.match.guards import check_turn, hand_of, no_hand_in_progress, played_time
from domain.match.penalties import record_penalty
from domain.match.requests import HandRequest, MalformedRequest, MoveRequest, ResultRequest
from domain.match.state import GameHand, HandResult, Match

WHAT = "Cacheta"
HAND_SIZE = 9
COLOUR = {"C": "CS", "S": "CS", "D": "DH", "H": "DH"}
"""The suits of each suit's colour: black (paus, espadas), red (ouros, copas)."""
LOSS = {9: 1, 10: 2}
"""Lives each other seat loses to a batida with 9 cards, with 10."""
PENALTIES: dict[str, Consequence] = {
    kind: "warning" for kind in ("slow-play", "out-of-turn", "cards-shown")
}
_DETAILS = msgspec.json.Decoder(dict[str, Any])


def wilds_of(vira: str) -> tuple[str, ...]:
    """K1: the rank after the vira's, in the vira's colour (after a king, the ace)."""
    rank = RANKS[(RANKS.index(rank_of(vira)) + 1) % len(RANKS)]
    return tuple(rank + suit for suit in COLOUR[suit_of(vira)])


def melds_for(wilds: Sequence[str]) -> MeldRules:
    """K3-K5: runs and trincas of 3 to 5 (three suits), any number of wilds."""
    return MeldRules(wilds=frozenset(wilds), max_wilds=None, sets=True, set_max=5, set_suits=3)


class CachetaHand(StockHand, frozen=True, kw_only=True):
    vira: str
    wilds: tuple[str, ...]
    playing: tuple[int, ...]
    """The seats still in, in seat order (K10: the others are skipped)."""
    lives: tuple[int, ...]
    """Each seat's lives as the round began (K13: 0 for a seat out)."""
    na_boa: frozenset[int] = frozenset()
    burned: frozenset[int] = frozenset()
    jumper: int | None = None
    """The seat that took the last discard out of turn: it goes out or burns (K8)."""
    discarder: int | None = None
    """Who made the top discard."""

    def placed(self) -> tuple[str, ...]:
        """The vira, set aside face up: no draw from an unknown stock may name it."""
        return (self.vira,)

    def next_in(self, seat: int) -> int:
        """The next seat still in after this one."""
        later = [s for s in self.playing if s > seat]
        return later[0] if later else self.playing[0]


def rules_of(state: Match) -> CachetaRules:
    if not isinstance(state.rules, CachetaRules):
        raise ValueError("not a Cacheta game")
    return state.rules


def lives_of(state: Match) -> tuple[int, ...]:
    lives = rules_of(state).target
    return tuple(max(lives - state.score.get(str(s), 0), 0) for s in range(len(state.seats)))


def playing_of(state: Match) -> tuple[int, ...]:
    return tuple(s for s, left in enumerate(lives_of(state)) if left > 0)


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
            return _result(command, state)
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
    no_hand_in_progress(state)
    playing = playing_of(state)
    dealer = _dealer(state, command.dealer)
    if command.vira is None:
        raise InvalidInput("invalid-deal", 'a Cacheta deal turns up its vira: "vira": "8C"')
    if command.mortos is not None:
        raise InvalidInput("invalid-deal", "a Cacheta deal sets aside no morto")
    (vira,) = in_deck([command.vira], DECK_104, WHAT)
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
        return [_ended(state, hand, command.at, None, 0)]
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
    ended = _ended(state, hand, command.at, seat, size)
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


def _ended(
    state: Match,
    hand: CachetaHand | None,
    at: datetime,
    out: int | None,
    cards: int,
    started_at: datetime | None = None,
) -> HandEnded:
    """K9: the seats still in but the one out lose 1 life (9 cards) or 2 (10); a void round
    (K12), none."""
    playing = hand.playing if hand is not None else playing_of(state)
    loss = LOSS.get(cards, 0) if out is not None else 0
    scores = {str(s): (0 if s == out else loss) for s in playing}
    details: dict[str, object] = {"cards": cards if out is not None else None}
    if hand is not None:
        details |= {"vira": hand.vira, "burned": sorted(hand.burned), "na_boa": sorted(hand.na_boa)}
        details["jumped"] = out is not None and hand.jumper == out
    return hand_ended(
        state,
        outcome="batida" if out is not None else "empate",
        winner=None if out is None else str(out),
        base=0,
        at=at,
        by_seat=out,
        started_at=started_at,
        dealer=hand.dealer if hand is not None else state.next_dealer,
        kind=None if out is None else ("dez" if cards == 10 else "nove"),
        scores=scores,
        details=details,
        **({} if hand is not None else {"opener": None}),
    )


def _result(command: RecordCachetaRound, state: Match) -> list[Event]:
    no_hand_in_progress(state)
    at = played_time(command.at, command.played_at, command.started_at, state)
    if command.void:
        if command.winner is not None or command.cards is not None:
            raise InvalidInput("invalid-result", "a void round has no winner")
        return [_ended(state, None, at, None, 0, command.started_at)]
    if command.winner is None or command.cards not in LOSS:
        raise InvalidInput(
            "invalid-result", 'a round is {"winner": 2, "cards": 9 or 10}, or {"void": true}'
        )
    winner = state.table.check_seat(command.winner)
    if winner not in playing_of(state):
        raise InvalidInput("invalid-result", f"seat {winner} is out of the game")
    ended = _ended(state, None, at, winner, command.cards, command.started_at)
    return then_finish(state, [ended], at, places_of=places_of)


def places_of(state: Match) -> Places | None:
    """K9: once one seat is left: it first, then the others by the round they went out in,
    the later first; seats out in the same round share a place."""
    playing = playing_of(state)
    if len(playing) > 1:
        return None
    target = rules_of(state).target
    out_in: dict[int, int] = {}
    lost: Counter[str] = Counter()
    for number, result in enumerate(state.hands):
        for side, points in result.gains().items():
            lost[side] += points
            if lost[side] >= target and int(side) not in out_in:
                out_in[int(side)] = number
    rounds = sorted(set(out_in.values()), reverse=True)
    places = [[str(s)] for s in playing]
    places += [[str(s) for s in sorted(out_in) if out_in[s] == r] for r in rounds]
    return places


def after_hand(state: Match, result: HandResult) -> Match:
    """K10: the next seat still in after this round's dealer deals the next."""
    playing = playing_of(state)
    dealer = result.dealer
    if dealer is None or not playing:
        return replace(state, next_dealer=None)
    later = [s for s in playing if s > dealer]
    return replace(state, next_dealer=later[0] if later else playing[0])


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


def shuffled(state: Match, order: Sequence[str], at: datetime) -> DealStock:
    """Nine cards to each seat still in, the vira, the rest the stock."""
    cards = list(order)
    playing = playing_of(state)
    hands = [cards[n * HAND_SIZE : (n + 1) * HAND_SIZE] for n in range(len(playing))]
    dealt = len(playing) * HAND_SIZE
    return DealStock(
        at=at,
        hands=hands,
        dealer=_dealer(state, None),
        vira=cards[dealt],
        stock=cards[dealt + 1 :],
    )


def deal(request: HandRequest, at: datetime) -> DealStock:
    if request.dorme or request.trump_card or request.starter or request.mortos:
        raise MalformedRequest("a Cacheta deal has the hands of the seats still in and a vira")
    return DealStock(
        at=at, hands=request.hands, dealer=request.dealer, vira=request.vira, stock=request.stock
    )


_MOVES = ("draw", "discard", "go_out", "na_boa", "furar", "burned")


def move(request: MoveRequest, at: datetime) -> Command:
    said = request.saying()
    seat = request.seat
    if "draw" in said:
        if said - {"draw", "card", "cards"}:
            raise MalformedRequest('a Cacheta draw sends "draw" (and the "card" drawn)')
        named = (
            request.cards
            if request.cards is not None
            else ([request.card] if request.card is not None else None)
        )
        return DrawCards(at=at, seat=seat, source=request.draw or "stock", cards=named)
    if "go_out" in said:
        if said - {"go_out", "discard"}:
            raise MalformedRequest(
                'a batida sends "go_out" (its groups, or []) and maybe "discard"'
            )
        groups = request.go_out or None
        return GoOut(at=at, seat=seat, groups=groups, discard=request.discard)
    if len(said) != 1 or not said <= set(_MOVES):
        names = ", ".join(f'"{name}"' for name in _MOVES)
        raise MalformedRequest(f"a Cacheta move sends exactly one of {names}")
    if "discard" in said:
        return DiscardCard(at=at, seat=seat, card=request.discard or "")
    if "na_boa" in said:
        return SayNaBoa(at=at, seat=seat)
    if "furar" in said:
        return JumpTheQueue(at=at, seat=seat)
    return Burn(at=at, seat=seat)


def result(request: ResultRequest, at: datetime) -> RecordCachetaRound:
    extra = (request.outcome, request.seat, request.kind, request.sums, request.points)
    if extra != (None,) * 5 or request.tricks is not None or request.sides is not None:
        raise MalformedRequest('a Cacheta round is {"winner": 2, "cards": 9} or {"void": true}')
    if isinstance(request.winner, str):
        raise MalformedRequest('a Cacheta round names the seat that went out: "winner": 2')
    return RecordCachetaRound(
        at=at,
        winner=request.winner,
        cards=request.cards,
        void=request.void,
        started_at=request.started_at,
        played_at=request.played_at,
    )


def result_body(result: HandResult) -> dict[str, object] | None:
    if result.outcome == "empate":
        return {"void": True}
    if result.outcome != "batida" or result.by_seat is None or not result.details:
        return None
    return {"winner": result.by_seat, "cards": _DETAILS.decode(result.details).get("cards")}


def shown(hand: GameHand, seen: frozenset[int]) -> dict[str, Any]:
    """The vira and the wilds, each seat's lives, who is na boa, burned or out, who took the
    discard out of turn: all public."""
    assert isinstance(hand, CachetaHand)
    return {
        "vira": hand.vira,
        "wilds": list(hand.wilds),
        "lives": list(hand.lives),
        "na_boa": sorted(hand.na_boa),
        "burned": sorted(hand.burned),
        "out": [s for s in range(len(hand.hands)) if s not in hand.playing],
        "jumper": hand.jumper,
    }


EXAMPLES = Examples(
    create={"cacheta": ("A game of Cacheta (10 lives each)", {"preset": "cacheta"})},
    deal={
        "cacheta": (
            "Cacheta: nine cards to each seat still in, and the vira (no stock: draws name "
            "their card)",
            {
                "dealer": 3,
                "hands": [
                    ["5H", "5C", "5D", "7S", "8S", "9C", "JD", "QD", "KD"],
                    ["AC", "2C", "3C", "4H", "4S", "6D", "6D", "10H", "QS"],
                    ["3H", "3S", "8C", "8D", "9H", "10C", "JC", "KC", "AH"],
                    ["2D", "2S", "4C", "6H", "7C", "7D", "10S", "JS", "KS"],
                ],
                "vira": "8C",
            },
        ),
    },
    move={
        "go_out": (
            "Cacheta: a batida with 9 cards and its discard (the 9C is wild: vira 8C)",
            {
                "seat": 0,
                "go_out": [["5H", "5C", "5D"], ["7S", "8S", "9C"], ["JD", "QD", "KD"]],
                "discard": "2C",
            },
        ),
        "na_boa": ("Cacheta: the seat needs one card to go out", {"seat": 2, "na_boa": True}),
        "furar": ("Cacheta: take the last discard out of turn", {"seat": 2, "furar": True}),
        "burned": ("Cacheta: the seat could not go out: it burns", {"seat": 2, "burned": True}),
    },
    result={
        "cacheta": ("Cacheta: who went out, with 9 cards or 10", {"winner": 2, "cards": 9}),
        "void": ("Cacheta: the stock ran out, nobody went out", {"void": True}),
    },
)

FIELDS = {
    "deal.vira": "the card turned up and set aside: the next rank of its colour is wild.",
    "deal.hands": "the hands of the seats still in, in seat order.",
    "move.go_out": "the batida's groups (trincas and runs), [] for the service to find them; "
    "with 9 cards, `discard` too.",
    "move.na_boa": "the seat says it needs one card to go out.",
    "move.furar": "take the last discard out of turn (a seat na boa, not burned).",
    "move.burned": "the seat that took the discard could not go out: the card goes back.",
    "move.discard": "the card discarded: it ends the turn.",
    "result.winner": "the seat that went out.",
    "result.cards": "9 (a discard; the others lose 1 life) or 10 (they lose 2).",
    "result.void": "the stock ran out with nobody out: nobody loses.",
    "view.vira": "the card turned up.",
    "view.wilds": "the wild cards (the rank after the vira, in its colour).",
    "view.lives": "each seat's lives as the round began (0: out).",
    "view.na_boa": "the seats that said they are one card from going out.",
    "view.burned": "the seats burned this round.",
    "view.out": "the seats out of the game.",
    "view.jumper": "the seat that took the discard out of turn, to go out or burn.",
    "hand.scores": "the lives each seat lost in the round.",
    "hand.details": "the batida's size (9 or 10), the vira, who was na boa, who burned, "
    "whether the batida came from a jumped discard.",
}

CACHETA_GAME = Game(
    name="cacheta",
    family="stock",
    presets=("cacheta",),
    decide=decide,
    evolve=evolve,
    after_hand=after_hand,
    deck=DECK_104,
    shuffled=shuffled,
    deal=deal,
    move=move,
    result=result,
    result_body=result_body,
    shown=shown,
    examples=EXAMPLES,
    fields=FIELDS,
    seats=(4,),
    partnerships="never",
)

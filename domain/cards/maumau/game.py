"""Mau Mau (seed 003; card-rules.md section 3): 4 to 8 players each for themselves, two
decks without jokers (104 cards), 5 cards each. The card turned from the stock starts the
pile as the first player's discard (M2). In turn a seat discards a card of the top card's
suit or rank, or draws one (M4) and then discards or passes. The ace skips the next seat,
the queen turns the direction round, the jack names the suit to follow (and goes on any
card but a 7), the seven makes the next seat draw two unless it answers with a seven (the
chain adds two a seven, M5), the nine makes the seat before draw one (M6, M14). A seat about
to discard down to one card says MAU-MAU first; forgetting it, it may be accused by any
other seat until the next discard, pass or chain draw, and draws five (M8, M16). The first
to shed every card wins the hand; the others count the cards they hold (M3: the ace 1, a
number its number, the jack 30, the queen and king 10), and fewer points place better
(M11)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import msgspec
from msgspec.structs import replace

from domain.cards.cards import SUIT_NAMES, in_deck, rank_of, suit_of
from domain.cards.deal import dealer_for
from domain.cards.maumau.commands import Accuse, CallMauMau, RecordMauMauResult
from domain.cards.maumau.events import MauMauAccused, MauMauCalled
from domain.cards.maumau.rules import MauMauRules
from domain.cards.melds import DECK_104
from domain.cards.play import after_hand
from domain.cards.stock.commands import DealStock, DiscardCard, DrawCards, PassTurn
from domain.cards.stock.events import (
    CardDiscarded,
    CardsDrawn,
    StockDealt,
    StockRestocked,
    Suit,
    TurnPassed,
)
from domain.cards.stock.hand import (
    StockHand,
    check_deal,
    check_undoable,
    draw,
    fold_stock,
    held,
    started,
    taken_back,
    to_restock,
    with_hand,
    without,
)
from domain.errors import IllegalMove, InvalidInput, TellsAHand, WrongStatus
from domain.match.commands import Command, RecordPenalty, UndoLastMove
from domain.match.events import Consequence, Event, HandEnded, MoveUndone
from domain.match.finish import Places, by_points, hand_ended, then_finish
from domain.match.game import Examples, Game
from domain.match.guards import check_turn, hand_of, no_hand_in_progress, played_time
from domain.match.penalties import record_penalty
from domain.match.requests import HandRequest, MalformedRequest, MoveRequest, ResultRequest
from domain.match.state import GameHand, HandResult, Match

WHAT = "Mau Mau"
HAND_SIZE = 5
CALL_AT = 2
"""The cards a seat holds when it must say MAU-MAU before its discard."""
PENALTY_CARDS = 5
SEVEN_CARDS = 2
SEATS = (4, 5, 6, 7, 8)
VALUES = {"A": 1, "J": 30, "Q": 10, "K": 10}
"""M3; a number card is worth its number."""
PENALTIES: dict[str, Consequence] = {
    kind: "warning" for kind in ("slow-play", "out-of-turn", "cards-shown")
}
"""The seed sets no penalty beyond its own draws: an infraction is noted (as Copas' C11)."""
_DETAILS = msgspec.json.Decoder(dict[str, object])
_SUITS: dict[str, Suit] = {"C": "C", "D": "D", "H": "H", "S": "S"}


def card_points(card: str) -> int:
    rank = rank_of(card)
    return VALUES.get(rank) or int(rank)


MOST_POINTS = sum(card_points(card) for card in DECK_104)
"""What every card of the two decks is worth: no table holds more."""


class MauMauHand(StockHand, frozen=True, kw_only=True):
    direction: int = 1
    """1 in order of play, -1 once a queen turned it round (an odd number of queens)."""
    demanded: str | None = None
    """The suit a jack asked for, until a card is played on it (M7, M15)."""
    pending: int = 0
    """Cards a chain of 7s makes the seat in turn draw, unless it answers with a 7 (M5)."""
    owed: tuple[int, ...]
    """Cards each seat must draw now: a 9's one, five for a wrong call or an accusation."""
    called: bool = False
    """The seat in turn has said MAU-MAU."""
    accusable: int | None = None
    """The seat that discarded to one card without the call, while it may be accused (M8)."""
    accused: int | None = None
    """The seat just accused: a second accusation of it is refused, not punished."""
    passes: int = 0
    """Passes in a row with nothing left to draw: a full round ends the hand (M10)."""
    drawn: tuple[int, ...]
    """Cards each seat has drawn this hand."""
    accusations: tuple[int, ...]
    """Times each seat was accused (or accused nobody) this hand."""
    longest_chain: int = 0
    """The most cards a chain of 7s has asked for this hand."""

    def step(self, seat: int, places: int = 1) -> int:
        return (seat + places * self.direction) % self.seats

    @property
    def nothing_to_draw(self) -> bool:
        return self.stock_count == 0 and self.pile_size < 2


def _bump(counts: tuple[int, ...], seat: int, by: int) -> tuple[int, ...]:
    return tuple(n + by if s == seat else n for s, n in enumerate(counts))


def _set(counts: tuple[int, ...], seat: int, value: int) -> tuple[int, ...]:
    return tuple(value if s == seat else n for s, n in enumerate(counts))


def rules_of(state: Match) -> MauMauRules:
    if not isinstance(state.rules, MauMauRules):
        raise ValueError("not a Mau Mau game")
    return state.rules


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
            return _result(command, state)
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
        state, [event, _ended(state, after, command.at, seat)], command.at, places_of=places_of
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
        state, [event, _ended(state, after, command.at, None)], command.at, places_of=places_of
    )


def _call(command: CallMauMau, state: Match) -> list[Event]:
    hand, seat = _in_play(state, command.seat)
    _nothing_owed(hand)
    check_turn(state, seat)
    if hand.called:
        raise IllegalMove("already-called", f"seat {seat} has said MAU-MAU")
    cards = hand.hands[seat]
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


def hand_points(hands: Sequence[Sequence[str]]) -> list[int]:
    return [sum(card_points(card) for card in cards) for cards in hands]


def _ended(state: Match, hand: MauMauHand, at: datetime, out: int | None) -> HandEnded:
    """The hand is over: `out` shed its last card (M9), or a full round passed with nothing
    to draw (M10; the fewest points win it, a tie wins it for nobody)."""
    points = hand_points(hand.hands)
    winner = out
    if out is None:
        least = min(points)
        best = [seat for seat, p in enumerate(points) if p == least]
        winner = best[0] if len(best) == 1 else None
    details: dict[str, object] = {
        "points": points,
        "cards_left": [len(cards) for cards in hand.hands],
        "drawn": list(hand.drawn),
        "accused": list(hand.accusations),
        "longest_chain": hand.longest_chain,
        "never_drew": out is not None and hand.drawn[out] == 0,
    }
    return hand_ended(
        state,
        outcome="batida" if out is not None else "bloqueio",
        winner=None if winner is None else str(winner),
        base=0,
        at=at,
        by_seat=out,
        dealer=hand.dealer,
        scores={str(seat): p for seat, p in enumerate(points)},
        details=details,
    )


def _result(command: RecordMauMauResult, state: Match) -> list[Event]:
    """M11: who went out, and the points of every other seat (given, or counted from the
    cards it held); a hand that cannot happen is refused."""
    no_hand_in_progress(state)
    at = played_time(command.at, command.played_at, command.started_at, state)
    seats = state.table.seats
    winner = state.table.check_seat(command.winner)
    if (command.points is None) == (command.cards_left is None):
        raise InvalidInput(
            "invalid-result", 'a Mau Mau result gives either "points" or "cards_left" per seat'
        )
    counts: list[int] | None = None
    if command.cards_left is not None:
        held_cards = _cards_left(command.cards_left, seats, winner)
        points = hand_points(held_cards)
        counts = [len(cards) for cards in held_cards]
    else:
        points = _points_given(command.points or [], seats, winner)
    details: dict[str, object] = {"points": points}
    if counts is not None:
        details["cards_left"] = counts
    ended = hand_ended(
        state,
        outcome="batida",
        winner=str(winner),
        base=0,
        at=at,
        by_seat=winner,
        started_at=command.started_at,
        dealer=state.next_dealer,
        opener=None,
        scores={str(seat): p for seat, p in enumerate(points)},
        details=details,
    )
    return then_finish(state, [ended], at, places_of=places_of)


def _cards_left(given: list[list[str]], seats: int, winner: int) -> list[tuple[str, ...]]:
    if len(given) != seats:
        raise InvalidInput("invalid-result", f"cards_left lists {seats} seats, in seat order")
    held_cards = [in_deck(cards, DECK_104, WHAT) for cards in given]
    if held_cards[winner]:
        raise InvalidInput("invalid-result", f"seat {winner} went out: it holds no card")
    if any(not cards for seat, cards in enumerate(held_cards) if seat != winner):
        raise InvalidInput("invalid-result", "one seat went out; every other still holds a card")
    every = Counter(card for cards in held_cards for card in cards)
    if any(n > 2 for n in every.values()):
        raise InvalidInput("invalid-result", "two decks hold each card twice, no more")
    return held_cards


def _points_given(points: list[int], seats: int, winner: int) -> list[int]:
    if len(points) != seats or any(type(p) is not int or p < 0 for p in points):
        raise InvalidInput("invalid-result", f"points lists {seats} seats' points, in seat order")
    if points[winner]:
        raise InvalidInput("invalid-result", f"seat {winner} went out: its points are 0")
    if any(p == 0 for seat, p in enumerate(points) if seat != winner):
        raise InvalidInput("invalid-result", "a seat still holding cards has points (an ace, 1)")
    if sum(points) > MOST_POINTS:
        raise InvalidInput("invalid-result", f"two decks hold {MOST_POINTS} points in all")
    return points


def places_of(state: Match) -> Places | None:
    """M11: after the hand that brings a seat to the target, the fewest points first."""
    if max(state.score.values(), default=0) < rules_of(state).target:
        return None
    return by_points(state, lowest_first=True)


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


def deal(request: HandRequest, at: datetime) -> DealStock:
    if request.dorme or request.trump_card or request.vira:
        raise MalformedRequest("a Mau Mau deal has hands, a starter and maybe a stock")
    return DealStock(
        at=at,
        hands=request.hands,
        dealer=request.dealer,
        starter=request.starter,
        stock=request.stock,
    )


_MOVES = ("card", "draw", "pass", "mau_mau", "accuse")


def move(request: MoveRequest, at: datetime) -> Command:
    said = request.saying()
    seat = request.seat
    if "draw" in said:
        if said - {"draw", "card", "cards"}:
            raise MalformedRequest('a Mau Mau draw sends "draw" (and the "card" or "cards" drawn)')
        named = (
            request.cards
            if request.cards is not None
            else ([request.card] if request.card is not None else None)
        )
        return DrawCards(
            at=at,
            seat=seat,
            source=request.draw or "stock",
            cards=named,
            restock=request.restock,
        )
    if len(said) != 1 or not said <= set(_MOVES):
        names = ", ".join(f'"{name}"' for name in _MOVES)
        raise MalformedRequest(f"a Mau Mau move sends exactly one of {names}")
    if "card" in said:
        return DiscardCard(at=at, seat=seat, card=request.card or "", suit=request.suit)
    if "pass" in said:
        return PassTurn(at=at, seat=seat)
    if "mau_mau" in said:
        return CallMauMau(at=at, seat=seat)
    return Accuse(at=at, seat=seat)


def result(request: ResultRequest, at: datetime) -> RecordMauMauResult:
    extra = (request.outcome, request.seat, request.kind, request.sums, request.tricks)
    if extra != (None,) * 5 or request.bids or request.value is not None or request.tie:
        raise MalformedRequest('a Mau Mau result gives "winner" and "points" or "cards_left"')
    if type(request.winner) is not int:
        raise MalformedRequest('a Mau Mau result names the seat that went out: "winner": 2')
    points = request.points
    if points is not None and not isinstance(points, list):
        raise MalformedRequest("a Mau Mau result gives points per seat, in seat order")
    return RecordMauMauResult(
        at=at,
        winner=request.winner,
        points=points,
        cards_left=request.cards_left,
        started_at=request.started_at,
        played_at=request.played_at,
    )


def result_body(result: HandResult) -> dict[str, object] | None:
    """Who went out and every seat's points (a hand with nobody out has no result body)."""
    if result.outcome != "batida" or result.by_seat is None or not result.details:
        return None
    return {"winner": result.by_seat, "points": _DETAILS.decode(result.details).get("points")}


def shown(hand: GameHand, seen: frozenset[int]) -> dict[str, Any]:
    """The pile's top and what it asks for, the direction, the penalties owed, the call and
    the accusation window: all public."""
    assert isinstance(hand, MauMauHand)
    return {
        "top": hand.top,
        "demanded_suit": hand.demanded,
        "direction": hand.direction,
        "pending_draw": hand.pending,
        "owed": list(hand.owed),
        "called": hand.called,
        "drew": hand.drew,
        "accusable": hand.accusable,
    }


EXAMPLES = Examples(
    create={"mau-mau": ("A game of Mau Mau (one hand)", {"preset": "mau-mau"})},
    deal={
        "mau-mau": (
            "Mau Mau: five cards a seat and the starter; no stock: each draw names its card",
            {
                "dealer": 3,
                "hands": [
                    ["7H", "QS", "2C", "9D", "JH"],
                    ["AC", "5S", "5D", "10H", "KC"],
                    ["3H", "4S", "8C", "6D", "JS"],
                    ["2H", "KD", "QC", "9S", "7C"],
                ],
                "starter": "4H",
            },
        ),
    },
    move={
        "discard": (
            "Mau Mau: a jack names the suit to follow",
            {"seat": 1, "card": "JD", "suit": "H"},
        ),
        "draw": (
            "Mau Mau: draw from the stock (name the card when no stock was posted)",
            {"seat": 2, "draw": "stock", "card": "4C"},
        ),
        "mau-mau": (
            "Mau Mau: say MAU-MAU before the discard that leaves one card",
            {"seat": 2, "mau_mau": True},
        ),
        "accuse": (
            "Mau Mau: accuse the seat that forgot to say it (any seat, out of turn)",
            {"seat": 0, "accuse": True},
        ),
    },
    result={
        "mau-mau": (
            "Mau Mau: who went out, and the cards each other seat held",
            {"winner": 2, "cards_left": [["JH", "3C"], ["KD"], [], ["9S", "9S", "AC"]]},
        ),
    },
)

FIELDS = {
    "deal.starter": "the card turned from the stock to start the pile (it acts as the first "
    "player's discard).",
    "deal.stock": "the stock, top first, the rest of the two decks (optional: without it, "
    "each draw names its card).",
    "move.card": "the card discarded (of the top card's suit or rank; a jack on any card but a 7).",
    "move.suit": "with a jack: the suit the next seat must follow.",
    "move.draw": '"stock": draw a card; facing a chain of 7s, take all its cards; owing a '
    "penalty (a 9, a wrong call, an accusation), take it (out of turn).",
    "move.cards": "the cards drawn, named when no stock was posted.",
    "move.pass_": "pass, after drawing.",
    "move.mau_mau": "say MAU-MAU before the discard that leaves one card.",
    "move.accuse": "accuse the seat that discarded to one card without saying MAU-MAU (any "
    "seat, out of turn, until the next discard, pass or chain draw).",
    "result.winner": "the seat that went out.",
    "result.points": "each seat's points, in seat order (the winner's 0).",
    "result.cards_left": "the cards each seat held, in seat order (the winner's none).",
    "penalty.kind": "slow-play, out-of-turn, cards-shown (noted as warnings).",
    "view.top": "the top card of the pile.",
    "view.demanded_suit": "the suit a jack asked for, or null.",
    "view.direction": "1 in order of play, -1 once a queen turned it round.",
    "view.pending_draw": "the cards a chain of 7s makes the seat in turn draw.",
    "view.owed": "the penalty cards each seat must draw now.",
    "view.called": "the seat in turn has said MAU-MAU.",
    "view.drew": "the seat in turn has drawn its card.",
    "view.accusable": "the seat that may be accused of forgetting MAU-MAU, or null.",
    "hand.scores": "each seat's points for the hand (the cards it held; the winner's 0).",
    "hand.details": "points and cards left by seat, cards drawn, accusations, the longest "
    "chain of 7s, whether the winner never drew.",
}
"""What the shared bodies' fields mean in Mau Mau, for the API document."""

MAU_MAU_GAME = Game(
    name="mau-mau",
    family="stock",
    presets=("mau-mau",),
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
    seats=SEATS,
    partnerships="never",
    restock=to_restock,
)

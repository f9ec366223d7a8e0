"""Buraco (seed 003; card-rules.md sections 4 and 9b): 2 players alone or 4 in two
partnerships (seats 0 and 2 against 1 and 3), two decks without jokers, 11 cards each and
two mortos of 11 set aside. A turn: draw one card from the stock or take the whole discard
pile; lay runs of one suit (three or more, the ace low or high, A..K..A the one run with
both aces, B2) with at most one 2 as a wild (B3; a 2 in its own place is natural, B4), and
add to the side's runs; discard one card, which ends the turn. A seat that empties its hand
takes its side's morto: by a meld it plays on (direta), by its discard it plays it next
turn (indireta). With the morto taken, going out again ends the hand, and needs a canastra
limpa (seven cards or more without a wild; the de mil, A to A, counts). A side scores its
laid cards, its canastras (limpa 200, suja 100, de mil 1000), 100 for going out, less the
cards left in its hands and 100 for a morto never taken; the Detalhe: a morto taken
indireta whose taker has not played again when the others go out counts as never taken
(B13, B20). The first side at 3000 after a hand, alone at the top, wins (B16)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from datetime import datetime
from math import gcd
from typing import Any

import msgspec
from msgspec.structs import replace

from domain.cards.buraco.commands import (
    AddToMeld,
    LayMeld,
    LayRedThree,
    RecordBuracoResult,
    TakePile,
)
from domain.cards.buraco.events import (
    AddedToMeld,
    Melded,
    MortoTaken,
    MortoToStock,
    RedThreeLaid,
)
from domain.cards.buraco.rules import BuracoRules, MegaBuracoRules, TrancaRules
from domain.cards.buraco.variant import (
    BLACK_THREES,
    BURACO,
    MEGA_BURACO,
    RED_THREES,
    TRANCA,
    Variant,
)
from domain.cards.cards import in_deck
from domain.cards.deal import dealer_for
from domain.cards.melds import Canastra, meld_of
from domain.cards.play import after_hand
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
from domain.match.finish import Places, by_points, hand_ended, then_finish
from domain.match.game import Examples, Game
from domain.match.guards import check_turn, hand_of, no_hand_in_progress, played_time
from domain.match.penalties import record_penalty
from domain.match.requests import (
    HandRequest,
    MalformedRequest,
    MoveRequest,
    ResultRequest,
    SideTally,
)
from domain.match.state import GameHand, HandResult, Match

WHAT = "Buraco"
HAND_SIZE = 11
MORTO_SIZE = 11
MELDS = BURACO.melds
CANASTRA_BONUS: dict[Canastra, int] = {"limpa": 200, "suja": 100, "mil": 1000}
"""B12: the de mil's 1000 instead of a limpa's 200."""
BATIDA = 100
DECK_A_TO_A = (
    "AS",
    *(f"{rank}S" for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10")),
    "JS",
    "QS",
    "KS",
    "AS",
)
"""The cards of a canastra de mil (125 points in Buraco)."""
RED_THREE = 100
"""T8: each red 3, with a canastra; without, -100."""
NO_MORTO = 100
PENALTIES: dict[str, Consequence] = {
    kind: "warning" for kind in ("slow-play", "out-of-turn", "cards-shown")
}
_DETAILS = msgspec.json.Decoder(dict[str, Any])


def cards_value(cards: Sequence[str]) -> int:
    """Buraco's points of these cards."""
    return BURACO.points(cards)


class Laid(msgspec.Struct, frozen=True, kw_only=True):
    """A meld on the table: its cards as laid and added, and its canastra once it is one."""

    cards: tuple[str, ...]
    canastra: Canastra | None = None


class BuracoHand(StockHand, frozen=True, kw_only=True):
    melds: tuple[tuple[Laid, ...], tuple[Laid, ...]] = ((), ())
    """Each side's melds, side A's (seat 0's) first, numbered from 0 in the order laid."""
    mortos: tuple[tuple[str, ...] | None, tuple[str, ...] | None] = (None, None)
    """Each side's morto while it waits; None once taken or turned into the stock."""
    morto_taken: tuple[bool, bool] = (False, False)
    fresh_morto: tuple[int | None, int | None] = (None, None)
    """The seat that took its side's morto by its discard and has not played since (B13)."""
    red_threes: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    """Tranca: the red 3s each side has laid (T5)."""
    threes: bool = False
    """Tranca's 3s are in play: the black 3 locks the pile, the red 3s are laid."""

    def placed(self) -> list[str]:
        laid = [card for side in self.melds for meld in side for card in meld.cards]
        red = [card for side in self.red_threes for card in side]
        return laid + red + [card for morto in self.mortos if morto for card in morto]

    def may_go_out(self, side: int, variant: Variant) -> bool:
        """Its morto waits for it, or it holds a canastra limpa (B9, B21: a de mil too; any
        canastra in Mega Buraco)."""
        if self.mortos[side] is not None:
            return True
        kinds = ("limpa", "mil") if variant.clean_to_go_out else ("limpa", "mil", "suja")
        return any(meld.canastra in kinds for meld in self.melds[side])


def side_of(seat: int) -> int:
    """0: side A (seats 0 and 2), or seat 0 at a table of two; 1: the other."""
    return seat % 2


def side_names(seats: int) -> tuple[str, str]:
    return ("A", "B") if seats == 4 else ("0", "1")


def rules_of(state: Match) -> BuracoRules | MegaBuracoRules | TrancaRules:
    if not isinstance(state.rules, BuracoRules | MegaBuracoRules | TrancaRules):
        raise ValueError("not a game of Buraco's family")
    return state.rules


def variant_of(state: Match) -> Variant:
    if isinstance(state.rules, MegaBuracoRules):
        return MEGA_BURACO
    return TRANCA if isinstance(state.rules, TrancaRules) else BURACO


def decide(command: Command, state: Match) -> list[Event]:
    rules_of(state)
    match command:
        case DealStock():
            return _deal(command, state)
        case DrawCards():
            return _draw(command, state)
        case LayMeld():
            return _lay(command, state)
        case AddToMeld():
            return _add(command, state)
        case DiscardCard():
            return _discard(command, state)
        case TakePile():
            return _take_pile(command, state)
        case LayRedThree():
            return _red_three(command, state)
        case RecordBuracoResult():
            return _result(command, state)
        case RecordPenalty():
            return record_penalty(command, state, PENALTIES, _no_lost_hand)
        case UndoLastMove():
            return _undo(command, state)
    raise InvalidInput(
        "invalid-command", f"a {variant_of(state).title} game has no {type(command).__name__}"
    )


def _no_lost_hand(command: RecordPenalty, state: Match) -> HandEnded:
    raise ValueError("a Buraco infraction is only noted")


def _deal(command: DealStock, state: Match) -> list[Event]:
    no_hand_in_progress(state)
    dealer = dealer_for(state, command.dealer)
    v = variant_of(state)
    hands, starter, stock, count = check_deal(
        state, command, v.deck, HAND_SIZE, v.title, starter=v.starter, mortos=MORTO_SIZE
    )
    mortos = tuple(in_deck(morto, v.deck, v.title) for morto in command.mortos or ())
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
            mortos=mortos,
        )
    ]


def _in_turn(state: Match, seat: int) -> tuple[BuracoHand, int]:
    hand = hand_of(state, BuracoHand)
    seat = state.table.check_seat(seat)
    check_turn(state, seat)
    return hand, seat


def _drawn(hand: BuracoHand) -> None:
    if not hand.drew:
        raise IllegalMove("draw-first", "a turn begins with a draw: the stock or the pile")


def _draw(command: DrawCards, state: Match) -> list[Event]:
    hand, seat = _in_turn(state, command.seat)
    if hand.drew:
        raise IllegalMove("already-drew", "one draw a turn: meld, then discard")
    if command.source == "pile":
        if command.cards is not None:
            raise InvalidInput("invalid-draw", "the pile is taken whole: name no card")
        if variant_of(state).threes:
            raise InvalidInput(
                "invalid-draw",
                'a Tranca pile is taken with its top card melded: "draw": "pile" with "meld" '
                'or "to" (T7)',
            )
        if not hand.pile_size:
            raise IllegalMove("pile-empty", "the discard pile is empty: draw from the stock")
        cards = hand.pile
        return [CardsDrawn(at=command.at, seat=seat, source="pile", cards=cards, count=len(cards))]
    if not hand.stock_count:
        raise IllegalMove("stock-empty", "the stock is spent: take the pile")
    v = variant_of(state)
    return draw(hand, seat, 1, command, v.deck, v.title, reshuffle=False)


def _take_pile(command: TakePile, state: Match) -> list[Event]:
    """T7: the whole pile, its top card melded at once (a new meld with cards of the hand, or
    onto one of the side's); refused on a black 3 (T6)."""
    hand, seat = _in_turn(state, command.seat)
    if not variant_of(state).threes:
        raise InvalidInput("invalid-command", "the pile is taken with a meld only in Tranca")
    if hand.drew:
        raise IllegalMove("already-drew", "one draw a turn: meld, then discard")
    top = hand.top
    if top is None:
        raise IllegalMove("pile-empty", "the discard pile is empty: draw from the stock")
    if top in BLACK_THREES:
        raise IllegalMove("pile-locked", "a black 3 on top locks the pile (T6)")
    if (command.meld is None) == (command.to is None):
        raise InvalidInput("invalid-meld", 'the top card goes into a new "meld" or onto one ("to")')
    cards = hand.pile
    taken = CardsDrawn(at=command.at, seat=seat, source="pile", cards=cards, count=len(cards))
    after = apply(hand, taken)
    assert isinstance(after, BuracoHand)
    if command.meld is not None:
        return [taken, *_laid(state, after, seat, [top, *command.meld], command.at)]
    assert command.to is not None
    return [taken, *_added(state, after, seat, command.to, [top], command.at)]


def _red_three(command: LayRedThree, state: Match) -> list[Event]:
    """T5: a red 3 laid alone on the holder's turn, replaced at once from the stock; T12: not
    the stock's last card, which cannot be replaced (it counts at the end as if laid)."""
    hand, seat = _in_turn(state, command.seat)
    v = variant_of(state)
    if not v.threes:
        raise InvalidInput("invalid-command", f"{v.title} lays no red 3")
    (card,) = in_deck([command.card], v.deck, v.title)
    if card not in RED_THREES:
        raise InvalidInput("invalid-meld", "only a red 3 (3D, 3H) is laid alone")
    if not hand.stock_count:
        raise IllegalMove("stock-empty", "no replacement left: the red 3 counts as laid (T12)")
    if card not in hand.hands[seat]:
        raise TellsAHand("card-not-in-hand", f"seat {seat} does not hold {card}")
    laid = RedThreeLaid(at=command.at, seat=seat, card=card)
    after = apply(hand, laid)
    assert isinstance(after, BuracoHand)
    named = DrawCards(at=command.at, seat=seat, cards=command.replacement)
    return [laid, *draw(after, seat, 1, named, v.deck, v.title, "replacement", reshuffle=False)]


def _own(hand: BuracoHand, seat: int, cards: Sequence[str]) -> None:
    if len(cards) == 1 and cards[0] in hand.hands[seat]:
        return
    held = Counter(hand.hands[seat])
    for card, n in Counter(cards).items():
        if held[card] < n:
            raise TellsAHand("card-not-in-hand", f"seat {seat} does not hold {card}")


def _lay(command: LayMeld, state: Match) -> list[Event]:
    hand, seat = _in_turn(state, command.seat)
    return _laid(state, hand, seat, command.cards, command.at)


def _laid(
    state: Match, hand: BuracoHand, seat: int, named: Sequence[str], at: datetime
) -> list[Event]:
    _drawn(hand)
    v = variant_of(state)
    cards = in_deck(named, v.deck, v.title)
    read = meld_of(cards, v.melds)
    laid = Laid(cards=cards, canastra=read.canastra)
    side = side_of(seat)
    if v.one_set_per_rank and read.kind == "set":
        for meld in hand.melds[side]:
            other = meld_of(meld.cards, v.melds)
            if other.kind == "set" and other.low == read.low:
                raise IllegalMove(
                    "one-set-per-rank", "the side has a trinca of that rank: add to it (MB)"
                )
    melds = _with(hand.melds, side, (*hand.melds[side], laid))
    event = Melded(at=at, seat=seat, cards=cards, canastra=laid.canastra)
    return _melding(state, hand, seat, cards, melds, event)


def _add(command: AddToMeld, state: Match) -> list[Event]:
    hand, seat = _in_turn(state, command.seat)
    return _added(state, hand, seat, command.to, command.cards, command.at)


def _added(
    state: Match, hand: BuracoHand, seat: int, to: int, named: Sequence[str], at: datetime
) -> list[Event]:
    _drawn(hand)
    side = side_of(seat)
    own = hand.melds[side]
    if type(to) is not int or not 0 <= to < len(own):
        raise InvalidInput("invalid-meld", f"the side has melds 0 to {len(own) - 1}, not {to}")
    v = variant_of(state)
    cards = in_deck(named, v.deck, v.title)
    if not cards:
        raise InvalidInput("invalid-meld", "an addition adds at least one card")
    grown = (*own[to].cards, *cards)
    laid = Laid(cards=grown, canastra=meld_of(grown, v.melds).canastra)
    melds = _with(hand.melds, side, tuple(laid if i == to else m for i, m in enumerate(own)))
    event = AddedToMeld(at=at, seat=seat, to=to, cards=cards, canastra=laid.canastra)
    return _melding(state, hand, seat, cards, melds, event)


def _with(pair: tuple[Any, Any], side: int, value: Any) -> tuple[Any, Any]:
    return (value, pair[1]) if side == 0 else (pair[0], value)


def _melding(
    state: Match,
    hand: BuracoHand,
    seat: int,
    cards: Sequence[str],
    melds: tuple[tuple[Laid, ...], tuple[Laid, ...]],
    event: Event,
) -> list[Event]:
    """A meld or an addition: refused when it would leave a seat that may not go out
    without a card to discard (B18) or empty (B9); emptying the hand takes the morto
    (direta) or goes out."""
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
    _own(hand, seat, cards)
    if left:
        return [event]
    return [event, *_out(state, apply(hand, event), seat, event.at, direct=True)]


def _out(state: Match, hand: StockHand, seat: int, at: datetime, direct: bool) -> list[Event]:
    """The seat's hand is empty: it takes its side's morto, or its side goes out."""
    assert isinstance(hand, BuracoHand)
    morto = hand.mortos[side_of(seat)]
    if morto is not None:
        return [MortoTaken(at=at, seat=seat, direct=direct, cards=morto)]
    ended = _ended(state, hand, at, side_of(seat), seat)
    return then_finish(state, [ended], at, places_of=places_of)


def _discard(command: DiscardCard, state: Match) -> list[Event]:
    hand, seat = _in_turn(state, command.seat)
    _drawn(hand)
    if command.suit is not None:
        raise InvalidInput("invalid-body", "a Buraco discard names no suit")
    v = variant_of(state)
    (card,) = in_deck([command.card], v.deck, v.title)
    if v.threes and card in RED_THREES:
        raise IllegalMove("red-three-first", "a red 3 is laid alone, never discarded (T5)")
    left = len(hand.hands[seat]) - 1
    if left == 0 and not hand.may_go_out(side_of(seat), v):
        raise IllegalMove("cannot-go-out", "going out again needs a canastra limpa (B9)")
    _own(hand, seat, [card])
    if v.threes and hand.stock_count and any(c in RED_THREES for c in hand.hands[seat]):
        raise TellsAHand("red-three-first", "lay the red 3 before the discard (T5)")
    event = CardDiscarded(at=command.at, seat=seat, card=card)
    ends_at = variant_of(state).ends_at_stock or 0
    if left and hand.stock_count > ends_at:  # the turn passes, nothing more happens
        return [event]
    after = apply(hand, event)
    assert isinstance(after, BuracoHand)
    if left == 0:
        out = _out(state, after, seat, command.at, direct=False)
        if not isinstance(out[0], MortoTaken):
            return [event, *out]
        after = apply(after, out[0])
        assert isinstance(after, BuracoHand)
        return [event, *out, *_turn_starts(state, after, command.at)]
    return [event, *_turn_starts(state, after, command.at)]


def _turn_starts(state: Match, hand: BuracoHand, at: datetime) -> list[Event]:
    """B11, B19: a turn that starts with the stock spent turns an untaken morto into the
    stock (side A's first), or, with none left, ends the hand without a batida."""
    ends_at = variant_of(state).ends_at_stock
    if ends_at is not None:
        if hand.stock_count > ends_at:
            return []
        return then_finish(state, [_ended(state, hand, at, None, None)], at, places_of=places_of)
    if hand.stock_count:
        return []
    side = next((s for s, morto in enumerate(hand.mortos) if morto is not None), None)
    if side is not None:
        return [MortoToStock(at=at, side=side, stock=hand.mortos[side])]
    return then_finish(state, [_ended(state, hand, at, None, None)], at, places_of=places_of)


def _undo(command: UndoLastMove, state: Match) -> list[Event]:
    hand = state.hand
    if not isinstance(hand, BuracoHand) or hand.last is None:
        raise WrongStatus(
            "nothing-to-undo",
            "no move to undo in a hand in progress; a move that ended a hand is corrected "
            "by annulling the hand",
        )
    check_undoable(hand)
    last = hand.last[0]
    if isinstance(last, MortoTaken | MortoToStock):
        raise WrongStatus(
            "nothing-to-undo", "a morto taken or turned into the stock is not taken back"
        )
    card = last.card if isinstance(last, CardDiscarded) else None
    move = str(type(last).__struct_config__.tag)
    return [MoveUndone(at=command.at, seat=getattr(last, "seat", 0), move=move, card=card)]


def tally(
    hand: BuracoHand, side: int, ended_by: int | None, variant: Variant = BURACO
) -> dict[str, Any]:
    """A side's count (seed's "Contagem"; B12-B15): laid cards, canastras, the batida, less
    the cards in its hands and a morto never taken; the Detalhe (B13, B20)."""
    melds = hand.melds[side]
    kinds = Counter(meld.canastra for meld in melds if meld.canastra)
    fresh = hand.fresh_morto[side]
    detalhe = ended_by is not None and ended_by != side and fresh is not None
    seats = [s for s in range(hand.seats) if side_of(s) == side and not (detalhe and s == fresh)]
    held = [card for s in seats for card in hand.hands[s]]
    red = [card for card in held if card in RED_THREES] if variant.threes else []
    count = {
        "melded": sum(variant.points(meld.cards) for meld in melds),
        "limpa": kinds["limpa"],
        "suja": kinds["suja"],
        "mil": kinds["mil"],
        "in_hand": variant.points([card for card in held if card not in red]),
        "morto": hand.morto_taken[side] and not detalhe,
        "batida": ended_by == side,
    }
    if variant.threes:  # T8, T12: a red 3 held at the end counts as laid
        count["red_threes"] = len(hand.red_threes[side]) + len(red)
    return count


def points_of(count: dict[str, Any]) -> int:
    bonus = sum(CANASTRA_BONUS[kind] * int(count[kind]) for kind in ("limpa", "suja", "mil"))
    batida = BATIDA if count["batida"] else 0
    morto = 0 if count["morto"] else -NO_MORTO
    canastras = sum(int(count[kind]) for kind in ("limpa", "suja", "mil"))
    red = RED_THREE * int(count.get("red_threes", 0)) * (1 if canastras else -1)
    return int(count["melded"]) + bonus - int(count["in_hand"]) + batida + morto + red


def _ended(
    state: Match, hand: BuracoHand, at: datetime, ended_by: int | None, seat: int | None
) -> HandEnded:
    names = side_names(hand.seats)
    counts = [tally(hand, side, ended_by, variant_of(state)) for side in (0, 1)]
    return _hand_ended(state, at, names, counts, ended_by, seat, hand.dealer)


def _hand_ended(
    state: Match,
    at: datetime,
    names: tuple[str, str],
    counts: list[dict[str, Any]],
    ended_by: int | None,
    seat: int | None,
    dealer: int | None,
    started_at: datetime | None = None,
    **more: Any,
) -> HandEnded:
    points = [points_of(count) for count in counts]
    winner = None if points[0] == points[1] else names[0 if points[0] > points[1] else 1]
    return hand_ended(
        state,
        outcome="batida" if ended_by is not None else "stock-out",
        winner=winner,
        base=0,
        at=at,
        by_seat=seat,
        started_at=started_at,
        dealer=dealer,
        scores={names[side]: points[side] for side in (0, 1)},
        details={names[side]: counts[side] for side in (0, 1)}
        | {"ended_by": None if ended_by is None else names[ended_by]},
        **more,
    )


def _result(command: RecordBuracoResult, state: Match) -> list[Event]:
    """A whole hand by each side's count (4.3): refused when it cannot happen."""
    no_hand_in_progress(state)
    at = played_time(command.at, command.played_at, command.started_at, state)
    names = side_names(state.table.seats)
    if set(command.sides) != set(names):
        raise InvalidInput(
            "invalid-result", f"a Buraco result counts sides {names[0]} and {names[1]}"
        )
    if command.ended_by is not None and command.ended_by not in names:
        raise InvalidInput("invalid-result", f"ended_by is a side: {names[0]} or {names[1]}")
    ended_by = None if command.ended_by is None else names.index(command.ended_by)
    v = variant_of(state)
    counts = [_checked(command.sides[name], ended_by == side, v) for side, name in enumerate(names)]
    most = variant_of(state).deck_points
    if sum(c["melded"] + c["in_hand"] for c in counts) > most:
        raise InvalidInput("invalid-result", f"the deck holds {most} points in all")
    return then_finish(
        state,
        [
            _hand_ended(
                state,
                at,
                names,
                counts,
                ended_by,
                None,
                state.next_dealer,
                started_at=command.started_at,
                opener=None,
            )
        ],
        at,
        places_of=places_of,
    )


def _checked(side: SideTally, went_out: bool, v: Variant) -> dict[str, Any]:
    numbers = (side.melded, side.limpa, side.suja, side.mil, side.in_hand, side.red_threes)
    if any(type(n) is not int or n < 0 for n in numbers):
        raise InvalidInput("invalid-result", "a side's counts are whole numbers, 0 or more")
    step = gcd(*(v.value(card) for card in set(v.deck)))
    if side.melded % step or side.in_hand % step:
        raise InvalidInput("invalid-result", f"every card is worth a multiple of {step}")
    if side.mil and not v.melds.ace_to_ace:
        raise InvalidInput("invalid-result", f"{v.title} has no canastra de mil")
    if (side.red_threes and not v.threes) or side.red_threes > len(RED_THREES) * 2:
        raise InvalidInput("invalid-result", "red 3s count in Tranca only, four at most")
    cheapest = min(v.value(card) for card in v.deck)
    least = 7 * cheapest * (side.limpa + side.suja) + v.points(DECK_A_TO_A) * side.mil
    if side.melded < least:
        raise InvalidInput(
            "invalid-result", f"{side.melded} laid cannot hold those canastras (at least {least})"
        )
    canastra = side.limpa + side.mil + (0 if v.clean_to_go_out else side.suja)
    if went_out and not (side.morto and canastra):
        raise InvalidInput(
            "invalid-result", "the side that went out took its morto and has the canastra it needs"
        )
    count: dict[str, Any] = {
        "melded": side.melded,
        "limpa": side.limpa,
        "suja": side.suja,
        "mil": side.mil,
        "in_hand": side.in_hand,
        "morto": side.morto,
        "batida": went_out,
    }
    if v.threes:
        count["red_threes"] = side.red_threes
    return count


def places_of(state: Match) -> Places | None:
    """B16: after a hand that brings a side to the target, the most points first; equal at
    the top, another hand."""
    if max(state.score.values(), default=0) < rules_of(state).target:
        return None
    places = by_points(state)
    return places if len(places[0]) == 1 else None


def start(dealt: StockDealt, threes: bool = False) -> BuracoHand:
    mortos = dealt.mortos or ((), ())
    return BuracoHand(
        **started(dealt, dealt.at),  # type: ignore[arg-type]
        threes=threes,
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
            red = _with(hand.red_threes, side, (*hand.red_threes[side], event.card))
            return replace(moved, hands=with_hand(hand, event.seat, held), red_threes=red)
        case CardDiscarded():
            after = fold_stock(moved, event)
            return replace(after, turn=(event.seat + 1) % hand.seats, drew=False)
        case Melded():
            side = side_of(event.seat)
            laid = Laid(cards=event.cards, canastra=event.canastra)
            held = _without_all(hand.hands[event.seat], event.cards)
            return replace(
                moved,
                hands=with_hand(hand, event.seat, held),
                melds=_with(hand.melds, side, (*hand.melds[side], laid)),
            )
        case AddedToMeld():
            side = side_of(event.seat)
            own = hand.melds[side]
            grown = (*own[event.to].cards, *event.cards)
            laid = Laid(cards=grown, canastra=event.canastra)
            held = _without_all(hand.hands[event.seat], event.cards)
            melds = tuple(laid if i == event.to else m for i, m in enumerate(own))
            return replace(
                moved,
                hands=with_hand(hand, event.seat, held),
                melds=_with(hand.melds, side, melds),
            )
        case MortoTaken():
            side = side_of(event.seat)
            fresh = _with(hand.fresh_morto, side, None if event.direct else event.seat)
            return replace(
                moved,
                hands=with_hand(hand, event.seat, event.cards),
                mortos=_with(hand.mortos, side, None),
                morto_taken=_with(hand.morto_taken, side, True),
                fresh_morto=fresh,
            )
        case MortoToStock():
            morto = hand.mortos[event.side] or ()
            return replace(
                moved,
                mortos=_with(hand.mortos, event.side, None),
                stock=event.stock,
                stock_count=len(morto),
            )
    return moved


def _without_all(cards: tuple[str, ...], gone: Sequence[str]) -> tuple[str, ...]:
    for card in gone:
        cards = without(cards, card)
    return cards


def _restart(hand: StockHand) -> BuracoHand:
    assert isinstance(hand, BuracoHand)
    return start(hand.dealt, hand.threes)


def evolve(state: Match, event: Event) -> Match:
    match event:
        case StockDealt():
            hand = start(event, variant_of(state).threes)
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


def shuffled(state: Match, order: Sequence[str], at: datetime) -> DealStock:
    """Eleven cards to each seat, two mortos of eleven, the starter (Mega Buraco), the rest
    the stock."""
    cards = list(order)
    seats = state.table.seats
    hands = [cards[s * HAND_SIZE : (s + 1) * HAND_SIZE] for s in range(seats)]
    dealt = seats * HAND_SIZE
    mortos = [
        cards[dealt : dealt + MORTO_SIZE],
        cards[dealt + MORTO_SIZE : dealt + 2 * MORTO_SIZE],
    ]
    rest = cards[dealt + 2 * MORTO_SIZE :]
    starter = rest.pop(0) if variant_of(state).starter else None
    return DealStock(
        at=at,
        hands=hands,
        dealer=dealer_for(state, None),
        mortos=mortos,
        starter=starter,
        stock=rest,
    )


def deal(request: HandRequest, at: datetime) -> DealStock:
    if request.dorme or request.trump_card or request.vira:
        raise MalformedRequest("a Buraco deal has hands, two mortos and maybe a stock")
    return DealStock(
        at=at,
        hands=request.hands,
        dealer=request.dealer,
        starter=request.starter,
        stock=request.stock,
        mortos=request.mortos,
    )


_MOVES = ("draw", "meld", "add", "discard")


def move(request: MoveRequest, at: datetime) -> Command:
    said = request.saying()
    seat = request.seat
    pile_taken = "draw" in said and bool(said & {"meld", "add"})
    if pile_taken or (request.to is not None and "add" not in said):
        if request.draw != "pile" or said - {"draw", "meld"}:
            raise MalformedRequest(
                'Tranca takes the pile with its top card: "draw": "pile" and "meld" or "to"'
            )
        return TakePile(at=at, seat=seat, meld=request.meld, to=request.to)
    if "red_three" in said:
        if said - {"red_three", "card", "cards"}:
            raise MalformedRequest('a red 3 is laid alone: "red_three" (and the "card" drawn)')
        replacement = request.cards or ([request.card] if request.card is not None else None)
        return LayRedThree(at=at, seat=seat, card=request.red_three or "", replacement=replacement)
    if "draw" in said:
        if said - {"draw", "card", "cards"}:
            raise MalformedRequest('a Buraco draw sends "draw" (and the "card" drawn)')
        named = (
            request.cards
            if request.cards is not None
            else ([request.card] if request.card is not None else None)
        )
        return DrawCards(at=at, seat=seat, source=request.draw or "stock", cards=named)
    if len(said) != 1 or not said <= set(_MOVES) or (request.to is not None) != ("add" in said):
        names = ", ".join(f'"{name}"' for name in _MOVES)
        raise MalformedRequest(f'a Buraco move sends exactly one of {names} ("add" with "to")')
    if request.meld is not None:
        return LayMeld(at=at, seat=seat, cards=request.meld)
    if request.add is not None and request.to is not None:
        return AddToMeld(at=at, seat=seat, to=request.to, cards=request.add)
    return DiscardCard(at=at, seat=seat, card=request.discard or "")


def result(request: ResultRequest, at: datetime) -> RecordBuracoResult:
    extra = (request.outcome, request.seat, request.kind, request.sums, request.points)
    if extra != (None,) * 5 or request.winner is not None or request.tricks is not None:
        raise MalformedRequest('a Buraco result gives "sides" (each side\'s count) and "ended_by"')
    if request.sides is None:
        raise MalformedRequest('a Buraco result gives "sides": each side\'s count')
    return RecordBuracoResult(
        at=at,
        ended_by=request.ended_by,
        sides=request.sides,
        started_at=request.started_at,
        played_at=request.played_at,
    )


def result_body(result: HandResult) -> dict[str, object] | None:
    """Each side's count and who went out, as recorded."""
    if result.outcome not in ("batida", "stock-out") or not result.details:
        return None
    details = _DETAILS.decode(result.details)
    ended_by = details.pop("ended_by", None)
    sides = {
        side: {key: value for key, value in count.items() if key != "batida"}
        for side, count in details.items()
    }
    return {"ended_by": ended_by, "sides": sides}


def shown(hand: GameHand, seen: frozenset[int]) -> dict[str, Any]:
    """The phase of the turn, each side's melds (with their canastras), which sides took
    their morto, how many mortos wait: all public."""
    assert isinstance(hand, BuracoHand)
    names = side_names(hand.seats)
    return {
        "phase": "play" if hand.drew else "draw",
        "melds": {
            names[side]: [
                {"cards": list(meld.cards), "canastra": meld.canastra} for meld in hand.melds[side]
            ]
            for side in (0, 1)
        },
        "morto_taken": {names[side]: hand.morto_taken[side] for side in (0, 1)},
        "mortos_left": sum(morto is not None for morto in hand.mortos),
    } | (
        {
            "red_threes": {names[side]: len(hand.red_threes[side]) for side in (0, 1)},
            "locked": hand.top in BLACK_THREES,
        }
        if hand.threes
        else {}
    )


EXAMPLES = Examples(
    create={"buraco": ("A game of Buraco to 3000", {"preset": "buraco"})},
    move={
        "meld": (
            "Buraco: lay a run (one 2 at most as a wild)",
            {"seat": 1, "meld": ["4C", "5C", "2D"]},
        ),
        "add": ("Buraco: add to the side's meld number 0", {"seat": 1, "add": ["7C"], "to": 0}),
        "discard": ("Buraco: discard, ending the turn", {"seat": 1, "discard": "KH"}),
        "pile": ("Buraco: take the whole discard pile", {"seat": 2, "draw": "pile"}),
    },
    result={
        "buraco": (
            "Buraco: each side's count, and the side that went out",
            {
                "ended_by": "A",
                "sides": {
                    "A": {
                        "melded": 735,
                        "limpa": 2,
                        "suja": 1,
                        "mil": 0,
                        "in_hand": 20,
                        "morto": True,
                    },
                    "B": {
                        "melded": 410,
                        "limpa": 0,
                        "suja": 1,
                        "mil": 0,
                        "in_hand": 85,
                        "morto": False,
                    },
                },
            },
        ),
    },
)

FIELDS = {
    "deal.mortos": "the two mortos of 11 cards, side A's (seat 0's) then side B's.",
    "move.draw": '"stock" (one card) or "pile" (the whole discard pile).',
    "move.meld": "a new run of the seat's side: three cards or more of one suit, at most one "
    "2 as a wild.",
    "move.add": "cards added to the side's meld number `to`.",
    "move.to": "the side's meld to add to, numbered from 0 in the order laid.",
    "move.discard": "the card discarded: it ends the turn (and, emptying the hand, takes the "
    "morto or goes out).",
    "result.ended_by": "the side that went out; null: the stock ran out.",
    "result.sides": "each side's count: melded (points laid), limpa, suja, mil (canastras), "
    "in_hand (points left in its hands), morto (taken).",
    "penalty.kind": "slow-play, out-of-turn, cards-shown (noted as warnings).",
    "view.phase": '"draw" before the turn\'s draw, "play" after it.',
    "view.melds": "each side's melds, in the order laid, with their canastra (limpa, suja, mil).",
    "view.morto_taken": "each side has taken its morto.",
    "view.mortos_left": "the mortos still waiting.",
    "hand.scores": "each side's points for the hand (laid cards, canastras, batida, less the "
    "cards in hand and a morto never taken).",
    "hand.details": "each side's count and the side that went out.",
}

BURACO_GAME = Game(
    name="buraco",
    family="stock",
    presets=("buraco",),
    decide=decide,
    evolve=evolve,
    after_hand=after_hand,
    deck=BURACO.deck,
    shuffled=shuffled,
    deal=deal,
    move=move,
    result=result,
    result_body=result_body,
    shown=shown,
    examples=EXAMPLES,
    fields=FIELDS,
    seats=(2, 4),
    partnerships="at-four",
)

MEGA_EXAMPLES = Examples(
    create={"mega-buraco": ("A game of Mega Buraco to 3000", {"preset": "mega-buraco"})},
    move={
        "trinca": (
            "Mega Buraco: a trinca (one a rank per side; a joker or a 2 as its wild)",
            {"seat": 0, "meld": ["9C", "9D", "JK"]},
        ),
    },
    result={
        "mega-buraco": (
            "Mega Buraco: each side's count (no canastra de mil), and the side that went out",
            {
                "ended_by": "B",
                "sides": {
                    "A": {"melded": 180, "suja": 1, "in_hand": 65},
                    "B": {"melded": 260, "limpa": 1, "suja": 1, "in_hand": 0},
                },
            },
        ),
    },
)

MEGA_FIELDS = {
    "deal.starter": "the card turned from the stock to start the pile (the first player may "
    "take it, MB5).",
    "move.meld": "a new run or trinca of the seat's side (one trinca a rank; a 2 or a joker "
    "as its one wild).",
    "result.sides": "each side's count: melded, limpa, suja (no de mil), in_hand, morto.",
}

MEGA_BURACO_GAME = Game(
    name="mega-buraco",
    family="stock",
    presets=("mega-buraco",),
    decide=decide,
    evolve=evolve,
    after_hand=after_hand,
    deck=MEGA_BURACO.deck,
    shuffled=shuffled,
    deal=deal,
    move=move,
    result=result,
    result_body=result_body,
    shown=shown,
    examples=MEGA_EXAMPLES,
    fields=MEGA_FIELDS,
    seats=(2, 4),
    partnerships="at-four",
)

TRANCA_EXAMPLES = Examples(
    create={"tranca": ("A game of Tranca to 3000", {"preset": "tranca"})},
    move={
        "take_pile": (
            "Tranca: take the pile, its top card melded at once with two of the hand",
            {"seat": 1, "draw": "pile", "meld": ["9H", "9S"]},
        ),
        "take_pile_to": (
            "Tranca: take the pile, its top card onto the side's meld number 2",
            {"seat": 1, "draw": "pile", "to": 2},
        ),
        "red_three": (
            "Tranca: lay a red 3 alone (its replacement named when no stock was posted)",
            {"seat": 1, "red_three": "3H", "card": "8S"},
        ),
    },
    result={
        "tranca": (
            "Tranca: each side's count with its red 3s, and the side that went out",
            {
                "ended_by": "A",
                "sides": {
                    "A": {"melded": 310, "limpa": 1, "suja": 1, "in_hand": 0, "red_threes": 1},
                    "B": {"melded": 150, "in_hand": 90, "morto": False},
                },
            },
        ),
    },
)

TRANCA_FIELDS = {
    "move.red_three": "a red 3 laid alone; its replacement comes from the stock at once.",
    "result.sides": "each side's count: melded (every card 10), limpa, suja, in_hand, morto, "
    "red_threes (Tranca).",
    "view.red_threes": "the red 3s each side has laid.",
    "view.locked": "a black 3 on top locks the pile for the seat in turn.",
}

TRANCA_GAME = Game(
    name="tranca",
    family="stock",
    presets=("tranca",),
    decide=decide,
    evolve=evolve,
    after_hand=after_hand,
    deck=TRANCA.deck,
    shuffled=shuffled,
    deal=deal,
    move=move,
    result=result,
    result_body=result_body,
    shown=shown,
    examples=TRANCA_EXAMPLES,
    fields=TRANCA_FIELDS,
    seats=(2, 4),
    partnerships="at-four",
)

"""The betting engine written once for Texas Hold'em and poker fechado (card-rules.md
sections 8 and 9): a table session of 2 to 8 seats and their stacks; blinds (heads-up: H1)
or the pingo; check ("mesa"), bet, cover, raise, fold ("correr") and all-in; minimum
raises, the table limit and the fixed-limit raise cap; short all-ins that do not reopen the
betting; side pots and their odd chips (P6, P7); the board street by street (Hold'em) or
the exchange (poker fechado); the showdown, or a hand won when every other seat folds,
whose cards nobody else ever sees. Chips are integers and every hand conserves them.

A `Variant` tells the two games apart: their streets, cards, deck and how hands rank."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from msgspec.structs import replace

from domain.cards.betting.commands import (
    Bet,
    CloseSession,
    DealBetting,
    RecordNet,
    SwapCards,
    TurnBoard,
)
from domain.cards.betting.events import (
    Action,
    BetMade,
    BettingDealt,
    BoardTurned,
    CardsSwapped,
    PotWon,
    ShowdownHeld,
)
from domain.cards.betting.hand import (
    BettingHand,
    Streets,
    apply_bet,
    apply_board,
    apply_swap,
    blind_seats,
    settle,
    started,
)
from domain.cards.betting.limits import Limits
from domain.cards.betting.pots import best_of, pots, shares
from domain.cards.betting.ranking import category, ranks_of
from domain.cards.betting.rules import BettingRules
from domain.cards.cards import in_deck
from domain.errors import IllegalMove, InvalidInput, TellsAHand, TellsTheTable, WrongStatus
from domain.match.commands import Command, RecordPenalty, UndoLastMove
from domain.match.events import Consequence, Event, HandEnded, MoveUndone
from domain.match.finish import Places, hand_ended, match_finished, then_finish
from domain.match.guards import check_turn, hand_of, no_hand_in_progress, played_time
from domain.match.penalties import record_penalty
from domain.match.requests import (
    HandRequest,
    MalformedRequest,
    MoveRequest,
    ResultRequest,
    one_of,
)
from domain.match.state import GameHand, HandResult, Match

PENALTIES: dict[str, Consequence] = {
    kind: "warning" for kind in ("slow-play", "out-of-turn", "cards-shown", "signal")
}
"""The seed sets no penalty at a poker table: an infraction is noted."""


@dataclass(frozen=True)
class Variant:
    name: str
    title: str
    streets: Streets
    hole: int
    """The cards each seat is dealt."""
    deck: Callable[[int], tuple[str, ...]]
    """The deck for this many seats dealt in."""
    low: Callable[[int], int]
    """The lowest rank of that deck (an ace-low straight sits just below it: P9, H8)."""
    stock_size: Callable[[int], int | None]
    """How many cards a posted stock holds for this many seats: the board's 5 (Hold'em),
    the rest of the deck (None)."""


def rules_of(state: Match) -> BettingRules:
    if not isinstance(state.rules, BettingRules):
        raise ValueError("not a betting game")
    return state.rules


def decide(command: Command, state: Match, variant: Variant) -> list[Event]:
    match command:
        case DealBetting():
            return _deal(command, state, variant)
        case Bet():
            return _bet(command, state, variant)
        case TurnBoard():
            return _turn_board(command, state, variant)
        case SwapCards():
            return _swap(command, state, variant)
        case RecordNet():
            return _net(command, state)
        case CloseSession():
            return _close(command, state)
        case RecordPenalty():
            return record_penalty(command, state, PENALTIES, _no_lost_hand)
        case UndoLastMove():
            return _undo(command, state)
    raise InvalidInput("invalid-command", f"a {variant.title} game has no {type(command).__name__}")


def _no_lost_hand(command: RecordPenalty, state: Match) -> HandEnded:
    raise ValueError("an infraction at a poker table is only noted")


# --- stacks between hands -------------------------------------------------------------


def stacks_now(state: Match) -> tuple[int, ...] | None:
    """Each seat's chips between hands: after the last hand, or None before the first."""
    if not state.hands:
        return None
    details = state.hands[-1].details
    stacks = json.loads(details).get("stacks") if details else None
    return tuple(stacks) if stacks is not None else None


def _topped_up(state: Match, asked: Sequence[int] | None) -> tuple[int, ...]:
    """The stacks this hand starts with: the first hand's, or a top-up (P10, P18)."""
    now = stacks_now(state)
    seats = state.table.seats
    if asked is None:
        return now if now is not None else (rules_of(state).stack,) * seats
    if len(asked) != seats or any(type(c) is not int or c < 0 for c in asked):
        raise InvalidInput("invalid-stacks", f'"stacks" gives {seats} whole numbers of chips')
    if now is not None and any(a < n for a, n in zip(asked, now, strict=True)):
        raise InvalidInput(
            "invalid-stacks",
            f"a stack may be topped up, never cut: the stacks are {list(now)}",
        )
    return tuple(asked)


def _dealt_in(state: Match, asked: Sequence[int] | None, stacks: tuple[int, ...]) -> list[int]:
    rules = rules_of(state)
    seats = state.table.seats
    if asked is None:
        dealt = [s for s in range(seats) if stacks[s] > 0 and stacks[s] >= rules.cacife]
    else:
        dealt = sorted({state.table.check_seat(s) for s in asked})
        if len(dealt) != len(asked):
            raise InvalidInput("invalid-deal", '"in" names a seat twice')
        short = [s for s in dealt if stacks[s] <= 0 or stacks[s] < rules.cacife]
        if short:
            raise InvalidInput(
                "not-enough-chips",
                f"seat {short[0]} has {stacks[short[0]]} chips: a seat needs "
                f"{max(rules.cacife, 1)} to be dealt in (the cacife, P10)",
            )
    if len(dealt) < 2:
        raise InvalidInput("invalid-deal", "a hand needs two seats dealt in with chips")
    return dealt


def _dealer(state: Match, asked: int | None, dealt: Sequence[int]) -> int:
    """P12: the first hand names its dealer (the last seat dealt in if not); then the button
    moves to the next seat dealt in (H6)."""
    seats = state.table.seats
    due = state.next_dealer
    if due is None:
        if asked is None:
            return dealt[-1]
        dealer = state.table.check_seat(asked)
        if dealer not in dealt:
            raise InvalidInput("wrong-dealer", f"seat {dealer} deals but is not dealt in")
        return dealer
    button = next((due + n) % seats for n in range(seats) if (due + n) % seats in dealt)
    if asked is not None and asked != button:
        raise InvalidInput(
            "wrong-dealer", f"seat {button} deals this hand: the button moves seat after seat"
        )
    return button


def _posted(
    rules: BettingRules, dealer: int, dealt: Sequence[int], stacks: tuple[int, ...]
) -> tuple[int, ...]:
    """The blinds (a short stack posts what it has: H5c) or the pingo of every seat dealt in."""
    first, second = rules.forced()
    seats = len(stacks)
    posted = [0] * seats
    if rules.blinds:
        small, big = blind_seats(dealer, dealt, seats)
        posted[small] = min(first, stacks[small])
        posted[big] = min(second, stacks[big])
    else:
        for seat in dealt:
            posted[seat] = min(first, stacks[seat])
    return tuple(posted)


def _deal(command: DealBetting, state: Match, variant: Variant) -> list[Event]:
    no_hand_in_progress(state)
    rules = rules_of(state)
    stacks = _topped_up(state, command.stacks)
    dealt = _dealt_in(state, command.dealt, stacks)
    dealer = _dealer(state, command.dealer, dealt)
    deck = variant.deck(len(dealt))
    if len(command.hands) != len(dealt):
        raise InvalidInput(
            "invalid-deal", f"a hand per seat dealt in: {len(dealt)}, got {len(command.hands)}"
        )
    held = [in_deck(cards, deck, variant.title) for cards in command.hands]
    if any(len(cards) != variant.hole for cards in held):
        raise InvalidInput("invalid-deal", f"each seat is dealt {variant.hole} cards")
    everything = [c for cards in held for c in cards]
    stock: tuple[str, ...] | None = None
    if command.stock is not None:
        stock = in_deck(command.stock, deck, variant.title)
        everything += stock
        size = variant.stock_size(len(dealt))
        wanted = len(deck) - len(everything) + len(stock) if size is None else size
        if len(stock) != wanted:
            raise InvalidInput(
                "invalid-deal", f"the posted {_stock_word(variant)} holds {wanted} cards"
            )
    if len(set(everything)) != len(everything):
        raise InvalidInput("invalid-deal", "a card is dealt twice")
    hands: list[tuple[str, ...]] = [()] * state.table.seats
    for seat, cards in zip(dealt, held, strict=True):
        hands[seat] = cards
    deal = BettingDealt(
        at=command.at,
        number=len(state.hands) + 1,
        dealer=dealer,
        dealt=tuple(dealt),
        stacks=stacks,
        posted=_posted(rules, dealer, dealt, stacks),
        hands=tuple(hands),
        stock=stock,
    )
    # Blinds that put every seat but one all in leave nobody to bet: a posted board turns,
    # and the hand may be shown down, at once.
    after = evolve(state, deal, variant)
    assert isinstance(after.hand, BettingHand)
    return [deal, *_then(after, after.hand, [], command.at, variant)]


def _stock_word(variant: Variant) -> str:
    return "board" if variant.streets.board else "stock"


def served(
    state: Match, order: Sequence[str], at: datetime, request: HandRequest, variant: Variant
) -> DealBetting:
    """The service's deal: `order` is the 52 cards shuffled (a short deck keeps its own, in
    that order), cut into the hands of the seats asked for and the stock or the board."""
    stacks = _topped_up(state, request.stacks)
    dealt = _dealt_in(state, request.dealt, stacks)
    deck = set(variant.deck(len(dealt)))
    cards = [c for c in order if c in deck]
    hole = variant.hole
    hands = [cards[n * hole : (n + 1) * hole] for n in range(len(dealt))]
    rest = cards[len(dealt) * hole :]
    size = variant.stock_size(len(dealt))
    return DealBetting(
        at=at,
        hands=hands,
        dealer=request.dealer,
        dealt=dealt,
        stacks=request.stacks,
        stock=rest if size is None else rest[:size],
    )


def deal_of(request: HandRequest, at: datetime, variant: Variant) -> DealBetting:
    stock = request.board if variant.streets.board else request.stock
    return DealBetting(
        at=at,
        hands=request.hands,
        dealer=request.dealer,
        dealt=request.dealt,
        stacks=request.stacks,
        stock=stock,
    )


# --- a move -----------------------------------------------------------------------------


def _in_play(state: Match, variant: Variant) -> BettingHand:
    hand = hand_of(state, BettingHand)
    return hand


def _bet(command: Bet, state: Match, variant: Variant) -> list[Event]:
    hand = _in_play(state, variant)
    seat = state.table.check_seat(command.seat)
    _waiting_for_bets(hand, variant)
    check_turn(state, seat)
    rules = rules_of(state)
    limits = rules.limits(hand.street)
    event = _betting(command, hand, seat, limits)
    return _then(state, hand, [event], command.at, variant)


def _waiting_for_bets(hand: BettingHand, variant: Variant) -> None:
    if hand.phase == "board":
        raise IllegalMove("board-pending", f"the {hand.street} is due: post its cards first")
    if hand.phase == "draw":
        raise IllegalMove("exchange-pending", "the exchange comes first: each seat swaps")


def _betting(command: Bet, hand: BettingHand, seat: int, limits: Limits) -> BetMade:
    bets, stack, level = hand.bets[seat], hand.stacks[seat], hand.level
    at = command.at
    match command.action:
        case "fold":
            return BetMade(at=at, seat=seat, action="fold", to=bets, chips=0)
        case "check":
            if bets < level:
                raise IllegalMove(
                    "bet-pending", f"seat {seat} owes {level - bets}: cover, raise or fold"
                )
            return BetMade(at=at, seat=seat, action="check", to=bets, chips=0)
        case "cover":
            owed = level - bets
            if owed <= 0:
                raise IllegalMove("nothing-to-cover", "there is no bet to cover: check or bet")
            chips = min(owed, stack)
            return BetMade(
                at=at,
                seat=seat,
                action="cover",
                to=bets + chips,
                chips=chips,
                all_in=chips == stack,
            )
        case "all_in" if not _anyone_to_answer(hand, seat):
            chips = min(max(level - bets, 0), stack)  # the rest nobody could match
            return BetMade(
                at=at,
                seat=seat,
                action="cover",
                to=bets + chips,
                chips=chips,
                all_in=chips == stack,
            )
        case "all_in":
            to = bets + stack
            if to > level:
                _may_raise_to(hand, seat, to, limits, short_allowed=True)
            action: Action = "all_in" if to <= level else "bet" if level == 0 else "raise"
            return BetMade(at=at, seat=seat, action=action, to=to, chips=stack, all_in=True)
        case "bet_to":
            to = command.to if command.to is not None else 0
            if type(to) is not int or to <= bets:
                raise InvalidInput("invalid-bet", f'"bet_to" is the seat\'s new total: > {bets}')
            if to - bets > stack:
                raise IllegalMove(
                    "not-enough-chips", f"seat {seat} has {stack} chips behind: go all in"
                )
            if to <= level:
                raise IllegalMove(
                    "bet-too-small", f"the bet is {level}: cover it, or raise above it"
                )
            all_in = to - bets == stack
            if not _anyone_to_answer(hand, seat):
                raise IllegalMove(
                    "nobody-to-raise", "every other seat still in is all in: cover, or fold"
                )
            _may_raise_to(hand, seat, to, limits, short_allowed=all_in)
            raised: Action = "bet" if level == 0 else "raise"
            return BetMade(at=at, seat=seat, action=raised, to=to, chips=to - bets, all_in=all_in)
    raise InvalidInput("invalid-bet", f"unknown action {command.action!r}")


def _anyone_to_answer(hand: BettingHand, seat: int) -> bool:
    """Another seat still in has chips behind: a bet or raise could be answered."""
    return any(s != seat and hand.stacks[s] > 0 for s in hand.live)


def _may_raise_to(
    hand: BettingHand, seat: int, to: int, limits: Limits, short_allowed: bool
) -> None:
    level = hand.level
    if not hand.may_raise(seat):
        raise IllegalMove(
            "betting-closed",
            "a short all-in did not reopen the betting for this seat: cover or fold (H5)",
        )
    if limits.cap is not None and level > 0 and hand.raises >= limits.cap:
        raise IllegalMove("raise-cap", f"{limits.cap} raises is the most in a round (H3)")
    if limits.most is not None and to > limits.most:
        raise IllegalMove("over-table-limit", f"a seat puts at most {limits.most} in a round (P4)")
    increment = to - level
    if limits.fixed is not None:
        if increment > limits.fixed or (increment < limits.fixed and not short_allowed):
            raise IllegalMove(
                "fixed-limit",
                f"at a limit table a bet or raise adds {limits.fixed}: bet_to "
                f"{level + limits.fixed}",
            )
        return
    if increment < hand.full_raise and not short_allowed:
        word = "bet" if level == 0 else "raise"
        raise IllegalMove(
            "raise-too-small",
            f"the least {word} is to {level + hand.full_raise} (P4, H4)",
        )


def _turn_board(command: TurnBoard, state: Match, variant: Variant) -> list[Event]:
    hand = _in_play(state, variant)
    if hand.phase != "board":
        raise IllegalMove("board-not-due", "the board is turned when a betting round ends")
    if hand.stock is not None:
        raise IllegalMove("board-posted", "the board was posted with the deal: it turns itself")
    wanted = variant.streets.board[hand.street]
    cards = in_deck(command.cards, variant.deck(len(hand.dealt)), variant.title)
    if len(cards) != wanted or len(set(cards)) != wanted:
        raise InvalidInput("invalid-board", f"the {hand.street} is {wanted} card(s)")
    seen = {c for h in hand.hands for c in h} | set(hand.board)
    if seen & set(cards):
        raise TellsTheTable("card-not-in-stock", "a card named is already dealt or turned")
    event = BoardTurned(at=command.at, street=hand.street, cards=cards, named=True)
    return _then(state, hand, [event], command.at, variant)


def _swap(command: SwapCards, state: Match, variant: Variant) -> list[Event]:
    hand = _in_play(state, variant)
    seat = state.table.check_seat(command.seat)
    if hand.phase != "draw":
        raise IllegalMove("not-the-exchange", "cards are exchanged between the betting rounds")
    check_turn(state, seat)
    deck = variant.deck(len(hand.dealt))
    thrown = in_deck(command.thrown, deck, variant.title)
    if len(thrown) > variant.hole or len(set(thrown)) != len(thrown):
        raise InvalidInput("invalid-exchange", f"exchange 0 to {variant.hole} different cards")
    if not set(thrown) <= set(hand.hands[seat]):
        raise TellsAHand("card-not-in-hand", f"seat {seat} does not hold every card thrown")
    restock: tuple[str, ...] | None = None
    if hand.stock is not None:
        if command.received is not None:
            raise InvalidInput("invalid-exchange", "the stock is known: name no card received")
        stock = hand.stock
        if len(stock) < len(thrown):
            restock = _restock(command, hand)
            stock = restock
            if len(stock) < len(thrown):
                raise IllegalMove(
                    "stock-short", f"{len(stock)} card(s) left to exchange: throw no more"
                )
        received = tuple(sorted(stock[: len(thrown)], key=deck.index))
    else:
        if len(command.received or ()) != len(thrown):
            raise InvalidInput(
                "invalid-exchange", f'name the {len(thrown)} card(s) received: "received"'
            )
        received = _named_received(
            hand, deck, thrown, in_deck(command.received or (), deck, variant.title)
        )
    event = CardsSwapped(
        at=command.at,
        number=hand.number,
        seat=seat,
        count=len(thrown),
        thrown=thrown,
        received=received,
        restock=restock,
    )
    return _then(state, hand, [event], command.at, variant)


def _named_received(
    hand: BettingHand, deck: Sequence[str], thrown: tuple[str, ...], received: tuple[str, ...]
) -> tuple[str, ...]:
    """Cards received from a stock nobody posted: the cards never seen yet (the stock), and,
    once it runs short, cards the other seats threw before (P2: the new stock)."""
    held = {c for h in hand.hands for c in h}
    unseen = set(deck) - held - set(hand.thrown) - set(hand.board)
    reused = [c for c in received if c in hand.thrown]
    fresh = set(received) - set(reused)
    short = len(thrown) > len(unseen)
    valid = (
        len(set(received)) == len(received)
        and fresh <= unseen
        and (fresh == unseen if short and reused else not reused)
    )
    if not valid:
        raise TellsTheTable("card-not-in-stock", "a card received is already seen")
    return tuple(sorted(received, key=deck.index))


def _restock(command: SwapCards, hand: BettingHand) -> tuple[str, ...]:
    """P2: the cards thrown so far (not this seat's), in the service's shuffled order, under
    what is left of the stock."""
    order = tuple(command.restock or ())
    if sorted(order) != sorted(hand.thrown):
        raise InvalidInput("invalid-exchange", "the new stock is the cards thrown, shuffled")
    assert hand.stock is not None
    return hand.stock + order


def to_restock(state: Match) -> tuple[str, ...]:
    """The cards a new stock would be shuffled from (P2), when the stock is known."""
    hand = state.hand
    if not isinstance(hand, BettingHand) or hand.stock is None or hand.phase != "draw":
        return ()
    return hand.thrown


# --- what a move brings about ------------------------------------------------------------


def _then(
    state: Match, hand: BettingHand, events: list[Event], at: datetime, variant: Variant
) -> list[Event]:
    """The move's events, then what follows by itself: the posted board's next street, the
    showdown, or the hand won when all the others folded."""
    rules = rules_of(state)
    for event in events:
        hand = advance(hand, event, variant, rules)
    while hand.phase == "board" and hand.stock is not None:
        wanted = variant.streets.board[hand.street]
        turned = BoardTurned(at=at, street=hand.street, cards=hand.stock[:wanted])
        events.append(turned)
        hand = advance(hand, turned, variant, rules)
    if hand.phase == "won":
        return then_finish(state, [*events, _won_by_folds(state, hand, at)], at, places_of=_over)
    if hand.phase == "showdown":
        showdown, ended = _showdown(state, hand, at, variant)
        return then_finish(state, [*events, showdown, ended], at, places_of=_over)
    return events


_LAST: list[tuple[BettingHand, Event, BettingHand]] = []
"""The last hand `advance` made, with what it made it from: `decide` works out a move's
consequences on the hand, and `evolve` then folds the very same event into the very same
hand; the second time is looked up, not worked out again (a pure function's memo)."""


def advance(hand: BettingHand, event: Event, variant: Variant, rules: BettingRules) -> BettingHand:
    last = _LAST[0] if _LAST else None  # read once: another thread may replace it
    if last is not None and last[0] is hand and last[1] is event:
        return last[2]
    moved = _advanced(hand, event, variant, rules)
    _LAST[:] = [(hand, event, moved)]
    return moved


def _advanced(
    hand: BettingHand, event: Event, variant: Variant, rules: BettingRules
) -> BettingHand:
    match event:
        case BetMade():
            hand = apply_bet(hand, event)
        case BoardTurned():
            hand = apply_board(hand, event)
        case CardsSwapped():
            hand = apply_swap(hand, event)
        case _:
            return hand
    return settle(hand, variant.streets, rules.limits)


def _won_by_folds(state: Match, hand: BettingHand, at: datetime) -> HandEnded:
    (winner,) = hand.live
    won = [0] * len(hand.stacks)
    won[winner] = hand.pot
    layers = [PotWon(hand.pot, (winner,), (winner,))]
    return _ended(state, hand, at, won, layers, showdown=False)


def _showdown(
    state: Match, hand: BettingHand, at: datetime, variant: Variant
) -> tuple[ShowdownHeld, HandEnded]:
    rules = rules_of(state)
    low = variant.low(len(hand.dealt))
    over = bool(getattr(rules, "flush_beats_full_house", False))
    ranks = ranks_of(
        {s: hand.hands[s] for s in hand.live}, hand.board, low=low, flush_beats_full_house=over
    )

    layers = pots(hand.put, hand.folded)
    won, winners = shares(layers, best_of(ranks), hand.dealer, len(hand.stacks))
    results = tuple(PotWon(p.amount, p.seats, w) for p, w in zip(layers, winners, strict=True))
    showdown = ShowdownHeld(
        at=at,
        shown={str(s): _in_order(hand.hands[s], variant) for s in hand.live},
        made={str(s): category(ranks[s]) for s in hand.live},
        pots=results,
    )
    return showdown, _ended(state, hand, at, won, list(results), True, showdown.made)


def _restocked(hand: BettingHand) -> list[int]:
    """P2, P14: the seats that exchanged once the stock was made again from the cards
    thrown: what they received may be another seat's discards, so their shown cards are
    not opened card by card (which cards they received would tell what an earlier seat,
    maybe one that folded, threw away)."""
    thrown: set[str] = set()
    seats: list[int] = []
    for event in hand.moves:
        if not isinstance(event, CardsSwapped):
            continue
        if seats or event.restock is not None or thrown & set(event.received):
            seats.append(event.seat)
        thrown |= set(event.thrown)
    return seats


def _in_order(cards: tuple[str, ...], variant: Variant) -> tuple[str, ...]:
    """A hand shown in the deck's order: nothing of the order its cards came in."""
    deck = variant.deck(2)
    return tuple(sorted(cards, key=lambda c: (deck.index(c) if c in deck else -1, c)))


def _ended(
    state: Match,
    hand: BettingHand,
    at: datetime,
    won: list[int],
    layers: list[PotWon],
    showdown: bool,
    made: dict[str, str] | None = None,
) -> HandEnded:
    net = {str(s): won[s] - hand.put[s] for s in hand.dealt}
    stacks = [hand.stacks[s] + won[s] for s in range(len(hand.stacks))]
    best = max(net.values())
    top = [side for side, chips in net.items() if chips == best]
    winner = top[0] if len(top) == 1 and best > 0 else None
    details: dict[str, Any] = {
        "stacks": stacks,
        "pot": hand.pot,
        "pots": [
            {"amount": p.amount, "seats": list(p.seats), "winners": list(p.winners)} for p in layers
        ],
        "showdown": showdown,
        "street": hand.street,
        "dealt": list(hand.dealt),
        "won": [won[s] for s in range(len(won))],
        "shown": list(hand.live) if showdown else [],
        "shown_cards": {str(s): sorted(hand.hands[s]) for s in hand.live} if showdown else {},
        "unopened": _restocked(hand) if showdown else [],
        "made": made or {},
    }
    return hand_ended(
        state,
        outcome="showdown" if showdown else "fold",
        winner=winner,
        base=best if winner is not None else 0,
        at=at,
        dealer=hand.dealer,
        scores=net,
        details=details,
    )


def _over(state: Match) -> Places | None:
    """P17: the session is over when one seat has every chip."""
    stacks = stacks_now(state)
    if stacks is None or sum(1 for chips in stacks if chips > 0) > 1:
        return None
    return by_stack(state, stacks)


def by_stack(state: Match, stacks: Sequence[int]) -> Places:
    """Every seat by its final stack, the most first; equal stacks share a place (P17)."""
    sides = state.table.sides
    totals = sorted(set(stacks), reverse=True)
    return [[s for s in sides if stacks[int(s)] == chips] for chips in totals]


# --- by result, closing, undo ----------------------------------------------------------


def _net(command: RecordNet, state: Match) -> list[Event]:
    """P18: a hand by the chips each seat won or lost: they sum to 0, and no seat loses more
    than it had."""
    no_hand_in_progress(state)
    at = played_time(command.at, None, None, state)
    stacks = _topped_up(state, command.stacks)
    seats = state.table.seats
    net = [0] * seats
    for side, chips in command.net.items():
        if not side.isdigit() or int(side) >= seats or type(chips) is not int:
            raise InvalidInput("invalid-result", f'"net" is keyed by seat, "0" to "{seats - 1}"')
        net[int(side)] = chips
    if sum(net) != 0:
        raise InvalidInput("invalid-result", f"the chips won and lost sum to {sum(net)}, not 0")
    broke = [s for s in range(seats) if stacks[s] + net[s] < 0]
    if broke:
        raise InvalidInput(
            "invalid-result", f"seat {broke[0]} had {stacks[broke[0]]} chips: it cannot lose more"
        )
    if not any(net):
        raise InvalidInput("invalid-result", "a hand moves chips: every net is 0")
    idle = [s for s in range(seats) if net[s] and stacks[s] <= 0]
    if idle:
        raise InvalidInput("invalid-result", f"seat {idle[0]} has no chips: it played no hand")
    dealer = None if command.dealer is None else state.table.check_seat(command.dealer)
    dealt = [s for s in range(seats) if stacks[s] > 0]
    after = [stacks[s] + net[s] for s in range(seats)]
    best = max(net)
    top = [s for s in range(seats) if net[s] == best]
    details = {"stacks": after, "pot": sum(c for c in net if c > 0), "dealt": dealt}
    ended = hand_ended(
        state,
        outcome="showdown",
        winner=str(top[0]) if len(top) == 1 else None,
        base=best if len(top) == 1 else 0,
        at=at,
        dealer=dealer,
        opener=None,
        scores={str(s): net[s] for s in dealt},
        details=details,
    )
    return then_finish(state, [ended], at, places_of=_over)


def _close(command: CloseSession, state: Match) -> list[Event]:
    no_hand_in_progress(state)
    stacks = stacks_now(state)
    if stacks is None:
        raise WrongStatus("nothing-to-close", "no hand was played: cancel the game instead")
    places = by_stack(state, stacks)
    winner = places[0][0] if len(places[0]) == 1 else None
    return [match_finished(state, winner, command.at, places=places)]


def _undo(command: UndoLastMove, state: Match) -> list[Event]:
    hand = state.hand
    last = _last_move(hand) if isinstance(hand, BettingHand) else None
    if last is None:
        raise WrongStatus(
            "nothing-to-undo",
            "no move to undo in a hand in progress; a hand that ended is corrected by annulling it",
        )
    known = isinstance(hand, BettingHand) and hand.deal.stock is not None
    if isinstance(last, CardsSwapped) and last.count and known:
        raise WrongStatus(
            "nothing-to-undo",
            "cards received from the stock are not put back: it would show the stock's order",
        )
    move = str(type(last).__struct_config__.tag)
    return [MoveUndone(at=command.at, seat=getattr(last, "seat", 0), move=move)]


def _last_move(hand: BettingHand) -> Event | None:
    """The last move a client made (a board turned by itself goes with the bet before it)."""
    return next(
        (e for e in reversed(hand.moves) if not (isinstance(e, BoardTurned) and not e.named)),
        None,
    )


def taken_back(hand: BettingHand, variant: Variant, rules: BettingRules) -> BettingHand:
    last = _last_move(hand)
    assert last is not None
    keep = hand.moves[: max(i for i, e in enumerate(hand.moves) if e is last)]
    again = start(hand.deal, variant, rules)
    for event in keep:
        again = advance(again, event, variant, rules)
    return again


def start(event: BettingDealt, variant: Variant, rules: BettingRules) -> BettingHand:
    level = rules.forced()[1] if rules.blinds else 0
    return started(event, variant.streets, rules.limits, level)


def evolve(state: Match, event: Event, variant: Variant) -> Match:
    rules = rules_of(state)
    match event:
        case BettingDealt():
            hand = start(event, variant, rules)
            return replace(
                state, hand=hand, turn=hand.turn, started_at=state.started_at or event.at
            )
        case BetMade() | BoardTurned() | CardsSwapped():
            moved = advance(hand_of(state, BettingHand), event, variant, rules)
            return replace(state, hand=moved, turn=moved.turn)
        case MoveUndone():
            back = taken_back(hand_of(state, BettingHand), variant, rules)
            return replace(state, hand=back, turn=back.turn)
    return state


def revealed(result: HandResult) -> dict[int, frozenset[str]]:
    """P13, P14: the cards each seat showed at the showdown; a hand that folded, or won
    with everyone else folded, shows nothing."""
    details = json.loads(result.details) if result.details else {}
    unopened = set(details.get("unopened", ()))
    shown = details.get("shown_cards", {})
    return {
        int(seat): frozenset(cards) for seat, cards in shown.items() if int(seat) not in unopened
    }


def after_hand(state: Match, result: HandResult) -> Match:
    """H6: the button moves to the seat after this hand's dealer (the next dealt in)."""
    dealer = result.dealer
    nxt = None if dealer is None else state.table.next_seat(dealer)
    return replace(state, next_dealer=nxt)


# --- what clients send, read into commands -------------------------------------------

MOVES = ("check", "bet_to", "cover", "fold", "all_in")


def move_of(request: MoveRequest, at: datetime, variant: Variant) -> Command:
    own = ("board",) if variant.streets.board else ("exchange",)
    said = one_of(request, (*MOVES, *own), variant.title)
    if said == "board":
        return TurnBoard(at=at, cards=list(request.board or ()))
    if said == "exchange":
        return SwapCards(
            at=at,
            seat=request.seat,
            thrown=list(request.exchange or ()),
            received=request.received,
            restock=request.restock,
        )
    return Bet(at=at, seat=request.seat, action=said, to=request.bet_to)


def result_of(request: ResultRequest, at: datetime) -> Command:
    if request.net is None:
        raise MalformedRequest('a poker hand by its result gives "net": the chips by seat')
    return RecordNet(at=at, net=dict(request.net), stacks=request.stacks)


def result_body(result: HandResult) -> dict[str, object] | None:
    """The chips each seat won or lost (and the stacks, on a session's first hand)."""
    if not result.scores:
        return None
    body: dict[str, object] = {"net": dict(result.scores)}
    if result.number == 1 and result.details:
        stacks = json.loads(result.details).get("stacks")
        if stacks is not None:
            won = dict(result.scores)
            body["stacks"] = [chips - won.get(str(s), 0) for s, chips in enumerate(stacks)]
    return body


def shown(hand: GameHand, seen: frozenset[int]) -> dict[str, Any]:
    """Everything public of a betting hand beyond its cards: chips, bets, pots, the board,
    what the hand waits for."""
    assert isinstance(hand, BettingHand)
    blinds = None
    if hand.street in ("preflop", "flop", "turn", "river"):
        small, big = blind_seats(hand.dealer, hand.dealt, len(hand.stacks))
        blinds = {"small": small, "big": big}
    return {
        "street": hand.street,
        "waiting_for": hand.phase,
        "dealt": list(hand.dealt),
        "stacks": list(hand.stacks),
        "pot": hand.pot,
        "pots": [{"amount": p.amount, "seats": list(p.seats)} for p in pots(hand.put, hand.folded)],
        "put": list(hand.put),
        "round_bets": list(hand.bets),
        "to_call": hand.to_call(hand.turn) if hand.turn is not None else 0,
        "min_raise_to": hand.level + hand.full_raise,
        "folded": sorted(hand.folded),
        "all_in": [s for s in hand.live if hand.stacks[s] == 0],
        "board": list(hand.board),
        "stock_known": hand.deal.stock is not None,
        "exchanged": {str(s): n for s, n in enumerate(hand.swapped) if n >= 0},
        "blinds": blinds,
    }

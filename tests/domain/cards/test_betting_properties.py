"""Random legal hands and sessions of the two betting games (hypothesis, through
`betting_play`): Texas Hold'em and poker fechado, 2 to 8 seats, a posted board or stock or
none, random rules (no-limit or limit; pingo, minimum and table limit). Whatever is played:

- chips are conserved: after every move the stacks and the pot hold what the hand began
  with, the pot is the sum of what each seat put in (blinds or pingo and every bet), no
  stack is ever negative, and the stacks after a hand sum to those before it;
- each `HandEnded` scores every seat dealt in, summing to 0;
- a `ShowdownHeld` shows exactly the seats still in (never one that folded); a hand won by
  folds has none;
- every event round-trips through JSON (`encode`/`decode`: the same bytes again, the same
  event), and the events folded again from scratch, as decoded, give the same state;
- a refused move (the wrong seat, a bet below the least raise or off the fixed size, a
  check facing a bet, a bet beyond the stack) raises a `DomainError` and leaves the state as
  it was (the legal move is decided the same afterwards);
- undoing a move (`UndoLastMove`) right after it gives back exactly the state before it;
- every card is there once: Hold'em hole cards, board and what is left of a posted board
  are distinct cards of the 52 (a posted board: 5 in all); poker fechado's hands, stock and
  thrown cards are distinct cards of the short deck for the seats dealt in (with a posted
  stock: the whole deck).

The two engine bugs the random player met (a Hold'em hand whose blinds leave nobody to
bet waiting for a flop nobody could post; a HandEnded that did not decode to itself) are
fixed, and pinned by the tests at the end."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain import (
    INITIAL,
    DomainError,
    Event,
    HandEnded,
    Match,
    UndoLastMove,
    decide,
    decode,
    encode,
    evolve,
)
from domain.cards.betting.commands import Bet, DealBetting, SwapCards, TurnBoard
from domain.cards.betting.events import BetMade, BettingDealt, ShowdownHeld
from domain.cards.betting.hand import BettingHand
from domain.cards.betting.view import betting_fields
from domain.cards.cards import DECK_52
from domain.cards.poker.variant import deck_for
from domain.match.commands import Command
from tests.domain.builders import AT
from tests.domain.cards.betting_play import (
    GAMES,
    created,
    fold_in,
    is_holdem,
    legal_bets,
    random_hand,
    random_session,
)


class Checker:
    """The invariants checked after every step of a random hand (`betting_play.Step`)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.total = 0
        """The chips of the hand in progress (stacks and pot)."""
        self.put: list[int] = []
        self.refused = 0
        self.undone = 0
        self.showdowns = 0
        self.won_by_folds = 0

    def __call__(self, before: Match, command: Command, events: list[Event], after: Match) -> None:
        for event in events:
            again = decode(encode(event))
            assert encode(again) == encode(event)
            assert again == event
        if isinstance(command, DealBetting):
            (dealt,) = [e for e in events if isinstance(e, BettingDealt)]
            self.total = sum(dealt.stacks)
            self.put = list(dealt.posted)
        for event in events:
            if isinstance(event, BetMade):
                self.put[event.seat] += event.chips
        if isinstance(before.hand, BettingHand):
            self.hand_events(before.hand, events)
            self.refusals(before, command, events)
            self.undo(before, command, events)
        if isinstance(after.hand, BettingHand):
            hand = after.hand
            assert list(hand.put) == self.put
            assert hand.pot == sum(hand.put)
            assert sum(hand.stacks) + hand.pot == self.total
            assert min(hand.stacks) >= 0
            shown = betting_fields(hand, frozenset())["pots"]
            assert sum(p.amount for p in shown) == hand.pot
            assert all(set(p.seats) <= set(hand.live) and p.seats for p in shown)
            cards_once(after, hand)

    def hand_events(self, hand: BettingHand, events: list[Event]) -> None:
        ended = [e for e in events if isinstance(e, HandEnded)]
        showdowns = [e for e in events if isinstance(e, ShowdownHeld)]
        folds = {e.seat for e in events if isinstance(e, BetMade) and e.action == "fold"}
        live = [s for s in hand.live if s not in folds]
        if showdowns:
            (showdown,) = showdowns
            assert sorted(int(s) for s in showdown.shown) == live
            assert not {int(s) for s in showdown.shown} & (hand.folded | folds)
            assert sum(p.amount for p in showdown.pots) == sum(self.put)
            self.showdowns += 1
        if ended:
            (end,) = ended
            scores = dict(end.scores or {})
            assert sorted(int(s) for s in scores) == list(hand.dealt)
            assert sum(scores.values()) == 0
            stacks = stacks_after(end)
            assert sum(stacks) == self.total
            assert min(stacks) >= 0
            if len(live) == 1:
                assert not showdowns
                assert end.outcome == "fold"
                self.won_by_folds += 1
            else:
                assert showdowns

    def refusals(self, before: Match, command: Command, events: list[Event]) -> None:
        """Random illegal moves at this point are refused and change nothing."""
        hand = before.hand
        assert isinstance(hand, BettingHand)
        if hand.phase != "bet" or not isinstance(command, Bet) or self.rng.random() < 0.5:
            return
        options = legal_bets(before)
        seat = options.seat
        seats = before.table.seats
        wrong: list[Command] = [
            Bet(at=AT, seat=(seat + self.rng.randint(1, seats - 1)) % seats, action="check"),
            Bet(at=AT, seat=seat, action="bet_to", to=options.all_in_to + 1),
            Bet(at=AT, seat=seat, action="bet_to", to=options.level),
            TurnBoard(at=AT, cards=["2H"]),
            SwapCards(at=AT, seat=seat, thrown=[]),
        ]
        if options.cover:
            wrong.append(Bet(at=AT, seat=seat, action="check"))
        else:
            wrong.append(Bet(at=AT, seat=seat, action="cover"))
        legal = set(options.bet_tos())
        low = options.raise_from if options.raise_from is not None else options.level + 1
        for to in (low - 1, low + 1, options.level + 1):
            if to > options.level and to not in legal and to <= options.all_in_to:
                wrong.append(Bet(at=AT, seat=seat, action="bet_to", to=to))
        if not options.all_in:
            wrong.append(Bet(at=AT, seat=seat, action="all_in"))
        snapshot = encode_state(before)
        for bad in wrong:
            with pytest.raises(DomainError):
                decide(bad, before)
            self.refused += 1
        assert encode_state(before) == snapshot
        assert decide(command, before) == events

    def undo(self, before: Match, command: Command, events: list[Event]) -> None:
        """A move taken back at once gives back the state before it (a hand still going)."""
        if any(isinstance(e, HandEnded) for e in events) or isinstance(command, DealBetting):
            return
        after = fold_in(before, events)
        hand = before.hand
        assert isinstance(hand, BettingHand)
        if isinstance(command, SwapCards) and command.thrown and hand.deal.stock is not None:
            # the exchange from a posted stock is kept (taking it back would show the stock)
            with pytest.raises(DomainError):
                decide(UndoLastMove(at=AT), after)
            return
        undone = decide(UndoLastMove(at=AT), after)
        assert fold_in(after, undone) == before
        self.undone += 1


def stacks_after(end: HandEnded) -> list[int]:
    assert end.details is not None
    stacks = end.details["stacks"]
    assert isinstance(stacks, list)
    return [int(chips) for chips in stacks]


def encode_state(state: Match) -> bytes:
    import msgspec

    return msgspec.json.encode(state)


def cards_once(state: Match, hand: BettingHand) -> None:
    held = [c for cards in hand.hands for c in cards]
    if is_holdem(state):
        everything = held + list(hand.board) + list(hand.stock or ())
        assert len(set(everything)) == len(everything)
        assert set(everything) <= set(DECK_52)
        if hand.deal.stock is not None:
            assert hand.stock is not None
            assert len(hand.board) + len(hand.stock) == 5
        assert len(held) == 2 * len(hand.dealt)
        return
    deck = set(deck_for(len(hand.dealt)))
    stock = list(hand.stock or ())
    for cards in (held, stock, list(hand.thrown)):
        assert len(set(cards)) == len(cards)
        assert set(cards) <= deck
    assert not set(held) & set(stock)
    assert not set(hand.thrown) & set(stock)
    if hand.deal.stock is not None:
        # a card thrown and received again (P2) is in a hand; the others are thrown
        assert len(held) + len(stock) + len(set(hand.thrown) - set(held)) == len(deck)
        assert set(held) | set(stock) | set(hand.thrown) == deck
    assert len(held) == 5 * len(hand.dealt)


def replayed(events: list[Event]) -> Match:
    state = INITIAL
    for event in events:
        state = evolve(state, decode(encode(event)))
    return state


@settings(max_examples=1000, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    game=st.sampled_from(GAMES),
    seats=st.integers(min_value=2, max_value=8),
    known=st.booleans(),
)
def test_random_hands_keep_every_rule(seed: int, game: str, seats: int, known: bool) -> None:
    rng = random.Random(seed)
    check = Checker(random.Random(seed + 1))
    events, commands = random_hand(rng, game, seats, known=known, on_step=check)
    assert isinstance(commands[0], DealBetting)
    assert sum(isinstance(e, HandEnded) for e in events) == 1
    state = replayed(events)
    assert state == fold_in(INITIAL, events)
    assert state.hand is None


@settings(max_examples=500, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    game=st.sampled_from(GAMES),
    seats=st.integers(min_value=2, max_value=8),
    known=st.booleans(),
)
def test_random_sessions_keep_every_rule(seed: int, game: str, seats: int, known: bool) -> None:
    rng = random.Random(seed)
    check = Checker(random.Random(seed + 1))
    events, _ = random_session(rng, game, seats, hands=12, known=known, on_step=check)
    state = replayed(events)
    assert state == fold_in(INITIAL, events)
    ended = [e for e in events if isinstance(e, HandEnded)]
    assert ended
    first = next(e for e in events if isinstance(e, BettingDealt))
    total = sum(first.stacks)
    for end in ended:
        assert sum(stacks_after(end)) == total
    # the button moves and busted seats sit out
    deals = [e for e in events if isinstance(e, BettingDealt)]
    for deal, end in zip(deals[1:], ended, strict=False):
        stacks = stacks_after(end)
        assert list(deal.dealt) == [s for s in range(seats) if stacks[s] > 0]
        assert list(deal.stacks) == stacks
    if state.status == "finished":
        assert max(stacks_after(ended[-1])) == total
    else:
        assert len(ended) == 12 or sum(1 for c in stacks_after(ended[-1]) if c > 0) < 2


# --- the engine's bugs met by the random player -------------------------------------------


@pytest.mark.parametrize("stacks", [[10, 20], [5, 100]], ids=["both-all-in", "short-small-blind"])
def test_blinds_all_in_with_a_posted_board(stacks: list[int]) -> None:
    state = created("texas-holdem", 2, {"big_blind": 20})
    deal = DealBetting(
        at=AT,
        hands=[["AH", "KD"], ["7C", "7S"]],
        dealer=0,
        stacks=stacks,
        stock=["AS", "7D", "10H", "2S", "KC"],
    )
    events = decide(deal, state)
    assert any(isinstance(e, HandEnded) for e in events)


def test_exchange_from_the_discards_without_a_posted_stock() -> None:
    """P2 without a posted stock: the undealt cards used up (8 seats: 4 left), the
    cards thrown before are the new stock, named by the scorekeeper."""
    state = created("poker", 8, {"pingo": 10, "minimum": 20})
    deck = list(deck_for(8))
    state = fold_in(
        state,
        decide(
            DealBetting(
                at=AT,
                hands=[deck[5 * n : 5 * n + 5] for n in range(8)],
                dealer=7,
                stacks=[500] * 8,
            ),
            state,
        ),
    )
    while isinstance(state.hand, BettingHand) and state.hand.phase == "bet":
        assert state.turn is not None
        state = fold_in(state, decide(Bet(at=AT, seat=state.turn, action="check"), state))
    first = deck[0:4]
    state = fold_in(
        state, decide(SwapCards(at=AT, seat=0, thrown=first, received=deck[40:44]), state)
    )
    swap = SwapCards(at=AT, seat=1, thrown=[deck[5]], received=[first[0]])
    state = fold_in(state, decide(swap, state))
    # P2: a card thrown and received again is in a hand: nobody else may receive it
    again = SwapCards(at=AT, seat=2, thrown=[deck[10]], received=[first[0]])
    with pytest.raises(DomainError):
        decide(again, state)
    other = SwapCards(at=AT, seat=2, thrown=[deck[10]], received=[first[1]])
    state = fold_in(state, decide(other, state))
    hand = state.hand
    assert isinstance(hand, BettingHand)
    assert first[1] in hand.hands[2]


def test_hand_ended_round_trips() -> None:
    state = created("texas-holdem", 2, {"big_blind": 20})
    deal = DealBetting(
        at=AT,
        hands=[["AH", "KD"], ["7C", "7S"]],
        dealer=0,
        stacks=[500, 500],
        stock=["AS", "7D", "10H", "2S", "KC"],
    )
    state = fold_in(state, decide(deal, state))
    events = decide(Bet(at=AT, seat=0, action="fold"), state)
    (ended,) = [e for e in events if isinstance(e, HandEnded)]
    assert decode(encode(ended)) == ended

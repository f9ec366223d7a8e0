"""Random legal Espadas games (hypothesis): every card once, 13 tricks a hand, the score the
sum of the hands' scores, the bags carried, the fold equal to the replay, and a refused
move changing nothing."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from domain import DomainError, Event, HandEnded, Match, PlayCard, decide, evolve, fold
from domain.cards.cards import DECK_52
from domain.cards.espadas.commands import MakeBid
from domain.cards.espadas.events import Bid
from domain.cards.espadas.game import bags_before
from domain.cards.espadas.hand import EspadasHand
from domain.cards.espadas.scoring import TRICKS
from domain.cards.tricks.commands import DealCards
from domain.match.commands import Command
from tests.domain.builders import AT, created


def legal_cards(state: Match) -> list[str]:
    """The cards the seat in turn may play, as the rules say (each tried)."""
    hand = state.hand
    assert isinstance(hand, EspadasHand)
    seat = state.turn
    assert seat is not None
    allowed = []
    for card in hand.hands[seat]:
        try:
            decide(PlayCard(at=AT, seat=seat, card=card), state)
        except DomainError:
            continue
        allowed.append(card)
    return allowed


def next_command(state: Match, rng: random.Random) -> Command:
    hand = state.hand
    if hand is None:
        cards = list(DECK_52)
        rng.shuffle(cards)
        return DealCards(at=AT, hands=[cards[s * 13 : (s + 1) * 13] for s in range(4)])
    assert isinstance(hand, EspadasHand)
    assert state.turn is not None
    if hand.bidding:
        bids: list[Bid] = [1, 2, 3, 4, 5, "nil"]
        return MakeBid(
            at=AT, seat=state.turn, bid=rng.choice(bids) if rng.random() < 0.9 else "double_nil"
        )
    return PlayCard(at=AT, seat=state.turn, card=rng.choice(legal_cards(state)))


def check_hand(state: Match) -> None:
    hand = state.hand
    if not isinstance(hand, EspadasHand):
        return
    held = [c for cards in hand.hands for c in cards]
    played = [*(p.card for p in hand.trick), *(p.card for t in hand.tricks for p in t.cards)]
    assert sorted(held + played) == sorted(DECK_52), "every card once"
    assert len(hand.tricks) + (1 if hand.trick else 0) <= TRICKS


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), hands=st.integers(1, 4))
def test_random_legal_espadas_games_keep_every_invariant(seed: int, hands: int) -> None:
    rng = random.Random(seed)
    events: list[Event] = [created("espadas")]
    state = fold(events)
    while len(state.hands) < hands and state.status == "in_progress":
        command = next_command(state, rng)
        new = decide(command, state)
        for event in new:
            state = evolve(state, event)
            check_hand(state)
        events += new
        refused = PlayCard(at=AT, seat=(state.turn or 0) + 1 if state.turn != 3 else 0, card="AS")
        before = state
        try:
            decide(refused, state)
        except DomainError:
            assert state == before  # a refused move changes nothing

    assert len(state.hands) == hands or state.status != "in_progress"
    assert fold(events) == state  # the fold of the history is the state
    ended = [e for e in events if isinstance(e, HandEnded)]
    for event in ended:
        assert event.details is not None
        assert sum(event.details["tricks"]) == TRICKS
    totals = {"A": 0, "B": 0}
    for event in ended:
        assert event.scores is not None
        for side, points in event.scores.items():
            totals[side] += points
    assert state.score == totals
    if ended:
        assert bags_before(state) == ended[-1].details["bags"]  # type: ignore[index]

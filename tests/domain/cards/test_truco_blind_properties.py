"""Random mãos de ferro played by position (T3): whatever the deal and the positions
chosen, each card turned over is the one dealt at that place among the cards the seat
still holds, a card turned face up is never taken back, and the hand ends as one played
by naming the same cards ends."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain import DealCards, DomainError, HandEnded, Match, UndoLastMove, decide, fold
from domain.cards.cards import DECK_40
from domain.cards.tricks.commands import PlayCard
from domain.cards.tricks.events import CardPlayed
from domain.cards.truco.commands import PlayByPosition
from domain.cards.truco.hand import TrucoHand
from domain.match.events import Event
from tests.domain.builders import AT
from tests.domain.cards.builders import after, truco, won_hand

FERRO = (won_hand(1, "A", 11, dealer=1), won_hand(2, "B", 11, dealer=2))


def blind_hand(deck: list[str]) -> list[Event]:
    hands = [deck[seat * 3 : seat * 3 + 3] for seat in range(4)]
    deal = DealCards(at=AT, hands=hands, vira=deck[12])
    return after([truco(), *FERRO], deal)


def hand_of(state: Match) -> TrucoHand:
    hand = state.hand
    assert isinstance(hand, TrucoHand)
    return hand


@settings(max_examples=150, deadline=None)
@given(
    deck=st.permutations(DECK_40),
    picks=st.lists(st.integers(0, 2), min_size=12, max_size=12),
    covers=st.lists(st.booleans(), min_size=12, max_size=12),
)
def test_a_blind_hand_played_by_position_turns_the_cards_dealt_there(
    deck: list[str], picks: list[int], covers: list[bool]
) -> None:
    history = blind_hand(list(deck))
    state = fold(history)
    assert hand_of(state).blind
    by_name = state
    for pick, cover in zip(picks, covers, strict=True):
        hand = hand_of(state)
        seat = state.turn
        assert seat is not None
        held = hand.hands[seat]
        position = pick % len(held)
        covered = cover and len(hand.tricks) > 0  # face down from round 2 (T5)
        events = decide(PlayByPosition(at=AT, seat=seat, position=position, covered=covered), state)
        named = decide(PlayCard(at=AT, seat=seat, card=held[position], covered=covered), by_name)

        assert events == named
        assert events[0] == CardPlayed(at=AT, seat=seat, card=held[position], covered=covered)
        state = by_name = fold(events, state)
        if any(isinstance(event, HandEnded) for event in events):
            return
        if covered:  # nobody saw it: it may go back
            assert decide(UndoLastMove(at=AT), state)
        else:
            with pytest.raises(DomainError, match="has been seen") as caught:
                decide(UndoLastMove(at=AT), state)
            assert caught.value.code == "card-turned-over"
    raise AssertionError("a hand of 12 cards did not end")

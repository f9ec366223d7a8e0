"""Truco deals: three cards a seat and a vira turned up, the deal going round."""

import pytest

from domain import CardsDealt, DealCards
from domain.cards.truco.hand import TrucoHand
from tests.domain.builders import AT
from tests.domain.cards.builders import (
    after,
    cards,
    dealt,
    fill,
    truco,
    truco_deal,
    truco_result,
    won_hand,
)
from tests.domain.spec import given

HANDS = (("3H", "2H", "AH"), ("3S", "2S", "AS"), ("4H", "4S", "4D"), ("6H", "6S", "6D"))


def deal(vira: str = "4C", dealer: int | None = None) -> DealCards:
    return DealCards(at=AT, hands=[list(h) for h in HANDS], dealer=dealer, vira=vira)


def test_truco_a_deal_gives_three_cards_a_seat_and_turns_a_vira() -> None:
    given(truco()).when(deal()).then(
        CardsDealt(at=AT, number=1, dealer=3, opener=0, hands=HANDS, vira="4C")
    )


def test_truco_the_rank_after_the_vira_is_the_manilha() -> None:
    state = given(*dealt(truco(), deal("7C"))).state
    assert isinstance(state.hand, TrucoHand)
    assert (state.hand.vira, state.hand.manilha, state.hand.value) == ("7C", "Q", 1)
    assert state.turn == 0


def test_c1_truco_cards_written_in_lower_case_are_refused() -> None:
    lower = DealCards(at=AT, hands=[[c.lower() for c in h] for h in HANDS], vira="4C")
    given(truco()).when(lower).raises("invalid-card")
    given(truco()).when(deal(vira="4c")).raises("invalid-card")


def test_truco_the_vira_is_in_nobodys_hand() -> None:
    given(truco()).when(deal(vira="AH")).raises("invalid-deal")


def test_truco_a_deal_needs_its_vira() -> None:
    command = DealCards(at=AT, hands=[list(h) for h in HANDS])
    given(truco()).when(command).raises("invalid-deal")


def test_truco_has_no_trump_card() -> None:
    command = DealCards(at=AT, hands=[list(h) for h in HANDS], vira="4C", trump_card="6S")
    given(truco()).when(command).raises("invalid-deal")


def test_truco_a_card_dealt_twice_is_an_invalid_deal() -> None:
    hands = [list(h) for h in HANDS]
    hands[3][0] = "3H"
    given(truco()).when(DealCards(at=AT, hands=hands, vira="4C")).raises("invalid-deal")


@pytest.mark.parametrize("seat_cards", [2, 4])
def test_truco_each_seat_gets_exactly_three_cards(seat_cards: int) -> None:
    hands = fill({}, 3, leave_out=["4C"])
    hands[0] = hands[0][:2] if seat_cards == 2 else [*hands[0], "KD"]
    given(truco()).when(DealCards(at=AT, hands=hands, vira="4C")).raises("invalid-deal")


@pytest.mark.parametrize("stranger", ["8H", "9C", "10S", "XX"])
def test_truco_a_card_outside_the_40_card_deck_is_an_invalid_card(stranger: str) -> None:
    hands = [list(h) for h in HANDS]
    hands[1][2] = stranger
    given(truco()).when(DealCards(at=AT, hands=hands, vira="4C")).raises("invalid-card")


@pytest.mark.parametrize("vira", ["8H", "10S", "4"])
def test_truco_a_vira_outside_the_40_card_deck_is_an_invalid_card(vira: str) -> None:
    given(truco()).when(deal(vira=vira)).raises("invalid-card")


def test_truco_the_first_dealer_may_be_any_seat() -> None:
    (event,) = given(truco()).when(deal(dealer=0)).decided()
    assert isinstance(event, CardsDealt)
    assert (event.dealer, event.opener) == (0, 1)


def test_truco_the_seat_after_the_last_dealer_deals_the_next_hand() -> None:
    rounds = ("2 4H", "3 6H", "0 3H", "1 3S", "2 4S", "3 6S", "0 2H", "1 2S")
    first = after(dealt(truco(), deal(dealer=1)), *cards(*rounds, "2 4D", "3 6D", "0 AH", "1 AS"))
    assert given(*first).state.next_dealer == 2
    given(*first).when(deal(dealer=1)).raises("wrong-dealer")
    (event,) = given(*first).when(deal()).decided()
    assert isinstance(event, CardsDealt)
    assert (event.number, event.dealer, event.opener) == (2, 2, 3)


def test_truco_results_keep_the_deal_going_round() -> None:
    history = after([truco(), won_hand(1, "A", 1, dealer=2)], truco_result("B", 3))
    assert given(*history).state.next_dealer == 0
    given(*history).when(deal(dealer=3)).raises("wrong-dealer")


def test_truco_a_deal_while_a_hand_is_in_progress_is_refused() -> None:
    given(*dealt(truco(), deal())).when(truco_deal({}, vira="KD")).raises("hand-in-progress")

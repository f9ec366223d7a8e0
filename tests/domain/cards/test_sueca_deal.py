"""Sueca deals: ten cards a seat, the trump card the dealer's, the deal going round, and a
new deal for an opening player with almost nothing."""

import pytest

from domain import AskRedeal, CardsDealt, DealCards, RedealAsked
from domain.cards.sueca.hand import SuecaHand
from tests.domain.builders import AT
from tests.domain.cards.builders import (
    after,
    card,
    dealt,
    played_out,
    sueca,
    sueca_deal,
    sueca_hands,
    sueca_result,
    truco,
    truco_deal,
    won_hand,
)
from tests.domain.cards.scenarios import HEARTS, TRICKS, sueca_deal_of
from tests.domain.spec import given

# Seat 0 (the opener when seat 3 deals) holds cards worth 10 points: 7H and nothing else.
TEN_POINTS = ("2C", "3C", "4C", "5C", "6C", "2D", "3D", "4D", "5D", "7H")
ELEVEN_POINTS = ("2C", "3C", "4C", "5C", "6C", "2D", "3D", "4D", "5D", "AH")


def redeal(seat: int) -> AskRedeal:
    return AskRedeal(at=AT, seat=seat)


def test_sueca_a_first_deal_naming_no_dealer_is_dealt_by_seat_3_and_seat_0_leads() -> None:
    deal = sueca_deal_of(TRICKS)
    given(sueca()).when(deal).then(
        CardsDealt(
            at=AT,
            number=1,
            dealer=3,
            opener=0,
            hands=tuple(TRICKS),
            trump_card="2S",
        )
    )


def test_sueca_the_first_dealer_may_be_any_seat() -> None:
    (event,) = given(sueca()).when(sueca_deal_of(TRICKS, dealer=1, say_dealer=True)).decided()
    assert isinstance(event, CardsDealt)
    assert (event.dealer, event.opener) == (1, 2)


def test_sueca_the_suit_of_the_trump_card_is_the_trump() -> None:
    state = given(*dealt(sueca(), sueca_deal_of(HEARTS))).state
    assert isinstance(state.hand, SuecaHand)
    assert (state.hand.trump_card, state.hand.trump) == ("2H", "H")
    assert state.turn == 0


def test_c1_sueca_cards_written_in_lower_case_are_refused() -> None:
    deal = sueca_deal_of(TRICKS)
    lower = DealCards(at=AT, hands=[[c.lower() for c in h] for h in deal.hands], trump_card="2S")
    given(sueca()).when(lower).raises("invalid-card")
    lower_trump = DealCards(at=AT, hands=[list(h) for h in deal.hands], trump_card="2s")
    given(sueca()).when(lower_trump).raises("invalid-card")


def test_sueca_the_trump_card_must_be_in_the_dealers_hand() -> None:
    hands = sueca_hands({}, trump_card="KS", dealer=3)
    given(sueca()).when(DealCards(at=AT, hands=hands, dealer=2, trump_card="KS")).raises(
        "invalid-deal"
    )


def test_sueca_a_deal_needs_its_trump_card() -> None:
    hands = sueca_hands({}, trump_card="KS")
    given(sueca()).when(DealCards(at=AT, hands=hands)).raises("invalid-deal")


def test_sueca_turns_no_vira() -> None:
    hands = sueca_hands({}, trump_card="KS")
    deal = DealCards(at=AT, hands=hands, trump_card="KS", vira="AS")
    given(sueca()).when(deal).raises("invalid-deal")


def test_sueca_a_card_dealt_twice_is_an_invalid_deal() -> None:
    hands = sueca_hands({}, trump_card="KS")
    hands[1][0] = hands[0][0]
    given(sueca()).when(DealCards(at=AT, hands=hands, trump_card="KS")).raises("invalid-deal")


@pytest.mark.parametrize("moved", [1, -1])
def test_sueca_each_seat_gets_exactly_ten_cards(moved: int) -> None:
    hands = sueca_hands({}, trump_card="KS")
    if moved > 0:
        hands[0].append(hands[1].pop())
    else:
        hands[1].append(hands[0].pop())
    given(sueca()).when(DealCards(at=AT, hands=hands, trump_card="KS")).raises("invalid-deal")


def test_sueca_a_deal_has_four_hands() -> None:
    hands = sueca_hands({}, trump_card="KS")
    given(sueca()).when(DealCards(at=AT, hands=hands[1:], trump_card="KS")).raises("invalid-deal")


@pytest.mark.parametrize("stranger", ["8H", "9C", "10S"])
def test_sueca_an_eight_nine_or_ten_is_not_in_its_deck(stranger: str) -> None:
    hands = sueca_hands({}, trump_card="KS")
    hands[0][0] = stranger
    given(sueca()).when(DealCards(at=AT, hands=hands, trump_card="KS")).raises("invalid-card")


@pytest.mark.parametrize("where", ["hand", "trump card"])
def test_sueca_a_deal_naming_no_card_is_refused(where: str) -> None:
    hands = sueca_hands({}, trump_card="KS")
    trump = "KS"
    if where == "hand":
        hands[2][3] = "XX"
    else:
        trump = "K"
    given(sueca()).when(DealCards(at=AT, hands=hands, trump_card=trump)).raises("invalid-card")


def test_sueca_a_deal_while_a_hand_is_in_progress_is_refused() -> None:
    history = dealt(sueca(), sueca_deal_of(TRICKS))
    given(*history).when(sueca_deal_of(HEARTS)).raises("hand-in-progress")


def test_sueca_the_seat_after_the_last_dealer_deals_the_next_hand() -> None:
    history = played_out(dealt(sueca(), sueca_deal_of(TRICKS)))
    assert given(*history).state.next_dealer == 0
    (event,) = given(*history).when(sueca_deal_of(HEARTS, dealer=0)).decided()
    assert isinstance(event, CardsDealt)
    assert (event.number, event.dealer, event.opener) == (2, 0, 1)


@pytest.mark.parametrize("dealer", [1, 2, 3])
def test_sueca_a_later_hand_dealt_by_another_seat_than_the_one_due_is_refused(
    dealer: int,
) -> None:
    history = played_out(dealt(sueca(), sueca_deal_of(TRICKS)))
    given(*history).when(sueca_deal_of(HEARTS, dealer=dealer, say_dealer=True)).raises(
        "wrong-dealer"
    )


def test_sueca_the_deal_goes_round_across_hands_recorded_by_their_result() -> None:
    history = [sueca(), won_hand(1, "A", 1, dealer=1)]
    assert given(*history).state.next_dealer == 2
    later = after(history, sueca_result(70, 50))
    assert given(*later).state.next_dealer == 3
    given(*later).when(sueca_deal_of(TRICKS, dealer=2, say_dealer=True)).raises("wrong-dealer")


def test_sueca_the_opening_player_with_ten_points_or_less_may_ask_for_a_new_deal() -> None:
    history = dealt(sueca(), sueca_deal({0: TEN_POINTS}, trump_card="KS"))
    given(*history).when(redeal(0)).then(RedealAsked(at=AT, number=1, seat=0, points=10))


def test_sueca_a_new_deal_voids_the_hand_and_counts_nothing() -> None:
    history = after(dealt(sueca(), sueca_deal({0: TEN_POINTS}, trump_card="KS")), redeal(0))
    state = given(*history).state
    assert (state.hand, state.turn, state.hands) == (None, None, ())
    assert (state.score, state.pending_bonus, state.next_dealer) == ({"A": 0, "B": 0}, 0, 3)


def test_sueca_the_same_dealer_deals_again_after_a_new_deal_is_asked_for() -> None:
    history = after(
        dealt(sueca(), sueca_deal({1: TEN_POINTS}, trump_card="KS", dealer=0)), redeal(1)
    )
    given(*history).when(sueca_deal({}, trump_card="KS", dealer=1)).raises("wrong-dealer")
    (again,) = given(*history).when(sueca_deal({}, trump_card="KS", dealer=0)).decided()
    assert isinstance(again, CardsDealt)
    assert (again.number, again.dealer, again.opener) == (1, 0, 1)


def test_sueca_cards_worth_more_than_ten_points_are_played() -> None:
    history = dealt(sueca(), sueca_deal({0: ELEVEN_POINTS}, trump_card="KS"))
    given(*history).when(redeal(0)).raises("redeal-not-allowed")


def test_sueca_only_the_opening_player_may_ask_for_a_new_deal() -> None:
    history = dealt(sueca(), sueca_deal({1: TEN_POINTS}, trump_card="KS"))
    given(*history).when(redeal(1)).raises("redeal-not-allowed")


def test_sueca_no_new_deal_once_the_first_card_is_played() -> None:
    history = after(dealt(sueca(), sueca_deal({0: TEN_POINTS}, trump_card="KS")), card(0, "2C"))
    given(*history).when(redeal(0)).raises("redeal-not-allowed")


def test_sueca_a_new_deal_is_asked_for_only_during_a_hand() -> None:
    given(sueca()).when(redeal(0)).raises("hand-not-started")


def test_sueca_the_rules_may_set_another_limit_for_a_new_deal() -> None:
    history = dealt(sueca(redeal_up_to=12), sueca_deal({0: ELEVEN_POINTS}, trump_card="KS"))
    given(*history).when(redeal(0)).then(RedealAsked(at=AT, number=1, seat=0, points=11))


def test_truco_has_no_new_deal() -> None:
    history = dealt(truco(), truco_deal({}, vira="4C"))
    given(*history).when(redeal(0)).raises("invalid-command")

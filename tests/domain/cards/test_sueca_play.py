"""Sueca tricks and deals: follow suit, trumps, the order of the cards, and what a deal of
120 card points scores (1 or 2 game points, a 60-60 carried, a bandeirada)."""

from itertools import pairwise

import pytest

from domain import (
    CardPlayed,
    HandEnded,
    MatchFinished,
    PerTeam,
    TrickHand,
)
from domain.cards.sueca.points import points_of
from tests.domain.builders import AT
from tests.domain.cards.builders import (
    after,
    card,
    cards,
    dealt,
    hand_end,
    played_out,
    sueca,
    sueca_deal,
    tied_hand,
    won_hand,
)
from tests.domain.cards.scenarios import (
    A_61,
    A_90,
    A_91,
    A_120_NINE_TRICKS,
    B_BANDEIRADA,
    HEARTS,
    TIE,
    TRICKS,
    SuecaDeal,
    sueca_deal_of,
)
from tests.domain.spec import Given, given

TRICK_1 = ("0 KC", "1 7C", "2 2C", "3 2S")
TRICK_2 = ("3 4D", "0 2D", "1 AH", "2 3D")
ORDER = ("2", "3", "4", "5", "6", "Q", "J", "K", "7", "A")


def tricks_table(*played: str) -> Given:
    """TRICKS dealt by seat 3 (spades trump), then `played`."""
    return given(*after(dealt(sueca(), sueca_deal_of(TRICKS)), *cards(*played)))


def hand_of(history: Given) -> TrickHand:
    hand = history.state.hand
    assert isinstance(hand, TrickHand)
    return hand


def test_sueca_the_seat_after_the_dealer_leads_the_first_trick() -> None:
    tricks_table().when(card(1, "7C")).raises("not-your-turn")
    tricks_table().when(card(0, "KC")).then(CardPlayed(at=AT, seat=0, card="KC"))


def test_sueca_a_player_holding_the_suit_led_must_follow_it() -> None:
    tricks_table("0 KC").when(card(1, "KH")).raises("must-follow-suit")


def test_sueca_a_player_holding_the_suit_led_may_play_any_card_of_it() -> None:
    tricks_table("0 KC", "1 7C").when(card(2, "QC")).then(CardPlayed(at=AT, seat=2, card="QC"))


@pytest.mark.parametrize("choice", ["4D", "2S", "5S"])
def test_sueca_a_player_without_the_suit_led_may_play_any_card(choice: str) -> None:
    tricks_table("0 KC", "1 7C", "2 2C").when(card(3, choice)).then(
        CardPlayed(at=AT, seat=3, card=choice)
    )


def test_sueca_a_trump_beats_the_cards_of_the_suit_led() -> None:
    hand = hand_of(tricks_table(*TRICK_1))
    assert (hand.tricks[-1].winner, hand.tricks[-1].team) == (3, "B")
    assert (hand.won, hand.card_points) == (PerTeam(0, 1), PerTeam(0, 14))


def test_sueca_without_trumps_the_highest_card_of_the_suit_led_takes_the_trick() -> None:
    hand = hand_of(tricks_table(*TRICK_1, *TRICK_2))
    assert hand.tricks[-1].winner == 3  # the 4 of diamonds led, over an ace of hearts
    assert (hand.won, hand.card_points) == (PerTeam(0, 2), PerTeam(0, 25))


def test_sueca_the_winner_of_a_trick_leads_the_next() -> None:
    history = tricks_table(*TRICK_1)
    assert history.state.turn == 3
    history.when(card(0, "2D")).raises("not-your-turn")
    history.when(card(3, "4D")).then(CardPlayed(at=AT, seat=3, card="4D"))


def test_sueca_a_higher_trump_beats_a_lower_one() -> None:
    hearts = ("AH", "2H", "3H", "4H", "5H", "6H", "7H", "JH", "QH")
    diamonds = ("AD", "2D", "3D", "4D", "5D", "6D", "7D", "JD", "QD")
    deal = sueca_deal(
        {0: ["KC"], 1: ["2S", *hearts], 2: ["7S", *diamonds], 3: ["AC"]}, trump_card="QS"
    )
    trick = cards("0 KC", "1 2S", "2 7S", "3 AC")
    hand = hand_of(given(*after(dealt(sueca(), deal), *trick)))
    assert hand.tricks[-1].winner == 2


@pytest.mark.parametrize(("low", "high"), list(pairwise(ORDER)))
@pytest.mark.parametrize("high_first", [False, True])
def test_sueca_in_a_suit_the_order_is_2_3_4_5_6_q_j_k_7_a(
    low: str, high: str, high_first: bool
) -> None:
    """Seats 0 and 1 play two clubs in a row of the order, seats 2 and 3 hold no club."""
    diamonds = [rank + "D" for rank in ORDER]
    hearts = [rank + "H" for rank in ORDER if rank != "K"]
    first, second = (high, low) if high_first else (low, high)
    deal = sueca_deal(
        {0: [first + "C"], 1: [second + "C"], 2: diamonds, 3: hearts}, trump_card="KS"
    )
    trick = cards(f"0 {first}C", f"1 {second}C", "2 AD", "3 AH")
    hand = hand_of(given(*after(dealt(sueca(), deal), *trick)))
    assert hand.tricks[-1].winner == (0 if high_first else 1)


@pytest.mark.parametrize(
    ("rank", "value"),
    [("A", 11), ("7", 10), ("K", 4), ("J", 3), ("Q", 2), ("6", 0), ("5", 0), ("2", 0)],
)
def test_sueca_a_card_is_worth_its_ranks_points_whatever_the_suit(rank: str, value: int) -> None:
    assert [points_of([rank + suit]) for suit in "CDHS"] == [value] * 4


def test_sueca_the_cards_of_a_deal_are_worth_120_points() -> None:
    hand = hand_of(tricks_table(*TRICK_1))
    assert points_of([c for cards_ in hand.dealt.hands for c in cards_]) == 120


def test_sueca_after_ten_tricks_the_hand_ends_with_its_points_tricks_and_dealer() -> None:
    history = played_out(dealt(sueca(), sueca_deal_of(TRICKS)))
    assert history[-1] == HandEnded(
        at=AT,
        number=1,
        outcome="tricks",
        kind=None,
        winner="B",
        points=1,
        bonus_applied=0,
        sums=None,
        by_seat=None,
        opener=0,
        recorded_as="plays",
        started_at=AT,
        dealer=3,
        card_points=PerTeam(40, 80),
        tricks=PerTeam(5, 5),
    )
    state = given(*history).state
    assert (state.score, state.hand, state.turn) == ({"A": 0, "B": 1}, None, None)
    assert len(state.hands) == 1


@pytest.mark.parametrize(
    ("deal", "card_points", "game_points"),
    [
        (A_61, PerTeam(61, 59), 1),
        (A_90, PerTeam(90, 30), 1),
        (A_91, PerTeam(91, 29), 2),
        (A_120_NINE_TRICKS, PerTeam(120, 0), 2),
    ],
    ids=["61", "90", "91", "120-in-nine-tricks"],
)
def test_sueca_61_to_90_card_points_score_1_and_91_to_120_score_2(
    deal: SuecaDeal, card_points: PerTeam, game_points: int
) -> None:
    ended = hand_end(played_out(dealt(sueca(), sueca_deal_of(deal))))
    assert (ended.outcome, ended.winner, ended.card_points) == ("tricks", "A", card_points)
    assert ended.points == game_points


def test_sueca_a_deal_of_60_to_60_is_an_empate_nobody_scores_and_1_point_carries() -> None:
    history = played_out(dealt(sueca(), sueca_deal_of(TIE)))
    ended = hand_end(history)
    assert (ended.outcome, ended.winner, ended.points) == ("empate", None, 0)
    assert ended.card_points == PerTeam(60, 60)
    state = given(*history).state
    assert (state.score, state.pending_bonus, state.next_dealer) == ({"A": 0, "B": 0}, 1, 0)


def test_sueca_each_60_60_adds_1_point_to_what_the_next_winner_takes() -> None:
    ties = (tied_hand(1, dealer=1), tied_hand(2, dealer=2))
    assert given(sueca(), *ties).state.pending_bonus == 2
    history = played_out(dealt(sueca(), sueca_deal_of(A_61), *ties))
    ended = hand_end(history)
    assert (ended.winner, ended.points, ended.bonus_applied) == ("A", 3, 2)
    assert given(*history).state.pending_bonus == 0


def test_sueca_the_carried_point_goes_to_whichever_team_wins_next() -> None:
    history = played_out(dealt(sueca(), sueca_deal_of(TRICKS), tied_hand(1, dealer=2)))
    ended = hand_end(history)
    assert (ended.winner, ended.points, ended.bonus_applied) == ("B", 2, 1)


@pytest.mark.parametrize(("deal", "team"), [(HEARTS, "A"), (B_BANDEIRADA, "B")])
def test_sueca_a_bandeirada_wins_the_whole_game(deal: SuecaDeal, team: str) -> None:
    history = played_out(dealt(sueca(), sueca_deal_of(deal)))
    ended, finished = history[-2:]
    assert isinstance(ended, HandEnded)
    assert isinstance(finished, MatchFinished)
    assert (ended.outcome, ended.winner, ended.points) == ("bandeirada", team, 4)
    assert ended.tricks == (PerTeam(10, 0) if team == "A" else PerTeam(0, 10))
    assert (finished.winner, finished.score[team]) == (team, 4)


def test_sueca_a_bandeirada_by_the_team_behind_brings_it_to_the_target() -> None:
    history = played_out(dealt(sueca(), sueca_deal_of(B_BANDEIRADA), won_hand(1, "A", 3, 2)))
    finished = history[-1]
    assert isinstance(finished, MatchFinished)
    assert (finished.winner, finished.score) == ("B", {"A": 3, "B": 4})


def test_sueca_a_bandeirada_is_worth_at_least_2_game_points() -> None:
    history = played_out(dealt(sueca(), sueca_deal_of(HEARTS), won_hand(1, "A", 3, 2)))
    ended, finished = history[-2:]
    assert isinstance(ended, HandEnded)
    assert isinstance(finished, MatchFinished)
    assert (ended.outcome, ended.points, finished.score) == ("bandeirada", 2, {"A": 5, "B": 0})


def test_sueca_a_bandeirada_after_a_tie_takes_the_carried_point_toward_the_target() -> None:
    history = played_out(dealt(sueca(), sueca_deal_of(HEARTS), tied_hand(1, dealer=2)))
    ended, finished = history[-2:]
    assert isinstance(ended, HandEnded)
    assert isinstance(finished, MatchFinished)
    assert (ended.points, ended.bonus_applied, finished.score) == (4, 1, {"A": 4, "B": 0})


def test_sueca_a_bandeirada_is_worth_2_when_the_rules_say_it_does_not_win_the_game() -> None:
    history = played_out(dealt(sueca(bandeirada_wins=False), sueca_deal_of(HEARTS)))
    ended = hand_end(history)
    assert (ended.outcome, ended.points) == ("bandeirada", 2)
    assert given(*history).state.status == "in_progress"


def test_sueca_the_game_goes_to_4_game_points() -> None:
    history = played_out(dealt(sueca(), sueca_deal_of(A_61), won_hand(1, "A", 3, dealer=2)))
    finished = history[-1]
    assert isinstance(finished, MatchFinished)
    assert (finished.winner, finished.score, finished.hands_played) == ("A", {"A": 4, "B": 0}, 2)
    assert given(*history).state.status == "finished"


def test_sueca_3_game_points_do_not_win() -> None:
    history = played_out(dealt(sueca(), sueca_deal_of(A_61), won_hand(1, "A", 2, dealer=2)))
    assert isinstance(history[-1], HandEnded)
    assert given(*history).state.status == "in_progress"


def test_sueca_a_card_is_played_only_during_a_hand() -> None:
    given(sueca()).when(card(0, "KC")).raises("hand-not-started")


def test_sueca_a_card_not_held_is_refused() -> None:
    tricks_table().when(card(0, "7C")).raises("card-not-in-hand")


@pytest.mark.parametrize("stranger", ["8C", "9H", "10S"])
def test_sueca_a_card_not_in_the_40_card_deck_is_an_invalid_card(stranger: str) -> None:
    tricks_table().when(card(0, stranger)).raises("invalid-card")


def test_sueca_a_card_is_named_rank_then_suit() -> None:
    tricks_table().when(card(0, "CK")).raises("invalid-card")


def test_sueca_a_card_is_played_by_a_seat_of_the_table() -> None:
    tricks_table().when(card(4, "KC")).raises("invalid-seat")


def test_c1_sueca_a_card_written_in_lower_case_is_refused() -> None:
    tricks_table().when(card(0, "kc")).raises("invalid-card")
    tricks_table().when(card(0, "KC")).then(CardPlayed(at=AT, seat=0, card="KC"))


def test_sueca_no_card_is_played_covered() -> None:
    tricks_table().when(card(0, "KC", covered=True)).raises("covered-not-allowed")

"""Truco rounds: the order of the cards and the manilhas, the best of three rounds with the
seed's tie rules, who leads after a tied round, covered cards."""

from itertools import pairwise

import pytest

from domain import CardPlayed, DealCards, HandEnded, PerTeam
from domain.cards.truco.hand import TrucoHand
from tests.domain.builders import AT
from tests.domain.cards.builders import after, card, cards, dealt, hand_end, truco, truco_deal
from tests.domain.spec import Given, given

# vira 4C, so the manilhas are the 5s, none of them dealt.
TIES = (("3H", "2H", "AH"), ("3S", "2S", "AS"), ("4H", "4S", "4D"), ("6H", "6S", "6D"))
# The same, with seat 3's 6D swapped for the 5D, the lowest manilha.
TIES_THEN_MANILHA = (*TIES[:3], ("6H", "6S", "5D"))
# Team A holds the strongest plain cards.
A_STRONG = (("3H", "2H", "AH"), ("7H", "7S", "7D"), ("4H", "4S", "4D"), ("6H", "6S", "6D"))
# Seat 0 leads a 4; seat 1's 3 and seat 2's 3 tie the first round.
MIDDLE_TIE = (("4H", "4S", "4D"), ("3S", "6S", "6D"), ("3H", "7H", "7D"), ("6H", "QS", "QD"))
COVER = (("3H", "3D", "4H"), ("7S", "6S", "7D"), ("AH", "2D", "4S"), ("6D", "6H", "QD"))
ORDER = ("4", "5", "6", "7", "Q", "J", "K", "A", "2", "3")


def deal_of(hands: tuple[tuple[str, ...], ...], vira: str = "4C") -> DealCards:
    return DealCards(at=AT, hands=[list(h) for h in hands], vira=vira)


def table(hands: tuple[tuple[str, ...], ...], *played: str, **rules: int) -> Given:
    """`hands` dealt by seat 3 (seat 0 leads), vira 4C, then `played`."""
    return given(*after(dealt(truco(**rules), deal_of(hands)), *cards(*played)))


def hand_of(history: Given) -> TrucoHand:
    hand = history.state.hand
    assert isinstance(hand, TrucoHand)
    return hand


def first_round(vira: str, *played: str) -> TrucoHand:
    """Seats 0..3 hold and play `played`, in that order, in the first round."""
    known = {seat: [text] for seat, text in enumerate(played)}
    plays = [card(seat, text) for seat, text in enumerate(played)]
    return hand_of(given(*after(dealt(truco(), truco_deal(known, vira=vira)), *plays)))


@pytest.mark.parametrize(
    ("vira", "low", "high"),
    [("4C", low, high) for low, high in pairwise(r for r in ORDER if r != "5")]
    + [("KH", low, high) for low, high in pairwise(r for r in ORDER if r != "A")],
)
@pytest.mark.parametrize("high_first", [False, True])
def test_truco_the_order_is_4_5_6_7_q_j_k_a_2_3_whatever_the_suit(
    vira: str, low: str, high: str, high_first: bool
) -> None:
    """Seats 0 and 1 play two ranks in a row of the order (the manilha aside), in suits of
    their own; seats 2 and 3 play 4s, the lowest."""
    first, second = (high + "C", low + "D") if high_first else (low + "D", high + "C")
    hand = first_round(vira, first, second, "4H", "4S")
    assert hand.tricks[-1].winner == (0 if high_first else 1)


@pytest.mark.parametrize(
    ("vira", "manilha"),
    [
        ("4C", "5"),
        ("5D", "6"),
        ("6D", "7"),
        ("7S", "Q"),
        ("QH", "J"),
        ("JC", "K"),
        ("KD", "A"),
        ("AS", "2"),
        ("2H", "3"),
        ("3C", "4"),
    ],
)
def test_truco_the_manilha_is_the_rank_after_the_vira_round_from_3_to_4(
    vira: str, manilha: str
) -> None:
    hand = hand_of(given(*dealt(truco(), truco_deal({}, vira=vira))))
    assert hand.manilha == manilha


@pytest.mark.parametrize(
    ("vira", "played", "winner"),
    [
        ("4C", ("3H", "5D", "3S", "2C"), 1),  # the lowest manilha beats a 3
        ("3H", ("3S", "2C", "4D", "AH"), 2),  # vira 3: the 4 is the manilha
        ("7S", ("KH", "QD", "3C", "AH"), 1),  # vira 7: the Q
        ("KD", ("3C", "2H", "KH", "AS"), 3),  # vira K: the A
    ],
)
def test_truco_a_manilha_beats_every_other_card(
    vira: str, played: tuple[str, ...], winner: int
) -> None:
    assert first_round(vira, *played).tricks[-1].winner == winner


@pytest.mark.parametrize(
    ("played", "winner"),
    [
        (("5D", "5S", "5H", "5C"), 3),
        (("5C", "5H", "5S", "5D"), 0),
        (("5D", "5S", "4H", "4D"), 1),
        (("5H", "5S", "4H", "4D"), 0),
        (("6D", "5H", "4H", "5C"), 3),
    ],
)
def test_truco_the_manilhas_rank_ouros_espadas_copas_paus(
    played: tuple[str, ...], winner: int
) -> None:
    assert first_round("4C", *played).tricks[-1].winner == winner


def test_truco_two_rounds_won_win_the_hand_worth_1() -> None:
    history = table(A_STRONG, "0 3H", "1 7H", "2 4H", "3 6H", "0 2H", "1 7S", "2 4S", "3 6S")
    assert history.events[-1] == HandEnded(
        at=AT,
        number=1,
        outcome="tricks",
        kind=None,
        winner="A",
        points=1,
        bonus_applied=0,
        sums=None,
        by_seat=None,
        opener=0,
        recorded_as="plays",
        started_at=AT,
        dealer=3,
        tricks=PerTeam(2, 0),
    )
    assert history.state.score == {"A": 1, "B": 0}


def test_truco_the_winner_of_a_round_leads_the_next() -> None:
    history = table(TIES, "0 AH", "1 2S", "2 4H", "3 6H")
    assert (hand_of(history).tricks[-1].winner, history.state.turn) == (1, 1)
    history.when(card(0, "3H")).raises("not-your-turn")


@pytest.mark.parametrize(
    ("played", "winner"),
    [(("3H", "6H", "3S", "6S"), 0), (("4H", "3H", "6H", "3S"), 1)],
)
def test_truco_equal_cards_of_partners_are_no_tie_the_first_played_takes_the_round(
    played: tuple[str, ...], winner: int
) -> None:
    hand = first_round("KD", *played)
    assert (hand.tricks[-1].winner, hand.leader) == (winner, winner)


def test_truco_a_round_whose_strongest_cards_are_of_both_teams_is_tied() -> None:
    hand = first_round("4C", "3H", "3S", "4H", "6H")
    assert (hand.tricks[-1].winner, hand.tricks[-1].team, hand.won) == (None, None, PerTeam())


def test_truco_after_a_tied_round_the_seat_that_led_it_leads_again() -> None:
    history = table(MIDDLE_TIE, "0 4H", "1 3S", "2 3H", "3 6H")
    assert hand_of(history).tricks[-1].winner is None
    assert history.state.turn == 0
    history.when(card(1, "6S")).raises("not-your-turn")


def test_truco_a_tied_first_round_goes_to_the_winner_of_the_second() -> None:
    history = table(TIES, "0 3H", "1 3S", "2 4H", "3 6H", "0 AH", "1 2S", "2 4S", "3 6S")
    ended = hand_end(history.events)
    assert (ended.outcome, ended.winner, ended.points, ended.tricks) == (
        "tricks",
        "B",
        1,
        PerTeam(0, 1),
    )


def test_truco_a_tied_second_round_goes_to_the_winner_of_the_first() -> None:
    history = table(TIES, "0 3H", "1 AS", "2 4H", "3 6H", "0 2H", "1 2S", "2 4S", "3 6S")
    ended = hand_end(history.events)
    assert (ended.winner, ended.points, ended.tricks) == ("A", 1, PerTeam(1, 0))


@pytest.mark.parametrize(
    ("round_1", "round_2", "round_3", "first_rounds_winner"),
    [
        (
            ("0 2H", "1 AS", "2 4H", "3 6H"),  # seat 0's 2 takes the first round
            ("0 AH", "1 2S", "2 4S", "3 6S"),  # seat 1's 2 the second
            ("1 3S", "2 4D", "3 6D", "0 3H"),  # the 3s tie the third
            "A",
        ),
        (
            ("0 AH", "1 2S", "2 4H", "3 6H"),  # seat 1's 2 takes the first round
            ("1 AS", "2 4S", "3 6S", "0 2H"),  # seat 0's 2 the second
            ("0 3H", "1 3S", "2 4D", "3 6D"),  # the 3s tie the third
            "B",
        ),
    ],
    ids=["A-took-the-first", "B-took-the-first"],
)
def test_truco_a_tied_third_round_after_one_round_each_goes_to_the_first_rounds_winner(
    round_1: tuple[str, ...],
    round_2: tuple[str, ...],
    round_3: tuple[str, ...],
    first_rounds_winner: str,
) -> None:
    ended = hand_end(table(TIES, *round_1, *round_2, *round_3).events)
    assert (ended.winner, ended.points, ended.tricks) == (first_rounds_winner, 1, PerTeam(1, 1))


def test_truco_two_tied_rounds_go_to_the_winner_of_the_third() -> None:
    ties = ("0 3H", "1 3S", "2 4H", "3 6H", "0 2H", "1 2S", "2 4S", "3 6S")
    history = table(TIES_THEN_MANILHA, *ties, "0 AH", "1 AS", "2 4D", "3 5D")
    ended = hand_end(history.events)
    assert (ended.winner, ended.points, ended.tricks) == ("B", 1, PerTeam(0, 1))


def test_truco_three_tied_rounds_are_an_empate_and_nobody_scores() -> None:
    ties = ("0 3H", "1 3S", "2 4H", "3 6H", "0 2H", "1 2S", "2 4S", "3 6S")
    history = table(TIES, *ties, "0 AH", "1 AS", "2 4D", "3 6D")
    ended = hand_end(history.events)
    assert (ended.outcome, ended.winner, ended.points) == ("empate", None, 0)
    state = history.state
    assert (state.score, state.pending_bonus, state.next_dealer) == ({"A": 0, "B": 0}, 0, 0)


def test_truco_no_card_is_played_covered_in_the_first_round() -> None:
    table(COVER).when(card(0, "3H", covered=True)).raises("covered-not-allowed")


def test_truco_a_card_may_be_played_covered_from_the_second_round() -> None:
    history = table(COVER, "0 3H", "1 7S", "2 AH", "3 6D")
    history.when(card(0, "3D", covered=True)).then(
        CardPlayed(at=AT, seat=0, card="3D", covered=True)
    )


def test_truco_a_covered_card_is_worth_nothing() -> None:
    """Seat 0 covers a 3 and seat 2 a 2: seat 1's 6 takes the round."""
    round_1 = ("0 3H", "1 7S", "2 AH", "3 6D")
    hand = hand_of(table(COVER, *round_1, "0 3D covered", "1 6S", "2 2D covered", "3 6H"))
    assert (hand.tricks[-1].winner, hand.won) == (1, PerTeam(1, 1))


def test_truco_the_rules_say_from_which_round_a_card_may_be_covered() -> None:
    round_1 = ("0 3H", "1 7S", "2 AH", "3 6D")
    table(COVER, *round_1, covered_from_round=3).when(card(0, "3D", covered=True)).raises(
        "covered-not-allowed"
    )
    table(COVER, covered_from_round=1).when(card(0, "3H", covered=True)).then(
        CardPlayed(at=AT, seat=0, card="3H", covered=True)
    )


def test_truco_a_card_is_played_in_turn() -> None:
    table(TIES).when(card(2, "4H")).raises("not-your-turn")


def test_truco_a_card_not_held_is_refused() -> None:
    table(TIES).when(card(0, "3S")).raises("card-not-in-hand")


@pytest.mark.parametrize("text", ["8H", "H3", "10C"])
def test_truco_a_card_outside_the_deck_is_an_invalid_card(text: str) -> None:
    table(TIES).when(card(0, text)).raises("invalid-card")


def test_truco_a_card_is_played_only_during_a_hand() -> None:
    given(truco()).when(card(0, "3H")).raises("hand-not-started")

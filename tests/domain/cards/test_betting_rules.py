"""Given/when/then for the decisions of the betting games (docs/rules-decisions.md, P1-P19
and H1-H10), each test named by the rule it checks, on hand-made deals."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest

from domain import decide, evolve
from domain.cards.betting.commands import (
    Bet,
    CloseSession,
    DealBetting,
    RecordNet,
    SwapCards,
    TurnBoard,
)
from domain.cards.betting.hand import BettingHand
from domain.cards.betting.view import betting_fields
from domain.cards.poker.variant import deck_for
from domain.errors import DomainError
from domain.match.commands import Command, CreateMatch, UndoLastMove
from domain.match.state import INITIAL, Match

AT = datetime(2026, 11, 24, 20, 0, tzinfo=UTC)
BOARD = ["2S", "3D", "9C", "10H", "KC"]
HOLES = [["AH", "KD"], ["7C", "7S"], ["QH", "JH"], ["2D", "9S"], ["4C", "4D"], ["5H", "6H"]]


def table(game: str, seats: int, **rules: Any) -> Match:
    state = INITIAL
    create = CreateMatch(
        at=AT, preset=game, seats=[f"p{n}" for n in range(seats)], actor="x", overrides=rules
    )
    for event in decide(create, state):
        state = evolve(state, event)
    return state


def play(state: Match, *commands: Command) -> Match:
    for command in commands:
        for event in decide(command, state):
            state = evolve(state, event)
    return state


def hand(state: Match) -> BettingHand:
    assert isinstance(state.hand, BettingHand)
    return state.hand


def refused(state: Match, command: Command) -> str:
    with pytest.raises(DomainError) as caught:
        decide(command, state)
    return caught.value.code


def holdem(seats: int, dealer: int, stacks: list[int] | None = None, **rules: Any) -> Match:
    state = table("texas-holdem", seats, **rules)
    deal = DealBetting(
        at=AT,
        hands=HOLES[:seats],
        dealer=dealer,
        stacks=stacks or [1000] * seats,
        stock=BOARD,
    )
    return play(state, deal)


def bet(seat: int, action: str, to: int | None = None) -> Bet:
    return Bet(at=AT, seat=seat, action=action, to=to)


def test_h1_heads_up_the_dealer_posts_the_small_blind_acts_first_before_the_flop_last_after() -> (
    None
):
    state = holdem(2, dealer=0)
    assert hand(state).put == (10, 20)
    assert state.turn == 0
    state = play(state, bet(0, "cover"), bet(1, "check"))
    assert hand(state).street == "flop"
    assert state.turn == 1


def test_h2_blinds_then_the_seat_after_the_big_blind_and_after_the_flop_after_the_dealer() -> None:
    state = holdem(4, dealer=3)
    assert hand(state).put == (10, 20, 0, 0)
    assert state.turn == 2
    state = play(state, bet(2, "cover"), bet(3, "cover"), bet(0, "cover"), bet(1, "check"))
    assert (hand(state).street, state.turn) == ("flop", 0)
    state = play(state, bet(0, "fold"))
    state = play(state, bet(1, "check"), bet(2, "check"), bet(3, "check"))
    assert (hand(state).street, state.turn) == ("turn", 1)  # the first seat still in


def test_the_big_blind_may_raise_when_everyone_just_called() -> None:
    state = holdem(3, dealer=2)
    state = play(state, bet(2, "cover"), bet(0, "cover"))
    assert state.turn == 1
    assert hand(state).may_raise(1)
    state = play(state, bet(1, "bet_to", 60))
    assert hand(state).level == 60


def test_h3_a_limit_table_bets_the_fixed_size_and_raises_four_times_at_most() -> None:
    state = holdem(3, dealer=2, betting="limit")
    assert refused(state, bet(2, "bet_to", 60)) == "fixed-limit"  # 20 + 20 only
    state = play(state, bet(2, "bet_to", 40), bet(0, "bet_to", 60), bet(1, "bet_to", 80))
    state = play(state, bet(2, "bet_to", 100))  # the fourth raise over the big blind
    assert refused(state, bet(0, "bet_to", 120)) == "raise-cap"
    state = play(state, bet(0, "cover"), bet(1, "cover"))
    assert hand(state).street == "flop"
    state = play(state, bet(0, "check"), bet(1, "check"))
    state = play(state, bet(2, "check"))
    assert hand(state).street == "turn"
    assert refused(state, bet(0, "bet_to", 20)) == "fixed-limit"  # two big blinds now
    state = play(state, bet(0, "bet_to", 40))
    assert hand(state).level == 40


def test_h4_no_limit_least_bets_and_raises() -> None:
    state = holdem(3, dealer=2)
    assert refused(state, bet(2, "bet_to", 30)) == "raise-too-small"  # 20 + 20 at least
    state = play(state, bet(2, "bet_to", 100))  # a raise of 80
    assert refused(state, bet(0, "bet_to", 150)) == "raise-too-small"
    state = play(state, bet(0, "bet_to", 180), bet(1, "fold"), bet(2, "cover"))
    assert (hand(state).street, hand(state).full_raise) == ("flop", 20)
    state = play(state, bet(0, "check"), bet(2, "check"))
    assert (hand(state).street, hand(state).full_raise) == ("turn", 40)  # two big blinds
    assert refused(state, bet(0, "bet_to", 30)) == "raise-too-small"


def test_h5_a_short_all_in_does_not_reopen_the_betting() -> None:
    state = holdem(3, dealer=2, stacks=[1000, 1000, 130])
    state = play(state, bet(2, "cover"), bet(0, "bet_to", 100), bet(1, "cover"))
    state = play(state, bet(2, "all_in"))  # to 130: 30 more, short of a full raise of 80
    assert state.turn == 0
    assert not hand(state).may_raise(0)
    assert refused(state, bet(0, "bet_to", 300)) == "betting-closed"
    assert refused(state, bet(0, "all_in")) == "betting-closed"
    state = play(state, bet(0, "cover"))
    assert hand(state).bets[0] == 130


def test_h5b_two_short_all_ins_that_add_up_to_a_full_raise_reopen_it() -> None:
    state = holdem(5, dealer=4, stacks=[1000, 1000, 1000, 150, 200])
    state = play(state, bet(2, "bet_to", 100))  # a raise of 80: the full raise
    state = play(state, bet(3, "all_in"))  # to 150: 50 more, short
    state = play(state, bet(4, "all_in"))  # to 200: 50 more, short; 100 since seat 2 acted
    state = play(state, bet(0, "fold"), bet(1, "cover"))
    assert state.turn == 2
    assert hand(state).may_raise(2)
    assert hand(state).full_raise == 80  # the last full raise stays the least
    state = play(state, bet(2, "bet_to", 280))
    assert hand(state).level == 280


def test_h5c_a_big_blind_posted_short_is_all_in_and_the_others_call_the_full_blind() -> None:
    state = holdem(3, dealer=0, stacks=[500, 500, 5])
    assert hand(state).put == (0, 10, 5)
    assert hand(state).to_call(0) == 20


def test_h5d_heads_up_a_big_blind_all_in_below_the_small_blind_leaves_nothing_owed() -> None:
    # given blinds of 5 and 10, the dealer (seat 0, the small blind) with 500, seat 1 with 3
    state = table("texas-holdem", 2, big_blind=10)
    deal = DealBetting(at=AT, hands=HOLES[:2], dealer=0, stacks=[500, 3])
    # when the hand is dealt (no board posted)
    state = play(state, deal)
    # then seat 0 already covers the all-in and nobody could answer a bet: no turn, the
    # board is due at once
    assert hand(state).put == (5, 3)
    assert (state.turn, hand(state).to_call(0)) == (None, 0)
    assert hand(state).phase == "board"
    assert refused(state, bet(0, "check")) == "board-pending"
    # and when the board runs out, the 2 chips above the all-in go back to seat 0
    state = play(state, TurnBoard(at=AT, cards=BOARD[:3]))
    state = play(state, TurnBoard(at=AT, cards=BOARD[3:4]), TurnBoard(at=AT, cards=BOARD[4:]))
    assert state.hand is None
    details = json.loads(state.hands[-1].details or "{}")
    assert details["pots"] == [
        {"amount": 6, "seats": [0, 1], "winners": [0]},  # A-K: a pair of kings
        {"amount": 2, "seats": [0], "winners": [0]},
    ]
    assert details["stacks"] == [503, 0]


def test_h5d_with_the_board_posted_the_hand_is_shown_down_at_the_deal() -> None:
    state = table("texas-holdem", 2, big_blind=10)
    deal = DealBetting(at=AT, hands=HOLES[:2][::-1], dealer=0, stacks=[500, 3], stock=BOARD)
    state = play(state, deal)
    assert state.hand is None
    assert dict(state.hands[-1].scores) == {"0": -3, "1": 3}  # 7-7 beats K-high: 3 won
    assert json.loads(state.hands[-1].details or "{}")["stacks"] == [497, 6]


def test_h5d_multi_way_h5c_holds_while_some_seat_can_still_bet() -> None:
    # given three seats, blinds 5/10: the big blind (seat 2) all in for 3
    state = table("texas-holdem", 3, big_blind=10)
    state = play(state, DealBetting(at=AT, hands=HOLES[:3], dealer=0, stacks=[500, 500, 3]))
    # then seat 0 faces the small blind, who could answer a bet: it calls the full blind
    assert (state.turn, hand(state).to_call(0)) == (0, 10)
    # when it calls, the small blind still owes the rest of the big blind (H5c)
    called = play(state, bet(0, "cover"))
    assert (called.turn, hand(called).to_call(1)) == (1, 5)
    # when it folds instead, the small blind covers the all-in and faces nobody who could
    # answer a bet: it owes nothing and the hand runs to the board (H5d)
    folded = play(state, bet(0, "fold"))
    assert (folded.turn, hand(folded).phase, hand(folded).to_call(1)) == (None, "board", 0)


def test_h5d_a_lone_seat_owes_only_the_largest_all_in_it_faces() -> None:
    # given three seats, blinds 5/10: seat 0 with 7, the big blind (seat 2) all in for 3
    state = table("texas-holdem", 3, big_blind=10)
    state = play(state, DealBetting(at=AT, hands=HOLES[:3], dealer=0, stacks=[7, 500, 3]))
    # when seat 0 calls all in for 7
    state = play(state, bet(0, "cover"))
    # then the small blind, the only seat with chips, owes 2 (to 7), not 5 (to 10)
    assert (state.turn, hand(state).to_call(1)) == (1, 2)
    assert refused(state, bet(1, "check")) == "bet-pending"
    assert refused(state, bet(1, "bet_to", 20)) == "nobody-to-raise"
    state = play(state, bet(1, "all_in"))  # covers the 2, the rest stays behind
    assert hand(state).put == (7, 7, 3)
    assert hand(state).stacks[1] == 493


def test_h6_the_button_moves_to_the_next_seat_dealt_in() -> None:
    state = table("texas-holdem", 4)
    first = DealBetting(
        at=AT, hands=HOLES[:3], dealer=0, dealt=[0, 2, 3], stacks=[1000] * 4, stock=BOARD
    )
    state = play(state, first)
    assert hand(state).put == (0, 0, 10, 20)  # blinds: the seats dealt in after the dealer
    state = play(state, bet(0, "fold"), bet(2, "fold"))
    second = DealBetting(at=AT, hands=HOLES[:3], dealt=[0, 2, 3], stock=BOARD)
    state = play(state, second)
    assert hand(state).dealer == 2  # seat 1 sits out: the button passes it


def test_h7_an_odd_big_blind_makes_a_small_blind_rounded_down() -> None:
    state = holdem(3, dealer=2, big_blind=25)
    assert hand(state).put[:2] == (12, 25)


def test_p1_the_short_deck_follows_the_seats_dealt_in() -> None:
    assert [len(deck_for(n)) for n in (2, 4, 5, 6, 7, 8)] == [32, 32, 36, 36, 40, 44]
    assert deck_for(5) is deck_for(6)  # one tuple a deck: `in_deck` knows it by identity
    state = table("poker", 4)
    deal = DealBetting(
        at=AT,
        hands=[
            ["6H", "AH", "KH", "QH", "JH"],
            *(list(deck_for(4)[5 * n : 5 * n + 5]) for n in (2, 3, 4)),
        ],
        dealer=3,
    )
    assert refused(state, deal) == "invalid-card"


def poker(seats: int, dealer: int, **rules: Any) -> Match:
    deck = list(deck_for(seats))
    state = table("poker", seats, **rules)
    deal = DealBetting(
        at=AT,
        hands=[deck[5 * n : 5 * n + 5] for n in range(seats)],
        dealer=dealer,
        stacks=[500] * seats,
        stock=deck[5 * seats :],
    )
    return play(state, deal)


def test_p3_p5_mesa_all_round_then_the_exchange_and_the_second_round_after_the_dealer() -> None:
    state = poker(3, dealer=1, pingo=10)
    assert hand(state).put == (10, 10, 10)
    assert state.turn == 2
    state = play(state, bet(2, "check"), bet(0, "check"), bet(1, "check"))
    assert (hand(state).phase, state.turn) == ("draw", 2)
    state = play(state, *(SwapCards(at=AT, seat=s, thrown=[]) for s in (2, 0, 1)))
    assert (hand(state).street, state.turn) == ("bet2", 2)


def test_p4_least_bet_least_raise_and_the_table_limit() -> None:
    state = poker(3, dealer=1, minimum=20, limit=200)
    assert refused(state, bet(2, "bet_to", 10)) == "raise-too-small"
    state = play(state, bet(2, "bet_to", 50))
    assert refused(state, bet(0, "bet_to", 70)) == "raise-too-small"  # 50 more at least
    assert refused(state, bet(0, "bet_to", 250)) == "over-table-limit"
    state = play(state, bet(0, "bet_to", 200))
    assert refused(state, bet(1, "all_in")) == "over-table-limit"


def test_p15_a_fold_when_a_check_was_possible() -> None:
    state = poker(2, dealer=1)
    state = play(state, bet(0, "fold"))
    assert state.hand is None
    assert state.hands[-1].outcome == "fold"


def test_p16_a_short_cover_is_an_all_in_call() -> None:
    state = holdem(2, dealer=0, stacks=[1000, 100])
    state = play(state, bet(0, "bet_to", 300))
    state = play(state, bet(1, "cover"))
    assert state.hand is None  # both all in or matched: the board ran out
    ended = state.hands[-1]
    assert sum(dict(ended.scores).values()) == 0
    assert {abs(v) for v in dict(ended.scores).values()} == {100}


def test_p16_nobody_to_raise_when_every_other_seat_is_all_in() -> None:
    state = holdem(2, dealer=0, stacks=[1000, 100])
    state = play(state, bet(0, "cover"), bet(1, "all_in"))
    assert refused(state, bet(0, "bet_to", 500)) == "nobody-to-raise"
    state = play(state, bet(0, "all_in"))  # covers the 80 owed, no more
    ended = state.hands[-1]
    assert max(abs(v) for v in dict(ended.scores).values()) == 100


def test_p17_a_session_closed_between_hands_places_by_final_stack() -> None:
    state = table("poker", 3)
    assert refused(state, CloseSession(at=AT)) == "nothing-to-close"
    state = play(state, RecordNet(at=AT, net={"0": -30, "1": 50, "2": -20}, stacks=[100] * 3))
    state = play(state, CloseSession(at=AT))
    assert state.status == "finished"
    assert state.places == (("1",), ("2",), ("0",))


def test_p17_one_seat_with_every_chip_ends_the_session() -> None:
    state = table("poker", 2)
    state = play(state, RecordNet(at=AT, net={"0": 100, "1": -100}, stacks=[100, 100]))
    assert state.status == "finished"
    assert state.winner == "0"


def test_p18_a_result_sums_to_zero_and_no_seat_loses_more_than_it_has() -> None:
    state = table("poker", 3)
    assert refused(state, RecordNet(at=AT, net={"0": 10, "1": -5})) == "invalid-result"
    assert refused(state, RecordNet(at=AT, net={"0": 2000, "1": -2000})) == "invalid-result"
    state = play(state, RecordNet(at=AT, net={"0": 10, "1": -10}))  # the rules' 1000 each
    assert state.hands[-1].details is not None


def test_p10_p11_stacks_are_topped_up_never_cut_and_a_seat_may_sit_out() -> None:
    state = table("texas-holdem", 3)
    state = play(state, RecordNet(at=AT, net={"0": 100, "1": -100}, stacks=[500] * 3))
    cut = DealBetting(at=AT, hands=HOLES[:3], stacks=[600, 300, 400], stock=BOARD)
    assert refused(state, cut) == "invalid-stacks"
    sit_out = DealBetting(at=AT, hands=HOLES[:2], dealt=[0, 2], stacks=[600, 400, 900], stock=BOARD)
    state = play(state, sit_out)
    assert hand(state).dealt == (0, 2)
    assert hand(state).stacks[1] == 400  # topped up, not dealt in


def test_p10_the_cacife_keeps_a_short_stack_out() -> None:
    state = table("poker", 3, cacife=200)
    deck = list(deck_for(3))
    deal = DealBetting(
        at=AT, hands=[deck[:5], deck[5:10], deck[10:15]], stacks=[500, 150, 500], dealt=[0, 1, 2]
    )
    assert refused(state, deal) == "not-enough-chips"


def test_p12_the_first_hand_names_its_dealer_and_then_the_button_moves() -> None:
    state = holdem(3, dealer=1)
    state = play(state, bet(1, "fold"), bet(2, "fold"))  # the blinds are seats 2 and 0
    assert state.hands[-1].dealer == 1
    wrong = DealBetting(at=AT, hands=HOLES[:3], dealer=1, stock=BOARD)
    assert refused(state, wrong) == "wrong-dealer"
    state = play(state, DealBetting(at=AT, hands=HOLES[:3], dealer=2, stock=BOARD))
    assert hand(state).dealer == 2


def test_p19_a_bet_is_taken_back_an_exchange_from_a_known_stock_is_not() -> None:
    state = holdem(3, dealer=2)
    before = hand(state)
    after = play(state, bet(2, "bet_to", 60), UndoLastMove(at=AT))
    assert (hand(after).bets, hand(after).turn) == (before.bets, before.turn)
    state = poker(2, dealer=1)
    state = play(state, bet(0, "check"), bet(1, "check"))
    thrown = list(hand(state).hands[0][:2])
    state = play(state, SwapCards(at=AT, seat=0, thrown=thrown))
    assert refused(state, UndoLastMove(at=AT)) == "nothing-to-undo"


def test_three_all_ins_of_three_sizes_conserve_every_chip_in_side_pots() -> None:
    state = holdem(3, dealer=2, stacks=[300, 200, 100])
    state = play(state, bet(2, "all_in"), bet(0, "all_in"), bet(1, "all_in"))
    ended = state.hands[-1]
    assert ended.details is not None
    details = json.loads(ended.details)
    assert sum(details["stacks"]) == 600
    assert sum(dict(ended.scores).values()) == 0
    assert [p["amount"] for p in details["pots"]] == [300, 200, 100]  # the last returned


def test_p18_a_result_pays_no_seat_more_than_its_stack_covered() -> None:
    """The seed's fair play: "o jogador não recebe de outros jogadores um valor maior do que
    o coberto por ele próprio". Heads-up with 100 against 1000, the short stack wins 100 at
    most, as in play (a review found 500 accepted, 2026-11-29)."""
    state = table("poker", 2)
    beyond = RecordNet(at=AT, net={"0": 500, "1": -500}, stacks=[100, 1000])
    assert refused(state, beyond) == "invalid-result"
    state = play(state, RecordNet(at=AT, net={"0": 100, "1": -100}, stacks=[100, 1000]))
    assert dict(state.hands[-1].scores) == {"0": 100, "1": -100}


def test_p18_a_big_stack_loses_no_more_than_the_largest_other_stack_calls() -> None:
    """Whatever seat 2 bets above 100 nobody can call: it goes back (P6), so seat 2 loses 100
    at most (200 was accepted, each winner's 100 covered; found by a review, 2026-11-29)."""
    state = table("poker", 3)
    beyond = RecordNet(at=AT, net={"0": 100, "1": 100, "2": -200}, stacks=[100, 100, 1000])
    assert refused(state, beyond) == "invalid-result"
    split = RecordNet(at=AT, net={"0": 50, "1": 50, "2": -100}, stacks=[100, 100, 1000])
    assert dict(play(state, split).hands[-1].scores) == {"0": 50, "1": 50, "2": -100}


def test_p18_a_seat_that_won_back_its_losses_covers_too() -> None:
    """Net 0 is a seat in the hand: the short stack took 75 from each of the others and the
    third won its 75 back from the second, so the short stack's 150 was covered."""
    state = table("poker", 3)
    played = RecordNet(at=AT, net={"0": 150, "1": -150, "2": 0}, stacks=[100, 1000, 1000])
    assert dict(play(state, played).hands[-1].scores) == {"0": 150, "1": -150, "2": 0}
    alone = RecordNet(at=AT, net={"0": 150, "1": -150}, stacks=[100, 1000, 1000])
    assert refused(state, alone) == "invalid-result"


def test_p10_p18_a_result_deals_in_no_seat_below_the_cacife() -> None:
    """A seat a deal could not name (150 chips, a cacife of 200) played no hand recorded by its
    result either (a review found it accepted, 2026-11-29)."""
    state = table("poker", 3, cacife=200)
    short = RecordNet(at=AT, net={"0": 50, "1": -50}, stacks=[500, 150, 500])
    assert refused(state, short) == "not-enough-chips"
    played = play(state, RecordNet(at=AT, net={"0": 50, "2": -50}, stacks=[500, 150, 500]))
    assert dict(played.hands[-1].scores) == {"0": 50, "2": -50}


def shown_pots(state: Match) -> list[tuple[int, list[int]]]:
    return [(p.amount, p.seats) for p in betting_fields(hand(state), frozenset())["pots"]]


def test_p6_a_hand_being_bet_shows_one_pot_until_a_seat_is_all_in() -> None:
    """Before anyone is all in every seat still in may win the one pot, whatever it has put
    so far (the view layered the blinds into side pots and left out the seats yet to act,
    a review found, 2026-11-29)."""
    assert shown_pots(holdem(4, dealer=3)) == [(30, [0, 1, 2, 3])]


def test_p6_a_pot_ends_where_a_seat_still_in_can_put_no_more() -> None:
    """A side pot begins at an all-in's cap, and at a short stack's: each pot lists the seats
    that can reach its top (a seat with 50 chips in all was shown contesting a pot of 530;
    a review found it, 2026-11-29)."""
    state = holdem(3, dealer=2, stacks=[300, 200, 100])
    state = play(state, bet(2, "all_in"))
    assert shown_pots(state) == [(130, [0, 1, 2])]
    state = play(state, bet(0, "all_in"))
    assert shown_pots(state) == [(220, [0, 1, 2]), (100, [0, 1]), (100, [0])]
    short = play(holdem(3, dealer=2, stacks=[1000, 50, 500]), bet(2, "all_in"))
    assert shown_pots(short) == [(80, [0, 1, 2]), (450, [0, 2])]

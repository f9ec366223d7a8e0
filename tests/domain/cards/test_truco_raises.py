"""Truco raises: truco 3, seis 6, nove 9, doze 12, one step at a time, never twice in a row
by one team; accepting, running, raising again; the mão de 11 and the mão de ferro."""

import pytest

from domain import (
    CallRaise,
    DealCards,
    HandEnded,
    MatchCommand,
    MatchFinished,
    MoveUndone,
    Raise,
    RaiseAccepted,
    RaiseCalled,
    Team,
    UndoLastMove,
)
from domain.cards.tricks.events import CardPlayed
from domain.cards.truco.commands import PlayByPosition, RaiseCall
from domain.cards.truco.hand import TrucoHand
from tests.domain.builders import AT
from tests.domain.cards.builders import (
    accept,
    after,
    call,
    card,
    cards,
    dealt,
    hand_end,
    run_from,
    truco,
    won_hand,
)
from tests.domain.spec import Given, given

# vira 4C; played "0 3H", "1 7H", "2 4H", "3 6H", "0 2H", "1 7S", "2 4S", "3 6S", team A
# takes the first two rounds.
A_STRONG = (("3H", "2H", "AH"), ("7H", "7S", "7D"), ("4H", "4S", "4D"), ("6H", "6S", "6D"))
TWO_ROUNDS = ("0 3H", "1 7H", "2 4H", "3 6H", "0 2H", "1 7S", "2 4S", "3 6S")
LADDER: list[RaiseCall] = ["truco", "seis", "nove", "doze"]
DEAL = DealCards(at=AT, hands=[list(h) for h in A_STRONG], vira="4C")


def table(*commands: MatchCommand, before: tuple[HandEnded, ...] = ()) -> Given:
    """A_STRONG dealt by the seat due (seat 3 when nothing came `before`), then `commands`."""
    return given(*after(dealt(truco(), DEAL, *before), *commands))


def hand_of(history: Given) -> TrucoHand:
    hand = history.state.hand
    assert isinstance(hand, TrucoHand)
    return hand


def counter_raises(count: int) -> list[CallRaise]:
    """Seats 0 and 1 raising against each other: truco, seis, nove, doze."""
    return [call(i % 2, LADDER[i]) for i in range(count)]


def test_truco_the_seat_in_turn_may_call_truco_before_playing() -> None:
    table().when(call(0, "truco")).then(RaiseCalled(at=AT, seat=0, value=3))


def test_truco_a_raise_is_answered_by_the_next_seat() -> None:
    history = table(call(0, "truco"))
    hand = hand_of(history)
    assert (hand.value, hand.pending, history.state.turn) == (1, Raise(0, 3), 1)


def test_truco_only_the_seat_in_turn_may_raise() -> None:
    table().when(call(1, "truco")).raises("not-your-turn")
    table(card(0, "3H")).when(call(0, "truco")).raises("not-your-turn")


@pytest.mark.parametrize("wrong", ["seis", "nove", "doze"])
def test_truco_the_first_raise_is_truco(wrong: RaiseCall) -> None:
    table().when(call(0, wrong)).raises("wrong-raise")


def test_truco_no_card_is_played_while_a_raise_waits_for_its_answer() -> None:
    history = table(call(0, "truco"))
    history.when(card(0, "3H")).raises("raise-pending")
    history.when(card(1, "7H")).raises("raise-pending")


def test_truco_an_accepted_truco_makes_the_hand_worth_3() -> None:
    table(call(0, "truco")).when(accept(1)).then(RaiseAccepted(at=AT, seat=1, value=3))
    history = table(call(0, "truco"), accept(1), *cards(*TWO_ROUNDS))
    ended = hand_end(history.events)
    assert (ended.winner, ended.points, ended.raises) == ("A", 3, (Raise(0, 3),))


def test_truco_after_an_acceptance_the_raiser_plays_its_card() -> None:
    history = table(call(0, "truco"), accept(3))
    assert (hand_of(history).value, hand_of(history).pending, history.state.turn) == (3, None, 0)


@pytest.mark.parametrize("seat", [1, 3])
def test_truco_either_seat_of_the_other_team_may_answer(seat: int) -> None:
    table(call(0, "truco")).when(accept(seat)).then(RaiseAccepted(at=AT, seat=seat, value=3))


@pytest.mark.parametrize("answer", [accept(2), run_from(0), call(2, "seis")])
def test_truco_the_raising_team_does_not_answer_its_own_raise(answer: MatchCommand) -> None:
    table(call(0, "truco")).when(answer).raises("not-answering-team")


@pytest.mark.parametrize("answer", [accept(1), run_from(1)])
def test_truco_an_answer_needs_a_raise_waiting_for_it(answer: MatchCommand) -> None:
    table().when(answer).raises("no-raise-pending")


def test_truco_a_team_whose_raise_was_accepted_may_not_raise_next() -> None:
    table(call(0, "truco"), accept(1)).when(call(0, "seis")).raises("raise-twice")
    partner_in_turn = table(call(0, "truco"), accept(1), *cards("0 3H", "1 7H"))
    partner_in_turn.when(call(2, "seis")).raises("raise-twice")


def test_truco_the_other_team_may_raise_next() -> None:
    history = table(call(0, "truco"), accept(1), card(0, "3H"))
    history.when(call(1, "seis")).then(RaiseCalled(at=AT, seat=1, value=6))


def test_truco_a_raise_after_an_accepted_one_asks_for_the_next_value() -> None:
    history = table(call(0, "truco"), accept(1), card(0, "3H"))
    history.when(call(1, "nove")).raises("wrong-raise")
    history.when(call(1, "truco")).raises("wrong-raise")


@pytest.mark.parametrize(("raises", "points"), [(1, 1), (2, 3), (3, 6), (4, 9)])
def test_truco_running_gives_the_raising_team_the_hands_value_before_the_raise(
    raises: int, points: int
) -> None:
    history = table(*counter_raises(raises))
    last_raiser = (raises - 1) % 2
    runner = 1 - last_raiser
    (ended,) = history.when(run_from(runner + 2)).decided()
    assert isinstance(ended, HandEnded)
    assert (ended.outcome, ended.winner, ended.points) == ("run", "AB"[last_raiser], points)
    assert (ended.by_seat, ended.raises) == (runner + 2, tuple(hand_of(history).raises))


def test_truco_a_counter_raise_accepts_the_raise_it_answers() -> None:
    history = table(call(0, "truco"), call(1, "seis"))
    hand = hand_of(history)
    assert (hand.value, hand.pending, history.state.turn) == (3, Raise(1, 6), 2)


def test_truco_an_accepted_counter_raise_makes_the_hand_worth_it() -> None:
    history = table(call(0, "truco"), call(3, "seis"), accept(2), *cards(*TWO_ROUNDS))
    ended = hand_end(history.events)
    assert (ended.winner, ended.points, ended.raises) == ("A", 6, (Raise(0, 3), Raise(3, 6)))


@pytest.mark.parametrize("wrong", ["truco", "nove", "doze"])
def test_truco_a_counter_raise_asks_for_the_next_value(wrong: RaiseCall) -> None:
    table(call(0, "truco")).when(call(1, wrong)).raises("wrong-raise")


def test_truco_there_is_no_raise_after_doze() -> None:
    history = table(*counter_raises(4), accept(0))
    assert (hand_of(history).value, history.state.turn) == (12, 0)
    history.when(call(0, "doze")).raises("wrong-raise")
    table(*counter_raises(4)).when(call(2, "doze")).raises("wrong-raise")


def test_truco_a_raise_is_called_during_a_hand() -> None:
    given(truco()).when(call(0, "truco")).raises("hand-not-started")


def test_truco_the_game_goes_to_12_and_the_score_is_kept_as_scored() -> None:
    before = (won_hand(1, "A", 11, dealer=1), won_hand(2, "B", 9, dealer=2))
    history = table(*cards(*TWO_ROUNDS), before=before)
    ended, finished = history.events[-2:]
    assert isinstance(ended, HandEnded)
    assert isinstance(finished, MatchFinished)
    assert (ended.points, finished.winner, finished.score) == (3, "A", {"A": 14, "B": 9})


def test_truco_11_points_do_not_win() -> None:
    history = table(*cards(*TWO_ROUNDS), before=(won_hand(1, "A", 10, dealer=2),))
    assert (history.state.score, history.state.status) == ({"A": 11, "B": 0}, "in_progress")


@pytest.mark.parametrize(("a", "b"), [(11, 0), (5, 11)])
def test_truco_the_mao_de_11_is_worth_3_from_the_start(a: int, b: int) -> None:
    before = (won_hand(1, "A", a, dealer=1), won_hand(2, "B", b, dealer=2))
    hand = hand_of(table(before=before))
    assert (hand.eleven, hand.blind, hand.value) == (True, False, 3)


def test_truco_the_mao_de_11_is_worth_what_the_rules_say() -> None:
    history = given(*dealt(truco(eleven_value=1), DEAL, won_hand(1, "B", 11, dealer=2)))
    assert hand_of(history).value == 1


@pytest.mark.parametrize("seat", [0, 1])
def test_truco_a_raise_in_the_mao_de_11_loses_the_game(seat: int) -> None:
    """Team A is at 11, team B at 5: whoever raises, the other team reaches 12."""
    before = (won_hand(1, "A", 11, dealer=1), won_hand(2, "B", 5, dealer=2))
    called, lost, finished = table(before=before).when(call(seat, "truco")).decided()
    assert called == RaiseCalled(at=AT, seat=seat, value=3)
    assert isinstance(lost, HandEnded)
    assert isinstance(finished, MatchFinished)
    winner: Team = "B" if seat == 0 else "A"
    assert (lost.outcome, lost.winner, lost.by_seat, lost.number) == ("forfeit", winner, seat, 3)
    assert lost.points == (7 if seat == 0 else 1)
    assert (finished.winner, finished.score[winner]) == (winner, 12)


def test_truco_the_mao_de_ferro_is_played_blind_and_worth_3() -> None:
    before = (won_hand(1, "A", 11, dealer=1), won_hand(2, "B", 11, dealer=2))
    hand = hand_of(table(before=before))
    assert (hand.eleven, hand.blind, hand.value) == (True, True, 3)


def test_truco_a_raise_in_the_mao_de_ferro_loses_the_game() -> None:
    before = (won_hand(1, "A", 11, dealer=1), won_hand(2, "B", 11, dealer=2))
    _, lost, finished = table(before=before).when(call(0, "truco")).decided()
    assert isinstance(lost, HandEnded)
    assert isinstance(finished, MatchFinished)
    assert (lost.outcome, lost.winner, lost.points) == ("forfeit", "B", 1)
    assert (finished.winner, finished.score) == ("B", {"A": 11, "B": 12})


def test_truco_a_mao_de_11_played_out_scores_3() -> None:
    history = table(*cards(*TWO_ROUNDS), before=(won_hand(1, "B", 11, dealer=2),))
    ended = hand_end(history.events)
    assert (ended.winner, ended.points) == ("A", 3)
    assert history.state.score == {"A": 3, "B": 11}


def test_truco_the_raise_that_forfeits_a_mao_de_11_is_on_the_hands_record() -> None:
    before = (won_hand(1, "A", 11, dealer=2),)
    _, lost, _ = table(before=before).when(call(0, "truco")).decided()
    assert isinstance(lost, HandEnded)
    assert lost.raises == (Raise(0, 3),)


FERRO = (won_hand(1, "A", 11, dealer=1), won_hand(2, "B", 11, dealer=2))


@pytest.mark.parametrize("position", [0, 1, 2])
def test_truco_a_blind_seat_turns_over_the_card_at_its_position(position: int) -> None:
    blind = table(before=FERRO)
    dealt_to_0 = hand_of(blind).hands[0]
    blind.when(PlayByPosition(at=AT, seat=0, position=position)).then(
        CardPlayed(at=AT, seat=0, card=dealt_to_0[position])
    )


def test_truco_a_blind_seats_positions_count_the_cards_it_still_holds() -> None:
    blind = table(*cards("0 2H", "1 7H", "2 4H", "3 6H"), before=FERRO)
    held = hand_of(blind).hands[0]
    assert held == ("3H", "AH")
    blind.when(PlayByPosition(at=AT, seat=0, position=1)).then(
        CardPlayed(at=AT, seat=0, card=held[1])
    )
    blind.when(PlayByPosition(at=AT, seat=0, position=2)).raises("no-card-there")


def test_truco_a_card_is_played_by_its_position_only_in_the_mao_de_ferro() -> None:
    table().when(PlayByPosition(at=AT, seat=0, position=0)).raises("not-blind")
    table(before=FERRO[1:]).when(PlayByPosition(at=AT, seat=0, position=0)).raises("not-blind")


def test_truco_a_card_turned_face_up_in_the_mao_de_ferro_is_not_taken_back() -> None:
    """Its blind player has seen it: back in the hand, it would tell them what they hold."""
    turned = table(card(0, "2H"), before=FERRO)
    turned.when(UndoLastMove(at=AT)).raises("card-turned-over")
    table(card(0, "2H"), before=FERRO[1:]).when(UndoLastMove(at=AT)).then(
        MoveUndone(at=AT, seat=0, move="card_played", card="2H")
    )


def test_truco_a_covered_card_of_the_mao_de_ferro_may_be_taken_back() -> None:
    covered = table(*cards("0 2H", "1 7H", "2 4H", "3 6H", "0 3H covered"), before=FERRO)
    covered.when(UndoLastMove(at=AT)).then(MoveUndone(at=AT, seat=0, move="card_played"))

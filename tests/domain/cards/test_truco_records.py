"""Truco hands recorded by their result, infractions (a warning, or the hand lost at its
current value), and a card, raise or acceptance taken back."""

from collections.abc import Sequence

import pytest
from msgspec.structs import replace

from domain import (
    DealCards,
    Event,
    HandEnded,
    MatchCommand,
    MatchFinished,
    MoveUndone,
    PenaltyKind,
    PenaltyRecorded,
    PerTeam,
    Raise,
    UndoLastMove,
    fold,
)
from domain.cards.truco.game import TRUCO
from domain.table import Team
from tests.domain.builders import AT
from tests.domain.cards.builders import (
    accept,
    after,
    call,
    card,
    cards,
    dealt,
    penalty,
    run_from,
    sueca_result,
    truco,
    truco_result,
    won_hand,
)
from tests.domain.spec import Given, given

A_STRONG = (("3H", "2H", "AH"), ("7H", "7S", "7D"), ("4H", "4S", "4D"), ("6H", "6S", "6D"))
DEAL = DealCards(at=AT, hands=[list(h) for h in A_STRONG], vira="4C")
UNDO = UndoLastMove(at=AT)
ELEVEN = (won_hand(1, "A", 11, dealer=2),)
FERRO = (won_hand(1, "A", 11, dealer=1), won_hand(2, "B", 11, dealer=2))


def table(*commands: MatchCommand, before: tuple[HandEnded, ...] = (), **rules: int) -> Given:
    return given(*after(dealt(truco(**rules), DEAL, *before), *commands))


def taken_back(seat: int, move: str, card_: str | None = None) -> MoveUndone:
    return MoveUndone(at=AT, seat=seat, move=move, card=card_)


def only_hand_ended(events: Sequence[Event]) -> HandEnded:
    ended = [e for e in events if isinstance(e, HandEnded)]
    assert len(ended) == 1
    return ended[0]


def test_truco_a_result_gives_the_winner_and_what_the_hand_was_worth() -> None:
    given(truco(), won_hand(1, "B", 1, dealer=0)).when(truco_result("A", 3)).then(
        HandEnded(
            at=AT,
            number=2,
            outcome="tricks",
            kind=None,
            winner="A",
            points=3,
            bonus_applied=0,
            sums=None,
            by_seat=None,
            opener=2,
            recorded_as="result",
            started_at=AT,
            dealer=1,
        )
    )


@pytest.mark.parametrize("value", [1, 3, 6, 9, 12])
def test_truco_a_hand_is_worth_1_3_6_9_or_12(value: int) -> None:
    ended = only_hand_ended(given(truco()).when(truco_result("B", value)).decided())
    assert (ended.winner, ended.points) == ("B", value)


@pytest.mark.parametrize("value", [0, 2, 4, 13, None])
def test_truco_a_hand_is_worth_nothing_else(value: int | None) -> None:
    given(truco()).when(truco_result("A", value)).raises("invalid-result")


def test_truco_a_result_names_its_winner() -> None:
    given(truco()).when(truco_result(None, 3)).raises("invalid-result")


def test_truco_a_hand_whose_every_round_tied_scores_nothing_and_carries_nothing() -> None:
    ended = only_hand_ended(given(truco()).when(truco_result(tie=True)).decided())
    assert (ended.outcome, ended.winner, ended.points) == ("empate", None, 0)
    assert given(truco(), ended).state.pending_bonus == 0


def test_truco_a_tied_hand_has_no_winner() -> None:
    given(truco()).when(truco_result("A", 1, tie=True)).raises("invalid-result")


def test_truco_a_result_that_reaches_12_ends_the_game() -> None:
    events = given(truco(), won_hand(1, "A", 9)).when(truco_result("A", 3)).decided()
    assert [type(e) for e in events] == [HandEnded, MatchFinished]


@pytest.mark.parametrize("before", [ELEVEN, FERRO], ids=["mao-de-11", "mao-de-ferro"])
def test_truco_a_mao_de_11_recorded_by_its_result_is_worth_3(
    before: tuple[HandEnded, ...],
) -> None:
    given(truco(), *before).when(truco_result("B", 1)).raises("invalid-result")
    given(truco(), *before).when(truco_result("B", 6)).raises("invalid-result")
    assert only_hand_ended(given(truco(), *before).when(truco_result("B", 3)).decided()).points == 3


def test_truco_a_result_is_recorded_between_hands() -> None:
    table().when(truco_result("A", 1)).raises("hand-in-progress")


def test_truco_a_sueca_result_is_no_truco_result() -> None:
    given(truco()).when(sueca_result(70, 50)).raises("invalid-command")


def test_truco_slow_play_is_a_warning_only() -> None:
    history = table(card(0, "3H"))
    history.when(penalty(1, "slow-play")).then(
        PenaltyRecorded(at=AT, seat=1, kind="slow-play", consequence="warning")
    )


@pytest.mark.parametrize("kind", ["signal", "renounce", "irregular-pass", "tiles-shown"])
def test_truco_signs_and_renounces_are_no_infractions_in_truco(kind: str) -> None:
    table().when(penalty(0, kind)).raises("invalid-penalty")


@pytest.mark.parametrize("kind", ["out-of-turn", "cards-shown"])
def test_truco_out_of_turn_or_cards_shown_lose_the_hand_at_its_value(kind: PenaltyKind) -> None:
    table(card(0, "3H")).when(penalty(1, kind)).then(
        PenaltyRecorded(at=AT, seat=1, kind=kind, consequence="hand-lost"),
        HandEnded(
            at=AT,
            number=1,
            outcome="penalty",
            kind=None,
            winner="A",
            points=1,
            bonus_applied=0,
            sums=None,
            by_seat=1,
            opener=0,
            recorded_as="plays",
            started_at=AT,
            dealer=3,
            tricks=PerTeam(),
        ),
    )


@pytest.mark.parametrize(
    ("commands", "before", "points"),
    [
        ((call(0, "truco"), accept(1)), (), 3),
        ((call(0, "truco"),), (), 1),
        ((call(0, "truco"), call(1, "seis")), (), 3),
        ((call(0, "truco"), call(1, "seis"), accept(2)), (), 6),
        ((), ELEVEN, 3),
        ((), FERRO, 3),
    ],
    ids=["truco", "truco-pending", "seis-pending", "seis", "mao-de-11", "mao-de-ferro"],
)
def test_truco_a_hand_lost_by_an_infraction_is_worth_what_the_hand_is_worth_then(
    commands: tuple[MatchCommand, ...], before: tuple[HandEnded, ...], points: int
) -> None:
    lost = only_hand_ended(
        table(*commands, before=before).when(penalty(3, "cards-shown")).decided()
    )
    assert (lost.winner, lost.points) == ("A", points)


@pytest.mark.parametrize(("before", "points"), [((), 1), (ELEVEN, 3), (FERRO, 3)])
def test_truco_a_hand_lost_between_hands_is_worth_what_the_next_would_be(
    before: tuple[HandEnded, ...], points: int
) -> None:
    lost = only_hand_ended(given(truco(), *before).when(penalty(0, "out-of-turn")).decided())
    assert (lost.winner, lost.points, lost.recorded_as) == ("B", points, "result")


def test_truco_undo_takes_back_the_last_card() -> None:
    history = table(*cards("0 3H", "1 7H"))
    history.when(UNDO).then(taken_back(1, "card_played", "7H"))
    assert given(*history.events, taken_back(1, "card_played", "7H")).state == (
        table(card(0, "3H")).state
    )


def test_truco_undo_takes_back_a_raise() -> None:
    history = table(card(0, "3H"), call(1, "truco"))
    history.when(UNDO).then(taken_back(1, "raise_called"))
    undone = given(*history.events, taken_back(1, "raise_called")).state
    assert undone == table(card(0, "3H")).state
    assert undone.turn == 1


def test_truco_undo_takes_back_an_acceptance() -> None:
    history = table(call(0, "truco"), accept(3))
    history.when(UNDO).then(taken_back(3, "raise_accepted"))
    undone = given(*history.events, taken_back(3, "raise_accepted")).state
    assert undone == table(call(0, "truco")).state


def test_truco_undo_of_a_counter_raise_leaves_the_first_raise_waiting() -> None:
    history = table(call(0, "truco"), call(1, "seis"))
    undone = given(*history.events, *history.when(UNDO).decided()).state
    assert undone == table(call(0, "truco")).state


def test_truco_undo_of_a_round_taking_card_takes_the_round_back() -> None:
    history = table(*cards("0 3H", "1 7H", "2 4H", "3 6H"))
    undone = given(*history.events, *history.when(UNDO).decided()).state
    assert undone == table(*cards("0 3H", "1 7H", "2 4H")).state


def test_truco_undo_of_a_covered_card_keeps_its_face_secret() -> None:
    round_1 = cards("0 3H", "1 7H", "2 4H", "3 6H")
    history = table(*round_1, card(0, "2H", covered=True))
    history.when(UNDO).then(taken_back(0, "card_played", None))


def test_truco_there_is_nothing_to_undo_right_after_the_deal() -> None:
    table().when(UNDO).raises("nothing-to-undo")


def test_truco_the_card_that_ended_a_hand_cannot_be_undone() -> None:
    two_rounds = ("0 3H", "1 7H", "2 4H", "3 6H", "0 2H", "1 7S", "2 4S", "3 6S")
    table(*cards(*two_rounds)).when(UNDO).raises("nothing-to-undo")


def test_truco_a_run_cannot_be_undone() -> None:
    table(call(0, "truco"), run_from(1)).when(UNDO).raises("nothing-to-undo")


def raised(*calls: tuple[int, int]) -> tuple[Raise, ...]:
    return tuple(Raise(seat=seat, value=value) for seat, value in calls)


def test_t9_a_hand_by_its_result_keeps_the_raises_the_sheet_noted() -> None:
    # given seat 0 called truco, seat 1 seis, and team A won the hand played out at 6
    record = replace(truco_result("A", 6), raises=raised((0, 3), (1, 6)))
    ended = only_hand_ended(given(truco()).when(record).decided())
    # then it is a hand of tricks worth 6, its raises on record
    assert (ended.outcome, ended.winner, ended.points) == ("tricks", "A", 6)
    assert ended.raises == raised((0, 3), (1, 6))


def test_t9_a_hand_by_its_result_worth_the_value_before_its_last_raise_was_run_from() -> None:
    # given seat 0 called truco, seat 1 seis, and team A ran from the seis: B took 3
    record = replace(truco_result("B", 3), raises=raised((0, 3), (1, 6)))
    ended = only_hand_ended(given(truco()).when(record).decided())
    assert (ended.outcome, ended.winner, ended.points) == ("run", "B", 3)
    # a run from the first truco gives the raisers 1
    first = replace(truco_result("A", 1), raises=raised((2, 3)))
    assert only_hand_ended(given(truco()).when(first).decided()).outcome == "run"


@pytest.mark.parametrize(
    ("winner", "value", "calls"),
    [
        ("A", 3, ((0, 6),)),  # a seis before any truco
        ("A", 6, ((0, 3), (2, 6))),  # team A raising twice in a row
        ("A", 1, ((1, 3),)),  # run from: the raisers (B) took the hand, not A
        ("B", 9, ((0, 3), (1, 6))),  # raised to 6: worth 6, or 3 when run from
        ("A", 3, ((4, 3),)),  # no seat 4
    ],
)
def test_t9_raises_a_hand_could_not_have_are_refused(
    winner: Team, value: int, calls: tuple[tuple[int, int], ...]
) -> None:
    record = replace(truco_result(winner, value), raises=raised(*calls))
    refused = given(truco()).when(record)
    if calls[0][0] == 4:
        refused.raises("invalid-seat")
    else:
        refused.raises("invalid-result")


def test_t9_t3_a_mao_de_11_by_its_result_has_no_raise() -> None:
    record = replace(truco_result("B", 3), raises=raised((1, 3)))
    given(truco(), *ELEVEN).when(record).raises("invalid-result")


def test_t9_a_tied_hand_keeps_its_raises() -> None:
    record = replace(truco_result(tie=True), raises=raised((3, 3)))
    ended = only_hand_ended(given(truco()).when(record).decided())
    assert (ended.outcome, ended.points, ended.raises) == ("empate", 0, raised((3, 3)))


def test_t9_the_result_body_of_a_hand_run_from_and_of_a_raised_hand_says_its_raises() -> None:
    # given a hand played move by move: seat 0 calls truco, seat 1 runs
    history = after(dealt(truco(), DEAL), call(0, "truco"), run_from(1))
    ran = fold(history).hands[-1]
    # then its result body gives the raisers the hand's value before the raise
    assert TRUCO.result_body(ran) == {
        "winner": "A",
        "value": 1,
        "raises": [{"seat": 0, "value": 3}],
    }

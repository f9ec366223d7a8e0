"""Sueca infractions (a warning, or the hand lost) and a card taken back."""

import pytest

from domain import (
    AskRedeal,
    HandEnded,
    MatchFinished,
    MoveUndone,
    PenaltyKind,
    PenaltyRecorded,
    PerTeam,
    TrickHand,
    UndoLastMove,
)
from tests.domain.builders import AT
from tests.domain.cards.builders import (
    after,
    card,
    cards,
    dealt,
    penalty,
    played_out,
    sueca,
    sueca_deal,
    tied_hand,
    won_hand,
)
from tests.domain.cards.scenarios import TRICKS, sueca_deal_of
from tests.domain.spec import Given, given

UNDO = UndoLastMove(at=AT)
TRICK_1 = ("0 KC", "1 7C", "2 2C", "3 2S")
HAND_LOST: list[PenaltyKind] = ["out-of-turn", "cards-shown", "renounce"]


def tricks_table(*played: str, before: tuple[HandEnded, ...] = (), **rules: int) -> Given:
    """TRICKS dealt by seat 3 (or the seat due after `before`), then `played`."""
    deal = sueca_deal_of(TRICKS, dealer=3)
    return given(*after(dealt(sueca(**rules), deal, *before), *cards(*played)))


@pytest.mark.parametrize("kind", ["slow-play", "signal"])
def test_sueca_slow_play_and_signals_are_warnings_only(kind: PenaltyKind) -> None:
    history = tricks_table("0 KC")
    history.when(penalty(2, kind)).then(
        PenaltyRecorded(at=AT, seat=2, kind=kind, consequence="warning")
    )
    assert given(*history.events, *history.when(penalty(2, kind)).decided()).state == (
        history.state
    )


@pytest.mark.parametrize("kind", HAND_LOST)
def test_sueca_out_of_turn_cards_shown_or_a_renounce_lose_the_hand_for_2_points(
    kind: PenaltyKind,
) -> None:
    tricks_table(*TRICK_1).when(penalty(1, kind)).then(
        PenaltyRecorded(at=AT, seat=1, kind=kind, consequence="hand-lost"),
        HandEnded(
            at=AT,
            number=1,
            outcome="penalty",
            kind=None,
            winner="A",
            points=2,
            bonus_applied=0,
            sums=None,
            by_seat=1,
            opener=0,
            recorded_as="plays",
            started_at=AT,
            dealer=3,
            tricks=PerTeam(0, 1),
        ),
    )


def test_sueca_a_hand_lost_by_an_infraction_also_gives_the_carried_tie_point() -> None:
    history = tricks_table(before=(tied_hand(1, dealer=2),))
    _, lost = history.when(penalty(0, "cards-shown")).decided()
    assert isinstance(lost, HandEnded)
    assert (lost.winner, lost.points, lost.bonus_applied) == ("B", 3, 1)


def test_sueca_the_points_for_a_hand_lost_follow_the_rules_of_the_game() -> None:
    _, lost = tricks_table(penalty_points=1).when(penalty(0, "renounce")).decided()
    assert isinstance(lost, HandEnded)
    assert lost.points == 1


def test_sueca_a_hand_lost_by_an_infraction_can_end_the_game() -> None:
    history = tricks_table(before=(won_hand(1, "B", 2, dealer=2),))
    events = history.when(penalty(2, "out-of-turn")).decided()
    assert [type(e) for e in events] == [PenaltyRecorded, HandEnded, MatchFinished]
    assert given(*history.events, *events).state.score == {"A": 0, "B": 4}


def test_sueca_the_deal_goes_round_after_a_hand_lost_by_an_infraction() -> None:
    history = tricks_table("0 KC")
    state = given(*history.events, *history.when(penalty(3, "renounce")).decided()).state
    assert (state.hand, state.next_dealer) == (None, 0)


def test_sueca_a_hand_lost_between_hands_is_recorded_as_a_whole_hand() -> None:
    history = given(sueca(), won_hand(1, "A", 1, dealer=0))
    _, lost = history.when(penalty(2, "cards-shown")).decided()
    assert isinstance(lost, HandEnded)
    assert (lost.number, lost.recorded_as, lost.winner, lost.points) == (2, "result", "B", 2)
    assert lost.dealer == 1
    assert given(*history.events, lost).state.next_dealer == 2


@pytest.mark.parametrize("kind", ["irregular-pass", "tiles-shown", "wrong-tile-shown"])
def test_sueca_a_dominoes_infraction_is_not_one_of_sueca(kind: str) -> None:
    tricks_table().when(penalty(0, kind)).raises("invalid-penalty")


def test_sueca_an_infraction_is_committed_by_a_seat_of_the_table() -> None:
    tricks_table().when(penalty(5, "renounce")).raises("invalid-seat")


def test_sueca_undo_takes_back_the_last_card() -> None:
    history = tricks_table("0 KC", "1 7C")
    history.when(UNDO).then(MoveUndone(at=AT, seat=1, move="card_played", card="7C"))
    undone = given(*history.events, *history.when(UNDO).decided()).state
    assert undone == tricks_table("0 KC").state


def test_sueca_the_seat_whose_card_was_taken_back_may_play_another() -> None:
    history = tricks_table("0 KC")
    undone = given(*history.events, *history.when(UNDO).decided())
    assert undone.state.turn == 0
    assert len(undone.when(card(0, "AC")).decided()) == 1


def test_sueca_undo_of_a_trick_taking_card_takes_the_trick_back() -> None:
    history = tricks_table(*TRICK_1)
    undone = given(*history.events, *history.when(UNDO).decided()).state
    assert undone == tricks_table(*TRICK_1[:3]).state
    assert isinstance(undone.hand, TrickHand)
    assert (undone.hand.tricks, undone.hand.card_points, undone.turn) == ((), PerTeam(), 3)


def test_sueca_cards_can_be_taken_back_one_after_another_to_the_deal() -> None:
    history = list(tricks_table(*TRICK_1).events)
    for _ in TRICK_1:
        history = after(history, UNDO)
    assert given(*history).state == tricks_table().state


def test_sueca_there_is_nothing_to_undo_before_the_first_card() -> None:
    tricks_table().when(UNDO).raises("nothing-to-undo")


def test_sueca_the_card_that_ended_a_hand_cannot_be_undone() -> None:
    history = played_out(tricks_table().events)
    given(*history).when(UNDO).raises("nothing-to-undo")


def test_sueca_a_new_deal_asked_for_cannot_be_undone() -> None:
    low = ("2C", "3C", "4C", "5C", "6C", "2D", "3D", "4D", "5D", "QH")
    history = after(dealt(sueca(), sueca_deal({0: low}, "KS")), AskRedeal(at=AT, seat=0))
    given(*history).when(UNDO).raises("nothing-to-undo")

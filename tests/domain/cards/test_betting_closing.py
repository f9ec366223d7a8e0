"""P17, closing a betting table session between hands: the scorekeeper or an organizer
closes it at once (`CloseSession()`); or every seat's player asks (`CloseSession(seat=)`),
each request on record (`ClosingAsked`), and the session closes with the last one. A hand
dealt or recorded in between, and an annulment, put the requests asked so far aside; undo
takes none back."""

from __future__ import annotations

from datetime import datetime, timedelta

from domain import Event, decide, fold
from domain.cards.betting.commands import Bet, CloseSession, DealBetting, RecordNet
from domain.cards.betting.events import ClosingAsked
from domain.match.commands import AnnulHand, Command, UndoLastMove
from domain.match.events import HandAnnulled, MatchFinished, MatchReopened
from domain.match.state import Match
from tests.domain.builders import AT
from tests.domain.cards.betting_play import created_events
from tests.domain.spec import given

HOLES = [["AH", "KD"], ["7C", "7S"], ["QH", "JH"]]
BOARD = ["2S", "3D", "9C", "10H", "KC"]


def after(events: list[Event], *commands: Command) -> list[Event]:
    """`events`, then each command's, decided in turn."""
    events = list(events)
    for command in commands:
        events += decide(command, fold(events))
    return events


def one_hand(game: str = "texas-holdem") -> list[Event]:
    """A session of three seats and one hand by its result: stacks 160, 60, 80."""
    return after(
        created_events(game, 3),
        RecordNet(at=AT, net={"0": 60, "1": -40, "2": -20}, stacks=[100, 100, 100]),
    )


def ask(seat: int) -> CloseSession:
    return CloseSession(at=AT, seat=seat)


def finished(state: Match) -> MatchFinished:
    return MatchFinished(
        at=AT,
        winner="0",
        score=state.score,
        started_at=AT,
        duration_seconds=0,
        hands_played=1,
        buchuda=False,
        buchuda_de_re=False,
        virada=False,
        abandoned=False,
        places=[["0"], ["2"], ["1"]],
    )


def test_p17_each_seat_asking_is_on_record_and_the_last_one_closes_the_session() -> None:
    events = one_hand()
    given(*events).when(ask(0)).then(ClosingAsked(at=AT, seat=0))
    events = after(events, ask(0), ask(2))
    state = fold(events)
    assert (state.status, state.closing) == ("in_progress", (0, 2))
    given(*events).when(ask(1)).then(ClosingAsked(at=AT, seat=1), finished(state))
    closed = fold(after(events, ask(1)))
    assert closed.status == "finished"
    assert closed.places == (("0",), ("2",), ("1",))


def test_p17_a_seat_asks_once() -> None:
    events = after(one_hand("poker"), ask(1))
    given(*events).when(ask(1)).raises("already-asked")
    given(*events).when(ask(3)).raises("invalid-seat")


def test_p17_the_scorekeeper_or_an_organizer_closes_at_once_whatever_was_asked() -> None:
    events = after(one_hand(), ask(2))
    state = fold(events)
    given(*events).when(CloseSession(at=AT)).then(finished(state))


def test_p17_a_seat_asks_between_hands_only_and_after_a_hand() -> None:
    given(*created_events("poker", 3)).when(ask(0)).raises("nothing-to-close")
    events = after(
        one_hand(),
        DealBetting(at=AT, hands=HOLES, dealer=0, stock=BOARD),
    )
    given(*events).when(ask(0)).raises("hand-in-progress")


def test_p17_a_hand_dealt_in_between_puts_the_requests_aside() -> None:
    events = after(one_hand(), ask(0), ask(1))
    dealt = after(events, DealBetting(at=AT, hands=HOLES, dealer=0, stock=BOARD))
    assert fold(dealt).closing == ()
    state = fold(dealt)
    played = after(dealt, Bet(at=AT, seat=state.turn or 0, action="fold"))
    played = after(played, Bet(at=AT, seat=fold(played).turn or 0, action="fold"))
    assert fold(played).hand is None
    # seats 1 and 2 asking now does not close it: seat 0's request was for the hand before
    played = after(played, ask(1), ask(2))
    assert (fold(played).status, fold(played).closing) == ("in_progress", (1, 2))
    assert fold(after(played, ask(0))).status == "finished"


def test_p17_a_hand_recorded_by_its_result_puts_the_requests_aside() -> None:
    events = after(one_hand(), ask(0), ask(1))
    events = after(events, RecordNet(at=AT, net={"0": 10, "1": -10}))
    assert fold(events).closing == ()


def test_p17_an_annulment_puts_the_requests_aside_and_a_closed_session_reopens() -> None:
    events = after(one_hand(), ask(0), ask(1))
    given(*events).when(AnnulHand(at=AT, number=1)).then(HandAnnulled(at=AT, number=1))
    assert fold(after(events, AnnulHand(at=AT, number=1))).closing == ()
    closed = after(events, ask(2))
    given(*closed).when(AnnulHand(at=AT, number=1)).then(
        HandAnnulled(at=AT, number=1), MatchReopened(at=AT)
    )
    reopened = fold(after(closed, AnnulHand(at=AT, number=1)))
    assert (reopened.status, reopened.closing, reopened.hands) == ("in_progress", (), ())


def test_p17_undo_takes_no_request_back() -> None:
    events = after(one_hand(), ask(0))
    given(*events).when(UndoLastMove(at=AT)).raises("nothing-to-undo")


def test_p17_a_finished_session_is_not_closed_again() -> None:
    events = after(one_hand(), CloseSession(at=AT))
    given(*events).when(ask(0)).raises("match-finished")


def test_p17_d27_a_session_closed_on_a_score_sheet_closes_when_it_was() -> None:
    # given a hand played at AT, and the sheet saying the session closed 20 minutes later
    events = one_hand()
    later = AT + timedelta(minutes=20)
    closing = CloseSession(at=AT + timedelta(days=2), played_at=later)
    # then it finished then, its duration running to it
    (ended,) = given(*events).when(closing).decided()
    assert isinstance(ended, MatchFinished)
    assert (ended.at, ended.duration_seconds) == (later, 20 * 60)


def test_p17_d27_a_session_closes_neither_in_the_future_nor_before_its_last_hand() -> None:
    events = one_hand()
    ahead = CloseSession(at=AT, played_at=AT + timedelta(minutes=6))
    given(*events).when(ahead).raises("invalid-time")
    before = CloseSession(at=AT, played_at=AT - timedelta(seconds=1))
    given(*events).when(before).raises("invalid-time")
    naive = CloseSession(at=AT, played_at=datetime(2025, 5, 1, 20, 0))
    given(*events).when(naive).raises("invalid-time")

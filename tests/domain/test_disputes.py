"""Disputes (G30-G35): a seated player contests a finished game; it counts for nobody until
an organizer settles it, and the ruling is final."""

from datetime import timedelta

from domain import Confirm, ConfirmationRecorded, MatchConfirmed, RecordPenalty
from domain.disputes.commands import Dispute, Settle
from domain.disputes.events import DisputeSettled, MatchDisputed
from tests.domain.builders import AT
from tests.domain.spec import given
from tests.domain.test_game_end import FINISHED

# Seats: 0 ana and 2 caio (team A), 1 bia and 3 duda (team B).
LATER = FINISHED[-1].at + timedelta(hours=1)
DISPUTED = MatchDisputed(at=LATER, seat=1, actor="bia", reason="a tile was missed")


def test_a_seated_player_disputes_a_finished_game_with_a_reason() -> None:
    given(*FINISHED).when(Dispute(at=LATER, actor="bia", reason="  a tile   was missed ")).then(
        DISPUTED
    )


def test_a_disputed_game_counts_for_nobody_and_refuses_confirmation() -> None:
    after = given(*FINISHED, DISPUTED)
    assert after.state.status == "disputed"
    assert after.state.counts_for == ()
    after.when(Confirm(at=LATER, by="organizer", actor="org")).raises("match-disputed")


def test_a_confirmed_game_disputed_counts_again_for_the_same_seats_when_confirmed() -> None:
    confirmed = [
        ConfirmationRecorded(at=AT, by="organizer", actor="org"),
        MatchConfirmed(at=LATER, counts_for=(0, 3)),
    ]
    history = [*FINISHED, *confirmed, DISPUTED]
    assert given(*history).state.dispute is not None
    given(*history).when(Settle(at=LATER, actor="org", decision="confirm", note="ok")).then(
        DisputeSettled(at=LATER, decision="confirm", actor="org", note="ok"),
        MatchConfirmed(at=LATER, counts_for=(0, 3)),
    )


def test_a_ruling_that_confirms_an_unconfirmed_game_counts_for_members_and_confirmers() -> None:
    first = given(*FINISHED).when(Confirm(at=AT, by="A", actor="caio")).decided()
    history = [*FINISHED, *first, DISPUTED]
    given(*history).when(Settle(at=LATER, actor="org", decision="confirm", members=(1,))).then(
        DisputeSettled(at=LATER, decision="confirm", actor="org"),
        MatchConfirmed(at=LATER, counts_for=(1, 2)),
    )


def test_an_annulled_game_refuses_everything_and_is_never_disputed_again() -> None:
    ruling = DisputeSettled(at=LATER, decision="annul", actor="org")
    after = given(*FINISHED, DISPUTED, ruling)
    assert after.state.status == "annulled"
    assert after.state.dispute is not None
    assert after.state.dispute.decision == "annul"
    after.when(Confirm(at=LATER, by="A", actor="ana")).raises("match-annulled")
    after.when(Dispute(at=LATER, actor="ana", reason="again")).raises("dispute-settled")


def test_a_game_in_play_is_not_disputed() -> None:
    given(*FINISHED[:1]).when(Dispute(at=LATER, actor="bia", reason="x")).raises(
        "match-not-finished"
    )


def test_a_confirmed_game_past_the_window_is_not_disputed() -> None:
    confirmed = MatchConfirmed(at=LATER, counts_for=(0, 1, 2, 3))
    late = FINISHED[-1].at + timedelta(days=8)
    given(*FINISHED, confirmed).when(Dispute(at=late, actor="bia", reason="x")).raises(
        "dispute-window-closed"
    )


def test_a_finished_unconfirmed_game_may_be_disputed_however_old() -> None:
    late = FINISHED[-1].at + timedelta(days=30)
    given(*FINISHED).when(Dispute(at=late, actor="bia", reason="x")).decided()


def test_bad_disputes_and_rulings_are_refused() -> None:
    given(*FINISHED).when(Dispute(at=LATER, actor="zé", reason="x")).raises("not-seated")
    given(*FINISHED).when(Dispute(at=LATER, actor="bia", reason="   ")).raises("invalid-reason")
    given(*FINISHED).when(Settle(at=LATER, actor="org", decision="annul")).raises("not-disputed")
    given(*FINISHED, DISPUTED).when(Dispute(at=LATER, actor="ana", reason="x")).raises(
        "already-disputed"
    )
    given(*FINISHED, DISPUTED).when(
        Settle(at=LATER, actor="org", decision="annul", note="x" * 501)
    ).raises("invalid-note")
    given(*FINISHED, DISPUTED).when(RecordPenalty(at=LATER, seat=0, kind="signal")).raises(
        "match-disputed"
    )

"""Who may make a game count (design.md): a confirmed game counts for a player only with
their own consent: they confirmed it themselves, or an organizer of a competition they
joined did. A partner's confirmation is the partner's alone: whoever seats a game chooses
the partners."""

from domain import Confirm, ConfirmationRecorded, ConsentGiven, MatchConfirmed
from tests.domain.builders import AT
from tests.domain.spec import given
from tests.domain.test_game_end import FINISHED

# Seats: 0 ana and 2 caio (team A), 1 bia and 3 duda (team B).


def test_an_organizer_confirms_for_the_members_of_the_competition_alone() -> None:
    given(*FINISHED).when(Confirm(at=AT, by="organizer", actor="org", members=(1, 2))).then(
        ConfirmationRecorded(at=AT, by="organizer", actor="org"),
        MatchConfirmed(at=AT, counts_for=(1, 2)),
    )


def test_a_player_who_confirmed_first_counts_when_the_organizer_confirms() -> None:
    first = given(*FINISHED).when(Confirm(at=AT, by="B", actor="bia")).decided()
    given(*FINISHED, *first).when(Confirm(at=AT, by="organizer", actor="org", members=(0,))).then(
        ConfirmationRecorded(at=AT, by="organizer", actor="org"),
        MatchConfirmed(at=AT, counts_for=(0, 1)),
    )


def test_one_player_of_each_side_makes_it_final_for_those_two() -> None:
    first = given(*FINISHED).when(Confirm(at=AT, by="A", actor="caio")).decided()
    given(*FINISHED, *first).when(Confirm(at=AT, by="B", actor="bia")).then(
        ConfirmationRecorded(at=AT, by="B", actor="bia"),
        MatchConfirmed(at=AT, counts_for=(1, 2)),
    )


def test_a_partner_confirms_for_themselves_before_the_game_is_final() -> None:
    first = given(*FINISHED).when(Confirm(at=AT, by="A", actor="caio")).decided()
    partner = given(*FINISHED, *first).when(Confirm(at=AT, by="A", actor="ana")).decided()
    last = given(*FINISHED, *first, *partner).when(Confirm(at=AT, by="B", actor="duda"))

    assert partner == [ConfirmationRecorded(at=AT, by="A", actor="ana")]
    assert given(*FINISHED, *first, *partner).state.status == "finished"
    last.then(
        ConfirmationRecorded(at=AT, by="B", actor="duda"),
        MatchConfirmed(at=AT, counts_for=(0, 2, 3)),
    )


def test_a_player_consents_after_the_organizer_confirmed_and_the_result_stands() -> None:
    confirmed = given(*FINISHED).when(Confirm(at=AT, by="organizer", actor="org")).decided()
    history = [*FINISHED, *confirmed]
    before = given(*history).state

    consent = given(*history).when(Confirm(at=AT, by="A", actor="caio")).decided()
    after = given(*history, *consent).state

    assert consent == [
        ConfirmationRecorded(at=AT, by="A", actor="caio"),
        ConsentGiven(at=AT, seats=(2,)),  # caio's own seat: not his partner's
    ]
    assert (before.counts_for, after.counts_for) == ((), (2,))
    assert (after.status, after.score, after.winner) == ("confirmed", before.score, before.winner)


def test_a_player_consents_once() -> None:
    confirmed = given(*FINISHED).when(Confirm(at=AT, by="A", actor="ana")).decided()
    confirmed += given(*FINISHED, *confirmed).when(Confirm(at=AT, by="B", actor="duda")).decided()

    given(*FINISHED, *confirmed).when(Confirm(at=AT, by="A", actor="ana")).raises("match-confirmed")
    given(*FINISHED, *confirmed).when(Confirm(at=AT, by="A", actor="caio")).then(
        ConfirmationRecorded(at=AT, by="A", actor="caio"),
        ConsentGiven(at=AT, seats=(2,)),
    )


def test_only_a_player_of_the_side_consents_for_it() -> None:
    confirmed = given(*FINISHED).when(Confirm(at=AT, by="organizer", actor="org")).decided()

    given(*FINISHED, *confirmed).when(Confirm(at=AT, by="A", actor="bia")).raises("not-on-team")


def test_a_game_confirmed_before_consent_was_asked_counts_for_all_four() -> None:
    legacy = [
        *FINISHED,
        ConfirmationRecorded(at=AT, by="organizer", actor="o"),
        MatchConfirmed(at=AT),
    ]

    assert given(*legacy).state.counts_for == (0, 1, 2, 3)

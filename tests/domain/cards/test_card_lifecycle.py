"""A card game as a whole, as every game: abandoned, a hand annulled (the deal goes back to
its dealer), confirmed and then final."""

from collections.abc import Callable

import pytest

from domain import (
    Abandon,
    AnnulHand,
    AnswerRaise,
    AskRedeal,
    CallRaise,
    CardsDealt,
    Confirm,
    ConfirmationRecorded,
    DealCards,
    Event,
    HandAnnulled,
    MatchAbandoned,
    MatchCommand,
    MatchConfirmed,
    MatchFinished,
    MatchReopened,
    PerTeam,
    PlayCard,
    RecordPenalty,
    RecordSuecaResult,
    RecordTrucoResult,
    UndoLastMove,
)
from tests.domain.builders import AT, minutes
from tests.domain.cards.builders import (
    after,
    call,
    cards,
    dealt,
    played_out,
    sueca,
    tied_hand,
    truco,
    won_hand,
)
from tests.domain.cards.scenarios import A_91, HEARTS, TRICKS, sueca_deal_of
from tests.domain.spec import given

A_STRONG = (("3H", "2H", "AH"), ("7H", "7S", "7D"), ("4H", "4S", "4D"), ("6H", "6S", "6D"))
TWO_ROUNDS = ("0 3H", "1 7H", "2 4H", "3 6H", "0 2H", "1 7S", "2 4S", "3 6S")


def truco_deal(dealer: int | None = None) -> DealCards:
    """A_STRONG turned round the table: the seat after `dealer` holds seat 0's cards."""
    d = 3 if dealer is None else dealer
    hands = [list(A_STRONG[(seat - d - 1) % 4]) for seat in range(4)]
    return DealCards(at=AT, hands=hands, dealer=dealer, vira="4C")


def sueca_finished() -> list[Event]:
    """A Sueca game won 4-0 by team A's bandeirada in its first deal."""
    return played_out(dealt(sueca(), sueca_deal_of(HEARTS)))


def truco_finished() -> list[Event]:
    """A Truco game won 14-0: team A at 11 wins the mão de 11, worth 3."""
    return after(dealt(truco(), truco_deal(), won_hand(1, "A", 11, dealer=2)), *cards(*TWO_ROUNDS))


Finished = Callable[[], list[Event]]
EVERY_COMMAND: list[MatchCommand] = [
    DealCards(at=AT, hands=[], trump_card="2H"),
    PlayCard(at=AT, seat=0, card="3H"),
    AskRedeal(at=AT, seat=0),
    CallRaise(at=AT, seat=0, call="truco"),
    AnswerRaise(at=AT, seat=1, accept=True),
    RecordSuecaResult(at=AT, points=PerTeam(70, 50)),
    RecordTrucoResult(at=AT, winner="A", value=1),
    RecordPenalty(at=AT, seat=0, kind="slow-play"),
    UndoLastMove(at=AT),
    AnnulHand(at=AT, number=1),
    Abandon(at=AT, team="A"),
    Confirm(at=AT, by="organizer", actor="org"),
]


def test_a_sueca_game_abandoned_mid_hand_is_lost_by_the_team_that_left() -> None:
    history = after(
        dealt(sueca(), sueca_deal_of(TRICKS), won_hand(1, "A", 2, dealer=2)), *cards("0 KC", "1 7C")
    )
    given(*history).when(Abandon(at=minutes(30), seat=2)).then(
        MatchAbandoned(at=minutes(30), team="A", seat=2),
        MatchFinished(
            at=minutes(30),
            winner="B",
            score={"A": 2, "B": 0},
            started_at=AT,
            duration_seconds=1800,
            hands_played=1,
            buchuda=False,
            buchuda_de_re=False,
            virada=False,
            abandoned=True,
            places=[["B"], ["A"]],
        ),
    )


def test_a_truco_game_may_be_abandoned_while_a_raise_waits_for_its_answer() -> None:
    history = after(dealt(truco(), truco_deal()), call(0, "truco"))
    events = given(*history).when(Abandon(at=AT, team="B")).decided()
    state = given(*history, *events).state
    assert (state.status, state.winner, state.abandoned_by) == ("finished", "A", "B")
    assert (state.hand, state.turn) == (None, None)


def test_an_abandoned_card_game_takes_no_more_cards() -> None:
    history = after(dealt(truco(), truco_deal()), Abandon(at=AT, team="A"))
    given(*history).when(PlayCard(at=AT, seat=0, card="3H")).raises("match-finished")


@pytest.mark.parametrize("finished", [sueca_finished, truco_finished], ids=["sueca", "truco"])
def test_a_finished_card_game_is_confirmed_by_the_organizer(finished: Finished) -> None:
    history = finished()
    given(*history).when(Confirm(at=AT, by="organizer", actor="org", members=(0, 3))).then(
        ConfirmationRecorded(at=AT, by="organizer", actor="org"),
        MatchConfirmed(at=AT, counts_for=(0, 3)),
    )


def test_a_finished_card_game_is_confirmed_once_both_teams_have() -> None:
    history = sueca_finished()
    by_a = given(*history).when(Confirm(at=AT, by="A", actor="caio")).decided()
    assert by_a == [ConfirmationRecorded(at=AT, by="A", actor="caio")]
    given(*history, *by_a).when(Confirm(at=AT, by="B", actor="duda")).then(
        ConfirmationRecorded(at=AT, by="B", actor="duda"),
        MatchConfirmed(at=AT, counts_for=(2, 3)),  # for the two who confirmed it themselves
    )


def test_a_card_game_is_confirmed_only_once_finished() -> None:
    history = dealt(sueca(), sueca_deal_of(TRICKS))
    given(*history).when(Confirm(at=AT, by="organizer", actor="org")).raises("match-not-finished")


@pytest.mark.parametrize("command", EVERY_COMMAND, ids=lambda c: type(c).__name__)
@pytest.mark.parametrize("finished", [sueca_finished, truco_finished], ids=["sueca", "truco"])
def test_a_confirmed_card_game_refuses_every_command(
    finished: Finished, command: MatchCommand
) -> None:
    history = after(finished(), Confirm(at=AT, by="organizer", actor="org"))
    assert given(*history).state.status == "confirmed"
    given(*history).when(command).raises("match-confirmed")


@pytest.mark.parametrize("finished", [sueca_finished, truco_finished], ids=["sueca", "truco"])
def test_a_finished_card_game_deals_no_more_hands(finished: Finished) -> None:
    given(*finished()).when(DealCards(at=AT, hands=[])).raises("match-finished")


def test_an_annulled_sueca_hand_gives_the_deal_back_to_its_dealer() -> None:
    history = played_out(dealt(sueca(), sueca_deal_of(TRICKS, dealer=0), won_hand(1, "A", 1, 3)))
    assert given(*history).state.next_dealer == 1
    annulled = after(history, AnnulHand(at=AT, number=2))
    state = given(*annulled).state
    assert (state.next_dealer, state.score, len(state.hands)) == (0, {"A": 1, "B": 0}, 1)
    given(*annulled).when(sueca_deal_of(A_91, dealer=1, say_dealer=True)).raises("wrong-dealer")
    (again,) = given(*annulled).when(sueca_deal_of(A_91, dealer=0)).decided()
    assert isinstance(again, CardsDealt)
    assert (again.number, again.dealer) == (2, 0)


def test_an_annulled_truco_hand_gives_the_deal_back_to_its_dealer() -> None:
    seat_2_takes_two = ("2 3H", "3 7H", "0 4H", "1 6H", "2 2H", "3 7S", "0 4S", "1 6S")
    history = after(
        dealt(truco(), truco_deal(1), won_hand(1, "B", 1, 0)), *cards(*seat_2_takes_two)
    )
    assert given(*history).state.next_dealer == 2
    annulled = after(history, AnnulHand(at=AT, number=2))
    assert given(*annulled).state.next_dealer == 1
    given(*annulled).when(truco_deal(2)).raises("wrong-dealer")


def test_annulling_a_sueca_hand_takes_its_points_and_the_carried_point_back() -> None:
    before = tied_hand(1, dealer=2)
    history = played_out(dealt(sueca(), sueca_deal_of(A_91), before))
    assert given(*history).state.score == {"A": 3, "B": 0}
    state = given(*after(history, AnnulHand(at=AT, number=2))).state
    assert (state.score, state.pending_bonus, state.next_dealer) == ({"A": 0, "B": 0}, 1, 3)


def test_annulling_the_bandeirada_that_won_the_game_puts_it_back_in_play() -> None:
    history = sueca_finished()
    given(*history).when(AnnulHand(at=AT, number=1)).then(
        HandAnnulled(at=AT, number=1), MatchReopened(at=AT)
    )
    state = given(*after(history, AnnulHand(at=AT, number=1))).state
    assert (state.status, state.winner, state.score, state.hands) == (
        "in_progress",
        None,
        {"A": 0, "B": 0},
        (),
    )


def test_annulling_a_mao_de_11_lost_by_a_raise_puts_the_game_back_in_play() -> None:
    history = after(dealt(truco(), truco_deal(), won_hand(1, "A", 11, dealer=2)), call(1, "truco"))
    assert given(*history).state.status == "finished"
    state = given(*after(history, AnnulHand(at=AT, number=2))).state
    assert (state.status, state.score, state.next_dealer) == ("in_progress", {"A": 11, "B": 0}, 3)


def test_a_card_hand_is_annulled_only_between_hands() -> None:
    history = dealt(sueca(), sueca_deal_of(TRICKS), won_hand(1, "A", 1, dealer=2))
    given(*history).when(AnnulHand(at=AT, number=1)).raises("hand-in-progress")

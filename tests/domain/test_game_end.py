"""Abandonment, confirmation, and the facts the rankings need, decided once."""

from datetime import datetime
from typing import cast

import pytest

from domain import (
    Abandon,
    AnnulHand,
    Confirm,
    ConfirmationRecorded,
    Event,
    HandEnded,
    MatchAbandoned,
    MatchCommand,
    MatchConfirmed,
    MatchFinished,
    RecordPenalty,
    StartHand,
    Team,
    UndoLastMove,
)
from tests.domain.builders import AT, batida, bloqueio, created, ended, minutes, move
from tests.domain.scenarios import PONTOS_TIE, dealt
from tests.domain.spec import given


def won(number: int, team: str, points: int, at: datetime = AT) -> HandEnded:
    return ended(number, winner=team, points=points, kind="simples", at=at, started_at=at)


def finished_game(*hands: Event) -> list[Event]:
    """A pontos game in which team A reaches 6 with a last simples batida."""
    history = given(created("pontos"), *hands)
    return [*history.events, *history.when(batida(0, "simples", at=minutes(90))).decided()]


FINISHED = finished_game(won(1, "A", 5, minutes(10)))


def facts(events: list[Event]) -> MatchFinished:
    (finished,) = [e for e in events if isinstance(e, MatchFinished)]
    return finished


def test_an_abandoning_team_loses_the_game_with_the_score_as_it_stands() -> None:
    history = given(created("pontos"), won(1, "A", 3))
    history.when(Abandon(at=minutes(30), team="A")).then(
        MatchAbandoned(at=minutes(30), team="A", seat=None),
        MatchFinished(
            at=minutes(30),
            winner="B",
            score={"A": 3, "B": 0},
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


def test_a_player_leaving_the_table_makes_their_team_abandon_and_drops_the_hand() -> None:
    history = given(*dealt("pontos", PONTOS_TIE))
    abandoned, finished = history.when(Abandon(at=AT, seat=3)).decided()
    assert isinstance(abandoned, MatchAbandoned)
    assert isinstance(finished, MatchFinished)
    assert (abandoned.team, finished.winner) == ("B", "A")
    state = given(*history.events, abandoned, finished).state
    assert (state.status, state.hand, state.turn, state.abandoned_by) == (
        "finished",
        None,
        None,
        "B",
    )


@pytest.mark.parametrize(
    "command",
    [Abandon(at=AT), Abandon(at=AT, team="A", seat=1), Abandon(at=AT, team=cast(Team, "C"))],
)
def test_an_abandonment_names_one_team(command: Abandon) -> None:
    given(created("pontos")).when(command).raises("invalid-team")


def test_a_finished_game_states_winner_score_duration_and_hands() -> None:
    finished = facts(FINISHED)
    assert (finished.winner, finished.score, finished.hands_played) == ("A", {"A": 6, "B": 0}, 2)
    assert (finished.started_at, finished.duration_seconds) == (minutes(10), 80 * 60)


def test_the_duration_runs_from_creation_when_no_hand_was_dealt() -> None:
    events = given(created("pontos", at=minutes(-5))).when(Abandon(at=minutes(5), team="B"))
    assert facts(events.decided()).duration_seconds == 600


def test_a_game_won_while_the_losers_scored_nothing_is_a_buchuda() -> None:
    assert facts(FINISHED).buchuda
    assert not facts(finished_game(won(1, "B", 1), won(2, "A", 5))).buchuda


def test_a_game_lost_after_leading_target_minus_one_to_nil_is_a_buchuda_de_re() -> None:
    finished = facts(finished_game(won(1, "B", 5), won(2, "A", 5)))
    assert (finished.buchuda_de_re, finished.virada) == (True, True)
    assert not facts(finished_game(won(1, "B", 4), won(2, "A", 5))).buchuda_de_re


def test_a_game_won_by_the_team_that_conceded_the_first_points_is_a_virada() -> None:
    assert facts(finished_game(won(1, "B", 1), won(2, "A", 5))).virada
    assert not facts(finished_game(won(1, "A", 1), won(2, "B", 1), won(3, "A", 4))).virada


def test_an_abandoned_game_earns_no_achievement() -> None:
    history = given(created("pontos"), won(1, "B", 5))
    finished = facts(history.when(Abandon(at=AT, team="B")).decided())
    assert (finished.buchuda, finished.virada, finished.abandoned) == (False, False, True)


def test_after_the_end_only_confirmation_and_annulment_are_accepted() -> None:
    commands: list[MatchCommand] = [
        batida(1, "simples"),
        StartHand(at=AT, hands=[list(h) for h in PONTOS_TIE[:4]], dorme=list(PONTOS_TIE[4])),
        RecordPenalty(at=AT, seat=0, kind="slow-play"),
        Abandon(at=AT, team="A"),
        move("0 6-6"),
    ]
    for command in commands:
        given(*FINISHED).when(command).raises("match-finished")


def test_an_organizer_confirms_a_finished_game() -> None:
    given(*FINISHED).when(Confirm(at=AT, by="organizer", actor="org")).then(
        ConfirmationRecorded(at=AT, by="organizer", actor="org"),
        MatchConfirmed(at=AT, counts_for=()),  # nobody joined a competition: nobody consented
    )


def test_one_player_of_each_team_confirms_a_finished_game() -> None:
    first = given(*FINISHED).when(Confirm(at=AT, by="A", actor="caio")).decided()
    assert first == [ConfirmationRecorded(at=AT, by="A", actor="caio")]
    state = given(*FINISHED, *first).state
    assert (state.status, [c.actor for c in state.confirmations]) == ("finished", ["caio"])
    given(*FINISHED, *first).when(Confirm(at=AT, by="B", actor="duda")).then(
        ConfirmationRecorded(at=AT, by="B", actor="duda"),
        MatchConfirmed(at=AT, counts_for=(2, 3)),  # for the two who confirmed it themselves
    )


def test_a_team_confirms_only_through_one_of_its_players() -> None:
    given(*FINISHED).when(Confirm(at=AT, by="A", actor="bia")).raises("not-on-team")


def test_a_player_confirms_only_once() -> None:
    first = given(*FINISHED).when(Confirm(at=AT, by="A", actor="ana")).decided()
    given(*FINISHED, *first).when(Confirm(at=AT, by="A", actor="ana")).raises("already-confirmed")


def test_a_game_in_progress_cannot_be_confirmed() -> None:
    given(created("pontos")).when(Confirm(at=AT, by="organizer", actor="o")).raises(
        "match-not-finished"
    )


def test_reopening_a_game_drops_its_partial_confirmations() -> None:
    first = given(*FINISHED).when(Confirm(at=AT, by="A", actor="ana")).decided()
    reopened = given(*FINISHED, *first).when(AnnulHand(at=AT, number=2)).decided()
    assert given(*FINISHED, *first, *reopened).state.confirmations == ()


def test_an_abandoned_game_cannot_have_a_hand_annulled() -> None:
    history = given(created("pontos"), won(1, "B", 2))
    events = [*history.events, *history.when(Abandon(at=AT, team="B")).decided()]
    given(*events).when(AnnulHand(at=AT, number=1)).raises("match-finished")


CONFIRMED = [
    *FINISHED,
    ConfirmationRecorded(at=AT, by="organizer", actor="o"),
    MatchConfirmed(at=AT),
]


@pytest.mark.parametrize(
    "command",
    [
        Confirm(at=AT, by="organizer", actor="o"),
        AnnulHand(at=AT, number=2),
        UndoLastMove(at=AT),
        bloqueio(3, 4),
        Abandon(at=AT, team="B"),
        RecordPenalty(at=AT, seat=0, kind="slow-play"),
    ],
    ids=lambda c: type(c).__name__,
)
def test_after_confirmation_every_command_is_refused(command: MatchCommand) -> None:
    """But a side's own confirmation, which only adds its consent (test_consent.py)."""
    assert given(*CONFIRMED).state.status == "confirmed"
    given(*CONFIRMED).when(command).raises("match-confirmed")

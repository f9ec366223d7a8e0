"""C12: a seat leaves a table of more than two sides, given / when / then, family by family
(docs/rules-decisions.md: C12, M20, K16, P20): the game ends, the abandoning seat takes the
last place alone, the others are placed by the game's own order as it stands (the hand in
progress dropped); a table of two sides keeps D11; what was stored before still folds."""

from __future__ import annotations

from typing import Any

import pytest

from domain import Abandon, DealCards, Event, MatchAbandoned, MatchFinished, decide, fold
from domain.cards.betting.commands import RecordNet
from domain.cards.cacheta.commands import RecordCachetaRound
from domain.cards.copas.commands import RecordCopasResult
from domain.cards.maumau.commands import RecordMauMauResult
from domain.events import decode, encode
from domain.match.commands import Command
from domain.match.state import Match
from tests.domain.builders import AT, created, minutes
from tests.domain.cards.test_betting_rules import holdem, table
from tests.domain.cards.test_cacheta import cacheta
from tests.domain.cards.test_cacheta import dealt as cacheta_dealt
from tests.domain.cards.test_copas import BY_SUIT
from tests.domain.cards.test_mau_mau import dealt as mau_mau_dealt
from tests.domain.cards.test_mau_mau import filler, mau_mau
from tests.domain.spec import given


def after(events: list[Event], *commands: Command) -> list[Event]:
    history = list(events)
    for command in commands:
        history += decide(command, fold(history))
    return history


def leaves(seat: int, at: Any = AT) -> Abandon:
    return Abandon(at=at, seat=seat)


def finish_of(events: list[Event]) -> MatchFinished:
    finished = events[-1]
    assert isinstance(finished, MatchFinished)
    return finished


def copas_two_hands_then_a_deal() -> list[Event]:
    """Totals 13, 26, 0, 13 after two hands by their result; hand 3 dealt, in progress."""
    return after(
        [created("copas")],
        RecordCopasResult(at=AT, points=[13, 13, 0, 0]),
        RecordCopasResult(at=AT, points=[0, 13, 0, 13]),
        DealCards(at=AT, hands=[list(h) for h in BY_SUIT]),
    )


# --- trick games played alone: Copas ------------------------------------------------------


def test_c12_copas_the_seat_that_leaves_is_last_and_the_others_fewest_points_first() -> None:
    history = copas_two_hands_then_a_deal()
    given(*history).when(leaves(1, minutes(30))).then(
        MatchAbandoned(at=minutes(30), team="1", seat=1),
        MatchFinished(
            at=minutes(30),
            winner="2",
            score={"0": 13, "1": 26, "2": 0, "3": 13},
            started_at=AT,
            duration_seconds=1800,
            hands_played=2,
            buchuda=False,
            buchuda_de_re=False,
            virada=False,
            abandoned=True,
            places=[["2"], ["0", "3"], ["1"]],
        ),
    )


def test_c12_copas_the_leader_leaving_puts_it_last_and_a_shared_first_place_has_no_winner() -> None:
    history = copas_two_hands_then_a_deal()
    events = given(*history).when(leaves(2)).decided()
    state = fold([*history, *events])

    assert finish_of(events).places == [["0", "3"], ["1"], ["2"]]
    assert (state.status, state.winner, state.abandoned_by) == ("finished", None, "2")
    assert (state.hand, state.turn) == (None, None), "the hand in progress is dropped"
    assert state.score == {"0": 13, "1": 26, "2": 0, "3": 13}, "the score stands as it is"


def test_c12_copas_a_team_or_no_seat_at_all_is_refused_at_a_table_played_alone() -> None:
    history = copas_two_hands_then_a_deal()
    given(*history).when(Abandon(at=AT, team="A")).raises("invalid-team")
    given(*history).when(Abandon(at=AT)).raises("invalid-team")
    given(*history).when(Abandon(at=AT, seat=4)).raises("invalid-seat")
    given(*history).when(Abandon(at=AT, team="3", seat=1)).raises("invalid-team")


def test_c12_a_game_that_ended_by_abandonment_takes_nothing_more() -> None:
    history = after(copas_two_hands_then_a_deal(), leaves(0))
    given(*history).when(leaves(1)).raises("match-finished")
    given(*history).when(RecordCopasResult(at=AT, points=[13, 13, 0, 0])).raises("match-finished")


# --- stock games played alone: Mau Mau, Cacheta -------------------------------------------


def test_m20_mau_mau_a_seat_leaving_a_one_hand_game_mid_hand_leaves_the_others_sharing_first() -> (
    None
):
    history = mau_mau_dealt(filler(5))
    events = given(*history).when(leaves(3)).decided()
    state = fold([*history, *events])

    assert events[0] == MatchAbandoned(at=AT, team="3", seat=3)
    assert finish_of(events).places == [["0", "1", "2", "4"], ["3"]]
    assert (state.status, state.winner, state.hand) == ("finished", None, None)


def test_m20_mau_mau_in_a_series_the_others_by_the_points_of_the_hands_that_ended() -> None:
    history = after(
        [mau_mau(5, target=100)],
        RecordMauMauResult(at=AT, winner=0, points=[0, 10, 20, 5, 30]),
        RecordMauMauResult(at=AT, winner=2, points=[4, 10, 0, 5, 1]),
    )
    events = given(*history).when(leaves(0)).decided()

    assert finish_of(events).places == [["3"], ["1", "2"], ["4"], ["0"]]
    assert finish_of(events).winner == "3"


def cacheta_two_rounds() -> list[Event]:
    """3 lives: seat 0 goes out with 10 (the others lose 2), then seat 1 with 9 (the others
    still in lose 1): lives 2, 1, 0, 0; seats 2 and 3 out in the second round."""
    return after(
        [cacheta(target=3)],
        RecordCachetaRound(at=AT, winner=0, cards=10),
        RecordCachetaRound(at=AT, winner=1, cards=9),
    )


@pytest.mark.parametrize(
    ("seat", "places"),
    [(1, [["0"], ["2", "3"], ["1"]]), (0, [["1"], ["2", "3"], ["0"]])],
)
def test_k16_cacheta_the_seats_still_in_by_lives_then_the_seats_out_then_the_one_that_left(
    seat: int, places: list[list[str]]
) -> None:
    events = given(*cacheta_two_rounds()).when(leaves(seat)).decided()
    assert finish_of(events).places == places
    assert finish_of(events).winner == places[0][0]


def test_k16_cacheta_a_seat_already_out_cannot_abandon_it_keeps_its_place() -> None:
    given(*cacheta_two_rounds()).when(leaves(2)).raises("invalid-team")


def test_k16_cacheta_a_round_in_progress_is_dropped_and_equal_lives_share_a_place() -> None:
    history = cacheta_dealt()
    events = given(*history).when(leaves(0)).decided()
    state = fold([*history, *events])
    assert finish_of(events).places == [["1", "2", "3"], ["0"]]
    assert (state.hand, state.winner) == (None, None)


# --- the betting games: Hold'em, poker fechado --------------------------------------------


def follow(state: Match, *commands: Command) -> list[Event]:
    events: list[Event] = []
    for command in commands:
        new = decide(command, state)
        events += new
        state = fold(new, state)
    return events


def test_p20_poker_the_others_by_their_stacks_between_hands_the_one_that_left_last() -> None:
    state = table("poker", 3)
    played = follow(state, RecordNet(at=AT, net={"0": -30, "1": 50, "2": -20}, stacks=[100] * 3))
    state = fold(played, state)
    events = decide(leaves(1), state)
    after_it = fold(events, state)

    assert finish_of(events).places == [["2"], ["0"], ["1"]]
    assert (after_it.status, after_it.winner, after_it.abandoned_by) == ("finished", "2", "1")


def test_p20_holdem_a_hand_in_progress_is_dropped_and_before_any_hand_ended_the_others_share() -> (
    None
):
    state = holdem(3, dealer=0)  # the first hand dealt, its blinds posted
    events = decide(leaves(0), state)
    after_it = fold(events, state)

    assert finish_of(events).places == [["1", "2"], ["0"]]
    assert (after_it.hand, after_it.turn, after_it.winner) == (None, None, None)


def test_d11_heads_up_the_other_seat_wins_as_at_any_table_of_two_sides() -> None:
    state = holdem(2, dealer=0)
    events = decide(leaves(1), state)
    assert finish_of(events).winner == "0"
    assert fold(events, state).places == (("0",), ("1",))


def test_d11_a_partnership_game_keeps_its_team_abandonment() -> None:
    history = after([created("sueca")], Abandon(at=AT, team="B"))
    assert finish_of(history).places == [["A"], ["B"]]
    assert finish_of(history).winner == "A"


# --- what was stored before ----------------------------------------------------------------


def test_c12_a_match_abandoned_stored_before_decodes_and_folds_unchanged() -> None:
    stored = b'{"type":"match_abandoned","at":"2026-11-24T20:30:00Z","team":"A","seat":null}'
    event = decode(stored)
    history = [created("sueca"), event]

    assert event == MatchAbandoned(at=event.at, team="A", seat=None)
    assert encode(event) == stored
    assert fold(history).abandoned_by == "A"
    assert decode(encode(MatchAbandoned(at=AT, team="2", seat=2))) == MatchAbandoned(
        at=AT, team="2", seat=2
    )

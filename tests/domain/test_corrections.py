"""Corrections are new events: undo the last move, annul the last finished hand."""

import pytest

from domain import (
    AnnulHand,
    HandAnnulled,
    HandEnded,
    MatchFinished,
    MatchReopened,
    MoveUndone,
    PerTeam,
    StartHand,
    UndoLastMove,
)
from tests.domain.builders import AT, batida, created, ended, move
from tests.domain.scenarios import (
    PONTOS_BLOCK_MOVES,
    PONTOS_CRUZADA,
    PONTOS_TIE,
    SEVENS_EARLY_PASS,
    played,
)
from tests.domain.spec import Given, given

PRESETS = ["pontos", "cinquenta", "federacao"]
UNDO = UndoLastMove(at=AT)
TIE = ended(1, outcome="empate", sums=PerTeam(20, 20))


def table(preset: str, *moves: str) -> Given:
    deal = PONTOS_CRUZADA if preset == "pontos" else SEVENS_EARLY_PASS
    return given(*played(preset, deal, *moves))


def annul(number: int) -> AnnulHand:
    return AnnulHand(at=AT, number=number)


@pytest.mark.parametrize("preset", PRESETS)
def test_undoing_the_last_play_restores_the_hand_exactly(preset: str) -> None:
    before = table(preset, "2 6-6", "3 pass").state
    history = table(preset, "2 6-6", "3 pass", "0 0-6 left")
    history.when(UNDO).then(MoveUndone(at=AT, seat=0, tile="0-6"))
    assert given(*history.events, *history.when(UNDO).decided()).state == before


@pytest.mark.parametrize("preset", PRESETS)
def test_undoing_a_pass_gives_the_turn_back(preset: str) -> None:
    history = table(preset, "2 6-6", "3 pass")
    undone = given(*history.events, *history.when(UNDO).decided()).state
    assert undone == table(preset, "2 6-6").state
    assert undone.turn == 3


def test_moves_can_be_undone_one_after_the_other_back_to_the_deal() -> None:
    history = table("pontos", "2 6-6", "3 pass")
    once = [*history.events, MoveUndone(at=AT, seat=3, tile=None)]
    twice = [*once, *given(*once).when(UNDO).decided()]
    assert given(*twice).state == table("pontos").state


def test_the_seat_whose_play_was_undone_may_play_another_tile() -> None:
    history = table("pontos", "2 6-6", "3 pass", "0 0-6 left")
    undone = [*history.events, *history.when(UNDO).decided()]
    assert len(given(*undone).when(move("0 3-6 right")).decided()) == 1


def test_there_is_nothing_to_undo_before_the_first_move() -> None:
    table("pontos").when(UNDO).raises("nothing-to-undo")


def test_the_move_that_ended_a_hand_cannot_be_undone() -> None:
    history = played("pontos", PONTOS_TIE, *PONTOS_BLOCK_MOVES)
    given(*history).when(UNDO).raises("nothing-to-undo")


def test_annulling_the_last_hand_takes_its_points_and_bonus_away() -> None:
    won = ended(2, winner="A", points=5, bonus_applied=1, kind="cruzada", by_seat=0)
    history = given(created("pontos"), TIE, won)
    history.when(annul(2)).then(HandAnnulled(at=AT, number=2))
    state = given(*history.events, HandAnnulled(at=AT, number=2)).state
    assert (state.score, state.pending_bonus, len(state.hands)) == ({"A": 0, "B": 0}, 1, 1)


def test_annulling_an_empate_removes_its_pending_bonus() -> None:
    state = given(created("pontos"), TIE, HandAnnulled(at=AT, number=1)).state
    assert (state.pending_bonus, state.hands) == (0, ())


def test_annulling_a_hand_restores_whose_turn_it_is_to_open_the_next() -> None:
    hand_1 = ended(1, winner="A", points=10, opener=0)
    hand_2 = ended(2, winner="B", points=10, opener=1)
    annulled = given(created("cinquenta"), hand_1, hand_2, HandAnnulled(at=AT, number=2))
    assert annulled.state.next_opener == 1
    assert annulled.state.next_opener == given(created("cinquenta"), hand_1).state.next_opener


def test_annulling_the_hand_that_ended_the_game_puts_the_game_back_in_play() -> None:
    finished = given(created("pontos"), ended(1, winner="A", points=5, by_seat=0))
    events = [*finished.events, *finished.when(batida(0, "simples")).decided()]
    given(*events).when(annul(2)).then(HandAnnulled(at=AT, number=2), MatchReopened(at=AT))
    state = given(*events, HandAnnulled(at=AT, number=2), MatchReopened(at=AT)).state
    assert (state.status, state.winner, state.score) == ("in_progress", None, {"A": 5, "B": 0})


def test_after_a_reopening_the_game_ends_again_when_a_team_reaches_the_target() -> None:
    finished = given(created("pontos"), ended(1, winner="A", points=5, by_seat=0))
    events = [*finished.events, *finished.when(batida(0, "simples")).decided()]
    reopened = [*events, HandAnnulled(at=AT, number=2), MatchReopened(at=AT)]
    hand_2, finished_again = given(*reopened).when(batida(2, "carroca")).decided()
    assert isinstance(hand_2, HandEnded)
    assert isinstance(finished_again, MatchFinished)
    assert (hand_2.number, finished_again.score) == (2, {"A": 7, "B": 0})


def test_only_the_last_finished_hand_can_be_annulled() -> None:
    given(created("pontos"), TIE, ended(2, winner="A", points=2)).when(annul(1)).raises(
        "not-last-hand"
    )


def test_there_is_nothing_to_annul_before_a_hand_ends() -> None:
    given(created("pontos")).when(annul(1)).raises("nothing-to-annul")


def test_a_hand_cannot_be_annulled_while_the_next_is_being_played() -> None:
    start = StartHand(at=AT, hands=[list(h) for h in PONTOS_TIE[:4]], dorme=list(PONTOS_TIE[4]))
    history = given(created("pontos"), TIE)
    events = [*history.events, *history.when(start).decided()]
    given(*events).when(annul(1)).raises("hand-in-progress")

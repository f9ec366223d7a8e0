"""Rule set `pontos`: batidas by kind, blocks worth 1, empates and their +1, game to 6."""

import pytest

from domain import Ends, HandEnded, MatchFinished, PerTeam, TilePlayed, fold
from domain.dominoes.game import DOMINOES
from domain.dominoes.scoring import batida_kind
from tests.domain.builders import AT, after, batida, bloqueio, created, ended, move
from tests.domain.scenarios import (
    PONTOS_A_LOWER,
    PONTOS_BLOCK_MOVES,
    PONTOS_CRUZADA,
    PONTOS_CRUZADA_MOVES,
    PONTOS_TIE,
    dealt,
    played,
)
from tests.domain.spec import given

TIE = ended(1, outcome="empate", sums=PerTeam(20, 20))


def a_won(number: int, points: int) -> HandEnded:
    return ended(number, kind="simples", winner="A", points=points, by_seat=0)


@pytest.mark.parametrize(
    ("tile", "left", "right", "kind"),
    [
        ("2-2", 2, 2, "cruzada"),
        ("2-2", 2, 5, "carroca"),
        ("3-5", 5, 3, "la-e-lo"),
        ("3-5", 3, 5, "la-e-lo"),
        ("3-5", 3, 3, "cruzada"),  # changed 2026-11-22: both sides show its number
        ("3-5", 5, 5, "cruzada"),
        ("3-5", 1, 3, "simples"),
        ("2-2", 5, 2, "carroca"),
    ],
)
def test_a_batida_is_classified_by_its_last_tile_and_the_ends_before_it(
    tile: str, left: int, right: int, kind: str
) -> None:
    assert batida_kind(tile, Ends(left, right)) == kind


def test_pontos_a_double_laid_on_two_equal_ends_goes_out_with_a_cruzada_worth_4() -> None:
    given(*played("pontos", PONTOS_CRUZADA, *PONTOS_CRUZADA_MOVES)).when(move("2 2-2 left")).then(
        TilePlayed(at=AT, seat=2, tile="2-2", end="left"),
        ended(
            outcome="batida",
            kind="cruzada",
            winner="A",
            points=4,
            sums=PerTeam(6, 13),
            by_seat=2,
            opener=2,
            recorded_as="plays",
        ),
    )


@pytest.mark.parametrize(
    ("kind", "points"), [("simples", 1), ("carroca", 2), ("la-e-lo", 3), ("cruzada", 4)]
)
def test_pontos_a_batida_scores_by_its_kind(kind: str, points: int) -> None:
    (event,) = given(created("pontos")).when(batida(3, kind)).decided()
    assert isinstance(event, HandEnded)
    assert (event.winner, event.points, event.kind) == ("B", points, kind)


def test_pontos_a_block_is_detected_with_the_tile_that_causes_it_and_the_lower_sum_wins_1() -> None:
    given(*played("pontos", PONTOS_A_LOWER, *PONTOS_BLOCK_MOVES[:3])).when(
        move(PONTOS_BLOCK_MOVES[3])
    ).then(
        TilePlayed(at=AT, seat=3, tile="2-6", end="right"),
        ended(
            outcome="bloqueio",
            winner="A",
            points=1,
            sums=PerTeam(50, 52),
            by_seat=3,
            opener=0,
            recorded_as="plays",
        ),
    )


def test_pontos_a_block_with_equal_sums_is_an_empate_where_nobody_scores() -> None:
    given(*played("pontos", PONTOS_TIE, *PONTOS_BLOCK_MOVES[:3])).when(
        move(PONTOS_BLOCK_MOVES[3])
    ).then(
        TilePlayed(at=AT, seat=3, tile="2-6", end="right"),
        ended(outcome="empate", sums=PerTeam(51, 51), by_seat=3, opener=0, recorded_as="plays"),
    )


def test_pontos_after_an_empate_the_next_hand_won_scores_1_more() -> None:
    history = after(dealt("pontos", PONTOS_CRUZADA, TIE), *PONTOS_CRUZADA_MOVES)
    _, hand_ended = given(*history).when(move("2 2-2 left")).decided()
    assert isinstance(hand_ended, HandEnded)
    assert (hand_ended.number, hand_ended.points, hand_ended.bonus_applied) == (2, 5, 1)


def test_pontos_the_empate_bonus_does_not_grow_with_more_ties() -> None:
    (event,) = given(created("pontos"), TIE, TIE, TIE).when(bloqueio(10, 12)).decided()
    assert isinstance(event, HandEnded)
    assert (event.points, event.bonus_applied) == (2, 1)


def test_pontos_the_bonus_is_spent_by_the_hand_that_takes_it() -> None:
    history = given(created("pontos"), TIE, ended(2, winner="B", points=2, bonus_applied=1))
    (event,) = history.when(batida(0, "simples")).decided()
    assert isinstance(event, HandEnded)
    assert (event.points, event.bonus_applied) == (1, 0)
    assert history.state.pending_bonus == 0


def test_pontos_an_empate_leaves_the_bonus_pending_in_the_state() -> None:
    assert given(created("pontos"), TIE).state.pending_bonus == 1


def test_pontos_the_game_goes_on_below_6() -> None:
    (event,) = given(created("pontos"), a_won(1, 4)).when(batida(0, "simples")).decided()
    assert given(created("pontos"), a_won(1, 4), event).state.status == "in_progress"


def test_pontos_the_hand_reaching_6_ends_the_game_in_the_same_decision_keeping_the_score() -> None:
    history = after(dealt("pontos", PONTOS_CRUZADA, a_won(1, 5)), *PONTOS_CRUZADA_MOVES)
    _, hand_ended, finished = given(*history).when(move("2 2-2 left")).decided()
    assert isinstance(hand_ended, HandEnded)
    assert (hand_ended.points, hand_ended.winner) == (4, "A")
    assert isinstance(finished, MatchFinished)
    assert (finished.winner, finished.score) == ("A", {"A": 9, "B": 0})


def test_pontos_a_hand_worth_5_after_an_empate_can_take_the_score_to_10() -> None:
    (_, finished) = given(created("pontos"), a_won(1, 5), TIE).when(batida(0, "cruzada")).decided()
    assert isinstance(finished, MatchFinished)
    assert finished.score == {"A": 10, "B": 0}


def test_d3_d6_an_empate_played_out_comes_back_by_the_block_its_result_body_says() -> None:
    # given a block of equal sums played out: an empate
    tie = fold(played("pontos", PONTOS_TIE, *PONTOS_BLOCK_MOVES)).hands[-1]
    assert tie.outcome == "empate"
    # then its súmula writes it as the block it was, and recorded so it is an empate again
    body = DOMINOES.result_body(tie)
    assert body == {"outcome": "bloqueio", "seat": 3, "sums": {"A": 51, "B": 51}}
    again = given(created("pontos")).when(bloqueio(51, 51, seat=3)).decided()
    assert [(e.outcome, e.winner, e.points) for e in again if isinstance(e, HandEnded)] == [
        ("empate", None, 0)
    ]

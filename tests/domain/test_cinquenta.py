"""Rule set `cinquenta`: the winners score the losers' pips; the blocker loses equal sums; 50."""

from domain import HandEnded, MatchFinished, PerTeam, TilePlayed
from tests.domain.builders import AT, after, batida, bloqueio, created, ended, move
from tests.domain.scenarios import (
    CINQUENTA_LA_E_LO,
    CINQUENTA_LA_E_LO_MOVES,
    SEVENS_A_LOWER,
    SEVENS_BLOCK_MOVES,
    SEVENS_TIE,
    dealt,
    played,
)
from tests.domain.spec import given


def test_cinquenta_a_batida_scores_the_pips_left_in_both_opponents_hands() -> None:
    given(*played("cinquenta", CINQUENTA_LA_E_LO, *CINQUENTA_LA_E_LO_MOVES)).when(
        move("3 1-5 left")
    ).then(
        TilePlayed(at=AT, seat=3, tile="1-5", end="left"),
        ended(
            outcome="batida",
            kind="la-e-lo",
            winner="B",
            points=30,
            sums=PerTeam(30, 12),
            by_seat=3,
            opener=3,
            recorded_as="plays",
        ),
    )


def test_cinquenta_a_block_is_won_by_the_lower_sum_scoring_the_other_teams_sum() -> None:
    given(*played("cinquenta", SEVENS_A_LOWER, *SEVENS_BLOCK_MOVES)).when(move("1 5-6 right")).then(
        TilePlayed(at=AT, seat=1, tile="5-6", end="right"),
        ended(
            outcome="bloqueio",
            winner="A",
            points=48,
            sums=PerTeam(42, 48),
            by_seat=1,
            opener=0,
            recorded_as="plays",
        ),
    )


def test_cinquenta_equal_sums_the_blocking_team_loses_and_the_other_scores_its_sum() -> None:
    given(*played("cinquenta", SEVENS_TIE, *SEVENS_BLOCK_MOVES)).when(move("1 5-6 right")).then(
        TilePlayed(at=AT, seat=1, tile="5-6", end="right"),
        ended(
            outcome="bloqueio",
            winner="A",
            points=45,
            sums=PerTeam(45, 45),
            by_seat=1,
            opener=0,
            recorded_as="plays",
        ),
    )


def test_cinquenta_a_result_only_block_with_equal_sums_must_say_who_blocked() -> None:
    given(created("cinquenta")).when(bloqueio(20, 20)).raises("blocker-required")


def test_cinquenta_a_result_only_block_with_equal_sums_is_lost_by_the_blocker() -> None:
    (event,) = given(created("cinquenta")).when(bloqueio(20, 20, seat=2)).decided()
    assert isinstance(event, HandEnded)
    assert (event.outcome, event.winner, event.points, event.by_seat) == ("bloqueio", "B", 20, 2)


def test_cinquenta_a_result_only_batida_needs_the_pip_sums() -> None:
    given(created("cinquenta")).when(batida(0, "simples")).raises("sums-required")


def test_cinquenta_a_result_only_batida_scores_the_losers_sum_whatever_its_kind() -> None:
    (event,) = given(created("cinquenta")).when(batida(1, "cruzada", (27, 3))).decided()
    assert isinstance(event, HandEnded)
    assert (event.winner, event.points, event.kind) == ("B", 27, "cruzada")


def test_cinquenta_there_is_no_empate_bonus() -> None:
    (event,) = given(created("cinquenta")).when(bloqueio(20, 20, seat=1)).decided()
    assert given(created("cinquenta"), event).state.pending_bonus == 0


def test_cinquenta_the_game_goes_on_below_50() -> None:
    (event,) = (
        given(created("cinquenta"), ended(winner="B", points=20, opener=0))
        .when(batida(1, "simples", (29, 0)))
        .decided()
    )
    assert isinstance(event, HandEnded)
    assert event.points == 29


def test_cinquenta_the_hand_reaching_50_ends_the_game_with_the_score_as_it_stands() -> None:
    history = after(
        dealt("cinquenta", CINQUENTA_LA_E_LO, ended(winner="B", points=40, opener=2)),
        *CINQUENTA_LA_E_LO_MOVES,
    )
    _, hand_ended, finished = given(*history).when(move("3 1-5 left")).decided()
    assert isinstance(hand_ended, HandEnded)
    assert hand_ended.number == 2
    assert isinstance(finished, MatchFinished)
    assert (finished.winner, finished.score) == ("B", {"A": 0, "B": 70})

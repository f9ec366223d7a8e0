"""Rule set `federacao`: as cinquenta, but a tied block is replayed and an irregular pass
loses the hand."""

from domain import (
    HandEnded,
    HandStarted,
    MatchFinished,
    PenaltyRecorded,
    PerTeam,
    RecordPenalty,
    StartHand,
    TilePlayed,
)
from tests.domain.builders import AT, batida, bloqueio, created, ended, move
from tests.domain.scenarios import (
    SEVENS_A_LOWER,
    SEVENS_BLOCK_MOVES,
    SEVENS_EARLY_PASS,
    SEVENS_TIE,
    played,
)
from tests.domain.spec import given


def test_federacao_a_tied_block_is_an_empate_to_replay_and_nobody_scores() -> None:
    given(*played("federacao", SEVENS_TIE, *SEVENS_BLOCK_MOVES)).when(move("1 5-6 right")).then(
        TilePlayed(at=AT, seat=1, tile="5-6", end="right"),
        ended(
            outcome="empate",
            sums=PerTeam(45, 45),
            by_seat=1,
            opener=0,
            recorded_as="plays",
        ),
    )


def test_federacao_the_replay_of_a_tied_first_hand_is_opened_by_the_6_6_holder() -> None:
    history = played("federacao", SEVENS_TIE, *SEVENS_BLOCK_MOVES, "1 5-6 right")
    turned = [list(SEVENS_TIE[3]), *(list(h) for h in SEVENS_TIE[:3])]
    given(*history).when(StartHand(at=AT, hands=turned)).then(
        HandStarted(
            at=AT,
            number=2,
            opener=1,
            opening_tile="6-6",
            hands=tuple(tuple(h) for h in turned),
        )
    )


def test_federacao_a_lower_sum_wins_the_block_and_scores_the_other_sum() -> None:
    decided = given(*played("federacao", SEVENS_A_LOWER, *SEVENS_BLOCK_MOVES)).when(
        move("1 5-6 right")
    )
    _, hand_ended = decided.decided()
    assert isinstance(hand_ended, HandEnded)
    assert (hand_ended.outcome, hand_ended.winner, hand_ended.points) == ("bloqueio", "A", 48)


def test_federacao_a_batida_scores_the_opponents_pips_as_in_cinquenta() -> None:
    (event,) = given(created("federacao")).when(batida(2, "carroca", (0, 33))).decided()
    assert isinstance(event, HandEnded)
    assert (event.winner, event.points) == ("A", 33)


def test_federacao_a_result_only_tie_needs_no_blocker_and_scores_nothing() -> None:
    (event,) = given(created("federacao")).when(bloqueio(30, 30)).decided()
    assert isinstance(event, HandEnded)
    assert (event.outcome, event.winner, event.points) == ("empate", None, 0)


def test_federacao_an_irregular_pass_loses_the_hand_for_the_offenders_team() -> None:
    history = played("federacao", SEVENS_EARLY_PASS, "2 6-6", "3 pass")
    noted, lost, *_ = (
        given(*history).when(RecordPenalty(at=AT, seat=0, kind="irregular-pass")).decided()
    )
    assert isinstance(noted, PenaltyRecorded)
    assert isinstance(lost, HandEnded)
    assert (noted.consequence, lost.outcome, lost.winner, lost.by_seat) == (
        "hand-lost",
        "penalty",
        "B",
        0,
    )
    assert given(*history, noted, lost).state.hand is None


def test_federacao_the_game_ends_at_50() -> None:
    (_, finished) = (
        given(created("federacao"), ended(winner="A", points=45, opener=0))
        .when(batida(0, "simples", (0, 5)))
        .decided()
    )
    assert isinstance(finished, MatchFinished)
    assert (finished.winner, finished.score) == ("A", {"A": 50, "B": 0})

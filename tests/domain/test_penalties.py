"""Infractions and their consequence per rule set."""

import pytest

from domain import (
    Hand,
    HandEnded,
    Passed,
    PenaltyKind,
    PenaltyRecorded,
    PerTeam,
    RecordPenalty,
    decide,
    fold,
    pips,
)
from domain.dominoes.board import team_sums
from tests.domain.builders import AT, created, ended
from tests.domain.scenarios import (
    PONTOS_BLOCK_MOVES,
    PONTOS_CRUZADA,
    PONTOS_TIE,
    SEVENS_EARLY_PASS,
    played,
)
from tests.domain.spec import Given, given

PRESETS = ["pontos", "cinquenta", "federacao"]
TIE = ended(1, outcome="empate", sums=PerTeam(20, 20))


def table(preset: str, *moves: str) -> Given:
    """Seat 2 opened 6-6, seat 3 passed; seat 0 holds a six."""
    deal = PONTOS_CRUZADA if preset == "pontos" else SEVENS_EARLY_PASS
    return given(*played(preset, deal, "2 6-6", "3 pass", *moves))


def penalty(seat: int, kind: str, note: str = "") -> RecordPenalty:
    return RecordPenalty(at=AT, seat=seat, kind=kind, note=note)  # type: ignore[arg-type]


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("kind", ["wrong-tile-shown", "slow-play"])
def test_a_warning_is_recorded_and_changes_nothing_else(preset: str, kind: PenaltyKind) -> None:
    history = table(preset)
    history.when(penalty(1, kind, "again")).then(
        PenaltyRecorded(at=AT, seat=1, kind=kind, consequence="warning", note="again")
    )
    noted = history.when(penalty(1, kind)).decided()
    assert given(*history.events, *noted).state == history.state


@pytest.mark.parametrize("preset", ["pontos", "cinquenta"])
def test_an_irregular_pass_stands_and_the_turn_moves_on(preset: str) -> None:
    table(preset).when(penalty(0, "irregular-pass")).then(
        PenaltyRecorded(at=AT, seat=0, kind="irregular-pass", consequence="turn-lost"),
        Passed(at=AT, seat=0),
    )


@pytest.mark.parametrize("preset", PRESETS)
def test_an_irregular_pass_needs_a_tile_that_fits(preset: str) -> None:
    given(*table(preset).events[:-1]).when(penalty(3, "irregular-pass")).raises("not-an-infraction")


@pytest.mark.parametrize("preset", PRESETS)
def test_an_irregular_pass_is_made_in_turn(preset: str) -> None:
    table(preset).when(penalty(1, "irregular-pass")).raises("not-your-turn")


@pytest.mark.parametrize("preset", ["pontos", "cinquenta"])
def test_an_irregular_pass_needs_a_hand_in_progress(preset: str) -> None:
    given(created(preset)).when(penalty(0, "irregular-pass")).raises("hand-not-started")


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("kind", ["out-of-turn", "tiles-shown"])
def test_playing_out_of_turn_or_showing_tiles_loses_the_hand(
    preset: str, kind: PenaltyKind
) -> None:
    history = table(preset)
    noted, lost, *_ = history.when(penalty(1, kind)).decided()
    assert isinstance(lost, HandEnded)
    assert noted == PenaltyRecorded(at=AT, seat=1, kind=kind, consequence="hand-lost")
    assert (lost.outcome, lost.winner, lost.by_seat) == ("penalty", "A", 1)
    assert (lost.opener, lost.recorded_as) == (2, "plays")
    hand = history.state.hand
    assert isinstance(hand, Hand)
    offenders_pips = pips(hand.hands[1]) + pips(hand.hands[3])
    # Scored by kind: a flat penalty point; by pips: the offenders' pips, as a batida (D8).
    assert lost.points == (1 if preset == "pontos" else offenders_pips)


def test_pontos_a_hand_lost_by_penalty_after_an_empate_is_worth_1_more() -> None:
    _, lost = given(created("pontos"), TIE).when(penalty(2, "tiles-shown")).decided()
    assert isinstance(lost, HandEnded)
    assert (lost.winner, lost.points, lost.bonus_applied) == ("B", 2, 1)


def test_a_hand_lost_by_penalty_can_be_written_down_between_hands() -> None:
    _, lost = given(created("pontos")).when(penalty(3, "out-of-turn")).decided()
    assert isinstance(lost, HandEnded)
    assert (lost.number, lost.recorded_as, lost.winner) == (1, "result", "A")


def test_a_penalty_point_can_reach_the_target() -> None:
    won5 = ended(1, winner="A", points=5, kind="simples", by_seat=0)
    events = given(created("pontos"), won5).when(penalty(1, "tiles-shown")).decided()
    assert [type(e).__name__ for e in events] == [
        "PenaltyRecorded",
        "HandEnded",
        "MatchFinished",
    ]


def test_the_penalty_points_follow_the_rules_of_the_game() -> None:
    _, lost = given(created("pontos", penalty_points=3)).when(penalty(0, "out-of-turn")).decided()
    assert isinstance(lost, HandEnded)
    assert lost.points == 3


@pytest.mark.parametrize("preset", ["cinquenta", "federacao"])
def test_a_hand_lost_between_hands_scored_by_pips_needs_the_sums(preset: str) -> None:
    given(created(preset)).when(penalty(0, "out-of-turn")).raises("sums-required")


@pytest.mark.parametrize("preset", ["cinquenta", "federacao"])
def test_a_hand_lost_between_hands_scores_the_offenders_pips_given(preset: str) -> None:
    command = RecordPenalty(at=AT, seat=3, kind="tiles-shown", sums=PerTeam(12, 27))
    _, lost = given(created(preset)).when(command).decided()
    assert isinstance(lost, HandEnded)
    assert (lost.winner, lost.points, lost.sums) == ("A", 27, PerTeam(12, 27))


def test_signalling_a_partner_is_a_warning_unless_the_competition_says_otherwise() -> None:
    given(created("federacao")).when(penalty(2, "signal")).then(
        PenaltyRecorded(at=AT, seat=2, kind="signal", consequence="warning")
    )
    noted, lost = given(created("pontos", signal="hand-lost")).when(penalty(2, "signal")).decided()
    assert isinstance(lost, HandEnded)
    assert (noted, lost.winner, lost.points) == (
        PenaltyRecorded(at=AT, seat=2, kind="signal", consequence="hand-lost"),
        "B",
        1,
    )


def test_a_card_games_infraction_is_not_one_of_dominoes() -> None:
    given(created("pontos")).when(penalty(0, "renounce")).raises("invalid-penalty")


def test_an_unknown_infraction_is_refused() -> None:
    given(created("pontos")).when(penalty(0, "cheating")).raises("invalid-penalty")


def test_a_pontos_hand_lost_by_a_penalty_records_the_pips_of_the_hands_known() -> None:
    """D17: the pips are recorded whenever the hands are known, though pontos scores a lost
    hand by its fixed penalty points (a review found them missing, 2026-11-29)."""
    state = fold(played("pontos", PONTOS_TIE, *PONTOS_BLOCK_MOVES[:2]))
    hand = state.hand
    assert isinstance(hand, Hand)
    _, lost = decide(RecordPenalty(at=AT, seat=1, kind="out-of-turn"), state)[:2]
    assert isinstance(lost, HandEnded)
    assert lost.points == 1
    assert lost.sums == team_sums(hand.hands)

"""Turn order, fitting and open ends, mandatory play: the same in every rule set."""

import pytest

from domain import Ends, Hand, Pass, Passed, TilePlayed
from tests.domain.builders import AT, created, ended, move
from tests.domain.scenarios import (
    PONTOS_CRUZADA,
    SEVENS_BLOCK_MOVES,
    SEVENS_EARLY_PASS,
    SEVENS_TIE,
    dealt,
    played,
)
from tests.domain.spec import Given, given

PRESETS = ["pontos", "cinquenta", "federacao"]


def table(preset: str, *moves: str) -> Given:
    """A hand in progress: seat 2 opens with 6-6 and seat 3 holds no six."""
    deal = PONTOS_CRUZADA if preset == "pontos" else SEVENS_EARLY_PASS
    return given(*played(preset, deal, *moves))


@pytest.mark.parametrize("preset", PRESETS)
def test_the_opener_must_lead_with_the_opening_double(preset: str) -> None:
    table(preset).when(move("2 2-5")).raises("wrong-opening-tile")


def test_cinquenta_a_later_hand_may_open_with_any_tile() -> None:
    history = dealt("cinquenta", SEVENS_TIE, ended(1, winner="B", points=9, opener=3))
    given(*history).when(move("0 5-5")).then(TilePlayed(at=AT, seat=0, tile="5-5", end=None))


@pytest.mark.parametrize("preset", PRESETS)
def test_play_goes_round_the_seats_in_order(preset: str) -> None:
    assert table(preset).state.turn == 2
    assert table(preset, "2 6-6").state.turn == 3
    assert table(preset, "2 6-6", "3 pass").state.turn == 0


@pytest.mark.parametrize("preset", PRESETS)
def test_only_the_seat_in_turn_may_play(preset: str) -> None:
    table(preset, "2 6-6").when(move("0 0-6 left")).raises("not-your-turn")


@pytest.mark.parametrize("preset", PRESETS)
def test_a_tile_that_does_not_fit_an_open_end_is_refused(preset: str) -> None:
    table(preset, "2 6-6").when(move("3 4-5")).raises("tile-does-not-fit")


@pytest.mark.parametrize("preset", PRESETS)
def test_a_seat_with_nothing_that_fits_passes(preset: str) -> None:
    table(preset, "2 6-6").when(move("3 pass")).then(Passed(at=AT, seat=3))


@pytest.mark.parametrize("preset", PRESETS)
def test_a_pass_while_holding_a_tile_that_fits_is_refused(preset: str) -> None:
    table(preset, "2 6-6", "3 pass").when(Pass(at=AT, seat=0)).raises("must-play")


@pytest.mark.parametrize("preset", PRESETS)
def test_the_opening_lead_cannot_be_passed(preset: str) -> None:
    table(preset).when(Pass(at=AT, seat=2)).raises("must-play")


@pytest.mark.parametrize("preset", PRESETS)
def test_a_tile_not_in_the_players_hand_is_refused(preset: str) -> None:
    table(preset, "2 6-6").when(move("3 5-6 left")).raises("tile-not-in-hand")


def test_a_tile_fitting_both_ends_needs_the_end() -> None:
    table("pontos", "2 6-6", "3 pass").when(move("0 3-6")).raises("end-required")


def test_a_tile_fitting_one_end_goes_there_without_saying() -> None:
    at_3_and_6 = table("pontos", "2 6-6", "3 pass", "0 3-6 left")
    at_3_and_6.when(move("1 0-3")).then(TilePlayed(at=AT, seat=1, tile="0-3", end="left"))


def test_a_tile_laid_on_an_end_it_does_not_fit_is_refused() -> None:
    at_3_and_6 = table("pontos", "2 6-6", "3 pass", "0 3-6 left")
    at_3_and_6.when(move("1 0-3 right")).raises("tile-does-not-fit")


def test_a_tile_written_backwards_is_played_normalised() -> None:
    at_3_and_6 = table("pontos", "2 6-6", "3 pass", "0 3-6 left")
    at_3_and_6.when(move("1 6-1")).then(TilePlayed(at=AT, seat=1, tile="1-6", end="right"))


@pytest.mark.parametrize(("text", "code"), [("1 7-1", "invalid-tile"), ("5 0-3", "invalid-seat")])
def test_a_move_that_names_no_real_tile_or_seat_is_refused(text: str, code: str) -> None:
    table("pontos", "2 6-6", "3 pass", "0 3-6 left").when(move(text)).raises(code)


@pytest.mark.parametrize("preset", PRESETS)
def test_no_move_is_accepted_before_a_hand_starts(preset: str) -> None:
    given(created(preset)).when(move("0 6-6")).raises("hand-not-started")
    given(created(preset)).when(move("0 pass")).raises("hand-not-started")


def test_the_board_lists_the_tiles_from_left_to_right_with_the_open_ends() -> None:
    hand = given(*played("cinquenta", SEVENS_TIE, *SEVENS_BLOCK_MOVES[:5])).state.hand
    assert isinstance(hand, Hand)
    assert hand.board == ("0-1", "1-6", "6-6", "2-6", "2-3")
    assert hand.ends == Ends(0, 3)
    assert hand.tiles_left == (5, 6, 6, 6)
    assert "2-3" not in hand.hands[0]

import pytest

from domain import ALL_TILES, DomainError, normalise, parse_tile, pips


def test_the_double_six_set_has_28_distinct_tiles_written_smaller_number_first() -> None:
    assert len(set(ALL_TILES)) == 28
    assert all(parse_tile(t)[0] <= parse_tile(t)[1] for t in ALL_TILES)


def test_a_tile_written_backwards_is_normalised() -> None:
    assert normalise("5-3") == "3-5"
    assert normalise("3-5") == "3-5"


@pytest.mark.parametrize("text", ["7-1", "3", "3-5-1", "a-b", " 3-5", "35", "", "-1-2"])
def test_anything_else_is_an_invalid_tile(text: str) -> None:
    with pytest.raises(DomainError) as caught:
        parse_tile(text)
    assert caught.value.code == "invalid-tile"


def test_pips_add_both_numbers_and_the_blank_double_is_worth_nothing() -> None:
    assert pips(["0-0"]) == 0
    assert pips(["3-4", "6-6"]) == 19
    assert pips(ALL_TILES) == 168

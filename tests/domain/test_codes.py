"""One grammar of card and tile codes (domain/codes.py, C1, D1): the patterns the API's
bodies are read with and the functions the domain parses with accept exactly the same
texts, so that no body reads a card the domain would refuse, nor the other way round."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.cards.cards import DECK_52
from domain.cards.melds.decks import DECK_108
from domain.codes import (
    CARD_CODE,
    PIECE_CODE,
    STOCK_CARD_CODE,
    TILE_CODE,
    card_code,
    tile_code,
)
from domain.dominoes.tiles import ALL_TILES
from domain.errors import InvalidInput

_NEAR = st.text(alphabet="AaJjKkQq0123456789-CcDdHhSsXx ", max_size=5)
"""Texts made of the characters codes are made of, in both cases: the near misses."""
_TEXTS = st.one_of(_NEAR, st.text(max_size=5), st.sampled_from([*DECK_52, *ALL_TILES, "JK"]))


def accepted(parse: object, text: str) -> bool:
    assert callable(parse)
    try:
        parse(text)
    except InvalidInput:
        return False
    return True


@given(_TEXTS)
def test_c1_the_body_pattern_of_a_card_accepts_what_the_domain_parses(text: str) -> None:
    assert bool(re.fullmatch(STOCK_CARD_CODE, text)) == accepted(card_code, text)
    assert bool(re.fullmatch(CARD_CODE, text)) == (accepted(card_code, text) and text != "JK")


@given(_TEXTS)
def test_d1_the_body_pattern_of_a_tile_accepts_what_the_domain_parses(text: str) -> None:
    assert bool(re.fullmatch(TILE_CODE, text)) == accepted(tile_code, text)


@given(_TEXTS)
def test_a_deals_piece_is_a_tile_or_a_card(text: str) -> None:
    either = accepted(tile_code, text) or accepted(card_code, text)
    assert bool(re.fullmatch(PIECE_CODE, text)) == either


def test_c1_every_card_of_every_deck_is_its_own_code_and_no_lower_case_one_is() -> None:
    for card in {*DECK_52, *DECK_108}:
        assert card_code(card) == card
        with pytest.raises(InvalidInput) as refused:
            card_code(card.lower())
        assert refused.value.code == "invalid-card"
        assert "in capitals" in refused.value.message


def test_d1_a_tile_is_written_in_either_order_and_held_smaller_first() -> None:
    assert tile_code("5-3") == tile_code("3-5") == "3-5"
    for bad in ("7-1", "3_5", "35", "3-5 ", "a-b"):
        with pytest.raises(InvalidInput) as refused:
            tile_code(bad)
        assert refused.value.code == "invalid-tile"

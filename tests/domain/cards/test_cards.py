"""Cards are written rank then suit, in capitals (C1); both games play with the 40-card deck."""

import pytest

from domain import DECK_40, DomainError
from domain.cards import cards
from domain.cards.cards import DECK_52, in_deck, parse_card


@pytest.mark.parametrize("text", ["7H", "10S", "AC", "QD", "JK"])
def test_c1_a_card_is_written_rank_then_suit_in_capitals(text: str) -> None:
    assert parse_card(text) == text


@pytest.mark.parametrize(
    "text",
    ["7h", "10s", "ac", "aC", "Qd", "jk", "H7", "1H", "11S", "7X", "7", "", " 7H", "7H ", "10"],
)
def test_c1_anything_else_lower_case_too_is_an_invalid_card(text: str) -> None:
    with pytest.raises(DomainError) as refused:
        parse_card(text)
    assert refused.value.code == "invalid-card"
    assert "in capitals" in refused.value.message


def test_a_card_that_is_not_text_is_an_invalid_card() -> None:
    with pytest.raises(DomainError) as refused:
        parse_card(7)
    assert refused.value.code == "invalid-card"


def test_the_deck_of_both_games_has_40_cards_without_eights_nines_and_tens() -> None:
    assert len(DECK_40) == len(set(DECK_40)) == 40
    ranks = {card[:-1] for card in DECK_40}
    assert ranks == {"A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"}
    assert all(sum(card[-1] == suit for card in DECK_40) == 10 for suit in "CDHS")


def test_the_decks_known_by_identity_stay_few_when_a_deck_is_built_on_each_call() -> None:
    for _ in range(500):
        assert in_deck(["AS"], tuple(list(DECK_52)), "a deck built anew") == ("AS",)
    assert len(cards._KNOWN) <= cards._DECKS_KEPT

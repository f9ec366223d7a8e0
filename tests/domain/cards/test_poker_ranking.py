"""Poker hand ranking (domain/cards/betting/ranking.py): the order of hands checked against
treys (52-card deck) and pokerkit (short deck, flush over full house), the seed's own rules
given / when / then (P8, P9, the split flush, kickers, the best five of seven), and a hypothesis
property: the best of 7 cards is the best of their 21 five-card hands."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations, pairwise

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pokerkit import Hand, ShortDeckHoldemHand
from treys import Card, Evaluator  # type: ignore[import-untyped]

from domain.cards.betting.ranking import (
    CATEGORIES,
    NAMES_PT,
    HandRank,
    beats,
    best_five,
    category,
    hand_rank,
)
from domain.cards.cards import DECK_52, rank_of, suit_of

PROPERTY = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
TREYS_CLASS = {
    "Royal Flush": "royal-flush",
    "Straight Flush": "straight-flush",
    "Four of a Kind": "four-of-a-kind",
    "Full House": "full-house",
    "Flush": "flush",
    "Straight": "straight",
    "Three of a Kind": "three-of-a-kind",
    "Two Pair": "two-pair",
    "Pair": "pair",
    "High Card": "high-card",
}
POKERKIT_LABEL = {
    "Straight flush": "straight-flush",
    "Four of a kind": "four-of-a-kind",
    "Full house": "full-house",
    "Flush": "flush",
    "Straight": "straight",
    "Three of a kind": "three-of-a-kind",
    "Two pair": "two-pair",
    "One pair": "pair",
    "High card": "high-card",
}


def deck(low: int) -> tuple[str, ...]:
    """The 52-card deck cut to ranks `low`..A (the short decks of poker fechado)."""
    kept = {"A", "J", "Q", "K", *(str(r) for r in range(low, 11))}
    return tuple(card for card in DECK_52 if rank_of(card) in kept)


def foreign(card: str) -> str:
    """A card in the notation of treys and pokerkit: "10H" -> "Th"."""
    rank = rank_of(card)
    return ("T" if rank == "10" else rank) + suit_of(card).lower()


def random_hands(rng: random.Random, cards: tuple[str, ...], count: int) -> list[list[str]]:
    return [rng.sample(cards, rng.choice((5, 6, 7))) for _ in range(count)]


def sign(x: float) -> int:
    return (x > 0) - (x < 0)


def five_card_best(cards: Sequence[str], low: int, flush_beats_full_house: bool) -> HandRank:
    return max(
        hand_rank(five, low=low, flush_beats_full_house=flush_beats_full_house)
        for five in combinations(cards, 5)
    )


def test_the_order_of_two_hands_and_their_category_match_treys_on_the_52_card_deck() -> None:
    """Given 44,000 random 5-, 6- and 7-card hands from a 52-card deck, when each is ranked by
    hand_rank and by treys, then each consecutive pair (22,000 pairs) is ordered alike (treys:
    lower is better), every rank names treys' class, and treys' score is a strictly decreasing
    function of the rank over all the hands (so all pairs order alike)."""
    rng = random.Random(20240601)
    evaluator = Evaluator()
    hands = random_hands(rng, DECK_52, 44_000)
    ours = [hand_rank(hand) for hand in hands]
    theirs = [
        evaluator.evaluate(
            [Card.new(foreign(c)) for c in hand[:2]], [Card.new(foreign(c)) for c in hand[2:]]
        )
        for hand in hands
    ]
    for i in range(0, len(hands), 2):
        assert sign(theirs[i + 1] - theirs[i]) == sign(
            (ours[i] > ours[i + 1]) - (ours[i] < ours[i + 1])
        ), (hands[i], hands[i + 1])
    for hand, rank, score in zip(hands, ours, theirs, strict=True):
        named = TREYS_CLASS[evaluator.class_to_string(evaluator.get_rank_class(score))]
        if category(rank) == "royal-flush":
            assert named in ("straight-flush", "royal-flush"), hand  # treys' version decides
        else:
            assert category(rank) == named, hand
    score_of: dict[HandRank, int] = {}
    for rank, score in zip(ours, theirs, strict=True):
        assert score_of.setdefault(rank, score) == score
    ordered = [score_of[rank] for rank in sorted(score_of)]
    assert all(a > b for a, b in pairwise(ordered))


def test_the_order_matches_pokerkit_short_deck_with_flush_over_full_house() -> None:
    """Given random hands of the 36-card deck 6..A, when ranked with low=6 and the flush over the
    full house (P8's override) and by pokerkit's short-deck hold'em (same rules: A-6-7-8-9 is
    the lowest straight, a flush beats a full house), then pokerkit's order is a strictly
    increasing function of hand_rank and the categories agree."""
    rng = random.Random(36)
    hands = random_hands(rng, deck(6), 8_000)
    score_of: dict[HandRank, Hand] = {}
    for hand in hands:
        rank = hand_rank(hand, low=6, flush_beats_full_house=True)
        theirs = ShortDeckHoldemHand.from_game(
            "".join(foreign(c) for c in hand[:2]), "".join(foreign(c) for c in hand[2:])
        )
        expected = POKERKIT_LABEL[theirs.entry.label.value]
        if rank[0] == CATEGORIES.index("royal-flush"):
            expected = "royal-flush"
        assert category(rank) == expected, hand
        known = score_of.setdefault(rank, theirs)
        assert known.entry == theirs.entry, hand
    ordered = [score_of[rank] for rank in sorted(score_of)]
    assert all(a < b for a, b in pairwise(ordered))


# P9: the ace plays low just below the deck's lowest rank.


def test_p9_ace_seven_to_ten_is_the_lowest_straight_of_the_deck_from_seven() -> None:
    """P9 (short-deck ace-low straight): given low=7, when A-7-8-9-10 is ranked, then it is a
    straight topped by the 10 and loses to 7-8-9-10-J, the next straight up."""
    ace_low = hand_rank(["AH", "7C", "8D", "9S", "10H"], low=7)
    assert category(ace_low) == "straight"
    assert ace_low == (CATEGORIES.index("straight"), 10)
    assert beats(hand_rank(["7H", "8C", "9D", "10S", "JH"], low=7), ace_low)
    assert beats(ace_low, hand_rank(["AH", "AC", "AD", "KS", "QH"], low=7))


def test_p9_ace_six_to_nine_is_a_straight_with_low_six() -> None:
    """P9: given low=6, when A-6-7-8-9 is ranked, then it is a straight topped by the 9, below
    6-7-8-9-10."""
    ace_low = hand_rank(["AS", "6C", "7D", "8S", "9H"], low=6)
    assert ace_low == (CATEGORIES.index("straight"), 9)
    assert hand_rank(["6C", "7D", "8S", "9H", "10H"], low=6) > ace_low


@pytest.mark.parametrize(
    ("low", "cards", "top"),
    [(5, ["AS", "5C", "6D", "7S", "8H"], 8), (4, ["AS", "4C", "5D", "6S", "7H"], 7)],
)
def test_p9_ace_plays_just_below_the_lowest_rank_of_the_other_short_decks(
    low: int, cards: list[str], top: int
) -> None:
    """P9: given the decks from 5 and from 4, when the ace and the four lowest ranks are ranked,
    then they make the lowest straight, topped by the fourth card."""
    assert hand_rank(cards, low=low) == (CATEGORIES.index("straight"), top)


def test_p9_the_wheel_is_the_lowest_straight_of_the_52_card_deck() -> None:
    """P9: given low=2, when A-2-3-4-5 is ranked, then it is the wheel (top card 5) and loses to
    2-3-4-5-6; A-10-J-Q-K plays the ace high."""
    wheel = hand_rank(["AH", "2C", "3D", "4S", "5H"])
    assert wheel == (CATEGORIES.index("straight"), 5)
    assert beats(hand_rank(["2C", "3D", "4S", "5H", "6H"]), wheel)
    assert hand_rank(["AH", "KC", "QD", "JS", "10H"]) == (CATEGORIES.index("straight"), 14)


def test_p9_an_ace_with_four_cards_that_are_not_the_lowest_is_no_straight() -> None:
    """P9: given low=7, when A-7-8-9-J is ranked, then it is no straight (ace-high only); nor is
    A-2-3-4-5 a straight once the ace plays below 7."""
    assert category(hand_rank(["AH", "7C", "8D", "9S", "JH"], low=7)) == "high-card"
    assert category(hand_rank(["AH", "2C", "3D", "4S", "5H"], low=7)) == "high-card"
    assert category(hand_rank(["AH", "7C", "8D", "9S", "10H"], low=2)) == "high-card"


def test_p9_an_ace_low_straight_flush_is_a_straight_flush_with_its_low_top() -> None:
    """P9: given low=7, when A-7-8-9-10 of one suit is ranked, then it is a straight flush
    topped by the 10, below 7-8-9-10-J suited and not a royal flush."""
    ace_low = hand_rank(["AH", "7H", "8H", "9H", "10H"], low=7)
    assert ace_low == (CATEGORIES.index("straight-flush"), 10)
    assert category(ace_low) == "straight-flush"
    assert hand_rank(["7S", "8S", "9S", "10S", "JS"], low=7) > ace_low


# P8: a flush loses to a full house, unless the table says otherwise.

FLUSH = ["2H", "5H", "8H", "JH", "KH"]
FULL_HOUSE = ["9C", "9D", "9S", "4C", "4D"]
TRIPS = ["AC", "AD", "AS", "KC", "QD"]
QUADS = ["3C", "3D", "3H", "3S", "2C"]


@pytest.mark.parametrize("low", [2, 7])
def test_p8_by_default_a_full_house_beats_a_flush(low: int) -> None:
    """P8: given the default order, when a flush meets a full house, then the full house wins,
    whichever hand is named first."""
    flush, full = hand_rank(FLUSH, low=low), hand_rank(FULL_HOUSE, low=low)
    assert beats(full, flush)
    assert not beats(flush, full)
    assert (category(flush), category(full)) == ("flush", "full-house")


@pytest.mark.parametrize("low", [2, 7])
def test_p8_with_the_override_a_flush_beats_a_full_house(low: int) -> None:
    """P8 (table override flush_beats_full_house): given the override, when a flush meets a full
    house, then the flush wins both ways round; the full house still beats three of a kind and
    still loses to four of a kind; the categories keep their names."""
    flush = hand_rank(FLUSH, low=low, flush_beats_full_house=True)
    full = hand_rank(FULL_HOUSE, low=low, flush_beats_full_house=True)
    trips = hand_rank(TRIPS, low=low, flush_beats_full_house=True)
    quads = hand_rank(QUADS, low=low, flush_beats_full_house=True)
    assert beats(flush, full)
    assert not beats(full, flush)
    assert beats(full, trips)
    assert not beats(trips, full)
    assert beats(quads, full)
    assert not beats(full, quads)
    assert beats(quads, flush)
    assert (category(flush), category(full)) == ("flush", "full-house")
    assert (NAMES_PT[category(flush)], NAMES_PT[category(full)]) == ("flush", "full house")


def test_it_is_possible_to_tie_with_a_flush() -> None:
    """ "É possível empatar com flush": given two flushes of the same five ranks in different
    suits, when ranked, then they tie and split the pot."""
    hearts = hand_rank(["2H", "5H", "8H", "JH", "KH"])
    spades = hand_rank(["2S", "5S", "8S", "JS", "KS"])
    assert hearts == spades
    assert not beats(hearts, spades)
    assert not beats(spades, hearts)


def test_kickers_decide_between_equal_pairs() -> None:
    """Standard kickers: given a pair of kings with an ace kicker and a pair of kings with a queen
    kicker, when ranked, then the ace kicker wins."""
    ace = hand_rank(["KH", "KS", "AC", "4D", "3H"])
    queen = hand_rank(["KC", "KD", "QC", "4S", "3S"])
    assert beats(ace, queen)
    assert ace == (CATEGORIES.index("pair"), 13, 14, 4, 3)


def test_a_royal_flush_is_above_a_straight_flush() -> None:
    """Royal flush is its own category above the straight flush: given A-K-Q-J-10 and K-Q-J-10-9
    of one suit, when ranked, then the royal flush wins."""
    royal = hand_rank(["AD", "KD", "QD", "JD", "10D"])
    straight_flush = hand_rank(["KS", "QS", "JS", "10S", "9S"])
    assert (category(royal), category(straight_flush)) == ("royal-flush", "straight-flush")
    assert beats(royal, straight_flush)
    assert NAMES_PT[category(royal)] == "royal straight flush"


def test_the_board_plays_when_it_is_the_best_five_of_both_players() -> None:
    """Best five of seven: given a board straight 5-6-7-8-9 and two players whose hole cards do
    not improve it, when ranked, then they tie with the board."""
    board = ["5C", "6D", "7H", "8S", "9C"]
    first = hand_rank(["2C", "3D", *board])
    second = hand_rank(["KH", "KD", *board])
    assert first == second == hand_rank(board)
    assert sorted(best_five(["2C", "3D", *board])) == sorted(board)


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        (["2H", "2C", "2D", "3S", "3H", "3C", "9H"], (6, 3, 2)),  # two trips: a full house
        (["KH", "KC", "5D", "5S", "4H", "4C", "QH"], (2, 13, 5, 12)),  # three pairs
        (["KH", "KC", "5D", "5S", "4H", "4C", "2H"], (2, 13, 5, 4)),  # the third pair kicks
        (["2H", "5H", "8H", "JH", "KH", "AH", "3H"], (5, 14, 13, 11, 8, 5)),  # 7 of a suit
        (["9H", "10H", "JH", "QH", "KH", "2H", "AC"], (8, 13)),  # the straight flush wins
        (["9H", "10H", "JH", "QH", "KC", "2H", "AC"], (5, 12, 11, 10, 9, 2)),  # flush > straight
        (["QH", "QC", "QD", "QS", "KH", "KC", "KD"], (7, 12, 13)),  # quads, kicker from trips
    ],
)
def test_the_best_five_of_seven(cards: list[str], expected: HandRank) -> None:
    """Given seven cards, when ranked, then the best five of them make the rank."""
    assert hand_rank(cards) == expected


@pytest.mark.parametrize(
    "cards",
    [
        ["AS", "KS", "QS", "JS"],
        ["AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S"],
        ["AS", "KS", "QS", "JS", "1S"],
        ["AS", "KS", "QS", "JS", "as"],
        ["AS", "KS", "QS", "JS", "AS"],
        ["AS", "KS", "QS", "JS", "10S", "KS"],
    ],
)
def test_too_few_too_many_unknown_or_repeated_cards_are_refused(cards: list[str]) -> None:
    with pytest.raises(ValueError, match="card"):
        hand_rank(cards)


def test_a_deck_without_a_lowest_rank_is_refused() -> None:
    with pytest.raises(ValueError, match="low"):
        hand_rank(["AS", "KS", "QS", "JS", "10S"], low=1)


def test_every_category_has_a_portuguese_name() -> None:
    assert set(NAMES_PT) == set(CATEGORIES)
    assert NAMES_PT["high-card"] == "nada"
    assert NAMES_PT["straight"] == "sequência"


def seven(cards: tuple[str, ...]) -> st.SearchStrategy[list[str]]:
    return st.lists(st.sampled_from(cards), min_size=7, max_size=7, unique=True)


@settings(PROPERTY, max_examples=300)
@given(cards=seven(DECK_52), flush_beats_full_house=st.booleans())
def test_seven_cards_rank_as_their_best_five_card_hand(
    cards: list[str], flush_beats_full_house: bool
) -> None:
    assert hand_rank(cards, flush_beats_full_house=flush_beats_full_house) == five_card_best(
        cards, 2, flush_beats_full_house
    )


@settings(PROPERTY, max_examples=300)
@given(cards=seven(deck(7)), flush_beats_full_house=st.booleans())
def test_seven_cards_of_the_short_deck_rank_as_their_best_five_card_hand(
    cards: list[str], flush_beats_full_house: bool
) -> None:
    assert hand_rank(cards, low=7, flush_beats_full_house=flush_beats_full_house) == (
        five_card_best(cards, 7, flush_beats_full_house)
    )


@settings(PROPERTY, max_examples=200)
@given(
    cards=st.integers(5, 7).flatmap(
        lambda n: st.lists(st.sampled_from(DECK_52), min_size=n, max_size=n, unique=True)
    ),
    flush_beats_full_house=st.booleans(),
)
def test_best_five_are_five_of_the_cards_that_make_the_rank(
    cards: list[str], flush_beats_full_house: bool
) -> None:
    five = best_five(cards, flush_beats_full_house=flush_beats_full_house)
    assert len(five) == 5
    assert set(five) <= set(cards)
    assert hand_rank(five, flush_beats_full_house=flush_beats_full_house) == hand_rank(
        cards, flush_beats_full_house=flush_beats_full_house
    )
    assert five == best_five(cards, flush_beats_full_house=flush_beats_full_house)

"""The rummy family's melds (card-rules.md sections 4 to 7), given / when / then: runs and
sets with wild cards as each game allows them, canastras, and a hand split into melds
(Cacheta's batida), with a hypothesis property: any hand built from melds splits, and every
split is of valid melds using each card once."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.cards.melds.decks import DECK_104, DECK_108, JOKER
from domain.cards.melds.meld import meld_of
from domain.cards.melds.rules import MeldRules
from domain.cards.melds.split import split
from domain.errors import InvalidInput

TWOS = frozenset({"2C", "2D", "2H", "2S"})
BURACO = MeldRules(wilds=TWOS, max_wilds=1, ace_to_ace=True)
MEGA = MeldRules(
    wilds=TWOS | {JOKER}, max_wilds=1, sets=True, set_ranks=frozenset(range(1, 14)) - {2}
)
TRANCA = MeldRules(
    wilds=TWOS, max_wilds=1, sets=True, lowest=4, set_ranks=frozenset({1, *range(4, 14)})
)
CACHETA = MeldRules(  # vira 8C: the black 9s are wild (K1)
    wilds=frozenset({"9C", "9S"}), max_wilds=None, sets=True, set_max=5, set_suits=3
)


def spades(*ranks: str) -> list[str]:
    return [f"{rank}S" for rank in ranks]


def refused(cards: list[str], rules: MeldRules) -> bool:
    try:
        meld_of(cards, rules)
    except InvalidInput as error:
        return error.code == "invalid-meld"
    return False


def test_the_decks_of_the_rummy_family() -> None:
    """[S] "Baralhos - dois de 52 cartas"; Mega Buraco "com dois Coringões cada" (MB1: JK)."""
    assert len(DECK_104) == 104
    assert Counter(DECK_104)["7H"] == 2
    assert len(DECK_108) == 108
    assert Counter(DECK_108)[JOKER] == 4


def test_a_run_is_three_or_more_of_one_suit_in_order() -> None:
    """[S] "Jogo - três ou mais cartas, ordenadas, do mesmo naipe"."""
    meld = meld_of(spades("5", "6", "7"), BURACO)

    assert (meld.kind, meld.suit, meld.low, meld.wilds) == ("run", "S", 5, 0)
    assert refused(spades("5", "6"), BURACO)
    assert refused(["5S", "6S", "7H"], BURACO)
    assert refused(spades("5", "6", "8"), BURACO)  # a gap and no wild


def test_the_ace_is_low_or_high_never_both_ends_but_a_to_a() -> None:
    """[S] "(O Ás vale acima do Rei ou abaixo do dois.)"; B2: never K-A-2; A..K..A is one run."""
    assert meld_of(spades("A", "2", "3"), BURACO).low == 1
    assert meld_of(spades("Q", "K", "A"), BURACO).low == 12
    no_wrap = meld_of(spades("K", "A", "2"), BURACO)  # the 2 is a wild for the queen
    assert (no_wrap.low, no_wrap.wilds) == (12, 1)
    assert refused(["KS", "AS", "2S", "3S"], BURACO)
    every = spades("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
    assert meld_of(every, BURACO).canastra == "mil"  # B12: the canastra de mil, clean
    assert refused(every, MEGA)  # MB4: A..K at most, no A-to-A


def test_one_wild_per_meld_and_a_two_in_its_own_place_is_natural() -> None:
    """B3: at most one wild; B4: a 2 of the run's suit in its own place is natural."""
    assert meld_of(["QD", "2C", "AD"], BURACO).wilds == 1  # [S] "Dama-dois-Ás de Ouros"
    assert meld_of(spades("A", "2", "3"), BURACO).wilds == 0
    assert meld_of(["AS", "2S", "3S", "2H", "5S"], BURACO).wilds == 1  # one 2 natural
    assert refused(["5S", "2H", "2C", "8S"], BURACO)  # two wilds
    assert refused(["2S", "2H", "2C"], BURACO)


def test_buraco_melds_runs_only() -> None:
    """B1: runs only ("sete-sete-dois" is not a Buraco meld)."""
    assert refused(["7C", "7D", "2S"], BURACO)
    assert refused(["7C", "7D", "7S"], BURACO)


def test_canastras_limpa_suja_and_de_mil() -> None:
    """[S] "Jogo de sete cartas ou mais ... 'Limpa' (sem curinga), 'Suja' (com curinga) e
    'De mil' (de ás a ás e sem curinga)"."""
    assert meld_of(spades("3", "4", "5", "6", "7", "8", "9"), BURACO).canastra == "limpa"
    assert meld_of(["3S", "4S", "2H", "6S", "7S", "8S", "9S"], BURACO).canastra == "suja"
    assert meld_of(spades("3", "4", "5", "6", "7", "8"), BURACO).canastra is None


def test_mega_buraco_sets_jokers_and_no_set_of_twos() -> None:
    """[S] "três ou mais cartas do mesmo valor ... (trincas) exceto do valor 2"; MB1: the
    joker is wild; MB2: one wild a meld; MB3: a set of seven is a canastra."""
    assert (
        meld_of(["3C", "3D", "3C"], MEGA).kind == "set"
    )  # [S] "3 de paus, 3 de ouros e outro 3 de paus"
    assert meld_of(["8C", "8D", JOKER], MEGA).wilds == 1
    assert refused(["8C", JOKER, JOKER], MEGA)
    assert refused(["2C", "2D", "2H"], MEGA)
    assert meld_of(["9C", "9D", "9H", "9S", "9C", "9D", JOKER], MEGA).canastra == "suja"


def test_tranca_runs_from_four_to_the_ace_high_and_sets_never_of_threes() -> None:
    """T1: runs 4..A, the ace high only, so a 2 is always wild; T2: sets 4..A."""
    assert meld_of(spades("Q", "K", "A"), TRANCA).low == 12
    assert refused(spades("A", "2", "3"), TRANCA)
    assert refused(spades("3", "4", "5"), TRANCA)
    assert meld_of(["2S", "5S", "6S"], TRANCA).wilds == 1  # the 2 stands for the 4
    assert refused(["3H", "3D", "3C"], TRANCA)  # [S] "Três ... Não pode ser usado"
    assert meld_of(["5H", "5D", "2C"], TRANCA).wilds == 1  # [S] "cinco,cinco e dois"


def test_cacheta_sets_of_three_suits_dobrada_up_to_five() -> None:
    """K3: 3 to 5 of one rank with at least 3 different suits; the 4th and 5th may repeat."""
    assert meld_of(["5H", "5C", "5D"], CACHETA).kind == "set"
    assert meld_of(["5H", "5C", "5D", "5H", "5C"], CACHETA).kind == "set"
    assert refused(["5H", "5H", "5C"], CACHETA)  # two suits only
    assert refused(["5H", "5C", "5D", "5S", "5H", "5C"], CACHETA)  # six
    assert meld_of(["5H", "5C", "9C"], CACHETA).wilds == 1  # the wild is the third suit
    assert refused(["5H", "5H", "9C"], CACHETA)  # hearts and one wild: two suits


def test_cacheta_wilds_any_number_but_a_natural_in_each_meld() -> None:
    """K5: no limit on wilds, one natural at least; a wild in its own place is that card."""
    assert meld_of(["4H", "9C", "9S"], CACHETA).wilds == 2
    assert meld_of(["8S", "9S", "10S"], CACHETA).wilds == 0  # the 9S stands for itself
    # three wild cards: one stands for itself (9S), the others around it
    assert meld_of(["9C", "9S", "9S"], CACHETA).wilds == 2
    assert refused(["4H", "7D", "9C"], CACHETA)  # two naturals that share nothing


def test_a_batida_of_nine_or_ten_cards_is_split_into_melds() -> None:
    """K6: the server searches a partition; [S] "combinar e baixar as nove cartas ou as 10"."""
    ten = ["5H", "5C", "9C", "7S", "8S", "9S", "JD", "QD", "KD", "9C"]
    nine = ["5H", "5C", "5D", "7S", "8S", "9H", "JD", "QD", "KD"]

    groups = split(ten, CACHETA)

    assert groups is not None
    assert sorted(c for g in groups for c in g) == sorted(ten)
    assert all(meld_of(g, CACHETA) for g in groups)
    assert split(nine, CACHETA) is None  # 7S 8S 9H is no run


def random_batida(rng: random.Random, wilds: int) -> list[str]:
    """Melds of Cacheta built at random (runs and sets of naturals), then `wilds` of their
    naturals replaced by wild cards: a hand that can go out by construction."""
    plain = [c for c in DECK_104 if c not in CACHETA.wilds]
    while True:
        hand: list[str] = []
        for _ in range(3):
            if rng.random() < 0.5:
                rank = rng.choice(["3", "4", "5", "6", "7", "J", "Q", "K"])
                hand += [f"{rank}{s}" for s in rng.sample("CDH", 3)]
            else:
                suit = rng.choice("DH")
                start = rng.randint(1, 8)
                ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
                hand += [f"{r}{suit}" for r in ranks[start - 1 : start + 2]]
        if len(hand) == 9 and all(c in plain for c in hand):
            break
    for i in rng.sample(range(9), wilds):
        hand[i] = rng.choice(sorted(CACHETA.wilds))
    hand.append(rng.choice(plain))  # a tenth card, to discard: a 9-card batida
    return hand


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), wilds=st.integers(0, 3))
def test_a_hand_built_from_melds_splits_and_every_split_is_melds(seed: int, wilds: int) -> None:
    rng = random.Random(seed)
    hand = random_batida(rng, wilds)

    found = [split(hand[:9], CACHETA), split(hand, CACHETA)]

    assert found[0] is not None  # the nine cards built from melds go out
    for groups, cards in zip(found, (hand[:9], hand), strict=True):
        if groups is None:
            continue
        assert Counter(c for g in groups for c in g) == Counter(cards)
        for group in groups:
            meld_of(group, CACHETA)  # raises if it is no meld


@pytest.mark.parametrize(
    "rules", [BURACO, MEGA, TRANCA, CACHETA], ids=["buraco", "mega", "tranca", "cacheta"]
)
def test_a_meld_is_read_with_the_fewest_wilds(rules: MeldRules) -> None:
    """B5's reading: a wild-capable card that can be natural is (a suja becomes limpa)."""
    assert meld_of(spades("J", "Q", "K"), rules).wilds == 0

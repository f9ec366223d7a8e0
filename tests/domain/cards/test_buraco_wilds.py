"""Where a wild stands, and how it moves (card-rules.md B3, B4, B5, B23; MB1, MB2, T1, T3),
given / when / then on hand-made deals at a table of two (seat 0 plays first). A run's
places go from 1 (the ace low) to 14 (the ace high); its events say its lowest place
(`low`) and the place its wild stands for (`wild_at`)."""

from __future__ import annotations

import msgspec
import pytest

from domain import decode, encode
from domain.cards.buraco.commands import AddToMeld, LayMeld, TakePile
from domain.cards.buraco.events import AddedToMeld, Melded, MortoTaken
from domain.cards.buraco.hand import Laid
from domain.cards.buraco.variant import BURACO, MEGA_BURACO
from domain.cards.buraco.view import buraco_view
from domain.cards.buraco.wilds import End, Layout
from domain.cards.buraco.wilds import add as added_to
from domain.cards.melds.decks import DECK_108
from domain.errors import InvalidInput
from domain.match.events import Event
from tests.domain.builders import AT
from tests.domain.cards.test_buraco import (
    SEAT1,
    after,
    created,
    deal,
    discard,
    draw,
    hand,
    spare,
)
from tests.domain.spec import given


def meld(seat: int, *cards: str, wild_as: str | None = None) -> LayMeld:
    return LayMeld(at=AT, seat=seat, cards=list(cards), wild_as=wild_as)


def add(
    seat: int, to: int, *cards: str, wild_as: str | None = None, wild_to: End | None = None
) -> AddToMeld:
    named = list(cards)
    return AddToMeld(at=AT, seat=seat, to=to, cards=named, wild_as=wild_as, wild_to=wild_to)


def drawn(seat0: list[str], top: list[str], preset: str = "buraco") -> list[Event]:
    """Seat 0 dealt `seat0`, the stock's top `top`, seat 0's first card drawn."""
    hands = [seat0, SEAT1]
    if preset == "mega-buraco":  # the starter: the 2C
        dealing = deal(hands, spare(hands, [*top, "2C"]), top, DECK_108, starter="2C")
    else:
        dealing = deal(hands, spare(hands, top), top)
    return after([created(preset)], dealing, draw(0))


CASE_A = ["4H", "5H", "6H", "7H", "8H", "9H", "2H", "2D", "KS", "QS", "JS"]


def test_b3_b5_a_second_wild_is_refused_the_first_never_read_again_as_natural() -> None:
    """Issue 29 (a): 4H..9H with the 2H standing for the 10H (the default reading: the
    high end); the 2D added is refused (B3, one wild a meld): the 2H is not read again as
    the natural 2 to make room for it. Named as the 3H, the same: the 2H keeps its place."""
    history = drawn(CASE_A, ["KC"])
    game = given(*history)
    laid = Melded(at=AT, seat=0, cards=tuple(CASE_A[:7]), canastra="suja", low=4, wild_at=10)
    game.when(meld(0, *CASE_A[:7])).then(laid)
    given(*after(history, meld(0, *CASE_A[:7]))).when(add(0, 0, "2D")).raises("invalid-meld")
    low = after(history, meld(0, *CASE_A[:7], wild_as="3"))
    assert (hand(low).melds[0][0].low, hand(low).melds[0][0].wild_at) == (3, 3)
    given(*low).when(add(0, 0, "2D")).raises("invalid-meld")


CASE_B = ["4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "2S"]


def test_b5_a_wild_named_as_the_ace_stays_wild_when_the_3_arrives() -> None:
    """Issue 29 (b): 4S..KS with the 2S named as the ace (`wild_as`: "A"); the 3S added does
    not bring the card the wild stands for, so the wild stays: a suja (not a limpa read
    anew from 2S to KS), and seat 0, its hand empty, takes its morto."""
    history = drawn(CASE_B, ["3S"])
    laid = after(history, meld(0, *CASE_B, wild_as="A"))
    assert hand(laid).melds[0][0] == Laid(cards=tuple(CASE_B), canastra="suja", low=4, wild_at=14)
    events = given(*laid).when(add(0, 0, "3S")).decided()
    assert events[0] == AddedToMeld(
        at=AT, seat=0, to=0, cards=("3S",), canastra="suja", low=3, wild_at=14
    )
    assert isinstance(events[1], MortoTaken)


MOVING = ["4D", "2C", "6D", "5D", "8D", "QD", "2H", "AD", "KD", "JD", "9C"]


def test_b5_the_wild_moves_low_or_high_when_its_card_arrives_wild_to_when_both_are_open() -> None:
    """B5: 4D (2C) 6D, the 2C standing for the 5D; the 5D arrives: the wild moves to an end,
    `wild_to` low (the 3D) or high (the 7D), needed when both are open
    (`wild-to-required`); a gap the addition leaves (5D and 8D) takes it without a word."""
    history = after(drawn(MOVING, ["JS"]), meld(0, "4D", "2C", "6D"))
    assert (hand(history).melds[0][0].low, hand(history).melds[0][0].wild_at) == (4, 5)
    game = given(*history)
    game.when(add(0, 0, "5D")).raises("wild-to-required")
    game.when(add(0, 0, "5D", wild_to="low")).then(
        AddedToMeld(at=AT, seat=0, to=0, cards=("5D",), low=3, wild_at=3)
    )
    game.when(add(0, 0, "5D", wild_to="high")).then(
        AddedToMeld(at=AT, seat=0, to=0, cards=("5D",), low=4, wild_at=7)
    )
    game.when(add(0, 0, "5D", "8D")).then(
        AddedToMeld(at=AT, seat=0, to=0, cards=("5D", "8D"), low=4, wild_at=7)
    )
    game.when(add(0, 0, "5D", "8D", wild_to="low")).raises("invalid-meld")


def test_b5_with_one_end_closed_the_wild_moves_to_the_other_without_a_word() -> None:
    """B2, B5: QD (2H) AD, the 2H standing for the KD; the KD arrives and nothing goes past
    the ace high: the wild moves to the low end (the JD); `wild_to` high is refused."""
    history = after(drawn(MOVING, ["JS"]), meld(0, "QD", "2H", "AD"))
    assert (hand(history).melds[0][0].low, hand(history).melds[0][0].wild_at) == (12, 13)
    game = given(*history)
    game.when(add(0, 0, "KD")).then(
        AddedToMeld(at=AT, seat=0, to=0, cards=("KD",), low=11, wild_at=11)
    )
    game.when(add(0, 0, "KD", wild_to="high")).raises("invalid-meld")
    game.when(add(0, 0, "JD")).then(
        AddedToMeld(at=AT, seat=0, to=0, cards=("JD",), low=11, wild_at=13)
    )
    game.when(add(0, 0, "JD", wild_to="low")).raises("invalid-meld")  # the wild stays


NAMING = ["4C", "5C", "2D", "6C", "7C", "2C", "3C", "QH", "KH", "9S", "9D"]


def test_b5_wild_as_names_where_an_ambiguous_wild_stands_else_the_high_end() -> None:
    """B5: 4C 5C (2D): the 2D stands for the 3C or the 6C; `wild_as` names it; without it,
    the high end (rules-decisions B5). A rank it cannot stand for, or a `wild_as` on a meld
    with no wild, is refused (`invalid-meld`); a forced place may be named as it is."""
    game = given(*drawn(NAMING, ["JS"]))
    game.when(meld(0, "4C", "5C", "2D")).then(
        Melded(at=AT, seat=0, cards=("4C", "5C", "2D"), low=4, wild_at=6)
    )
    game.when(meld(0, "4C", "5C", "2D", wild_as="3")).then(
        Melded(at=AT, seat=0, cards=("4C", "5C", "2D"), low=3, wild_at=3)
    )
    game.when(meld(0, "4C", "5C", "2D", wild_as="6")).then(
        Melded(at=AT, seat=0, cards=("4C", "5C", "2D"), low=4, wild_at=6)
    )
    game.when(meld(0, "4C", "5C", "2D", wild_as="9")).raises("invalid-meld")
    game.when(meld(0, "4C", "5C", "6C", wild_as="7")).raises("invalid-meld")
    game.when(meld(0, "4C", "2D", "6C", wild_as="5")).then(
        Melded(at=AT, seat=0, cards=("4C", "2D", "6C"), low=4, wild_at=5)
    )
    game.when(meld(0, "4C", "2D", "6C", wild_as="7")).raises("invalid-meld")


def test_b4_a_2_of_the_run_s_suit_in_its_own_place_is_natural_unless_named_a_wild() -> None:
    """B4: 2C 3C 4C is a clean run (no wild); named (`wild_as` 5) the 2C is the wild
    standing for the 5C; never for the ace (the run would then lack its 2). Added to 4C..7C
    with the 3C, the 2C is natural; alone, a wild at the high end (the 8C) or where it is
    named (the 3C)."""
    game = given(*drawn(NAMING, ["JS"]))
    game.when(meld(0, "2C", "3C", "4C")).then(
        Melded(at=AT, seat=0, cards=("2C", "3C", "4C"), low=2)
    )
    game.when(meld(0, "2C", "3C", "4C", wild_as="5")).then(
        Melded(at=AT, seat=0, cards=("2C", "3C", "4C"), low=3, wild_at=5)
    )
    game.when(meld(0, "2C", "3C", "4C", wild_as="A")).raises("invalid-meld")
    run = given(*after(game.events, meld(0, "4C", "5C", "6C", "7C")))
    run.when(add(0, 0, "3C", "2C")).then(
        AddedToMeld(at=AT, seat=0, to=0, cards=("3C", "2C"), low=2)
    )
    run.when(add(0, 0, "2C")).then(
        AddedToMeld(at=AT, seat=0, to=0, cards=("2C",), low=4, wild_at=8)
    )
    run.when(add(0, 0, "2C", wild_as="3")).then(
        AddedToMeld(at=AT, seat=0, to=0, cards=("2C",), low=3, wild_at=3)
    )
    run.when(add(0, 0, "3C", wild_as="3")).raises("invalid-meld")  # no wild laid


SEED = ["4C", "5C", "6C", "7C", "8C", "9C", "2C", "3C", "QH", "KH", "9S"]


def test_b5_a_2_that_moves_to_its_own_place_becomes_natural_and_the_suja_limpa() -> None:
    """B5, the seed's example and Jogatina's rule: 4C..9C with the 2C standing for the 3C, a
    suja; the 3C arrives, the 2C moves to the low end, its own place: natural, a limpa.
    Moved high it stays a wild (the 10C); laid for the 10C (the default), the 3C does not
    move it: still a suja."""
    history = drawn(SEED, ["JS"])
    named = after(history, meld(0, *SEED[:7], wild_as="3"))
    assert hand(named).melds[0][0].canastra == "suja"
    game = given(*named)
    game.when(add(0, 0, "3C")).raises("wild-to-required")
    game.when(add(0, 0, "3C", wild_to="low")).then(
        AddedToMeld(at=AT, seat=0, to=0, cards=("3C",), canastra="limpa", low=2)
    )
    game.when(add(0, 0, "3C", wild_to="high")).then(
        AddedToMeld(at=AT, seat=0, to=0, cards=("3C",), canastra="suja", low=3, wild_at=10)
    )
    high = given(*after(history, meld(0, *SEED[:7])))
    high.when(add(0, 0, "3C")).then(
        AddedToMeld(at=AT, seat=0, to=0, cards=("3C",), canastra="suja", low=3, wild_at=10)
    )


OLD_MELD = b'{"type":"melded","at":"2025-05-01T20:00:00Z","seat":0,"cards":["4D","2D","6D"],"canastra":null}'  # noqa: E501
OLD_ADD = b'{"type":"added_to_meld","at":"2025-05-01T20:00:00Z","seat":0,"to":0,"cards":["5D"],"canastra":null}'  # noqa: E501


def test_b23_events_stored_before_the_wilds_kept_their_place_still_decode_and_fold() -> None:
    """B23: a meld's events stored before B5 was built carry no `low` nor `wild_at`: they
    decode unchanged (the new fields None) and fold as they were read then, the fewest
    wilds, the wild at its highest place (4D 5D 6D with the 2D as the 7D); a new addition
    moves it as B5 says, and the view shows it."""
    old = [decode(OLD_MELD), decode(OLD_ADD)]
    assert old == [
        Melded(at=AT, seat=0, cards=("4D", "2D", "6D"), canastra=None),
        AddedToMeld(at=AT, seat=0, to=0, cards=("5D",), canastra=None),
    ]
    assert decode(encode(old[0])) == old[0]
    seat0 = ["4D", "2D", "6D", "5D", "7D", "QH", "KH", "9S", "9C", "JC", "JC"]
    history = [*drawn(seat0, ["JS"]), *old]
    laid = hand(history).melds[0][0]
    assert (laid.cards, laid.low, laid.wild_at) == (("4D", "2D", "6D", "5D"), 4, 7)
    shown = msgspec.to_builtins(buraco_view(hand(history), frozenset()))
    assert shown["melds"]["0"][0]["wild"] == {
        "card": "2D",
        "as": "7",
        "end": "high",
    }
    game = given(*history)
    game.when(add(0, 0, "7D")).raises("wild-to-required")
    game.when(add(0, 0, "7D", wild_to="low")).then(
        AddedToMeld(at=AT, seat=0, to=0, cards=("7D",), low=3, wild_at=3)
    )


JOKERS = ["5S", "6S", "JK", "7S", "9C", "9D", "2D", "9H", "KS", "KS", "AC"]


def test_mb1_mb2_b5_a_joker_moves_like_a_2_and_a_trinca_s_wild_stands_for_its_rank() -> None:
    """MB1 the joker is wild, never natural; B5 it moves when its card arrives (`wild_to`);
    MB2 one wild a meld; a trinca's wild stands for the trinca's rank: named so or not at
    all, and it never moves (`wild_to` refused)."""
    history = drawn(JOKERS, ["8D"], "mega-buraco")
    run = after(history, meld(0, "5S", "6S", "JK"))
    assert (hand(run).melds[0][0].low, hand(run).melds[0][0].wild_at) == (5, 7)
    game = given(*run)
    game.when(add(0, 0, "7S")).raises("wild-to-required")
    game.when(add(0, 0, "7S", wild_to="low")).then(
        AddedToMeld(at=AT, seat=0, to=0, cards=("7S",), low=4, wild_at=4)
    )
    game.when(add(0, 0, "2D")).raises("invalid-meld")
    sets = given(*history)
    sets.when(meld(0, "9C", "9D", "2D", wild_as="9")).then(
        Melded(at=AT, seat=0, cards=("9C", "9D", "2D"))
    )
    sets.when(meld(0, "9C", "9D", "2D", wild_as="8")).raises("invalid-meld")
    trinca = given(*after(history, meld(0, "9C", "9D", "2D")))
    trinca.when(add(0, 0, "9H", wild_to="low")).raises("invalid-meld")
    trinca.when(add(0, 0, "9H")).then(AddedToMeld(at=AT, seat=0, to=0, cards=("9H",)))
    trinca.when(add(0, 0, "JK")).raises("invalid-meld")  # MB2: a second wild


TRANCA0 = ["5H", "2H", "7H", "4H", "QD", "KD", "AD", "9C", "9D", "9S", "7C"]
TRANCA1 = ["6H", "5D", "6D", "8S", "9S", "10S", "7D", "5S", "7S", "9H", "JH"]


def test_t1_t3_b5_in_tranca_a_2_is_always_wild_and_moves_where_the_run_allows() -> None:
    """T1 runs from the 4: 4H 5H (2H) has its wild at the 6H (no 3 to stand for), and the
    6H arriving moves it up without a word (the low end is closed), still a wild (a 2 is
    never natural in Tranca). T7 with B5: the pile taken onto 5H (2H) 7H with the 6H on top
    needs `wild_to`, and takes it."""
    hands = [TRANCA0, TRANCA1]
    history = after([created("tranca")], deal(hands, spare(hands, ["JS", "QS"]), ["JS", "QS"]))
    history = after(history, draw(0))
    game = given(*history)
    game.when(meld(0, "4H", "5H", "2H")).then(
        Melded(at=AT, seat=0, cards=("4H", "5H", "2H"), low=4, wild_at=6)
    )
    game.when(meld(0, "4H", "5H", "2H", wild_as="3")).raises("invalid-meld")
    game.when(meld(0, "9C", "9D", "9S", wild_as="9")).raises("invalid-meld")  # no wild
    run = after(history, meld(0, "5H", "2H", "7H"), discard(0, "JS"), draw(1), discard(1, "6H"))
    pile = given(*run)
    pile.when(TakePile(at=AT, seat=0, to=0)).raises("wild-to-required")
    taken = pile.when(TakePile(at=AT, seat=0, to=0, wild_to="low")).decided()
    assert taken[1] == AddedToMeld(at=AT, seat=0, to=0, cards=("6H",), low=4, wild_at=4)
    pile.when(TakePile(at=AT, seat=0, meld=["4H", "5H"], wild_to="low")).raises("invalid-meld")


SPADES = ("2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS")


def test_b2_b5_a_natural_that_fits_elsewhere_leaves_the_wild_where_it_stands() -> None:
    """B5: 2S..KS with the 2D standing for the ace low (A..K); the AS added goes high (the
    de mil's length, B2) and the wild stays, unless `wild_to` moves it (the AS in its place,
    the wild to the high end). In Mega Buraco (MB4, no A to A) the AS finds no place."""
    cards = ("2D", *SPADES)
    assert added_to(cards, 1, 1, ["AS"], BURACO.melds) == Layout("suja", low=1, wild_at=1)
    moved = added_to(cards, 1, 1, ["AS"], BURACO.melds, wild_to="high")
    assert moved == Layout("suja", low=1, wild_at=14)
    with pytest.raises(InvalidInput):
        added_to(cards, 1, 1, ["AS"], MEGA_BURACO.melds)

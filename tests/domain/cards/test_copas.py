"""Copas (Hearts, seed 003; card-rules.md section 2), given / when / then: the card order,
the pass by hand number and its exchange, the two of clubs, the first trick, hearts broken,
the points, the moon, the end at 100 with shared places, and the whole-hand result."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from domain import (
    DealCards,
    Event,
    HandEnded,
    MatchFinished,
    MoveUndone,
    PlayCard,
    UndoLastMove,
    decide,
    fold,
)
from domain.cards.cards import DECK_52
from domain.cards.copas.commands import GiveCards, RecordCopasResult
from domain.cards.copas.events import CardsExchanged, CardsGiven, Direction
from domain.cards.copas.game import ORDER, scores_of, strength
from domain.cards.copas.hand import CopasHand, card_points
from domain.cards.tricks.events import CardPlayed, CardsDealt
from domain.cards.tricks.hand import Played
from domain.errors import TellsAHand
from domain.events import SECRET_TYPES
from domain.match.commands import Command
from domain.match.secrets import Secret
from tests.domain.builders import AT, created
from tests.domain.spec import given

Deal = list[list[str]]

CLUBS = [f"{rank}C" for rank in ORDER]
"""From the two (index 0) to the ace (index 12)."""
DIAMONDS = [c.replace("C", "D") for c in CLUBS]
HEARTS = [c.replace("C", "H") for c in CLUBS]
SPADES = [c.replace("C", "S") for c in CLUBS]

BY_SUIT: Deal = [CLUBS, DIAMONDS, HEARTS, SPADES]
"""Seat 0 every club, seat 1 every diamond, seat 2 every heart, seat 3 every spade."""
LOW = [suit[:3] for suit in BY_SUIT]
"""The 2, 3 and 4 each seat of `BY_SUIT` passes."""

QUIET = RecordCopasResult(at=AT, points=[13, 13, 0, 0])
"""A hand recorded by its result, to bring the next deal to a later hand number."""


def copas(**overrides: Any) -> Event:
    return created("copas", **overrides)


def after(events: Sequence[Event], *commands: Command) -> list[Event]:
    """`events`, then what `decide` answers to each command in turn (so they are legal)."""
    history = list(events)
    for command in commands:
        history += decide(command, fold(history))
    return history


def hand_number(number: int, hands: Deal, **overrides: Any) -> list[Event]:
    """Hand `number` dealt with `hands`, the hands before it recorded by their result."""
    before = [QUIET] * (number - 1)
    return after([copas(**overrides)], *before, DealCards(at=AT, hands=hands))


def no_pass(hands: Deal, **overrides: Any) -> list[Event]:
    """The fourth hand: nobody passes, the holder of the two of clubs leads at once."""
    return hand_number(4, hands, **overrides)


def cards(*moves: str) -> list[Command]:
    """ "0 2C": seat 0 plays the two of clubs."""
    out: list[Command] = []
    for text in moves:
        seat, card = text.split()
        out.append(PlayCard(at=AT, seat=int(seat), card=card))
    return out


def give(seat: int, *given_cards: str) -> GiveCards:
    return GiveCards(at=AT, seat=seat, cards=list(given_cards))


def give_all(events: Sequence[Event], order: Sequence[int] = (0, 1, 2, 3)) -> list[Event]:
    """Each seat of a `BY_SUIT` deal passes its 2, 3 and 4, in `order`."""
    return after(events, *(give(seat, *LOW[seat]) for seat in order))


def copas_hand(events: Sequence[Event]) -> CopasHand:
    hand = fold(events).hand
    assert isinstance(hand, CopasHand)
    return hand


def ended(events: Sequence[Event]) -> list[HandEnded]:
    return [e for e in events if isinstance(e, HandEnded)]


def check_deal(hands: Deal) -> None:
    """A deal built by hand is the 52 cards, 13 a seat (the test's own safety net)."""
    assert [len(h) for h in hands] == [13] * 4
    assert sorted(c for h in hands for c in h) == sorted(DECK_52)


# First trick: seat 0 (2C..8C, 2D..7D), seat 1 (9C..AC, 8D..AD), seat 2 every spade (void
# in clubs, holding cards worth nothing), seat 3 every heart (void in clubs, hearts alone).
FIRST_TRICK: Deal = [
    [*CLUBS[:7], *DIAMONDS[:6]],
    [*CLUBS[7:], *DIAMONDS[6:]],
    SPADES,
    HEARTS,
]
# Hearts broken: seat 1 takes the first trick with the ace of clubs and leads the second,
# holding clubs, the queen of spades and one heart; seats 2 and 3 are void in clubs and hold
# hearts, spades (and diamonds).
HEARTS_RULES: Deal = [
    [*CLUBS[:2], *DIAMONDS[:11]],
    [*CLUBS[2:], "QS", "2H"],
    [*SPADES[:7], *HEARTS[1:7]],
    [*SPADES[7:10], *SPADES[11:], *HEARTS[7:], *DIAMONDS[11:]],
]
HEARTS_FIRST_TRICK = cards("0 2C", "1 AC", "2 2S", "3 9S")
# C9: seat 1 takes the first trick with its only club, then holds the queen and hearts.
QUEEN_AND_HEARTS: Deal = [
    [*CLUBS[:12], "2S"],
    ["AC", "QS", *HEARTS[:11]],
    DIAMONDS,
    [*SPADES[1:10], "KS", "AS", "KH", "AH"],
]
# Seat 1 takes the first trick with its only club, then holds nothing but hearts.
HEARTS_ALONE: Deal = [
    [*CLUBS[:12], "AH"],
    ["AC", *HEARTS[:12]],
    DIAMONDS,
    SPADES,
]
# C1: the first trick is 2C, 7C, KC, QC; the Sueca order (7 above K) would give it seat 1.
RANKED: Deal = [
    ["2C", *DIAMONDS[:12]],
    ["7C", "3C", "4C", "5C", "6C", "8C", "9C", "10C", "AD", *HEARTS[:4]],
    ["KC", "JC", "AC", *HEARTS[4:], "2S"],
    ["QC", *SPADES[1:]],
]
# A whole hand played out: seat 0 takes 14 + 5 + 1 = 20 points in 7 tricks, seat 1 takes
# 1 + 5 = 6 in 6 tricks, seats 2 and 3 nothing.
SCORED: Deal = [
    [*CLUBS[:6], *DIAMONDS[6:]],
    [*CLUBS[6:], *DIAMONDS[:6]],
    HEARTS,
    SPADES,
]
SCORED_PLAY = cards(
    *("0 2C", "1 8C", "2 2H", "3 2S"),  # seat 1: 1
    *("1 2D", "2 3H", "3 QS", "0 8D"),  # seat 0: 14
    *(
        f"{seat} {card}"
        for trick in zip(DIAMONDS[7:12], DIAMONDS[1:6], HEARTS[2:7], SPADES[1:6], strict=True)
        for seat, card in enumerate(trick)
    ),  # seat 0 leads 9D..KD: 5 more
    *("0 AD", "1 9C", "2 9H", "3 8S"),  # seat 0: 1 more (20)
    *("0 3C", "1 10C", "2 10H", "3 9S"),  # seat 1 takes the rest: 5 more (6)
    *("1 JC", "2 JH", "3 10S", "0 4C"),
    *("1 QC", "2 QH", "3 JS", "0 5C"),
    *("1 KC", "2 KH", "3 KS", "0 6C"),
    *("1 AC", "2 AH", "3 AS", "0 7C"),
)
# Seat 0 leads every trick with a club and takes them all: the moon.
MOON_PLAY = cards(*(f"{seat} {suit[i]}" for i in range(13) for seat, suit in enumerate(BY_SUIT)))


@pytest.mark.parametrize(
    "deal", [BY_SUIT, FIRST_TRICK, HEARTS_RULES, QUEEN_AND_HEARTS, HEARTS_ALONE, RANKED, SCORED]
)
def test_the_deals_of_these_tests_are_the_fifty_two_cards(deal: Deal) -> None:
    """[S] "Deck 52, 13 each": every deal built by hand below is a real one."""
    check_deal(deal)


# C1: the card order


def test_the_cards_rank_two_to_ace_in_every_suit() -> None:
    """C1: "2, 3, 4, 5, 6, Q, J, K, 7, A" (copied from Sueca) is replaced by
    2 < ... < 10 < J < Q < K < A; no trump: only the suit led takes a trick."""
    hand = copas_hand(no_pass(RANKED))
    for suit in (CLUBS, DIAMONDS, HEARTS, SPADES):
        lead = suit[0][-1]
        values = [strength(hand, Played(seat=0, card=card), lead) for card in suit]
        assert values == sorted(values)
        assert len(set(values)) == 13
        assert all(v > 0 for v in values)
    assert strength(hand, Played(seat=0, card="AS"), "C") == 0  # off the suit led: nothing
    assert strength(hand, Played(seat=0, card="AH"), "C") == 0  # hearts are no trump


def test_the_highest_card_of_the_suit_led_takes_the_trick_and_leads_next() -> None:
    """C1 and [S] "highest of the led suit wins and leads next": KC beats QC and 7C."""
    history = after(no_pass(RANKED), *cards("0 2C", "1 7C", "2 KC", "3 QC"))
    hand = copas_hand(history)
    assert [t.winner for t in hand.tricks] == [2]
    assert (hand.leader, fold(history).turn) == (2, 2)


# C2: the pass direction by hand number


@pytest.mark.parametrize(
    ("number", "direction", "offset"),
    [(1, "left", 1), (2, "right", 3), (3, "across", 2), (5, "left", 1), (6, "right", 3)],
)
def test_the_cards_go_left_right_then_across_by_hand_number(
    number: int, direction: Direction, offset: int
) -> None:
    """C2: [S!] "Na 1ª rodada ... ao jogador da esquerda. Na 2ª rodada ... da direita. Na 3ª
    rodada ... da frente. Na 4ª rodada não são passadas cartas ... e assim sucessivamente":
    a "rodada" is a hand; hand n passes by (n-1) mod 4 → left (seat+1), right (seat+3),
    across (seat+2), none."""
    dealt = hand_number(number, BY_SUIT)
    assert copas_hand(dealt).direction == direction
    history = give_all(dealt)
    hand = copas_hand(history)
    assert hand.exchanged
    for giver in range(4):
        receiver = (giver + offset) % 4
        assert set(LOW[giver]) <= set(hand.hands[receiver])
        assert not set(LOW[giver]) & set(hand.hands[giver])
        assert len(hand.hands[giver]) == 13
    exchanged = [e for e in history if isinstance(e, CardsExchanged)]
    assert exchanged == [CardsExchanged(at=AT, direction=direction, opener=offset)]
    assert fold(history).turn == offset  # who received the two of clubs leads


@pytest.mark.parametrize("number", [4, 8])
def test_every_fourth_hand_no_cards_are_passed(number: int) -> None:
    """C2: [S!] "Na 4ª rodada não são passadas cartas"; giving is refused (`no-pass`) and
    the holder of the two of clubs leads at once."""
    deal = [BY_SUIT[2], BY_SUIT[1], BY_SUIT[0], BY_SUIT[3]]  # seat 2 holds the clubs
    dealt = hand_number(number, deal)
    hand = copas_hand(dealt)
    assert (hand.direction, hand.passing) == ("none", False)
    assert fold(dealt).turn == 2
    (deal_event,) = [e for e in dealt if isinstance(e, CardsDealt)]
    assert deal_event.opener == 2
    given(*dealt).when(give(0, "2H", "3H", "4H")).raises("no-pass")
    given(*dealt).when(PlayCard(at=AT, seat=2, card="2C")).then(
        CardPlayed(at=AT, seat=2, card="2C")
    )


# C3: the pass mechanics


def test_a_seat_gives_three_different_cards_it_holds() -> None:
    """C3: "all four choose at once, 3 cards each, from the dealt hand"."""
    history = given(*hand_number(1, BY_SUIT))
    history.when(give(0, "2C", "3C")).raises("invalid-pass")
    history.when(give(0, "2C", "3C", "4C", "5C")).raises("invalid-pass")
    history.when(give(0, "2C", "2C", "3C")).raises("invalid-pass")
    refused = history.when(give(0, "2C", "3C", "2D")).raises("card-not-in-hand")
    assert isinstance(refused, TellsAHand)
    history.when(give(4, "2C", "3C", "4C")).raises("invalid-seat")
    history.when(give(0, "2c", "3C", "4C")).raises("invalid-card")  # C1: in capitals
    history.when(give(0, "2C", "3C", "4C")).then(
        CardsGiven(at=AT, seat=0, cards=("2C", "3C", "4C"))
    )


def test_the_seats_give_in_any_order_no_turn_is_kept() -> None:
    """C3: "all four choose at once": no seat is in turn while the cards are chosen."""
    dealt = hand_number(1, BY_SUIT)
    assert fold(dealt).turn is None
    given(*dealt).when(give(3, *LOW[3])).then(CardsGiven(at=AT, seat=3, cards=tuple(LOW[3])))
    history = give_all(dealt, order=(2, 0, 3, 1))
    assert copas_hand(history).exchanged
    assert copas_hand(history).hands == copas_hand(give_all(dealt)).hands


def test_a_seat_gives_only_once() -> None:
    """C3: "3 cards each": giving twice is refused (`already-given`)."""
    history = after(hand_number(1, BY_SUIT), give(0, *LOW[0]))
    given(*history).when(give(0, "5C", "6C", "7C")).raises("already-given")


def test_no_card_is_played_before_the_exchange() -> None:
    """C3: the pass comes first; "Then the 2♣ holder leads 2♣" (`pass-pending`)."""
    dealt = hand_number(1, BY_SUIT)
    given(*dealt).when(PlayCard(at=AT, seat=0, card="2C")).raises("pass-pending")
    three = give_all(dealt, order=(0, 1, 2))
    given(*three).when(PlayCard(at=AT, seat=0, card="2C")).raises("pass-pending")
    given(*three).when(PlayCard(at=AT, seat=1, card="5D")).raises("pass-pending")


def test_the_cards_move_only_when_the_fourth_seat_gives() -> None:
    """C3: "the cards move only when all four have given; nobody sees received cards
    before giving"."""
    three = give_all(hand_number(1, BY_SUIT), order=(0, 2, 3))
    hand = copas_hand(three)
    assert hand.hands[1] == tuple(DIAMONDS)  # seat 1 has received nothing yet
    assert hand.hands[0] == tuple(CLUBS[3:])  # the givers' cards are set aside
    assert hand.hands[2] == tuple(HEARTS[3:])
    assert hand.hands[3] == tuple(SPADES[3:])
    assert hand.given == (tuple(LOW[0]), None, tuple(LOW[2]), tuple(LOW[3]))
    assert not hand.exchanged
    # seat 1 cannot pass on what it is about to receive
    given(*three).when(give(1, "2C", "2D", "3D")).raises("card-not-in-hand")
    given(*three).when(give(1, *LOW[1])).then(
        CardsGiven(at=AT, seat=1, cards=tuple(LOW[1])),
        CardsExchanged(at=AT, direction="left", opener=1),
    )
    hand = copas_hand(give_all(three, order=(1,)))
    assert hand.hands == (
        (*CLUBS[3:], *SPADES[:3]),
        (*DIAMONDS[3:], *CLUBS[:3]),
        (*HEARTS[3:], *DIAMONDS[:3]),
        (*SPADES[3:], *HEARTS[:3]),
    )


def test_no_seat_gives_after_the_exchange() -> None:
    """C3: one pass a hand: once exchanged, giving is refused (`no-pass`)."""
    history = give_all(hand_number(1, BY_SUIT))
    given(*history).when(give(0, "5C", "6C", "7C")).raises("no-pass")


def test_after_the_exchange_the_holder_of_the_two_of_clubs_leads_it() -> None:
    """C3 and [S] "A primeira carta de um jogo é a 2 de paus"; "O jogador que começa a
    primeira rodada é o jogador que possui a carta 2 de paus" (`two-of-clubs-leads`)."""
    history = give_all(hand_number(1, BY_SUIT))  # seat 0's 2C went left, to seat 1
    assert fold(history).turn == 1
    given(*history).when(PlayCard(at=AT, seat=0, card="5C")).raises("not-your-turn")
    given(*history).when(PlayCard(at=AT, seat=1, card="3C")).raises("two-of-clubs-leads")
    given(*history).when(PlayCard(at=AT, seat=1, card="5D")).raises("two-of-clubs-leads")
    given(*history).when(PlayCard(at=AT, seat=1, card="2C")).then(
        CardPlayed(at=AT, seat=1, card="2C")
    )


def test_passing_right_the_opener_is_who_received_the_two_of_clubs() -> None:
    """C3: the opener is the holder of the two of clubs once the cards are exchanged."""
    history = give_all(hand_number(2, BY_SUIT))  # right: seat 0's 2C goes to seat 3
    assert copas_hand(history).opener == 3
    assert fold(history).turn == 3


def test_a_give_is_taken_back_by_undo_and_given_again() -> None:
    """C3: before the exchange a seat's choice may be taken back (`UndoLastMove`)."""
    history = give_all(hand_number(1, BY_SUIT), order=(0, 2))
    given(*history).when(UndoLastMove(at=AT)).then(
        MoveUndone(at=AT, seat=2, move="cards_given", card=None)
    )
    undone = after(history, UndoLastMove(at=AT))
    hand = copas_hand(undone)
    assert hand.given == (tuple(LOW[0]), None, None, None)
    assert hand.hands[2] == tuple(HEARTS)
    assert hand.hands[0] == tuple(CLUBS[3:])
    again = after(undone, give(2, "AH", "KH", "QH"))
    assert copas_hand(again).given[2] == ("AH", "KH", "QH")


def test_the_exchange_is_not_taken_back() -> None:
    """C3: once the cards have moved, the pass is not undone (`nothing-to-undo`); a card
    played after it is."""
    history = give_all(hand_number(1, BY_SUIT))
    given(*history).when(UndoLastMove(at=AT)).raises("nothing-to-undo")
    played = after(history, PlayCard(at=AT, seat=1, card="2C"))
    given(*played).when(UndoLastMove(at=AT)).then(
        MoveUndone(at=AT, seat=1, move="card_played", card="2C")
    )
    undone = after(played, UndoLastMove(at=AT))
    assert copas_hand(undone) == copas_hand(history)
    given(*undone).when(UndoLastMove(at=AT)).raises("nothing-to-undo")


def test_a_no_pass_hand_has_nothing_to_undo_before_its_first_card() -> None:
    """C2: "Na 4ª rodada não são passadas cartas": no give to take back."""
    given(*no_pass(BY_SUIT)).when(UndoLastMove(at=AT)).raises("nothing-to-undo")


def test_the_cards_given_are_the_givers_secret() -> None:
    """2.4: "the 3 cards given: known to the giver and, once exchanged, to the receiver
    only; which seats have given: public"."""
    event = CardsGiven(at=AT, seat=2, cards=("2H", "3H", "4H"))
    assert event.secrets() == (Secret("cards", ["2H", "3H", "4H"], 2),)
    assert "cards_given" in SECRET_TYPES
    exchanged = CardsExchanged(at=AT, direction="left", opener=1)
    assert exchanged.secrets() == ()  # it names no card
    (decided,) = decide(give(2, "4H", "2H", "3H"), fold(hand_number(1, BY_SUIT)))
    assert decided.secrets() == (Secret("cards", ["4H", "2H", "3H"], 2),)


# Play: follow suit, C4 (the first trick), C5 and C9 (hearts broken)


def test_a_seat_must_follow_the_suit_led() -> None:
    """[S] "follow suit"; the refusal depends on the seat's cards: a TellsAHand."""
    led = after(no_pass(FIRST_TRICK), PlayCard(at=AT, seat=0, card="2C"))
    refused = given(*led).when(PlayCard(at=AT, seat=1, card="8D")).raises("must-follow-suit")
    assert isinstance(refused, TellsAHand)
    given(*led).when(PlayCard(at=AT, seat=1, card="9C")).then(CardPlayed(at=AT, seat=1, card="9C"))


def test_no_queen_of_spades_in_the_first_trick_while_the_seat_has_another_card() -> None:
    """C4: [S] "Na primeira rodada não é permitido jogar uma carta do naipe de copas nem a
    Dama negra": seat 2, void in clubs, holds other spades."""
    led = after(no_pass(FIRST_TRICK), *cards("0 2C", "1 9C"))
    refused = given(*led).when(PlayCard(at=AT, seat=2, card="QS")).raises("points-in-first-trick")
    assert isinstance(refused, TellsAHand)
    given(*led).when(PlayCard(at=AT, seat=2, card="2S")).then(CardPlayed(at=AT, seat=2, card="2S"))


def test_no_heart_in_the_first_trick_while_the_seat_has_another_card() -> None:
    """C4: [S] no heart in trick 1: seats 2 and 3, void in clubs, hold spades."""
    led = after(no_pass(HEARTS_RULES), *cards("0 2C", "1 AC"))
    given(*led).when(PlayCard(at=AT, seat=2, card="3H")).raises("points-in-first-trick")
    third = after(led, PlayCard(at=AT, seat=2, card="2S"))
    given(*third).when(PlayCard(at=AT, seat=3, card="9H")).raises("points-in-first-trick")
    given(*third).when(PlayCard(at=AT, seat=3, card="KD")).then(
        CardPlayed(at=AT, seat=3, card="KD")
    )


def test_a_seat_holding_nothing_but_hearts_may_play_one_in_the_first_trick() -> None:
    """C4: [D] "unless the seat (void in clubs) holds nothing else: then any card"."""
    led = after(no_pass(FIRST_TRICK), *cards("0 2C", "1 9C", "2 2S"))
    given(*led).when(PlayCard(at=AT, seat=3, card="AH")).then(CardPlayed(at=AT, seat=3, card="AH"))
    hand = copas_hand(after(led, PlayCard(at=AT, seat=3, card="AH")))
    assert hand.hearts_broken  # a heart played on a trick
    assert hand.taken == (0, 1, 0, 0)  # seat 1's 9C took it


def test_a_heart_may_not_be_led_before_hearts_are_broken() -> None:
    """C5: [S!] "Cartas do naipe de copas só poderão ser baixadas após a primeira rodada e
    após algum jogador baixar uma carta desse naipe por não poder seguir o naipe"; [D]
    "hearts may not be led until broken"."""
    first = after(no_pass(HEARTS_RULES), *HEARTS_FIRST_TRICK)
    hand = copas_hand(first)
    assert (hand.leader, hand.hearts_broken) == (1, False)
    refused = given(*first).when(PlayCard(at=AT, seat=1, card="2H")).raises("hearts-not-broken")
    assert isinstance(refused, TellsAHand)


def test_from_the_second_trick_a_void_seat_discards_a_heart_and_breaks_hearts() -> None:
    """C5: "a void seat may discard a heart from trick 2"; then a heart may be led."""
    first = after(no_pass(HEARTS_RULES), *HEARTS_FIRST_TRICK)
    led = after(first, PlayCard(at=AT, seat=1, card="4C"))
    given(*led).when(PlayCard(at=AT, seat=2, card="3H")).then(CardPlayed(at=AT, seat=2, card="3H"))
    second = after(led, *cards("2 3H", "3 9H", "0 3C"))
    hand = copas_hand(second)
    assert hand.hearts_broken
    assert (hand.leader, hand.taken) == (1, (0, 2, 0, 0))
    given(*second).when(PlayCard(at=AT, seat=1, card="2H")).then(
        CardPlayed(at=AT, seat=1, card="2H")
    )


def test_the_queen_of_spades_may_be_led_any_time_and_breaks_no_hearts() -> None:
    """C5: "Q♠ does not break hearts (the seed names only "carta desse naipe"); Q♠ may be
    led any time"."""
    first = after(no_pass(HEARTS_RULES), *HEARTS_FIRST_TRICK)
    given(*first).when(PlayCard(at=AT, seat=1, card="QS")).then(
        CardPlayed(at=AT, seat=1, card="QS")
    )
    second = after(first, *cards("1 QS", "2 3S", "3 10S", "0 2D"))
    hand = copas_hand(second)
    assert not hand.hearts_broken
    assert (hand.leader, hand.taken) == (1, (0, 13, 0, 0))
    given(*second).when(PlayCard(at=AT, seat=1, card="2H")).raises("hearts-not-broken")


def test_a_leader_holding_only_hearts_may_lead_one_unbroken() -> None:
    """C5: "a leader holding only hearts may lead one"."""
    first = after(no_pass(HEARTS_ALONE), *cards("0 2C", "1 AC", "2 2D", "3 2S"))
    hand = copas_hand(first)
    assert (hand.leader, hand.hearts_broken) == (1, False)
    given(*first).when(PlayCard(at=AT, seat=1, card="7H")).then(
        CardPlayed(at=AT, seat=1, card="7H")
    )


def test_a_leader_holding_only_the_queen_and_hearts_must_lead_the_queen() -> None:
    """C9: "a leader holding only the Q♠ and hearts before hearts are broken ... must lead
    the Q♠ (it is not a heart); only a hand of hearts alone may lead a heart unbroken"."""
    first = after(no_pass(QUEEN_AND_HEARTS), *cards("0 2C", "1 AC", "2 2D", "3 3S"))
    hand = copas_hand(first)
    assert (hand.leader, hand.hearts_broken) == (1, False)
    assert set(hand.hands[1]) == {"QS", *HEARTS[:11]}
    for heart in ("2H", "QH"):
        given(*first).when(PlayCard(at=AT, seat=1, card=heart)).raises("hearts-not-broken")
    second = after(first, *cards("1 QS", "2 3D", "3 AS", "0 2S"))
    hand = copas_hand(second)
    assert (hand.leader, hand.hearts_broken, hand.taken) == (3, False, (0, 0, 0, 13))
    given(*second).when(PlayCard(at=AT, seat=3, card="KH")).raises("hearts-not-broken")


# C6: the points and the moon


def test_each_heart_costs_one_point_and_the_queen_of_spades_thirteen() -> None:
    """[S] "Dama negra - É a carta 12 de espadas. Esta carta soma 13 pontos"; "ganha 1 vaza
    para cada carta do naipe de copas e 13 vazas pela dama negra"."""
    assert card_points("QS") == 13
    assert all(card_points(h) == 1 for h in HEARTS)
    assert all(card_points(c) == 0 for c in (*CLUBS, *DIAMONDS, *SPADES) if c != "QS")
    assert sum(card_points(c) for c in DECK_52) == 26


def test_a_hand_played_out_scores_the_points_each_seat_took() -> None:
    """[S] "Ficar com a menor pontuação": each seat scores the hearts and queen it took; the
    fewest points (here shared by seats 2 and 3) win the hand."""
    history = after(no_pass(SCORED), *SCORED_PLAY)
    (*_, hand_end) = ended(history)
    assert hand_end.recorded_as == "plays"
    assert hand_end.scores == {"0": 20, "1": 6, "2": 0, "3": 0}
    assert hand_end.details == {
        "taken": [20, 6, 0, 0],
        "moon": None,
        "queen": 0,
        "tricks": [7, 6, 0, 0],
        "direction": "none",
    }
    assert (hand_end.winner, hand_end.points, hand_end.opener) == (None, 0, 0)
    assert fold(history).score == {"0": 39 + 20, "1": 39 + 6, "2": 0, "3": 0}
    assert fold(history).hand is None


def test_a_seat_that_takes_every_point_shoots_the_moon() -> None:
    """C6: [D] "a seat that takes all 13 hearts and Q♠ scores 0 for the hand and each other
    seat 26"."""
    history = after(no_pass(BY_SUIT), *MOON_PLAY)
    (*_, hand_end) = ended(history)
    assert hand_end.scores == {"0": 0, "1": 26, "2": 26, "3": 26}
    assert hand_end.details is not None
    assert hand_end.details["taken"] == [26, 0, 0, 0]
    assert (hand_end.details["moon"], hand_end.details["queen"]) == (0, 0)
    assert hand_end.details["tricks"] == [13, 0, 0, 0]
    assert hand_end.winner == "0"
    assert fold(history).score == {"0": 39, "1": 39 + 26, "2": 26, "3": 26}


def test_without_the_moon_the_shooter_scores_its_twenty_six() -> None:
    """C6: "override `moon: false`"."""
    history = after(no_pass(BY_SUIT, moon=False), *MOON_PLAY)
    (*_, hand_end) = ended(history)
    assert hand_end.scores == {"0": 26, "1": 0, "2": 0, "3": 0}
    assert hand_end.details is not None
    assert hand_end.details["moon"] is None
    assert hand_end.winner is None  # seats 1, 2 and 3 share the fewest


def test_the_moon_rule_is_pure_and_has_no_minus_twenty_six() -> None:
    """C6: "No "choose −26" option"."""
    assert scores_of([26, 0, 0, 0], moon=True) == ({"0": 0, "1": 26, "2": 26, "3": 26}, 0)
    assert scores_of([0, 0, 26, 0], moon=True) == ({"0": 26, "1": 26, "2": 0, "3": 26}, 2)
    assert scores_of([0, 0, 26, 0], moon=False) == ({"0": 0, "1": 0, "2": 26, "3": 0}, None)
    assert scores_of([25, 1, 0, 0], moon=True) == ({"0": 25, "1": 1, "2": 0, "3": 0}, None)


# C7: the end, C8: the dealer


def test_the_game_ends_after_the_hand_that_brings_a_seat_to_one_hundred() -> None:
    """C7: [S] "um jogador alcançar 100 pontos. Este jogador é o último colocado. A
    colocação dos outros jogadores é definida pelas respectivas pontuações"; [D] "places by
    total ascending"."""
    hand = RecordCopasResult(at=AT, points=[16, 6, 4, 0])
    six = after([copas()], *[hand] * 6)
    assert fold(six).score == {"0": 96, "1": 36, "2": 24, "3": 0}
    assert fold(six).status == "in_progress"
    seven = after(six, hand)
    (finished,) = [e for e in seven if isinstance(e, MatchFinished)]
    assert finished.places == [["3"], ["2"], ["1"], ["0"]]
    assert finished.winner == "3"
    assert finished.score == {"0": 112, "1": 42, "2": 28, "3": 0}
    assert fold(seven).status == "finished"
    given(*seven).when(hand).raises("match-finished")


def test_equal_totals_share_a_place_even_the_first() -> None:
    """C7: [D] "equal totals share a place (also for first)": no single winner."""
    history = after([copas()], *[QUIET] * 7)
    assert fold(history).status == "in_progress"  # 91
    history = after(history, QUIET)
    (finished,) = [e for e in history if isinstance(e, MatchFinished)]
    assert finished.places == [["2", "3"], ["0", "1"]]
    assert finished.winner is None


def test_equal_totals_share_a_later_place() -> None:
    """C7: three seats at 104 share the last place; the shooter of four moons wins."""
    moon = RecordCopasResult(at=AT, points=[26, 0, 0, 0])
    history = after([copas()], *[moon] * 4)
    (finished,) = [e for e in history if isinstance(e, MatchFinished)]
    assert finished.places == [["0"], ["1", "2", "3"]]
    assert finished.winner == "0"


def test_a_played_hand_ends_the_game_too() -> None:
    """C7: "checked after each hand": the last card of a played hand may end the game."""
    history = after(hand_number(8, BY_SUIT), *MOON_PLAY)  # 7 results: 91, 91, 0, 0
    (finished,) = [e for e in history if isinstance(e, MatchFinished)]
    assert finished.score == {"0": 91, "1": 117, "2": 26, "3": 26}
    assert finished.places == [["2", "3"], ["0"], ["1"]]
    assert finished.winner is None
    assert isinstance(history[-2], HandEnded)  # the hand's end, then the game's


def test_the_deal_goes_round() -> None:
    """C8: [D] "rotates as elsewhere (it does not choose the leader here)"."""
    history = after(no_pass(BY_SUIT), *MOON_PLAY)  # dealt by seat 3
    given(*history).when(DealCards(at=AT, hands=BY_SUIT, dealer=1)).raises("wrong-dealer")
    (dealt,) = decide(DealCards(at=AT, hands=BY_SUIT), fold(history))
    assert isinstance(dealt, CardsDealt)
    assert (dealt.dealer, dealt.number) == (0, 5)
    assert copas_hand([*history, dealt]).direction == "left"


def test_a_deal_is_thirteen_cards_a_seat_from_the_fifty_two_and_turns_nothing() -> None:
    """[S] "Deck 52, 13 each"; no trump."""
    game = given(copas())
    game.when(DealCards(at=AT, hands=[h[:12] for h in BY_SUIT])).raises("invalid-deal")
    game.when(DealCards(at=AT, hands=[CLUBS, CLUBS, HEARTS, SPADES])).raises("invalid-deal")
    game.when(DealCards(at=AT, hands=BY_SUIT, trump_card="2S")).raises("invalid-deal")
    game.when(DealCards(at=AT, hands=BY_SUIT, vira="2S")).raises("invalid-deal")


# C10: the result-only hand


@pytest.mark.parametrize(
    "points",
    [
        [13, 13],
        [13, 13, 0],
        [13, 13, 0, 0, 0],
        [27, -1, 0, 0],
        [13, 13, 1, 0],
        [13, 12, 0, 0],
        [7, 7, 6, 6],
        [10, 8, 8, 0],
    ],
)
def test_a_result_that_cannot_happen_is_refused(points: list[int]) -> None:
    """C10: [D] "points sum to 26 and one seat holds the 13 of the Q♠ (so some seat has
    >= 13), unless one seat took all 26 (the moon); `[7, 7, 6, 6]` is refused"."""
    given(copas()).when(RecordCopasResult(at=AT, points=points)).raises("invalid-result")


def test_a_result_gives_each_seat_the_points_it_took() -> None:
    """C10 and 2.3: "per seat as taken (hearts + 13 for Q♠; sum 26)"."""
    history = after([copas()], RecordCopasResult(at=AT, points=[5, 13, 8, 0]))
    (hand_end,) = ended(history)
    assert hand_end.recorded_as == "result"
    assert hand_end.scores == {"0": 5, "1": 13, "2": 8, "3": 0}
    assert hand_end.details == {"taken": [5, 13, 8, 0], "moon": None, "queen": 1}
    assert hand_end.winner == "3"
    assert fold(history).score == {"0": 5, "1": 13, "2": 8, "3": 0}


def test_a_result_of_twenty_six_for_one_seat_is_the_moon() -> None:
    """C10: "unless one seat took all 26 (the moon)"; 2.3: "the server applies the moon rule
    when one seat has 26"."""
    history = after([copas()], RecordCopasResult(at=AT, points=[0, 0, 0, 26]))
    (hand_end,) = ended(history)
    assert hand_end.scores == {"0": 26, "1": 26, "2": 26, "3": 0}
    assert hand_end.details == {"taken": [0, 0, 0, 26], "moon": 3, "queen": 3}
    assert hand_end.winner == "3"


def test_without_the_moon_a_result_of_twenty_six_counts_as_taken() -> None:
    """C6's override, for a recorded result."""
    history = after([copas(moon=False)], RecordCopasResult(at=AT, points=[26, 0, 0, 0]))
    (hand_end,) = ended(history)
    assert hand_end.scores == {"0": 26, "1": 0, "2": 0, "3": 0}
    assert hand_end.details is not None
    assert hand_end.details["moon"] is None


def test_no_result_while_a_hand_is_being_played() -> None:
    """C10: a result records a whole hand, not one being played."""
    given(*no_pass(BY_SUIT)).when(RecordCopasResult(at=AT, points=[5, 13, 8, 0])).raises(
        "hand-in-progress"
    )

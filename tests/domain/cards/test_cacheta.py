"""Cacheta (seed 003; card-rules.md section 7 and the Cacheta rows K12-K14 of 9b), given /
when / then: the deal and its vira, the wilds (K1, K2), the trincas, runs and wilds of a
meld (K3-K5), a turn's draw and discard, the batida with 9 and with 10 (K6), the lives
lost and the places (K9, K13), the dealer going round the seats still in (K10, K14), the
void round (K11, K12), na boa and furar a fila with its burn (K7, K8), a round by its
result, undo, and the secrets (7.4).

Every deal is built by hand (`check_deal` keeps it honest) and the rest of the two decks is
the stock, `top` first: the dealer is seat 3 unless a test says, so seat 0 plays first.
In DEAL the vira is the 8C: the black 9s (9C, 9S) are wild. Seat 0 holds three melds
(5H 5C 5D, 7S 8S 9C, JD QD KD): it goes out with any card drawn as its discard, or with 10
cards when the card drawn extends a meld. Seat 2 is one queen from going out (2H 3H 4H,
6C 6D 6H, QC QS, and a KH to discard)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from domain import Event, decide, fold
from domain.cards.cacheta.commands import (
    Burn,
    DealCacheta,
    GoOut,
    JumpTheQueue,
    RecordCachetaRound,
    SayNaBoa,
)
from domain.cards.cacheta.events import NaBoaSaid, QueueJumped, SeatBurned, WentOut
from domain.cards.cacheta.game import CACHETA_GAME
from domain.cards.cacheta.hand import CachetaHand, melds_for, wilds_of
from domain.cards.cacheta.results import lives_of, playing_of
from domain.cards.cacheta.view import view
from domain.cards.melds.decks import DECK_104
from domain.cards.melds.meld import meld_of
from domain.cards.melds.rules import MeldRules
from domain.cards.stock.commands import DealStock, DiscardCard, DrawCards
from domain.cards.stock.events import CardDiscarded, CardsDrawn, StockDealt
from domain.errors import InvalidInput, TellsAHand, TellsTheTable
from domain.events import SECRET_TYPES
from domain.match.commands import Command, UndoLastMove
from domain.match.events import HandEnded, MatchCreated, MatchFinished, MoveUndone
from domain.match.rules import GameRules
from domain.match.secrets import Secret
from domain.rulesets import resolve_rules
from tests.domain.builders import AT
from tests.domain.cards.cacheta_play import random_game
from tests.domain.spec import given

Deal = list[list[str]]
DECK = Counter(DECK_104)
UNDO = UndoLastMove(at=AT)
VIRA = "8C"

DEAL: Deal = [
    ["5H", "5C", "5D", "7S", "8S", "9C", "JD", "QD", "KD"],  # three melds, 9C as a 6S or 9S
    ["AC", "2D", "4C", "7D", "10C", "JC", "KC", "3S", "QH"],
    ["2H", "3H", "4H", "6C", "6D", "6H", "QC", "QS", "KH"],  # a queen from going out
    ["AD", "3D", "4D", "8D", "10S", "JS", "2S", "4S", "8C"],  # the vira's other copy
]
NINE = [["5H", "5C", "5D"], ["7S", "8S", "9C"], ["JD", "QD", "KD"]]
"""Seat 0's nine cards in melds: with a card drawn and discarded, a batida with 9."""
QUEENS = [["2H", "3H", "4H"], ["6C", "6D", "6H"], ["QC", "QS", "QH"]]
"""Seat 2's batida once it holds a QH (the KH discarded)."""


# Builders


def cacheta(**overrides: Any) -> MatchCreated[GameRules]:
    return MatchCreated(
        at=AT,
        rules=resolve_rules("cacheta", overrides),
        seats=("p0", "p1", "p2", "p3"),
        created_by="ana",
    )


def check_deal(hands: Deal, vira: str, top: Sequence[str] = ()) -> None:
    """A deal built by hand: nine cards a seat still in, no card more often than the two
    decks hold it (the test's own safety net)."""
    assert all(len(cards) == 9 for cards in hands)
    used = Counter(card for cards in hands for card in cards) + Counter([vira, *top])
    assert not used - DECK, f"more copies than two decks hold: {used - DECK}"


def rest_of_deck(hands: Deal, vira: str = VIRA, top: Sequence[str] = ()) -> list[str]:
    """The stock: `top` first, then every card the hands and the vira leave, in DECK_104's
    order."""
    check_deal(hands, vira, top)
    left = DECK - Counter(card for cards in hands for card in cards) - Counter([vira, *top])
    rest: list[str] = []
    for card in DECK_104:
        if left[card]:
            rest.append(card)
            left[card] -= 1
    return [*top, *rest]


def dealing(
    hands: Deal = DEAL,
    vira: str = VIRA,
    *,
    dealer: int | None = None,
    top: Sequence[str] | None = (),
) -> DealCacheta:
    """The deal; `top`: a known stock with these cards on top (None: no stock posted)."""
    check_deal(hands, vira, top or ())
    stock = None if top is None else rest_of_deck(hands, vira, top)
    return DealCacheta(at=AT, hands=hands, dealer=dealer, vira=vira, stock=stock)


def after(events: Sequence[Event], *commands: Command) -> list[Event]:
    """`events`, then what `decide` answers to each command in turn (so they are legal)."""
    history = list(events)
    state = fold(history)
    for command in commands:
        new = decide(command, state)
        history += new
        state = fold(new, state)
    return history


def dealt(
    hands: Deal = DEAL,
    vira: str = VIRA,
    *,
    top: Sequence[str] | None = (),
    dealer: int | None = None,
    **overrides: Any,
) -> list[Event]:
    """A game created (10 lives unless `target` says) and its first round dealt."""
    return after([cacheta(**overrides)], dealing(hands, vira, dealer=dealer, top=top))


def table(events: Sequence[Event]) -> CachetaHand:
    hand = fold(events).hand
    assert isinstance(hand, CachetaHand)
    return hand


def draw(seat: int, *cards: str) -> DrawCards:
    """A draw from the stock; `cards`: named (a stock not posted)."""
    return DrawCards(at=AT, seat=seat, cards=list(cards) if cards else None)


def take(seat: int) -> DrawCards:
    """The pile's top card taken."""
    return DrawCards(at=AT, seat=seat, source="pile")


def discard(seat: int, card: str) -> DiscardCard:
    return DiscardCard(at=AT, seat=seat, card=card)


def go_out(seat: int, groups: list[list[str]] | None = None, card: str | None = None) -> GoOut:
    return GoOut(at=AT, seat=seat, groups=groups, discard=card)


def na_boa(seat: int) -> SayNaBoa:
    return SayNaBoa(at=AT, seat=seat)


def jump(seat: int) -> JumpTheQueue:
    return JumpTheQueue(at=AT, seat=seat)


def burn(seat: int) -> Burn:
    return Burn(at=AT, seat=seat)


def result(winner: int, cards: int) -> RecordCachetaRound:
    return RecordCachetaRound(at=AT, winner=winner, cards=cards)


VOID = RecordCachetaRound(at=AT, void=True)


def drawn(seat: int, *cards: str) -> CardsDrawn:
    return CardsDrawn(at=AT, seat=seat, cards=tuple(cards), count=len(cards))


def taken(seat: int, card: str) -> CardsDrawn:
    return CardsDrawn(at=AT, seat=seat, source="pile", cards=(card,), count=1)


def discarded(seat: int, card: str) -> CardDiscarded:
    return CardDiscarded(at=AT, seat=seat, card=card)


def went_out(seat: int, groups: list[list[str]]) -> WentOut:
    return WentOut(at=AT, seat=seat, groups=tuple(tuple(group) for group in groups))


def ended(events: Sequence[Event]) -> HandEnded:
    (hand_end,) = [e for e in events if isinstance(e, HandEnded)]
    return hand_end


def finished(events: Sequence[Event]) -> MatchFinished:
    (game_end,) = [e for e in events if isinstance(e, MatchFinished)]
    return game_end


def is_batida(groups: Sequence[Sequence[str]], wilds: Sequence[str], hand: Sequence[str]) -> None:
    """Every group a meld of these wilds, the groups exactly these cards."""
    rules = melds_for(wilds)
    for group in groups:
        meld_of(group, rules)
    assert Counter(card for group in groups for card in group) == Counter(hand)


def rules_8c() -> MeldRules:
    return melds_for(wilds_of("8C"))


# The deals of these tests


@pytest.mark.parametrize(
    ("hands", "vira", "top"),
    [(DEAL, "8C", ["2C"]), (DEAL, "8C", ["QH"]), (DEAL, "8C", ["6S"]), (DEAL[:3], "8C", [])],
)
def test_the_deals_of_these_tests_are_real_ones(hands: Deal, vira: str, top: list[str]) -> None:
    """[S] "dois baralhos ... os coringas (Jokers) não são utilizados" (104 cards); "nove
    cartas para cada participante"; K2: the vira is out of play, so the stock is the rest."""
    stock = rest_of_deck(hands, vira, top)
    assert Counter(stock) + Counter(c for h in hands for c in h) + Counter([vira]) == DECK
    assert len(stock) == 104 - 9 * len(hands) - 1


# The deal, K2, K10


def test_the_first_round_is_dealt_by_the_last_seat_and_the_seat_after_it_plays_first() -> None:
    """K10: "the seat after it [the dealer] plays first"; the first round's dealer is seat 3
    unless said; K2: the vira is "set aside face up, out of play": 104 - 36 - 1 = 67 in the
    stock."""
    stock = rest_of_deck(DEAL)
    given(cacheta()).when(dealing()).then(
        StockDealt(
            at=AT,
            number=1,
            dealer=3,
            opener=0,
            hands=tuple(tuple(cards) for cards in DEAL),
            stock=tuple(stock),
            stock_count=67,
            vira="8C",
        )
    )
    hand = table(dealt())
    assert (hand.turn, hand.playing, hand.pile, hand.top, hand.drew) == (
        0,
        (0, 1, 2, 3),
        (),
        None,
        False,
    )
    assert (hand.vira, hand.wilds, hand.lives) == ("8C", ("9C", "9S"), (10,) * 4)


@pytest.mark.parametrize(("dealer", "opener"), [(0, 1), (1, 2), (2, 3), (3, 0)])
def test_a_first_deal_may_name_its_dealer_and_the_next_seat_plays(dealer: int, opener: int) -> None:
    """K10 / B22: "the seat after the dealer plays first"."""
    (event,) = decide(dealing(dealer=dealer), fold([cacheta()]))
    assert isinstance(event, StockDealt)
    assert (event.dealer, event.opener) == (dealer, opener)
    assert table([cacheta(), event]).turn == opener


def test_a_deal_is_nine_cards_a_seat_and_a_vira_from_the_two_decks() -> None:
    """[S] "nove cartas para cada participante"; K2 the vira turned; a posted stock is the
    rest of the two decks but the vira (`invalid-deal`)."""
    game = given(cacheta())
    stock = rest_of_deck(DEAL)
    short = [cards[:8] for cards in DEAL]
    game.when(DealCacheta(at=AT, hands=short, vira="8C")).raises("invalid-deal")
    game.when(DealCacheta(at=AT, hands=DEAL[:3], vira="8C")).raises("invalid-deal")
    game.when(DealStock(at=AT, hands=DEAL)).raises("invalid-deal")  # no vira
    mortos = [["2C"] * 11, ["3C"] * 11]
    game.when(DealCacheta(at=AT, hands=DEAL, vira="8C", mortos=mortos)).raises("invalid-deal")
    thrice = [DEAL[0], DEAL[1], DEAL[2], [*DEAL[3][:8], "5H"]]  # seats 0 and 3 hold a 5H
    game.when(DealCacheta(at=AT, hands=thrice, vira="5H")).raises("invalid-deal")  # and the vira
    game.when(DealCacheta(at=AT, hands=DEAL, vira="8C", stock=[*stock, "8C"])).raises(
        "invalid-deal"
    )  # the vira's copy again in the stock
    game.when(DealCacheta(at=AT, hands=DEAL, vira="8C", stock=stock[1:])).raises("invalid-deal")
    game.when(DealCacheta(at=AT, hands=DEAL, vira="ZZ")).raises("invalid-card")
    (event,) = decide(DealCacheta(at=AT, hands=DEAL, vira="8C"), fold([cacheta()]))
    assert isinstance(event, StockDealt)
    assert (event.stock, event.stock_count, event.vira) == (None, 67, "8C")


def test_the_next_round_is_dealt_by_the_seat_after_the_dealer() -> None:
    """K10: "dealer rotates among seats still in; the seat after it plays first": seat 3
    dealt the first round, seat 0 deals the second and seat 1 plays first."""
    history = after(dealt(top=["2C"]), draw(0), go_out(0, NINE, "2C"))
    state = fold(history)
    assert (state.status, state.hand, state.next_dealer) == ("in_progress", None, 0)
    second = given(*history)
    second.when(dealing(dealer=3)).raises("wrong-dealer")
    second.when(dealing(dealer=1)).raises("wrong-dealer")
    (event,) = decide(dealing(), state)
    assert isinstance(event, StockDealt)
    assert (event.number, event.dealer, event.opener) == (2, 0, 1)
    assert table([*history, event]).turn == 1


# K1: the wilds


@pytest.mark.parametrize(
    ("vira", "wilds"),
    [
        ("8C", ("9C", "9S")),  # the seed's example: "virado o 8 de Paus, todos os 9 pretos"
        ("8S", ("9C", "9S")),
        ("8H", ("9D", "9H")),  # a red vira: the red 9s
        ("2D", ("3D", "3H")),
        ("10H", ("JD", "JH")),
        ("QC", ("KC", "KS")),
        ("KC", ("AC", "AS")),  # K1: a king turned, the aces of its colour
        ("KH", ("AD", "AH")),
        ("AS", ("2C", "2S")),
    ],
)
def test_the_wilds_are_the_next_rank_in_the_viras_colour(vira: str, wilds: tuple[str, ...]) -> None:
    """[S] "sempre a carta acima da que foi virada, obedecendo-se a cor"; K1: "vira K wraps:
    K -> aces of its colour; the 4 wilds = 2 decks x 2 suits of that colour"."""
    assert wilds_of(vira) == wilds
    assert sum(DECK[card] for card in wilds) == 4


def test_a_red_king_turned_makes_the_red_aces_wild_in_the_hand_and_its_view() -> None:
    """K1 with a red vira: KH turned, AD and AH are wild; the view shows the vira and the
    wilds (7.4: public)."""
    hands = [["5H", "5C", "5D", "7S", "8S", "AH", "JD", "QD", "KD"], *DEAL[1:]]
    history = dealt(hands, "KH", top=["2C"])
    hand = table(history)
    assert (hand.vira, hand.wilds) == ("KH", ("AD", "AH"))
    public = view(hand, frozenset())
    assert (public.vira, public.wilds) == ("KH", ["AD", "AH"])
    seven_eight_ace = [["5H", "5C", "5D"], ["7S", "8S", "AH"], ["JD", "QD", "KD"]]
    events = decide(go_out(0, seven_eight_ace, "2C"), fold(after(history, draw(0))))
    assert events[:2] == [discarded(0, "2C"), went_out(0, seven_eight_ace)]
    # the same cards with the 8C turned: the AH is no wild, 7S 8S AH no meld
    plain = [["5H", "5C", "5D", "7S", "8S", "AH", "JD", "QD", "KD"], *DEAL[1:]]
    black = after(dealt(plain, "8C", top=["2C"]), draw(0))
    given(*black).when(go_out(0, seven_eight_ace, "2C")).raises("invalid-meld")


# K3: trincas


@pytest.mark.parametrize(
    "cards",
    [
        ["5H", "5C", "5D"],  # [S] "três cartas do mesmo valor e de naipes diferentes"
        ["5H", "5C", "5D", "5H"],  # dobrada: the 4th repeats a suit
        ["5H", "5C", "5D", "5S"],  # the 4th suit (Pife practice)
        ["5H", "5C", "5D", "5H", "5C"],  # "uma ou duas": five at most
        ["5H", "5C", "5D", "5S", "5H"],
    ],
)
def test_a_trinca_is_three_to_five_of_a_rank_with_three_suits(cards: list[str]) -> None:
    """K3: "3 to 5 cards of one rank with at least 3 different suits; the 4th/5th card may
    repeat a suit (the seed) or be the 4th suit"."""
    meld = meld_of(cards, rules_8c())
    assert (meld.kind, meld.wilds, len(meld.cards)) == ("set", 0, len(cards))


@pytest.mark.parametrize(
    "cards",
    [
        ["5H", "5C", "5D", "5H", "5C", "5S"],  # six: "uma ou duas" more at most
        ["5H", "5C", "5H"],  # two suits
        ["5H", "5C", "5H", "5C"],  # two suits, dobradas both
        ["5H", "5H", "9S"],  # one suit and a wild: two suits at best
        ["5H", "5C"],
        ["5H", "5C", "6D"],
    ],
)
def test_a_trinca_of_six_or_of_two_suits_is_refused(cards: list[str]) -> None:
    """K3: "max 5 (the seed's 'uma ou duas')"; "at least 3 different suits" (a wild stands
    for one missing suit)."""
    with pytest.raises(InvalidInput) as caught:
        meld_of(cards, rules_8c())
    assert caught.value.code == "invalid-meld"


def test_a_wild_stands_for_the_missing_suit_of_a_trinca() -> None:
    """K3 with K5: 5H 5C and a wild 9S are a trinca (the 9S a 5D or 5S); 5H 5H 5C and a
    wild are a dobrada trinca of three suits."""
    assert (
        meld_of(["5H", "5C", "9S"], rules_8c()).kind,
        meld_of(["5H", "5C", "9S"], rules_8c()).wilds,
    ) == ("set", 1)
    dobrada = meld_of(["5H", "5H", "5C", "9C"], rules_8c())
    assert (dobrada.kind, dobrada.wilds) == ("set", 1)


def test_a_dobrada_trinca_makes_a_batida_with_10() -> None:
    """K3 in a batida: seat 0 draws the second 5H: 5H 5C 5D 5H is a trinca dobrada, and
    with 7S 8S 9C and JD QD KD the ten cards go out (K6: no discard)."""
    groups = [["5H", "5C", "5D", "5H"], ["7S", "8S", "9C"], ["JD", "QD", "KD"]]
    history = after(dealt(top=["5H"]), draw(0))
    events = decide(go_out(0, groups), fold(history))
    assert events[0] == went_out(0, groups)
    assert ended(events).scores == {"0": 0, "1": 2, "2": 2, "3": 2}


# K4: runs


@pytest.mark.parametrize(
    "cards",
    [
        ["3H", "4H", "5H"],
        ["AH", "2H", "3H"],  # [S] "O Ás ... pode servir ... abaixo do Dois"
        ["QH", "KH", "AH"],  # "... acima do Rei"
        ["5H", "3H", "4H"],  # in any order
        ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"],
        ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH"],
    ],
)
def test_a_run_is_three_or_more_of_a_suit_the_ace_low_or_high(cards: list[str]) -> None:
    """[S] "três ou mais cartas seguidas, do mesmo naipe"; K4: "A low or high"."""
    meld = meld_of(cards, rules_8c())
    assert (meld.kind, meld.wilds) == ("run", 0)


@pytest.mark.parametrize(
    "cards",
    [
        ["KH", "AH", "2H"],  # K4: "no wrap"
        ["QH", "KH", "AH", "2H"],
        ["KH", "9C", "2H"],  # nor with a wild as the ace
        ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH"],
        ["3H", "4H", "5S"],  # one suit
        ["3H", "4H", "4H", "5H"],  # "no repeated rank"
        ["3H", "4H"],  # three or more
        ["3H", "5H", "7H"],
    ],
)
def test_a_run_does_not_wrap_mix_suits_or_repeat_a_rank(cards: list[str]) -> None:
    """K4: "3+, same suit, A low or high, no wrap, no repeated rank"."""
    with pytest.raises(InvalidInput) as caught:
        meld_of(cards, rules_8c())
    assert caught.value.code == "invalid-meld"


# K5: wilds in a meld


def test_a_meld_takes_any_number_of_wilds() -> None:
    """K5: "no limit": 3H with both black 9s is a run (AH 2H 3H, 3H 4H 5H, ...); 5H with
    three wilds a trinca or run of four; a gap filled by a wild."""
    rules = rules_8c()
    assert meld_of(["3H", "9C", "9S"], rules).wilds == 2
    assert meld_of(["5H", "9C", "9S", "9C"], rules).wilds == 3
    gap = meld_of(["3H", "9S", "5H"], rules)
    assert (gap.kind, gap.wilds, gap.low, gap.suit) == ("run", 1, 3, "H")
    assert meld_of(["QH", "KH", "9C"], rules).kind == "run"  # the wild as the JH or AH


def test_a_wild_in_its_own_place_is_just_that_card() -> None:
    """K5: "a wild card standing in its own place is just that card": 9H 9D 9C is a natural
    trinca, 7C 8C 9C a natural run (the 8C's other copy), 7S 8S 9S too."""
    rules = rules_8c()
    assert meld_of(["9H", "9D", "9C"], rules).wilds == 0
    assert meld_of(["7C", "8C", "9C"], rules).wilds == 0
    assert meld_of(["7S", "8S", "9S"], rules).wilds == 0


def test_every_meld_has_a_natural_card() -> None:
    """K5: "every meld has at least one natural card": with Cacheta's wilds a meld of wild
    cards only is read with one of them standing for itself (9C 9S 9S: a 9C and two wilds,
    never three); the rule itself, on cards that can only be wild (the engine's jokers,
    given to `melds_for` as the wilds), refuses a meld without a natural card."""
    rules = rules_8c()
    allwild = meld_of(["9S", "9C", "9S"], rules)
    assert (allwild.kind, allwild.wilds) == ("run", 2)
    four = meld_of(["9S", "9C", "9S", "9C"], rules)
    assert (four.kind, four.wilds) == ("run", 3)
    only_wild = melds_for(["JK"])
    assert meld_of(["5H", "JK", "JK"], only_wild).wilds == 2
    with pytest.raises(InvalidInput) as caught:
        meld_of(["JK", "JK", "JK"], only_wild)
    assert caught.value.code == "invalid-meld"


# The turn


def test_the_first_player_draws_from_the_stock_the_pile_being_empty() -> None:
    """[S] "o primeiro jogador compra do maço": the pile is empty (`pile-empty`); the seat
    after the dealer moves first (`not-your-turn`); one draw a turn (`already-drew`)."""
    game = given(*dealt(top=["2C"]))
    game.when(take(0)).raises("pile-empty")
    game.when(draw(1)).raises("not-your-turn")
    game.when(draw(0)).then(drawn(0, "2C"))
    hand = table(after(game.events, draw(0)))
    assert (hand.drew, hand.stock_count, hand.hands[0][-1]) == (True, 66, "2C")
    given(*after(game.events, draw(0))).when(draw(0)).raises("already-drew")
    given(*after(game.events, draw(0))).when(take(0)).raises("already-drew")


def test_a_turn_begins_with_a_draw() -> None:
    """[S] the turn: draw, then go out or discard (`draw-first`)."""
    game = given(*dealt(top=["2C"]))
    game.when(discard(0, "5H")).raises("draw-first")
    game.when(go_out(0, NINE, "5H")).raises("draw-first")
    game.when(discard(1, "AC")).raises("not-your-turn")


def test_a_discard_ends_the_turn_and_the_next_seat_may_take_it() -> None:
    """[S] "poderá comprar do maço ou comprar a última carta descartada"; "apenas a última
    carta é visível": seat 1 takes the 2C seat 0 discarded (a pile draw names no card)."""
    history = after(dealt(top=["2C", "3C"]), draw(0))
    given(*history).when(discard(0, "2H")).raises("card-not-in-hand")
    given(*history).when(discard(0, "2C")).then(discarded(0, "2C"))
    two = after(history, discard(0, "2C"))
    hand = table(two)
    assert (hand.turn, hand.top, hand.drew, hand.discarder) == (1, "2C", False, 0)
    assert "2C" not in hand.hands[0]
    game = given(*two)
    game.when(draw(0)).raises("not-your-turn")
    game.when(take(1)).then(taken(1, "2C"))
    game.when(DrawCards(at=AT, seat=1, source="pile", cards=["2C"])).raises("invalid-draw")
    took = table(after(two, take(1)))
    assert (took.pile, took.stock_count, took.hands[1][-1]) == ((), 66, "2C")


def test_a_card_not_held_is_refused_as_the_seats_secret() -> None:
    """7.4 "Own hand": a discard the seat does not hold says something of its hand."""
    refused = (
        given(*after(dealt(top=["2C"]), draw(0))).when(discard(0, "AS")).raises("card-not-in-hand")
    )
    assert isinstance(refused, TellsAHand)


# K6: the batida


def test_a_batida_with_9_discards_and_takes_a_life_from_each_other_seat() -> None:
    """[S] "Quando bate com 9 ele descarta uma carta"; "todos os oponentes perdem 1 ponto";
    K6 "one move listing the groups (and the discard for a 9-card batida)"."""
    history = after(dealt(top=["2C"]), draw(0))
    given(*history).when(go_out(0, NINE, "2C")).then(
        discarded(0, "2C"),
        went_out(0, NINE),
        HandEnded(
            at=AT,
            number=1,
            outcome="batida",
            kind="nove",
            winner="0",
            points=0,
            bonus_applied=0,
            sums=None,
            by_seat=0,
            opener=0,
            recorded_as="plays",
            started_at=AT,
            dealer=3,
            scores={"0": 0, "1": 1, "2": 1, "3": 1},
            details={"cards": 9, "vira": "8C", "burned": [], "na_boa": [], "jumped": False},
        ),
    )
    state = fold(after(history, go_out(0, NINE, "2C")))
    assert (state.hand, state.status, state.score) == (
        None,
        "in_progress",
        {"0": 0, "1": 1, "2": 1, "3": 1},
    )
    assert lives_of(state) == (10, 9, 9, 9)


def test_a_batida_with_10_discards_nothing_and_takes_two_lives() -> None:
    """[S] "quando bate com 10 não descarta nada"; "Se bater com 10, os oponentes perdem 2
    pontos": the 6S drawn makes 6S 7S 8S 9C."""
    groups = [["5H", "5C", "5D"], ["6S", "7S", "8S", "9C"], ["JD", "QD", "KD"]]
    events = decide(go_out(0, groups), fold(after(dealt(top=["6S"]), draw(0))))
    assert events[0] == went_out(0, groups)
    hand_end = ended(events)
    assert (hand_end.outcome, hand_end.kind, hand_end.winner, hand_end.by_seat) == (
        "batida",
        "dez",
        "0",
        0,
    )
    assert hand_end.scores == {"0": 0, "1": 2, "2": 2, "3": 2}
    assert hand_end.details is not None
    assert hand_end.details["cards"] == 10
    assert len(events) == 2  # no discard, the game goes on


def test_the_groups_may_be_omitted_and_the_service_finds_them() -> None:
    """K6: "the groups may be omitted and the server searches a partition": with 10 cards
    the 9C goes in one of the melds; with 9 and the 2C discarded, the three melds."""
    ten = fold(after(dealt(top=["6S"]), draw(0)))
    events = decide(go_out(0), ten)
    went = events[0]
    assert isinstance(went, WentOut)
    held = [*DEAL[0], "6S"]
    is_batida(went.groups, ("9C", "9S"), held)
    naturals = {tuple(sorted(c for c in group if c != "9C")) for group in went.groups}
    assert naturals == {("5C", "5D", "5H"), ("6S", "7S", "8S"), ("JD", "KD", "QD")}
    assert ended(events).scores == {"0": 0, "1": 2, "2": 2, "3": 2}
    nine = fold(after(dealt(top=["2C"]), draw(0)))
    events = decide(go_out(0, None, "2C"), nine)
    assert events[0] == discarded(0, "2C")
    went = events[1]
    assert isinstance(went, WentOut)
    is_batida(went.groups, ("9C", "9S"), DEAL[0])
    assert ended(events).scores == {"0": 0, "1": 1, "2": 1, "3": 1}


def test_cards_that_make_no_batida_are_refused_as_the_seats_secret() -> None:
    """K6: with groups omitted and no partition (`no-batida`): the 2C fits no meld, so
    neither 10 cards nor 9 with the 5H discarded go out."""
    game = given(*after(dealt(top=["2C"]), draw(0)))
    refused = game.when(go_out(0)).raises("no-batida")
    assert isinstance(refused, TellsAHand)
    game.when(go_out(0, None, "5H")).raises("no-batida")


def test_groups_that_do_not_use_exactly_the_hand_are_refused() -> None:
    """K6: "the server validates each group"; "a batida shows every card of the hand (9 and
    a discard, or 10)": nine cards shown of ten (`invalid-meld`), a group that is no meld
    (`invalid-meld`), a card not held or a discard not held (`card-not-in-hand`)."""
    game = given(*after(dealt(top=["2C"]), draw(0)))
    game.when(go_out(0, NINE)).raises("invalid-meld")  # 9 of 10, no discard
    game.when(go_out(0, [*NINE, ["2C", "2C", "2C"]], "2C")).raises("invalid-meld")  # 2 suits
    game.when(go_out(0, [*NINE, ["AC", "2C", "3C"]], None)).raises("invalid-meld")  # 12 shown
    no_meld = [["5H", "5C", "2C"], ["7S", "8S", "9C"], ["JD", "QD", "KD"]]
    game.when(go_out(0, no_meld, "5D")).raises("invalid-meld")
    not_held = [["5H", "5C", "5S"], ["7S", "8S", "9C"], ["JD", "QD", "KD"]]
    refused = game.when(go_out(0, not_held, "2C")).raises("card-not-in-hand")
    assert isinstance(refused, TellsAHand)
    game.when(go_out(0, NINE, "2H")).raises("card-not-in-hand")
    game.when(go_out(0, NINE, "ZZ")).raises("invalid-card")


NINES = [["5H", "5C", "5D", "JD", "QD", "KD", "9D", "9D", "9C"], *DEAL[1:]]
"""Seat 0 with two 9D and a 9C (wild with the 8C turned): with the other 9C drawn, 9D 9D
9C 9C is only a trinca if the 9Cs stand for other suits of their own rank."""
NINES_GROUPS = [["5H", "5C", "5D"], ["JD", "QD", "KD"], ["9D", "9D", "9C", "9C"]]


def test_a_wild_of_the_trincas_rank_is_that_card_so_two_suits_are_refused() -> None:
    """K5 "a wild card standing in its own place is just that card" with K3 "at least 3
    different suits": shown, 9D 9D 9C 9C is two suits, no trinca (`invalid-meld`)."""
    game = given(*after(dealt(NINES, top=["9C"]), draw(0)))
    game.when(go_out(0, NINES_GROUPS)).raises("invalid-meld")
    with pytest.raises(InvalidInput):
        meld_of(["9D", "9D", "9C", "9C"], rules_8c())


def test_the_service_finds_no_batida_the_shown_groups_would_not_make() -> None:
    """K6: "the groups may be omitted and the server searches a partition", and "the server
    validates each group": a search must find only groups the validation accepts, so with
    the K5/K3 reading above seat 0's ten cards make no batida (`no-batida`)."""
    game = given(*after(dealt(NINES, top=["9C"]), draw(0)))
    game.when(go_out(0)).raises("no-batida")


def test_only_the_seat_in_turn_goes_out() -> None:
    """K6: a batida is made in turn after the draw (out of turn only by furar a fila, K8)."""
    game = given(*after(dealt(top=["2C"]), draw(0)))
    game.when(go_out(2, None, "KH")).raises("not-your-turn")


# K9, K13: lives and places


def test_a_round_by_its_result_takes_1_or_2_lives_from_the_others() -> None:
    """7.3 results: `{"winner": 2, "cards": 9}` "(one round; the server takes 1 or 2 from the
    others)"."""
    nine = ended(after([cacheta()], result(2, 9)))
    assert (nine.outcome, nine.kind, nine.winner, nine.by_seat, nine.recorded_as) == (
        "batida",
        "nove",
        "2",
        2,
        "result",
    )
    assert nine.scores == {"0": 1, "1": 1, "2": 0, "3": 1}
    ten = ended(after([cacheta()], result(1, 10)))
    assert (ten.kind, ten.scores) == ("dez", {"0": 2, "1": 0, "2": 2, "3": 2})
    assert ten.details is not None
    assert ten.details["cards"] == 10


@pytest.mark.parametrize(
    "command",
    [
        RecordCachetaRound(at=AT, winner=0, cards=8),
        RecordCachetaRound(at=AT, winner=0, cards=11),
        RecordCachetaRound(at=AT, winner=0),
        RecordCachetaRound(at=AT, cards=9),
        RecordCachetaRound(at=AT),
        RecordCachetaRound(at=AT, void=True, winner=0),
        RecordCachetaRound(at=AT, void=True, cards=9),
    ],
)
def test_a_result_that_cannot_happen_is_refused(command: RecordCachetaRound) -> None:
    """7.3: a round is `{"winner": seat, "cards": 9 or 10}` or `{"void": true}`."""
    given(cacheta()).when(command).raises("invalid-result")


def test_no_result_while_a_round_is_being_played() -> None:
    given(*dealt()).when(result(0, 9)).raises("hand-in-progress")
    given(*dealt()).when(VOID).raises("hand-in-progress")


def test_a_seat_that_lost_all_its_lives_is_out_and_loses_no_more() -> None:
    """K9: "only seats still in lose points; <= 0 is out"; K13: "a seat at 0 or below shows
    0 and is out": with 3 lives, seat 0 goes out with 10 (the others lose 2: one life left),
    then seat 1 with 10 (seats 2 and 3 lose 2: -1, shown 0, out; seat 0 loses 2: 1 left);
    then seat 0 with 9 takes seat 1's last life: seats 2 and 3 lose nothing."""
    two = after([cacheta(target=3)], result(0, 10), result(1, 10))
    state = fold(two)
    assert state.score == {"0": 2, "1": 2, "2": 4, "3": 4}
    assert (lives_of(state), playing_of(state), state.status) == (
        (1, 1, 0, 0),
        (0, 1),
        "in_progress",
    )
    given(*two).when(result(2, 9)).raises("invalid-result")  # seat 2 is out
    three = after(two, result(0, 9))
    assert ended(three[len(two) :]).scores == {"0": 0, "1": 1}
    game_end = finished(three)
    assert (game_end.winner, game_end.places) == ("0", [["0"], ["1"], ["2", "3"]])
    assert game_end.score == {"0": 2, "1": 3, "2": 4, "3": 4}
    given(*three).when(result(0, 9)).raises("match-finished")


def test_places_go_by_the_round_each_seat_went_out_the_later_first() -> None:
    """K9 / 0.7: "Cacheta: order of elimination"; "seats out in the same round share a
    place"; "the game ends with one seat left". Lives 3: seat 0 with 10 (1, 2, 3 lose 2),
    seat 3 with 9 (seats 1, 2 out in round 2; seat 0 loses 1), seat 0 with 10 (seat 3 out
    in round 3): seat 0 first, seat 3, then seats 1 and 2 together."""
    history = after([cacheta(target=3)], result(0, 10), result(3, 9), result(0, 10))
    game_end = finished(history)
    assert (game_end.winner, game_end.places) == ("0", [["0"], ["3"], ["1", "2"]])
    assert game_end.score == {"0": 1, "1": 3, "2": 3, "3": 4}


def test_a_batida_that_takes_the_last_lives_ends_the_game() -> None:
    """K9 at the table: lives 2, seat 0 goes out with 10: the three others lose 2 at once,
    out in the same round, sharing the second place."""
    groups = [["5H", "5C", "5D"], ["6S", "7S", "8S", "9C"], ["JD", "QD", "KD"]]
    history = after(dealt(top=["6S"], target=2), draw(0), go_out(0, groups))
    game_end = finished(history)
    assert (game_end.winner, game_end.places) == ("0", [["0"], ["1", "2", "3"]])
    state = fold(history)
    assert (state.status, state.score) == ("finished", {"0": 0, "1": 2, "2": 2, "3": 2})


def three_left() -> list[Event]:
    """Lives 4. Round 1 played (dealer 3): seat 0 out with 9, lost 0 1 1 1. Round 2 by its
    result (dealer 0): seat 1 with 10, lost 2 1 3 3. Round 3 (dealer 1): seat 2 with 9,
    lost 3 2 3 4: seat 3 is out, and seat 2 deals next."""
    return after(
        dealt(top=["2C"], target=4), draw(0), go_out(0, NINE, "2C"), result(1, 10), result(2, 9)
    )


def test_the_dealer_and_first_player_skip_a_seat_out_and_the_deal_has_3_hands() -> None:
    """K10: "dealer rotates among seats still in; the seat after it plays first; eliminated
    seats are skipped"; K14: ""hands" lists the seats still in, in seat order"; K13: the
    view's lives show 0 for the seat out."""
    history = three_left()
    state = fold(history)
    assert state.score == {"0": 3, "1": 2, "2": 3, "3": 4}
    assert (lives_of(state), playing_of(state), state.next_dealer) == ((1, 2, 1, 0), (0, 1, 2), 2)
    game = given(*history)
    game.when(dealing(DEAL)).raises("invalid-deal")  # four hands
    three = DEAL[:3]
    game.when(dealing(three, dealer=3)).raises("wrong-dealer")  # out of the game
    game.when(dealing(three, dealer=0)).raises("wrong-dealer")
    (event,) = decide(dealing(three, top=["2C"]), state)
    assert isinstance(event, StockDealt)
    assert (event.number, event.dealer, event.opener, event.stock_count) == (4, 2, 0, 76)
    assert event.hands == (*(tuple(cards) for cards in three), ())
    hand = table([*history, event])
    assert (hand.playing, hand.turn, hand.lives) == ((0, 1, 2), 0, (1, 2, 1, 0))
    public = view(hand, frozenset())
    assert (public.lives, public.out) == ([1, 2, 1, 0], [3])
    rounds = after([*history, event], draw(0), discard(0, "2C"), draw(1), discard(1, "AC"))
    assert table(rounds).turn == 2
    lap = after(rounds, draw(2), discard(2, "KH"))
    assert table(lap).turn == 0  # seat 3 skipped
    given(*lap).when(draw(3)).raises("not-your-turn")
    given(*lap).when(na_boa(3)).raises("not-your-turn")
    given(*lap).when(draw(0)).then(drawn(0, *rest_of_deck(three, VIRA, ["2C"])[3:4]))


def test_only_the_seats_still_in_lose_and_the_deal_skips_the_dealer_out() -> None:
    """K9 "only seats still in lose points" at the table: in the 3-hand round seat 0 goes
    out with 9, seats 1 and 2 lose a life (seat 2 its last), seat 3 nothing; K10: seat 2
    dealt, the seats after it are 3 (out) and 0: seat 0 deals next."""
    history = three_left()
    events = after(history, dealing(DEAL[:3], top=["2C"]), draw(0), go_out(0, NINE, "2C"))
    hand_end = ended(events[len(history) :])
    assert (hand_end.dealer, hand_end.scores) == (2, {"0": 0, "1": 1, "2": 1})
    state = fold(events)
    assert (playing_of(state), state.next_dealer, state.status) == ((0, 1), 0, "in_progress")
    (deal,) = decide(dealing(DEAL[:2]), state)
    assert isinstance(deal, StockDealt)
    assert (deal.dealer, deal.opener, deal.hands[2:]) == (0, 1, ((), ()))


def test_a_void_round_by_its_result_passes_the_deal_round_the_seats_still_in() -> None:
    """K12 `{"void": true}` and K10: the void round dealt by seat 2 takes no life, and the
    deal passes to seat 0 (seat 3 is out)."""
    history = three_left()
    events = after(history, VOID)
    hand_end = ended(events[len(history) :])
    assert (hand_end.outcome, hand_end.winner, hand_end.by_seat, hand_end.dealer) == (
        "empate",
        None,
        None,
        2,
    )
    assert hand_end.scores == {"0": 0, "1": 0, "2": 0}
    state = fold(events)
    assert (state.next_dealer, lives_of(state)) == (0, (1, 2, 1, 0))


def test_a_server_deal_gives_nine_cards_to_each_seat_still_in() -> None:
    """K14 for a server deal (`shuffled`): three hands of nine, the next card the vira, the
    rest the stock."""
    state = fold(three_left())
    assert CACHETA_GAME.shuffled is not None
    deal = CACHETA_GAME.shuffled(state, DECK_104, AT)
    assert isinstance(deal, DealCacheta)
    assert deal.hands == [list(DECK_104[n * 9 : (n + 1) * 9]) for n in range(3)]
    assert (deal.vira, deal.dealer) == (DECK_104[27], 2)
    assert deal.stock == list(DECK_104[28:])


# K11, K12: the void round


def drained() -> tuple[list[Event], list[str]]:
    """Every seat in turn draws the stock's top card and discards it, 67 times, until the
    stock is empty; seat 3 is then to draw."""
    stock = rest_of_deck(DEAL)
    commands: list[Command] = []
    for n, card in enumerate(stock):
        commands += [draw(n % 4), discard(n % 4, card)]
    return after(dealt(), *commands), stock


def test_a_draw_from_an_empty_stock_voids_the_round() -> None:
    """K11 "the round ends with no batida, nobody loses, the next dealer deals"; K12 "when a
    seat must draw and the stock is empty (and it does not take the pile): the round is
    void"."""
    history, stock = drained()
    hand = table(history)
    assert (hand.stock_count, hand.turn, hand.top, hand.pile_size) == (0, 3, stock[-1], 67)
    events = decide(draw(3), fold(history))
    (hand_end,) = events
    assert isinstance(hand_end, HandEnded)
    assert (hand_end.outcome, hand_end.winner, hand_end.kind, hand_end.dealer) == (
        "empate",
        None,
        None,
        3,
    )
    assert hand_end.scores == {"0": 0, "1": 0, "2": 0, "3": 0}
    assert hand_end.details == {
        "cards": None,
        "vira": "8C",
        "burned": [],
        "na_boa": [],
        "jumped": False,
    }
    state = fold(events, fold(history))
    assert (state.hand, state.next_dealer, lives_of(state)) == (None, 0, (10, 10, 10, 10))
    given(*history).when(take(3)).then(taken(3, stock[-1]))  # the pile is still there


# K7, K8: na boa and furar a fila


def test_na_boa_is_said_once_any_time_and_not_checked() -> None:
    """K7: "a public announcement, any time, not checked": seat 2 (one queen away) and seat
    3 (far from it) both say it, out of turn; twice is refused (`already-called`)."""
    game = given(*dealt(top=["QH"]))
    game.when(na_boa(2)).then(NaBoaSaid(at=AT, seat=2))
    game.when(na_boa(3)).then(NaBoaSaid(at=AT, seat=3))
    history = after(game.events, na_boa(2), na_boa(3))
    assert table(history).na_boa == frozenset({2, 3})
    assert view(table(history), frozenset()).na_boa == [2, 3]
    given(*history).when(na_boa(2)).raises("already-called")
    assert NaBoaSaid(at=AT, seat=2).secrets() == ()


def jumped() -> list[Event]:
    """Seat 2 says na boa; seat 0 draws the QH and discards it; seat 2 jumps for it."""
    return after(dealt(top=["QH"]), na_boa(2), draw(0), discard(0, "QH"), jump(2))


def test_a_seat_na_boa_jumps_the_queue_and_goes_out_with_the_discard() -> None:
    """[S] "Furar a fila - é comprar da lixeira fora da sua vez para bater"; K8: "`furar`
    takes the card, then `go_out`": seat 2 takes seat 0's QH while seat 1 (in turn) has
    not drawn, and goes out with 9, discarding the KH."""
    before = after(dealt(top=["QH"]), na_boa(2), draw(0), discard(0, "QH"))
    given(*before).when(jump(2)).then(QueueJumped(at=AT, seat=2, card="QH"))
    history = jumped()
    hand = table(history)
    assert (hand.jumper, hand.top, hand.pile_size, hand.turn) == (2, None, 0, 1)
    assert hand.hands[2] == (*DEAL[2], "QH")
    assert view(hand, frozenset()).jumper == 2
    events = decide(go_out(2, QUEENS, "KH"), fold(history))
    assert events[:2] == [discarded(2, "KH"), went_out(2, QUEENS)]
    hand_end = ended(events)
    assert (hand_end.winner, hand_end.by_seat, hand_end.kind) == ("2", 2, "nove")
    assert hand_end.scores == {"0": 1, "1": 1, "2": 0, "3": 1}
    assert hand_end.details == {
        "cards": 9,
        "vira": "8C",
        "burned": [],
        "na_boa": [2],
        "jumped": True,
    }
    found = decide(go_out(2, None, "KH"), fold(history))
    assert ended(found).winner == "2"


def test_while_a_jump_is_pending_the_table_waits() -> None:
    """K8 "first recorded wins": after seat 2's jump, seat 3 (na boa too) may not jump, and
    seat 1 in turn may not draw, discard or go out until seat 2 goes out or burns
    (`jump-pending`); only the jumper burns (`queue-closed`)."""
    history = after(dealt(top=["QH"]), na_boa(3), na_boa(2), draw(0), discard(0, "QH"), jump(2))
    game = given(*history)
    game.when(jump(3)).raises("jump-pending")
    game.when(draw(1)).raises("jump-pending")
    game.when(take(1)).raises("jump-pending")
    game.when(discard(1, "AC")).raises("jump-pending")
    game.when(go_out(1)).raises("jump-pending")
    game.when(burn(3)).raises("queue-closed")
    game.when(burn(1)).raises("queue-closed")
    game.when(burn(2)).then(SeatBurned(at=AT, seat=2))


def test_who_may_jump_the_queue() -> None:
    """K8: "a seat that announced 'na boa' and is not burned may take the last discard (not
    its own)", out of turn: not a seat that did not say it, not the seat in turn (it draws
    the pile), not the discarder, not before any discard (`queue-closed`)."""
    start = after(dealt(top=["QH"]), na_boa(0), na_boa(1), na_boa(2))
    given(*start).when(jump(2)).raises("queue-closed")  # nothing discarded yet
    history = after(start, draw(0), discard(0, "QH"))
    game = given(*history)
    game.when(jump(3)).raises("queue-closed")  # not na boa
    game.when(jump(1)).raises("queue-closed")  # in turn
    game.when(jump(0)).raises("queue-closed")  # its own discard
    game.when(jump(2)).then(QueueJumped(at=AT, seat=2, card="QH"))


def test_the_queue_closes_once_the_seat_in_turn_drew() -> None:
    """K8: "from the moment it is discarded until the seat in turn has drawn": seat 1
    draws (stock or pile) and seat 2 is too late."""
    history = after(dealt(top=["QH"]), na_boa(2), draw(0), discard(0, "QH"))
    given(*after(history, draw(1))).when(jump(2)).raises("queue-closed")
    given(*after(history, take(1))).when(jump(2)).raises("queue-closed")
    # seat 1's own discard opens it again
    again = after(history, draw(1), discard(1, "QH"))
    given(*again).when(jump(2)).raises("queue-closed")  # seat 2 is now in turn
    assert table(again).turn == 2


def test_a_jumper_that_cannot_go_out_burns_and_the_card_goes_back() -> None:
    """[S] "se um jogador furar a fila mas não conseguir ou puder bater, ele se queima";
    K8: "`burned` (the card goes back on top, the seat may not furar again this round)":
    seat 2 jumps for seat 0's KD, cannot go out (`no-batida`), burns."""
    history = after(dealt(top=["2C"]), na_boa(2), draw(0), discard(0, "KD"), jump(2))
    assert table(history).hands[2] == (*DEAL[2], "KD")
    game = given(*history)
    refused = game.when(go_out(2, None, "KD")).raises("no-batida")
    assert isinstance(refused, TellsAHand)
    game.when(go_out(2)).raises("no-batida")
    burned = after(history, burn(2))
    hand = table(burned)
    assert (hand.jumper, hand.top, hand.pile_size, hand.burned) == (None, "KD", 1, frozenset({2}))
    assert hand.hands[2] == tuple(DEAL[2])
    assert (hand.turn, hand.drew) == (1, False)
    assert view(hand, frozenset()).burned == [2]
    given(*burned).when(jump(2)).raises("queue-closed")  # burned: no second jump
    given(*burned).when(burn(2)).raises("queue-closed")
    given(*burned).when(take(1)).then(taken(1, "KD"))  # the card is back on top


def test_a_burned_seat_may_still_go_out_in_its_own_turn() -> None:
    """K8: "it may still go out in its own turn": seat 2 burned on the KD; seat 1 takes the
    KD and discards its QH; seat 2 in turn takes the QH and goes out. The round's details
    show it burned and not by a jump."""
    burned = after(dealt(top=["2C"]), na_boa(2), draw(0), discard(0, "KD"), jump(2), burn(2))
    history = after(burned, take(1), discard(1, "QH"), take(2))
    assert table(history).hands[2] == (*DEAL[2], "QH")
    events = decide(go_out(2, QUEENS, "KH"), fold(history))
    hand_end = ended(events)
    assert (hand_end.winner, hand_end.scores) == ("2", {"0": 1, "1": 1, "2": 0, "3": 1})
    assert hand_end.details is not None
    assert (hand_end.details["burned"], hand_end.details["jumped"]) == ([2], False)
    # "nesta rodada": the next round starts with nobody burned or na boa
    next_round = after([*history, *events], dealing())
    assert (table(next_round).burned, table(next_round).na_boa) == (frozenset(), frozenset())


def test_another_seat_na_boa_may_jump_for_the_card_put_back() -> None:
    """K8: the burned card is "back on top", still seat 0's discard, seat 1 still not drawn:
    seat 3, na boa and not burned, may take it."""
    burned = after(
        dealt(top=["2C"]), na_boa(2), na_boa(3), draw(0), discard(0, "KD"), jump(2), burn(2)
    )
    given(*burned).when(jump(3)).then(QueueJumped(at=AT, seat=3, card="KD"))


# Undo


def test_undo_refuses_a_draw_from_a_known_stock_and_takes_back_a_named_one() -> None:
    """Undo: a card drawn from a known stock is not put back (it would show the stock's next
    card: `nothing-to-undo`); a draw named from a stock not posted is, naming no card."""
    known = after(dealt(top=["2C"]), draw(0))
    given(*known).when(UNDO).raises("nothing-to-undo")
    start = dealt(top=None)
    history = after(start, draw(0, "2C"))
    given(*history).when(UNDO).then(MoveUndone(at=AT, seat=0, move="cards_drawn", card=None))
    hand = table(after(history, UNDO))
    assert hand == table(start)
    assert (hand.stock, hand.stock_count, hand.drew, len(hand.hands[0])) == (None, 67, False, 9)


def test_undo_takes_back_a_discard_and_names_its_card() -> None:
    """Undo: a discard, naming its card; the turn is the discarder's again, after its
    draw."""
    drew = after(dealt(top=["2C"]), draw(0))
    history = after(drew, discard(0, "5H"))
    given(*history).when(UNDO).then(MoveUndone(at=AT, seat=0, move="card_discarded", card="5H"))
    hand = table(after(history, UNDO))
    assert hand == table(drew)
    assert (hand.turn, hand.drew, hand.top, fold(after(history, UNDO)).turn) == (0, True, None, 0)


def test_undo_takes_back_a_jump_and_the_card_returns_to_the_pile() -> None:
    """Undo of furar a fila: the QH goes back on the pile and nothing is pending."""
    history = jumped()
    given(*history).when(UNDO).then(MoveUndone(at=AT, seat=2, move="queue_jumped", card="QH"))
    hand = table(after(history, UNDO))
    assert (hand.jumper, hand.top, hand.hands[2]) == (None, "QH", tuple(DEAL[2]))


def test_nothing_to_undo_after_the_deal_or_once_the_round_ended() -> None:
    given(*dealt()).when(UNDO).raises("nothing-to-undo")
    history = after(dealt(top=["2C"]), draw(0), go_out(0, NINE, "2C"))
    given(*history).when(UNDO).raises("nothing-to-undo")


# Secrets (7.4)


def test_the_deal_keeps_each_hand_and_the_stock_secret_and_shows_the_vira() -> None:
    """7.4: "Own hand; the vira ... public; the stock and drawn cards: hidden"."""
    stock = rest_of_deck(DEAL, VIRA, ["2C"])
    (known,) = decide(dealing(top=["2C"]), fold([cacheta()]))
    assert known.secrets() == (
        *(Secret(f"hands.{seat}", cards, seat) for seat, cards in enumerate(DEAL)),
        Secret("stock", stock, None),
    )
    assert isinstance(known, StockDealt)
    assert known.vira == "8C"
    (unknown,) = decide(dealing(top=None), fold([cacheta()]))
    assert unknown.secrets() == tuple(
        Secret(f"hands.{seat}", cards, seat) for seat, cards in enumerate(DEAL)
    )
    assert {"stock_dealt", "cards_drawn"} <= SECRET_TYPES


def test_a_stock_draw_is_the_seats_secret_a_pile_draw_and_a_jump_are_public() -> None:
    """7.4: "the stock and drawn cards: hidden"; "the pile's top ... public", so the card
    taken from it, and the one a jump takes, are too; the batida's groups "public when
    made"."""
    (event,) = decide(draw(0), fold(dealt(top=["2C"])))
    assert event.secrets() == (Secret("cards", ["2C"], 0),)
    assert taken(1, "2C").secrets() == ()
    assert QueueJumped(at=AT, seat=2, card="QH").secrets() == ()
    assert went_out(0, NINE).secrets() == ()
    assert SeatBurned(at=AT, seat=2).secrets() == ()
    assert not {"queue_jumped", "went_out", "na_boa_said", "seat_burned"} & SECRET_TYPES


def test_without_a_stock_a_draw_names_a_card_not_seen_and_never_the_vira() -> None:
    """0.2: without a posted stock each draw names its card, "checked to be cards not yet
    seen anywhere"; K2: the vira is out of play: its other copy in seat 3's hand, no 8C
    can come from the stock."""
    game = given(*dealt(top=None))
    game.when(draw(0)).raises("invalid-draw")
    game.when(draw(0, "2C")).then(drawn(0, "2C"))
    refused = game.when(draw(0, "8C")).raises("card-not-in-stock")
    assert isinstance(refused, TellsTheTable)
    game.when(draw(0, "5H")).then(drawn(0, "5H"))  # seat 0 holds one, one is left
    assert table(after(game.events, draw(0, "2C"))).stock_count == 66


# A few random games (cacheta_play) against the test's own count


def expected_places(events: Sequence[Event], lives: int) -> list[list[str]]:
    """K9 counted again from the rounds: the last one in, then by round out, the later
    first, shared."""
    lost: Counter[str] = Counter()
    out_in: dict[str, int] = {}
    for number, event in enumerate(e for e in events if isinstance(e, HandEnded)):
        for side, points in (event.scores or {}).items():
            lost[side] += points
            if lost[side] >= lives and side not in out_in:
                out_in[side] = number
    left = [[str(s)] for s in range(4) if str(s) not in out_in]
    rounds = sorted(set(out_in.values()), reverse=True)
    return left + [sorted(s for s in out_in if out_in[s] == r) for r in rounds]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_lose_lives_only_in_and_place_by_elimination(seed: int) -> None:
    """K9: every round takes 0 from the winner and 1 (9 cards) or 2 (10) from each other
    seat still in, nothing when void; the places as counted again here."""
    state, events, _ = random_game(seed, lives=2)
    assert state.status == "finished"
    lost: Counter[str] = Counter()
    for event in events:
        if not isinstance(event, HandEnded):
            continue
        still_in = {str(s) for s in range(4) if lost[str(s)] < 2}
        scores = event.scores or {}
        assert set(scores) == still_in
        if event.outcome == "empate":
            assert set(scores.values()) == {0}
        else:
            assert event.details is not None
            loss = {9: 1, 10: 2}[event.details["cards"]]
            assert scores == {s: (0 if s == event.winner else loss) for s in still_in}
        lost.update(scores)
    game_end = finished(events)
    assert game_end.places == expected_places(events, 2)
    assert len(game_end.places[0]) == 1
    assert game_end.winner == game_end.places[0][0]

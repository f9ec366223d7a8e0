"""Buraco, Mega Buraco and Tranca (seed 003; card-rules.md sections 4-6), given / when /
then, on hand-made deals at a table of two (seat 0 is side "0", seat 1 side "1"; the first
dealer is seat 1, so seat 0 plays first): runs only and their wilds, the morto taken direta
and indireta, going out and its canastra, the stock run out, the Detalhe, the count;
Mega Buraco's trincas, starter and end; Tranca's 3s and its pile."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from domain import Event, HandEnded, decide, fold
from domain.cards.buraco.commands import (
    AddToMeld,
    LayMeld,
    LayRedThree,
    RecordBuracoResult,
    SideTally,
    TakePile,
)
from domain.cards.buraco.events import AddedToMeld, Melded, MortoTaken, MortoToStock, RedThreeLaid
from domain.cards.buraco.hand import BuracoHand
from domain.cards.buraco.results import points_of, tally
from domain.cards.buraco.variant import MEGA_BURACO, TRANCA
from domain.cards.cards import DECK_52
from domain.cards.melds.decks import DECK_104, DECK_108
from domain.cards.stock.commands import DealStock, DiscardCard, DrawCards
from domain.cards.stock.events import CardDiscarded, CardsDrawn
from domain.errors import TellsAHand
from domain.match.commands import Command, UndoLastMove
from domain.match.events import MatchCreated, MatchFinished, MoveUndone
from domain.match.rules import GameRules
from domain.rulesets import resolve_rules
from tests.domain.builders import AT
from tests.domain.spec import given

Deal = list[list[str]]


def created(preset: str = "buraco", seats: int = 2, **overrides: Any) -> MatchCreated[GameRules]:
    return MatchCreated(
        at=AT,
        rules=resolve_rules(preset, overrides),
        seats=tuple(f"p{n}" for n in range(seats)),
        created_by="ana",
    )


def deal(
    hands: Deal,
    mortos: Deal,
    top: Sequence[str] = (),
    deck: tuple[str, ...] = DECK_104,
    starter: str | None = None,
) -> DealStock:
    """A posted deal: the stock is `top` first, then the rest of the deck in its order."""
    used = Counter(c for h in hands for c in h) + Counter(c for m in mortos for c in m)
    used += Counter(top) + Counter([starter] if starter else [])
    left = Counter(deck) - used
    assert not used - Counter(deck), "a hand-made deal uses each card as often as the deck has it"
    rest: list[str] = []
    for card in deck:
        if left[card]:
            rest.append(card)
            left[card] -= 1
    return DealStock(at=AT, hands=hands, mortos=mortos, stock=[*top, *rest], starter=starter)


def after(events: Sequence[Event], *commands: Command) -> list[Event]:
    history = list(events)
    for command in commands:
        history += decide(command, fold(history))
    return history


def hand(events: Sequence[Event]) -> BuracoHand:
    state = fold(events)
    assert isinstance(state.hand, BuracoHand)
    return state.hand


def draw(seat: int, source: str = "stock") -> DrawCards:
    return DrawCards(at=AT, seat=seat, source=source)


def meld(seat: int, *cards: str) -> LayMeld:
    return LayMeld(at=AT, seat=seat, cards=list(cards))


def add(seat: int, to: int, *cards: str) -> AddToMeld:
    return AddToMeld(at=AT, seat=seat, to=to, cards=list(cards))


def discard(seat: int, card: str) -> DiscardCard:
    return DiscardCard(at=AT, seat=seat, card=card)


SEAT0 = ["4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KH", "KD"]
SEAT1 = ["4D", "5D", "6D", "8S", "9S", "10S", "3H", "5H", "7H", "9H", "JH"]
MORTO0 = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "QS", "KS", "AH", "AH"]
MORTO1 = ["2H", "2H", "4H", "4H", "6H", "6H", "8H", "8H", "10H", "10H", "QH"]


def dealt(top: Sequence[str] = ("KC",), preset: str = "buraco", **rules: Any) -> list[Event]:
    return after([created(preset, **rules)], deal([SEAT0, SEAT1], [MORTO0, MORTO1], top))


def test_the_seat_after_the_dealer_draws_first_from_the_stock_the_pile_being_empty() -> None:
    """B22: the dealer goes round, the seat after it plays first; "O mão compra uma carta do
    baralho" (the pile starts empty: `pile-empty`)."""
    history = dealt()
    state = fold(history)
    assert (state.turn, hand(history).dealer, hand(history).stock_count) == (0, 1, 104 - 44)
    given(*history).when(draw(0, "pile")).raises("pile-empty")
    given(*history).when(draw(1)).raises("not-your-turn")
    given(*history).when(meld(0, "4C", "5C", "6C")).raises("draw-first")
    given(*history).when(draw(0)).then(CardsDrawn(at=AT, seat=0, cards=("KC",), count=1))


def test_runs_only_with_one_wild_the_ace_low_or_high() -> None:
    """B1 runs only ("três ou mais cartas, ordenadas, do mesmo naipe"), B2 the ace, B3 one
    wild, B4 a 2 in its own place natural."""
    history = after(dealt(), draw(0))
    game = given(*history)
    game.when(meld(0, "KH", "KD", "KC")).raises("invalid-meld")  # a set: B1
    game.when(meld(0, "4C", "6C", "8C")).raises("invalid-meld")  # two gaps, no wild
    events = decide(meld(0, "QC", "KC", "JC"), fold(history))
    assert events == [Melded(at=AT, seat=0, cards=("QC", "KC", "JC"), canastra=None, low=11)]


def test_additions_to_a_run_make_a_canastra_and_the_melds_are_numbered() -> None:
    """B7 the side's melds numbered from 0; a canastra at seven cards (limpa without a
    wild); the run's lowest place in its events (B5, B23: the 4 of clubs, 4)."""
    history = after(dealt(), draw(0), meld(0, "4C", "5C", "6C"), add(0, 0, "7C", "8C", "9C"))
    game = given(*history)
    game.when(add(0, 1, "10C")).raises("invalid-meld")  # the side has meld 0 only
    events = decide(add(0, 0, "10C"), fold(history))
    assert events == [AddedToMeld(at=AT, seat=0, to=0, cards=("10C",), canastra="limpa", low=4)]
    assert hand(after(history, add(0, 0, "10C"))).melds[0][0].canastra == "limpa"


def test_emptying_the_hand_by_melds_takes_the_morto_and_plays_on() -> None:
    """Batida direta: "Pegará o morto e continuará a jogar, sem comprar carta"."""
    seat0 = ["4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "JD", "QD"]
    history = after([created()], deal([seat0, SEAT1], [MORTO0, MORTO1], ["KD"]), draw(0))
    history = after(history, meld(0, *seat0[:9]))
    events = decide(meld(0, "JD", "QD", "KD"), fold(history))
    assert events == [
        Melded(at=AT, seat=0, cards=("JD", "QD", "KD"), canastra=None, low=11),
        MortoTaken(at=AT, seat=0, direct=True, cards=tuple(MORTO0)),
    ]
    taken = hand(after(history, meld(0, "JD", "QD", "KD")))
    assert (taken.hands[0], taken.turn, taken.drew, taken.morto_taken) == (
        tuple(MORTO0),
        0,
        True,
        (True, False),
    )


def test_emptying_the_hand_by_the_discard_takes_the_morto_for_the_next_turn() -> None:
    """Batida indireta: "Pegará o morto, mas só poderá utilizá-lo na outra volta"; and the
    Detalhe (B13, B20): the other side ending the hand before the taker plays again makes
    the morto count as never taken, its 11 cards not counted in hand."""
    seat0 = ["4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "KD"]
    history = after([created()], deal([seat0, SEAT1], [MORTO0, MORTO1], ["AC"]), draw(0))
    history = after(history, meld(0, *seat0[:10], "AC"))
    events = decide(discard(0, "KD"), fold(history))
    assert events == [
        CardDiscarded(at=AT, seat=0, card="KD"),
        MortoTaken(at=AT, seat=0, direct=False, cards=tuple(MORTO0)),
    ]
    taken = hand(after(history, discard(0, "KD")))
    assert (taken.turn, taken.fresh_morto, taken.hands[0]) == (1, (0, None), tuple(MORTO0))
    detalhe = tally(taken, 0, ended_by=1)  # side 1 goes out before seat 0 plays again
    kept = tally(taken, 0, ended_by=None)
    assert (detalhe["morto"], detalhe["in_hand"]) == (False, 0)
    morto_points = 15 + 10 + 5 * 5 + 10 + 10 + 15 + 15  # A 2 3-7 Q K A A of MORTO0
    assert (kept["morto"], kept["in_hand"]) == (True, morto_points)
    again = hand(after(history, discard(0, "KD"), draw(1), discard(1, "JH"), draw(0)))
    assert again.fresh_morto == (None, None)  # seat 0 played again: no Detalhe any more


def test_the_count_of_a_hand_is_the_seeds() -> None:
    """The seed's "Contagem": laid cards (A 15, 2 10, 3-7 5, 8-K 10), canastras (limpa 200,
    suja 100, de mil 1000, B12), 100 for going out, less the cards in hand and 100 for a
    morto never taken."""
    count = {
        "melded": 15 + 10 + 5 * 5 + 10 * 6 + 15,  # A..K..A of spades: 125
        "limpa": 0,
        "suja": 0,
        "mil": 1,
        "in_hand": 10 + 5,
        "morto": False,
        "batida": False,
    }
    assert points_of(count) == 125 + 1000 - 15 - 100
    assert (
        points_of(count | {"mil": 0, "limpa": 1, "morto": True, "batida": True})
        == 125 + 200 - 15 + 100
    )
    assert points_of(count | {"mil": 0, "suja": 2, "morto": True}) == 125 + 200 - 15


def test_a_hand_by_its_count_scores_each_side_and_refuses_what_cannot_happen() -> None:
    """4.3 results and B24: each side's count; refused (`invalid-result`) when the counts
    are not by 5, the canastras need more laid points, the side going out lacks a canastra
    limpa, or the deck holds fewer points (B19: going out with `"morto": false`, the morto
    turned into the stock, is accepted: tests/domain/cards/test_buraco_results.py)."""
    game = given(created("buraco", seats=4))

    def result(ended_by: str | None = "A", **a: Any) -> RecordBuracoResult:
        side_a = SideTally(**({"melded": 335, "limpa": 2, "suja": 1, "in_hand": 20} | a))
        side_b = SideTally(melded=210, suja=1, in_hand=85, morto=False)
        return RecordBuracoResult(at=AT, ended_by=ended_by, sides={"A": side_a, "B": side_b})

    for bad in (
        result(melded=333),
        result(melded=100),  # three canastras need 105 laid at least
        result(limpa=0, suja=3),  # went out without a limpa
        result(limpa=0, suja=3, morto=False),
        result(melded=600),  # 600 + 20 + 210 + 85 > 880
        result(melded=200, mil=1),  # three canastras (105) and a de mil (125): 230 at least
    ):
        game.when(bad).raises("invalid-result")
    (ended,) = [e for e in decide(result(), fold(game.events)) if isinstance(e, HandEnded)]
    assert ended.scores == {"A": 335 + 400 + 100 - 20 + 100, "B": 210 + 100 - 85 - 100}
    assert (ended.outcome, ended.winner) == ("batida", "A")


def test_mega_buraco_lays_trincas_one_a_rank_and_takes_the_starter() -> None:
    """MB3 trincas of any rank but 2, one a rank per side; MB1 the joker wild; MB5 the
    starter on the pile, taken as the whole pile."""
    hands = [
        ["9C", "9D", "9H", "JK", "5S", "6S", "7S", "QD", "QD", "KC", "3H"],
        ["4D", "5D", "6D", "8S", "9S", "10S", "3C", "5H", "7H", "KH", "JH"],
    ]
    mortos = [MORTO0, MORTO1]
    history = after([created("mega-buraco")], deal(hands, mortos, deck=DECK_108, starter="9S"))
    assert hand(history).pile == ("9S",)
    took = after(history, draw(0, "pile"))
    assert "9S" in hand(took).hands[0]
    game = given(*took)
    game.when(meld(0, "2C", "2D", "2H")).raises("invalid-meld")  # no trinca of 2s (MB3)
    laid = after(took, meld(0, "9C", "9D", "9H", "9S"))
    assert hand(laid).melds[0][0].cards == ("9C", "9D", "9H", "9S")
    given(*laid).when(meld(0, "QD", "QD", "JK")).then(
        Melded(at=AT, seat=0, cards=("QD", "QD", "JK"), canastra=None)
    )
    nines = after(laid, meld(0, "QD", "QD", "JK"))
    given(*nines).when(meld(0, "KC", "5S", "6S")).raises("invalid-meld")


def test_mega_buraco_ends_at_two_cards_in_the_stock_with_the_mortos_untouched() -> None:
    """MB6: "o jogo termina quando restarem duas cartas no monte"."""
    hands = [SEAT0, SEAT1]
    history = after(
        [created("mega-buraco")], deal(hands, [MORTO0, MORTO1], deck=DECK_108, starter="KS")
    )
    moves: list[Command] = []
    seat = 0
    while hand(after(history, *moves)).stock_count > 3:
        moves += [
            draw(seat),
            discard(seat, hand(after(history, *moves, draw(seat))).hands[seat][-1]),
        ]
        seat = 1 - seat
    events_before = after(history, *moves)
    assert hand(events_before).stock_count == 3
    last = after(events_before, draw(seat))
    final = decide(discard(seat, hand(last).hands[seat][-1]), fold(last))
    ended = next(e for e in final if isinstance(e, HandEnded))
    assert ended.outcome == "stock-out"
    assert not any(isinstance(e, MortoToStock) for e in final)


def test_tranca_red_three_black_three_and_the_pile_with_its_top() -> None:
    """T5 a red 3 laid alone and replaced, never discarded (`red-three-first`); T6 a black 3
    discarded locks the pile (`pile-locked`); T7 the pile taken with its top melded at
    once, a plain pile draw refused (`invalid-draw`)."""
    hands = [
        ["3H", "3S", "9C", "9D", "5C", "6C", "7C", "QD", "KD", "JS", "JD"],
        ["4D", "5D", "6D", "8S", "9S", "10S", "9H", "5H", "7H", "KH", "JH"],
    ]
    history = after([created("tranca")], deal(hands, [MORTO0, MORTO1], top=["KC", "2D", "AC"]))
    drew = after(history, draw(0))
    game = given(*drew)
    game.when(discard(0, "3H")).raises("red-three-first")
    game.when(discard(0, "QD")).raises("red-three-first")  # it holds a red 3 to lay first
    laid = decide(LayRedThree(at=AT, seat=0, card="3H"), fold(drew))
    assert laid == [
        RedThreeLaid(at=AT, seat=0, card="3H"),
        CardsDrawn(at=AT, seat=0, cards=("2D",), count=1, reason="replacement"),
    ]
    after_red = after(drew, LayRedThree(at=AT, seat=0, card="3H"))
    assert hand(after_red).drew  # the replacement is not the turn's draw
    locked = after(after_red, discard(0, "3S"))
    given(*locked).when(TakePile(at=AT, seat=1, to=0)).raises("pile-locked")
    given(*locked).when(draw(1, "pile")).raises("invalid-draw")
    turn = after(locked, draw(1), discard(1, "9H"))
    events = decide(TakePile(at=AT, seat=0, meld=["9C", "9D"]), fold(turn))
    assert isinstance(events[0], CardsDrawn)
    assert events[0].source == "pile"
    assert events[1] == Melded(at=AT, seat=0, cards=("9H", "9C", "9D"), canastra=None)


def test_a_draw_from_a_known_stock_is_not_taken_back() -> None:
    """B25 with M19: a card drawn from a known stock is not put back (`nothing-to-undo`); a
    discard is, naming its card."""
    drew = after(dealt(), draw(0))
    given(*drew).when(UndoLastMove(at=AT)).raises("nothing-to-undo")
    discarded = after(drew, discard(0, "KD"))
    undone = decide(UndoLastMove(at=AT), fold(discarded))
    assert undone[0].card == "KD"  # type: ignore[attr-defined]
    assert hand(after(discarded, UndoLastMove(at=AT))).hands[0] == hand(drew).hands[0]


@pytest.mark.parametrize("preset", ["buraco", "mega-buraco", "tranca"])
def test_the_deal_keeps_each_hand_the_stock_and_the_mortos_secret(preset: str) -> None:
    """4.4: "the stock order, a card drawn from the stock, the untaken mortos: hidden"."""
    deck = DECK_108 if preset == "mega-buraco" else DECK_104
    starter = "KS" if preset == "mega-buraco" else None
    (event,) = decide(
        deal([SEAT0, SEAT1], [MORTO0, MORTO1], deck=deck, starter=starter),
        fold([created(preset)]),
    )
    paths = {part.path: part.seat for part in event.secrets()}
    assert paths == {"hands.0": 0, "hands.1": 1, "stock": None, "mortos.0": None, "mortos.1": None}
    taken = MortoTaken(at=AT, seat=1, direct=True, cards=tuple(MORTO1))
    assert [(p.path, p.seat) for p in taken.secrets()] == [("cards", 1)]
    assert not CardDiscarded(at=AT, seat=0, card="KD").secrets()


def test_the_first_batida_needs_no_canastra_and_then_going_out_needs_a_limpa() -> None:
    """B8: the first batida (taking the morto) needs no canastra; B18: with the morto taken
    and no canastra limpa (a suja is not enough, B9), the side may not meld down to one card
    (`must-keep-a-discard`): it keeps a card to discard."""
    seat0 = ["4C", "5C", "6C", "7D", "8D", "9D", "JS", "QS", "KS", "8C", "9C"]
    morto0 = ["AS", "3S", "4S", "5S", "2D", "6S", "7S", "QH", "KH", "AH", "AH"]
    history = after([created()], deal([seat0, SEAT1], [morto0, MORTO1], ["10C"]), draw(0))
    history = after(history, meld(0, "4C", "5C", "6C"), meld(0, "7D", "8D", "9D"))
    history = after(history, meld(0, "JS", "QS", "KS"))
    events = decide(meld(0, "8C", "9C", "10C"), fold(history))
    assert events[-1] == MortoTaken(at=AT, seat=0, direct=True, cards=tuple(morto0))
    assert all(meld.canastra is None for meld in hand(history).melds[0])
    playing = after(history, meld(0, "8C", "9C", "10C"))
    game = given(*playing)
    # AS 3S 4S 5S 6S 7S with the 2D as a wild (the 2 of spades): a suja, no limpa
    game.when(meld(0, "AS", "2D", "3S", "4S", "5S", "6S", "7S", "QH", "KH", "AH")).raises(
        "invalid-meld"
    )
    game.when(add(0, 2, "QH", "KH")).raises("invalid-meld")
    dirty = after(playing, meld(0, "AS", "2D", "3S", "4S", "5S", "6S", "7S"))
    assert hand(dirty).melds[0][-1].canastra == "suja"
    given(*dirty).when(meld(0, "QH", "KH", "AH")).raises("must-keep-a-discard")
    kept = after(dirty, discard(0, "AH"))
    assert hand(kept).hands[0] == ("QH", "KH", "AH")


# --- more rules, one a test --------------------------------------------------------------


def seat_turns(history: list[Event], until: int, first: int = 0) -> tuple[list[Event], int]:
    """Each seat in turn draws from the stock and discards the card it drew, until the stock
    holds `until` cards; (the history, the seat in turn)."""
    seat = first
    while hand(history).stock_count > until:
        history = after(history, draw(seat))
        history = after(history, discard(seat, hand(history).hands[seat][-1]))
        seat = hand(history).turn
    return history, seat


def spare(hands: Deal, top: Sequence[str] = (), *mortos: list[str]) -> Deal:
    """The two mortos: those given, then the first cards of the deck nobody else holds."""
    used = Counter(c for h in [*hands, *mortos] for c in h) + Counter(top)
    left = Counter(DECK_104) - used
    rest = [card for card in DECK_52 for _ in range(left[card])]
    needed = 11 * (2 - len(mortos))
    return [*mortos, *(rest[n : n + 11] for n in range(0, needed, 11))]


def ended_in(events: Sequence[Event]) -> HandEnded:
    (ended,) = [e for e in events if isinstance(e, HandEnded)]
    return ended


def test_b2_the_ace_low_or_high_never_k_a_2_and_b4_two_2s_one_natural() -> None:
    """B2 "O Ás vale acima do Rei ou abaixo do dois", never K-A-2; B4 a run may hold two
    2s, one natural (A-2-3), one wild (standing for the 4)."""
    seat0 = ["AC", "2C", "3C", "5C", "2D", "QD", "KD", "AD", "KH", "AH", "3H"]
    hands = [seat0, SEAT1]
    history = after([created()], deal(hands, spare(hands, ["2H"]), ["2H"]), draw(0))
    game = given(*history)
    game.when(meld(0, "KH", "AH", "2H", "3H")).raises("invalid-meld")
    game.when(meld(0, "QD", "KD", "AD")).then(
        Melded(at=AT, seat=0, cards=("QD", "KD", "AD"), canastra=None, low=12)
    )
    game.when(meld(0, "AC", "2C", "3C", "2D", "5C")).then(
        Melded(at=AT, seat=0, cards=("AC", "2C", "3C", "2D", "5C"), low=1, wild_at=4)
    )


def test_b3_one_wild_a_meld() -> None:
    """B3 "só é permitido um coringa por jogo": 4-(2)-6 is a run, 4-(2)-6-(2) is not."""
    seat0 = ["4D", "6D", "2D", "2C", "QD", "KD", "AD", "KH", "AH", "3H", "9S"]
    hands = [seat0, SEAT1]
    history = after([created()], deal(hands, spare(hands, ["JS"]), ["JS"]), draw(0))
    given(*history).when(meld(0, "4D", "6D", "2D", "2C")).raises("invalid-meld")
    given(*history).when(meld(0, "4D", "2C", "6D")).then(
        Melded(at=AT, seat=0, cards=("4D", "2C", "6D"), canastra=None, low=4, wild_at=5)
    )


HANDS4 = [
    ["4C", "5C", "6C", "8D", "9D", "10D", "KS", "KS", "QH", "QH", "JS"],
    ["4H", "5H", "6H", "7H", "9S", "9S", "10S", "10S", "3D", "3D", "KC"],
    ["7C", "JD", "AS", "AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S"],
    ["8H", "8H", "9H", "9H", "10H", "10H", "JH", "JH", "4D", "4D", "5D"],
]
MORTOS4 = [
    ["AC", "AC", "2C", "2C", "3C", "3C", "7D", "7D", "6D", "6D", "QD"],
    ["KD", "KD", "QS", "QS", "JC", "JC", "10C", "10C", "9C", "9C", "8C"],
]


def four_seats() -> list[Event]:
    return after([created(seats=4)], deal(HANDS4, MORTOS4, ["KH", "KH", "QC", "QC"]))


def test_b6_b7_several_melds_a_turn_numbered_for_the_side_and_partners_add() -> None:
    """B6 any number of melds a turn; B7 the melds are the side's, numbered from 0 in the
    order laid, and partners add to each other's (seat 2 to seat 0's); the other side has
    no meld 0; B22 at four seats the first dealer is seat 3, seat 0 plays first."""
    history = four_seats()
    assert (hand(history).dealer, fold(history).turn) == (3, 0)
    history = after(history, draw(0), meld(0, "4C", "5C", "6C"), meld(0, "8D", "9D", "10D"))
    history = after(history, discard(0, "KH"), draw(1))
    given(*history).when(add(1, 0, "7H")).raises("invalid-meld")
    history = after(history, discard(1, "KH"), draw(2))
    given(*history).when(add(2, 0, "7C")).then(
        AddedToMeld(at=AT, seat=2, to=0, cards=("7C",), canastra=None, low=4)
    )
    history = after(history, add(2, 0, "7C"), add(2, 1, "JD"))
    melds = hand(history).melds
    assert [m.cards for m in melds[0]] == [("4C", "5C", "6C", "7C"), ("8D", "9D", "10D", "JD")]
    assert melds[1] == ()


def test_b14_the_cards_in_both_partners_hands_count_against_the_side() -> None:
    """B14: seats 0 and 2 count for side A, 1 and 3 for side B (A 15, 2 10, 3-7 5, 8-K
    10)."""
    dealt4 = hand(four_seats())
    assert tally(dealt4, 0, None)["in_hand"] == (15 + 30 + 20 + 20 + 10) + (
        5 + 10 + 30 + 10 + 25 + 10
    )
    assert tally(dealt4, 1, None)["in_hand"] == (20 + 40 + 10 + 10) + (80 + 15)


def test_b17_the_pile_is_taken_whole_and_public() -> None:
    """B17: "todas as cartas da lixeira"; the pile draw is public, a stock draw the
    seat's secret."""
    history = after(dealt(("KC", "QC")), draw(0), discard(0, "KD"), draw(1), discard(1, "JH"))
    taken = decide(draw(0, "pile"), fold(history))
    assert taken == [CardsDrawn(at=AT, seat=0, source="pile", cards=("KD", "JH"), count=2)]
    assert not taken[0].secrets()
    (stock,) = decide(draw(1), fold(after(dealt(), draw(0), discard(0, "KD"))))
    assert [(p.path, p.seat) for p in stock.secrets()] == [("cards", 1)]
    assert hand(after(history, draw(0, "pile"))).pile_size == 0


GOING = ["4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "JD", "QD"]
MORTO_GOING = ["5H", "6H", "7H", "4S", "5S", "6S", "7S", "10D", "JD", "QD", "KD"]


def test_b10_b24_a_final_batida_direta_with_a_limpa_ends_the_hand_counted_by_the_seed() -> None:
    """B10 the final batida direta (a meld empties the hand) with a canastra limpa; B24 the
    count: side 0 laid 4C..QC (70), JD QD KD (30), 5H 6H 7H (15), 4S..7S (20), 10D..KD (40),
    a limpa 200, the batida 100; side 1 holds 80 and never took its morto (-100)."""
    history = after(
        [created()],
        deal([GOING, SEAT1], spare([GOING, SEAT1], ["KD"], MORTO_GOING), ["KD"]),
        draw(0),
    )
    history = after(history, meld(0, *GOING[:9]), meld(0, "JD", "QD", "KD"))
    assert hand(history).hands[0] == tuple(MORTO_GOING)
    given(*history).when(UndoLastMove(at=AT)).raises("nothing-to-undo")  # B25: the morto
    history = after(history, meld(0, "5H", "6H", "7H"), meld(0, "4S", "5S", "6S", "7S"))
    ended = ended_in(decide(meld(0, "10D", "JD", "QD", "KD"), fold(history)))
    assert (ended.outcome, ended.winner) == ("batida", "0")
    assert ended.scores == {"0": 70 + 30 + 15 + 20 + 40 + 200 + 100, "1": -80 - 100}


def test_b9_going_out_again_without_a_canastra_limpa_is_refused() -> None:
    """B9 "para isso precisa-se de pelo menos uma canastra limpa": a meld that would empty
    the hand of a side with its morto taken and no canastra is refused (`cannot-go-out`)."""
    seat0 = ["4C", "5C", "6C", "7D", "8D", "9D", "JS", "QS", "KS", "8C", "9C"]
    history = after(
        [created()],
        deal([seat0, SEAT1], spare([seat0, SEAT1], ["10C"], MORTO_GOING), ["10C"]),
        draw(0),
    )
    for run in (seat0[:3], seat0[3:6], seat0[6:9], ["8C", "9C", "10C"]):
        history = after(history, meld(0, *run))
    assert hand(history).morto_taken == (True, False)
    history = after(history, meld(0, "5H", "6H", "7H"), meld(0, "4S", "5S", "6S", "7S"))
    given(*history).when(meld(0, "10D", "JD", "QD", "KD")).raises("cannot-go-out")


def test_b12_b21_a_de_mil_scores_1000_and_lets_the_side_go_out_indireta() -> None:
    """B2 A..K..A the de mil (a natural 2S in its place, B4: a limpa at twelve cards); B12
    1000 instead of 200; B21 it is clean for the final batida, here indireta (the discard
    empties the hand). Side 0: 125 + 20 (4C..7C) + 35 (7D..10D) laid, 1000, batida 100;
    side 1: -80 in hand, -100 for its morto."""
    spades = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS"]
    morto0 = ["KS", "AS", "4C", "5C", "6C", "7C", "7D", "8D", "9D", "10D", "5H"]
    history = after([created()], deal([spades, SEAT1], [morto0, MORTO1], ["QS"]), draw(0))
    events = decide(meld(0, *spades, "QS"), fold(history))
    assert isinstance(events[0], Melded)
    assert events[0].canastra == "limpa"
    assert events[1] == MortoTaken(at=AT, seat=0, direct=True, cards=tuple(morto0))
    history = after(history, meld(0, *spades, "QS"))
    given(*history).when(add(0, 0, "KS", "AS")).then(
        AddedToMeld(at=AT, seat=0, to=0, cards=("KS", "AS"), canastra="mil", low=1)
    )
    history = after(history, add(0, 0, "KS", "AS"), meld(0, "4C", "5C", "6C", "7C"))
    history = after(history, meld(0, "7D", "8D", "9D", "10D"))
    final = decide(discard(0, "5H"), fold(history))
    assert final[0] == CardDiscarded(at=AT, seat=0, card="5H")
    ended = ended_in(final)
    assert ended.scores == {"0": 125 + 20 + 35 + 1000 + 100, "1": -80 - 100}


def test_b11_b19_the_mortos_become_the_stock_side_a_first_then_the_stock_is_out() -> None:
    """B11/B19 "o morto vira monte": the stock spent at the start of a turn, seat 0's morto
    becomes the stock, then seat 1's; with none left the hand ends (`stock-out`), no
    batida, each side -100 for its morto and less its cards in hand (90 and 80)."""
    history, seat = seat_turns(dealt(), until=1)
    history = after(history, draw(seat))
    events = decide(discard(seat, hand(history).hands[seat][-1]), fold(history))
    assert events[1] == MortoToStock(at=AT, side=0, stock=tuple(MORTO0))
    history = after(history, discard(seat, hand(history).hands[seat][-1]))
    assert hand(history).stock_count == 11
    history, seat = seat_turns(history, until=1, first=hand(history).turn)
    history = after(history, draw(seat))
    events = decide(discard(seat, hand(history).hands[seat][-1]), fold(history))
    assert events[1] == MortoToStock(at=AT, side=1, stock=tuple(MORTO1))
    history = after(history, discard(seat, hand(history).hands[seat][-1]))
    history, seat = seat_turns(history, until=1, first=hand(history).turn)
    history = after(history, draw(seat))
    ended = ended_in(decide(discard(seat, hand(history).hands[seat][-1]), fold(history)))
    assert (ended.outcome, ended.winner) == ("stock-out", "1")
    assert ended.scores == {"0": -90 - 100, "1": -80 - 100}


def test_b13_b20_the_detalhe_in_play_the_other_side_goes_out_before_the_taker_plays() -> None:
    """B13/B20 "o morto deverá ser pago": seat 0 takes its morto indireta, seat 1 goes out
    in its next turn (a direta, then its final batida indireta): side 0 counts its morto
    as never taken (-100) and not its 11 cards in hand."""
    seat0 = ["4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "KD"]
    seat1 = ["3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"]
    morto0 = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS"]
    morto1 = ["4D", "5D", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "KD", "KS"]
    history = after([created()], deal([seat0, seat1], [morto0, morto1], ["AC", "AH"]))
    history = after(history, draw(0), meld(0, *seat0[:10], "AC"), discard(0, "KD"))
    assert hand(history).fresh_morto == (0, None)
    history = after(history, draw(1), meld(1, *seat1, "AH"), meld(1, *morto1[:10]))
    ended = ended_in(decide(discard(1, "KS"), fold(history)))
    side0 = 20 + 60 + 15 + 200 - 100  # 4C..KC AC, a limpa, the morto paid
    side1 = (25 + 60 + 15) + 200 + (20 + 60) + 200 + 100  # 3H..KH AH, 4D..KD, the batida
    assert ended.scores == {"0": side0, "1": side1}


def test_b16_the_game_ends_with_a_side_alone_at_the_top_a_tie_plays_on() -> None:
    """B16: after a hand that brings a side to 3000, the side alone at the top wins; equal
    at the top, another hand. Each hand here: 250 laid, two de mil, the morto: 2250."""
    both = SideTally(melded=250, mil=2)
    even = RecordBuracoResult(at=AT, ended_by=None, sides={"0": both, "1": both})
    history = after([created()], even, even)
    assert fold(history).score == {"0": 4500, "1": 4500}
    assert not any(isinstance(e, MatchFinished) for e in history)
    ahead = RecordBuracoResult(
        at=AT, ended_by="0", sides={"0": both, "1": SideTally(melded=0, morto=False)}
    )
    finished = decide(ahead, fold(history))
    assert isinstance(finished[-1], MatchFinished)
    assert (finished[-1].winner, finished[-1].score) == ("0", {"0": 6850, "1": 4400})


def test_b25_a_draw_named_from_an_unknown_stock_is_taken_back() -> None:
    """B25: a draw named from a stock not posted is taken back (a scorekeeper's typing)."""
    unknown = DealStock(at=AT, hands=[SEAT0, SEAT1], mortos=[MORTO0, MORTO1], stock=None)
    history = after([created()], unknown, DrawCards(at=AT, seat=0, cards=["KC"]))
    assert hand(history).hands[0][-1] == "KC"
    undone = after(history, UndoLastMove(at=AT))
    assert isinstance(undone[-1], MoveUndone)
    back = hand(undone)
    assert (back.hands[0], back.drew, back.stock_count) == (tuple(SEAT0), False, 60)


MEGA1 = ["4D", "5D", "6D", "8S", "9S", "10S", "3C", "5H", "7H", "KC", "JH"]  # 80 points


def mega(hands: Deal, mortos: Deal, top: Sequence[str] = (), starter: str = "2C") -> list[Event]:
    return after([created("mega-buraco")], deal(hands, mortos, top, DECK_108, starter))


def test_mb1_mb2_the_joker_is_wild_worth_50_and_a_meld_holds_one_wild() -> None:
    """MB1 "Coringão (joker) = 50 pontos", wild like the 2s; MB2 one wild a meld (a 2 and a
    joker together refused)."""
    seat0 = ["5S", "6S", "JK", "2D", "9C", "9D", "QH", "QH", "KS", "KS", "AC"]
    hands = [seat0, MEGA1]
    history = after(mega(hands, spare(hands, ["8D", "2C"]), ["8D"]), draw(0))
    game = given(*history)
    game.when(meld(0, "9C", "JK", "2D")).raises("invalid-meld")
    game.when(meld(0, "5S", "JK", "2D", "8S")).raises("invalid-meld")
    game.when(meld(0, "5S", "6S", "JK")).then(
        Melded(at=AT, seat=0, cards=("5S", "6S", "JK"), canastra=None, low=5, wild_at=7)
    )
    laid = hand(after(history, meld(0, "5S", "6S", "JK")))
    count = tally(laid, 0, None, MEGA_BURACO)
    assert (count["melded"], count["in_hand"]) == (
        5 + 5 + 50,
        10 + 20 + 40 + 15 + 10,
    )  # 2D, 9C 9D, QH QH KS KS, AC, 8D


@pytest.mark.parametrize("preset", ["mega-buraco", "tranca"])
def test_mb3_t2_one_trinca_or_lavadeira_a_rank_for_the_side(preset: str) -> None:
    """MB3 "Não pode baixar dois jogos de trincas do mesmo valor" (T2 the same for the
    lavadeiras): a second set of 9s is refused (`one-set-per-rank`); adding to it is not."""
    seat0 = ["9C", "9D", "9H", "9H", "9D", "9C", "QH", "QH", "KS", "KS", "AC"]
    hands = [seat0, ["4D", "5D", "6D", "8S", "10S", "10S", "7D", "5H", "7H", "JH", "JH"]]
    if preset == "tranca":
        history = after([created("tranca")], deal(hands, spare(hands, ["8D"]), ["8D"]))
    else:
        history = mega(hands, spare(hands, ["8D", "2C"]), ["8D"])
    history = after(history, draw(0), meld(0, "9C", "9D", "9H"))
    given(*history).when(meld(0, "9H", "9D", "9C")).raises("one-set-per-rank")
    given(*history).when(add(0, 0, "9H", "9D", "9C")).then(
        AddedToMeld(at=AT, seat=0, to=0, cards=("9H", "9D", "9C"), canastra=None)
    )


def test_mb4_runs_a_to_k_at_most_no_canastra_de_mil() -> None:
    """MB4 "A maior sequencia possível é de ás a rei": A..K a limpa, the second ace
    refused."""
    spades = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS"]
    morto0 = ["KS", "AS", "4C", "5C", "6C", "7C", "7D", "8D", "9D", "10D", "5H"]
    hands = [spades, MEGA1]
    history = mega(hands, spare(hands, ["QS", "2C"], morto0), ["QS"])
    history = after(history, draw(0), meld(0, *spades, "QS"))
    given(*history).when(add(0, 0, "KS")).then(
        AddedToMeld(at=AT, seat=0, to=0, cards=("KS",), canastra="limpa", low=1)
    )
    given(*after(history, add(0, 0, "KS"))).when(add(0, 0, "AS")).raises("invalid-meld")


def test_mb7_any_canastra_lets_the_side_go_out_again() -> None:
    """MB7: "pelo menos uma canastra limpa ou suja": with its morto taken and a suja only,
    side 0 goes out. Side 0: 4C..9C JK (40 + 50), 8D..QD 50, 5S 6S 7S 15, 9H..QH 40, KH KH
    KS 30; a suja 100, the batida 100; side 1: 80 in hand, -100."""
    seat0 = ["4C", "5C", "6C", "7C", "8C", "9C", "JK", "8D", "9D", "10D", "JD"]
    morto0 = ["5S", "6S", "7S", "9H", "10H", "JH", "QH", "KH", "KH", "KS", "4D"]
    hands = [seat0, MEGA1]
    history = mega(hands, spare(hands, ["QD", "2C"], morto0), ["QD"])
    history = after(history, draw(0), meld(0, *seat0[:7]), meld(0, *seat0[7:], "QD"))
    assert hand(history).melds[0][0].canastra == "suja"
    history = after(history, meld(0, "5S", "6S", "7S"), meld(0, "9H", "10H", "JH", "QH"))
    history = after(history, meld(0, "KH", "KH", "KS"))
    ended = ended_in(decide(discard(0, "4D"), fold(history)))
    assert ended.scores == {"0": 90 + 50 + 15 + 40 + 30 + 100 + 100, "1": -80 - 100}


TRANCA0 = ["3C", "4C", "5C", "6C", "QD", "KD", "AD", "2D", "2H", "9C", "9D"]
TRANCA1 = ["4D", "5D", "6D", "8S", "9S", "10S", "7D", "5H", "7H", "9H", "JH"]


def tranca(hands: Deal, top: Sequence[str] = (), *mortos: list[str]) -> list[Event]:
    return after([created("tranca")], deal(hands, spare(hands, top, *mortos), top))


def test_t1_t2_t3_runs_four_to_ace_lavadeiras_one_wild_and_no_3s() -> None:
    """T1 runs 4..A ("O Ás vale acima do Rei"; 3s never meld); T2 a lavadeira ("9 de paus, 9
    de ouros e nove de espadas"); T3 one wild; B1's "sets refused" is Buraco's only."""
    history = after(tranca([TRANCA0, TRANCA1], ["9S"]), draw(0))
    game = given(*history)
    game.when(meld(0, "3C", "4C", "5C")).raises("invalid-meld")
    game.when(meld(0, "4C", "5C", "2D", "2H")).raises("invalid-meld")
    game.when(meld(0, "QD", "KD", "AD")).then(
        Melded(at=AT, seat=0, cards=("QD", "KD", "AD"), canastra=None, low=12)
    )
    game.when(meld(0, "9C", "9D", "9S")).then(
        Melded(at=AT, seat=0, cards=("9C", "9D", "9S"), canastra=None)
    )
    game.when(meld(0, "4C", "5C", "6C")).then(
        Melded(at=AT, seat=0, cards=("4C", "5C", "6C"), canastra=None, low=4)
    )


def test_t4_t8_every_card_10_and_a_red_3_100_with_a_canastra_or_minus_100() -> None:
    """T4 "Todas as cartas = 10 pontos" (a 2, an ace, a black 3 too); T8 a red 3 +100 with a
    canastra, -100 without; a red 3 held at the end counts as laid, never in hand."""
    hands = [["3H", *TRANCA0[:10]], TRANCA1]
    count = tally(hand(tranca(hands)), 0, None, TRANCA)
    assert (count["in_hand"], count["red_threes"]) == (100, 1)
    assert points_of(count) == -100 - 100 - 100
    assert points_of(count | {"melded": 70, "suja": 1}) == 70 + 100 - 100 - 100 + 100


def test_t5_t7_take_the_pile_onto_a_meld_not_in_buraco() -> None:
    """T7 the pile taken with its top card onto the side's meld (`to`); the top melded or
    added, never both nor neither; `TakePile` and `LayRedThree` are Tranca's only."""
    history = after(tranca([TRANCA0, TRANCA1], ["JS", "7C"]), draw(0), meld(0, "4C", "5C", "6C"))
    history = after(history, discard(0, "JS"), draw(1), discard(1, "7C"))
    game = given(*history)
    game.when(TakePile(at=AT, seat=0)).raises("invalid-meld")
    game.when(TakePile(at=AT, seat=0, to=0, meld=["9C", "9D"])).raises("invalid-meld")
    taken = decide(TakePile(at=AT, seat=0, to=0), fold(history))
    assert taken[0] == CardsDrawn(at=AT, seat=0, source="pile", cards=("JS", "7C"), count=2)
    assert taken[1] == AddedToMeld(at=AT, seat=0, to=0, cards=("7C",), canastra=None, low=4)
    buraco = given(*after(dealt(), draw(0), discard(0, "KD")))
    buraco.when(TakePile(at=AT, seat=1, to=0)).raises("invalid-command")
    buraco.when(LayRedThree(at=AT, seat=1, card="3H")).raises("invalid-command")


def test_t12_a_red_3_as_the_stock_s_last_card_counts_as_laid() -> None:
    """T12: a red 3 drawn as the stock's last card cannot be replaced (`stock-empty`); the
    seat discards another card (the stock spent, no `red-three-first`), never the red 3;
    it counts as laid (+-100), not as 10 in hand."""
    morto1 = ["3D", "3D", "3H", "4H", "4H", "6H", "6H", "8H", "8H", "10H", "10H"]
    hands = [[*TRANCA0[1:], "8D"], TRANCA1]
    mortos = spare(hands, (), morto1)[::-1]  # seat 1's morto holds the other red 3s
    dealing = deal(hands, mortos)
    assert dealing.stock is not None
    stock = [c for c in dealing.stock if c != "3H"] + ["3H"]
    history = after([created("tranca")], replace_stock(dealing, stock))
    history, seat = seat_turns(history, until=1)
    history = after(history, draw(seat))
    assert hand(history).hands[seat][-1] == "3H"
    game = given(*history)
    game.when(LayRedThree(at=AT, seat=seat, card="3H")).raises("stock-empty")
    game.when(discard(seat, "3H")).raises("red-three-first")
    history = after(history, discard(seat, "JH"))
    count = tally(hand(history), seat, None, TRANCA)
    assert (count["red_threes"], count["in_hand"]) == (1, 100)


# Seat 0 keeps a black 3 to lock the pile; seat 1 lays a run 4..A of diamonds in one go and
# takes its morto by its discard. Every red 3 is in a morto: none comes from the stock.
T12_SEAT0 = ["3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC"]
T12_SEAT1 = ["4D", "5D", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "KD", "AD"]
T12_MORTO0 = ["3D", "3D", "3H", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS"]
T12_MORTO1 = ["3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"]


def test_t12_before_its_draw_a_seat_lays_no_red_3_on_the_stock_s_last_card() -> None:
    """The replacement would take the card of the turn's draw: with the pile locked by a
    black 3 and the other morto not yet the stock (that happens when a turn starts), the
    seat had no move left and the hand was stuck (a review found it, 2026-11-29). The seat
    draws the last card; the red 3 then counts as laid (T12)."""
    history = after([created("tranca")], deal([T12_SEAT0, T12_SEAT1], [T12_MORTO0, T12_MORTO1]))
    history, seat = seat_turns(history, until=3)
    assert (seat, hand(history).stock_count) == (1, 3)
    history = after(history, draw(1), meld(1, *T12_SEAT1))
    history = after(history, discard(1, hand(history).hands[1][0]))  # its morto, indireta
    history = after(history, draw(0), discard(0, "3C"))
    state = hand(history)
    assert (state.turn, state.stock_count, state.top, state.mortos[0] is not None) == (
        1,
        1,
        "3C",
        True,
    )
    given(*history).when(LayRedThree(at=AT, seat=1, card="3H")).raises("draw-first")
    history = after(history, draw(1))
    given(*history).when(LayRedThree(at=AT, seat=1, card="3H")).raises("stock-empty")
    history = after(history, discard(1, "4H"))
    assert isinstance(hand(history), BuracoHand)
    assert hand(history).stock_count == len(T12_MORTO0)  # the morto became the stock


def replace_stock(dealing: DealStock, stock: list[str]) -> DealStock:
    return DealStock(at=AT, hands=dealing.hands, mortos=dealing.mortos, stock=stock)


def test_t13_a_tranca_result_with_red_threes() -> None:
    """T13 each side's red 3s (0 to 4), T4 counts by 10; refused in Buraco, over 4, or a de
    mil (T1 makes it impossible)."""
    game = given(created("tranca"))
    side0 = SideTally(melded=100, limpa=1, red_threes=2)
    side1 = SideTally(melded=50, in_hand=30, morto=False, red_threes=1)
    for bad in (
        SideTally(melded=100, limpa=1, red_threes=5),
        SideTally(melded=105, limpa=1),
        SideTally(melded=200, mil=1),
    ):
        game.when(RecordBuracoResult(at=AT, ended_by="0", sides={"0": bad, "1": side1})).raises(
            "invalid-result"
        )
    good = RecordBuracoResult(at=AT, ended_by="0", sides={"0": side0, "1": side1})
    assert ended_in(decide(good, fold(game.events))).scores == {
        "0": 100 + 200 + 100 + 200,
        "1": 50 - 30 - 100 - 100,
    }
    given(created()).when(good).raises("invalid-result")


def test_b25_t7_undoing_a_pile_taken_with_its_meld_takes_back_the_whole_move() -> None:
    """B25 "a pile taken" is taken back; T7 the pile is taken only with its top melded.
    Undone, the seat does not keep the whole pile in hand with no meld, a state T7 forbids."""
    hands = [["8D", *TRANCA0[1:]], TRANCA1]
    history = after(tranca(hands), draw(0), discard(0, "QD"), draw(1), discard(1, "9H"))
    before = hand(history)
    taken = after(history, TakePile(at=AT, seat=0, meld=["9C", "9D"]), UndoLastMove(at=AT))
    assert (hand(taken).pile_size, hand(taken).hands[0]) == (before.pile_size, before.hands[0])


def test_b25_t5_undoing_a_red_3_named_from_an_unknown_stock_takes_back_both() -> None:
    """T5 a red 3 laid and replaced at once; B25 a draw named from an unknown stock is
    taken back: the red 3 does not stay laid with the seat a card short."""
    hands = [["3H", *TRANCA0[1:]], TRANCA1]
    unknown = DealStock(at=AT, hands=hands, mortos=spare(hands), stock=None)
    history = after([created("tranca")], unknown, DrawCards(at=AT, seat=0, cards=["QS"]))
    laid = after(history, LayRedThree(at=AT, seat=0, card="3H", replacement=["JS"]))
    undone = hand(after(laid, UndoLastMove(at=AT)))
    assert (undone.hands[0], undone.red_threes) == (hand(history).hands[0], ((), ()))


# Seat 0 holds no 9 at all; seat 1 neither.
NO_NINES = [
    ["4C", "5C", "6C", "7C", "QD", "KD", "JS", "JD", "10H", "8S", "AC"],
    ["4D", "5D", "6D", "8D", "9S", "10S", "7D", "5H", "7H", "JH", "QH"],
]


def test_tranca_pile_top_is_justified_only_with_cards_of_the_hand_not_of_the_pile() -> None:
    """Seed 003 (Tranca), card-rules.md 6.1: "o jogador obrigatoriamente terá que justificar
    a compra da carta de cima, encaixando-a diretamente em um jogo na mesa ou juntando com
    duas cartas ou mais da mão e baixando como um novo jogo"; 6.3: `{"draw": "pile",
    "meld": ["9H", "9S"]}` is "top card + 2 from the hand"; rules-decisions T7: "a new meld
    with cards of the hand".

    Seat 0 holds no 9. The pile is 9C, 9D, KS, 9H (top). Taking it "justified" by 9C and 9D,
    two cards that were in the pile, not in the hand, must be refused."""
    history = after(
        tranca(NO_NINES, ["9C", "9D", "KS", "9H"]),
        draw(0),
        discard(0, "9C"),
        draw(1),
        discard(1, "9D"),
        draw(0),
        discard(0, "KS"),
        draw(1),
        discard(1, "9H"),
    )
    state = fold(history)
    hand = state.hand
    assert isinstance(hand, BuracoHand)
    assert hand.pile == ("9C", "9D", "KS", "9H")
    assert not any(card.startswith("9") for card in hand.hands[0])
    with pytest.raises(TellsAHand, match="not of the pile"):
        decide(TakePile(at=AT, seat=0, meld=["9C", "9D"]), state)

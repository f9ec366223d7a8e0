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
    TakePile,
)
from domain.cards.buraco.events import AddedToMeld, Melded, MortoTaken, MortoToStock, RedThreeLaid
from domain.cards.buraco.game import BuracoHand, points_of, tally
from domain.cards.melds import DECK_104, DECK_108
from domain.cards.stock.commands import DealStock, DiscardCard, DrawCards
from domain.cards.stock.events import CardDiscarded, CardsDrawn
from domain.match.commands import Command, UndoLastMove
from domain.match.events import MatchCreated
from domain.match.requests import SideTally
from domain.rulesets import resolve_rules
from tests.domain.builders import AT
from tests.domain.spec import given

Deal = list[list[str]]


def created(preset: str = "buraco", seats: int = 2, **overrides: Any) -> MatchCreated:
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
    assert events == [Melded(at=AT, seat=0, cards=("QC", "KC", "JC"), canastra=None)]


def test_a_meld_is_read_anew_at_each_addition_and_turns_into_a_canastra() -> None:
    """B5 (changed): the meld is its cards, read with the fewest wilds at each addition; B7
    the side's melds numbered from 0; a canastra at seven cards (limpa without a wild)."""
    history = after(dealt(), draw(0), meld(0, "4C", "5C", "6C"), add(0, 0, "7C", "8C", "9C"))
    game = given(*history)
    game.when(add(0, 1, "10C")).raises("invalid-meld")  # the side has meld 0 only
    events = decide(add(0, 0, "10C"), fold(history))
    assert events == [AddedToMeld(at=AT, seat=0, to=0, cards=("10C",), canastra="limpa")]
    assert hand(after(history, add(0, 0, "10C"))).melds[0][0].canastra == "limpa"


def test_emptying_the_hand_by_melds_takes_the_morto_and_plays_on() -> None:
    """Batida direta: "Pegará o morto e continuará a jogar, sem comprar carta"."""
    seat0 = ["4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "JD", "QD"]
    history = after([created()], deal([seat0, SEAT1], [MORTO0, MORTO1], ["KD"]), draw(0))
    history = after(history, meld(0, *seat0[:9]))
    events = decide(meld(0, "JD", "QD", "KD"), fold(history))
    assert events == [
        Melded(at=AT, seat=0, cards=("JD", "QD", "KD"), canastra=None),
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
    are not by 5, the canastras need more laid points, the side going out lacks its
    morto or a canastra limpa, or the deck holds fewer points."""
    game = given(created("buraco", seats=4))

    def result(ended_by: str | None = "A", **a: Any) -> RecordBuracoResult:
        side_a = SideTally(**({"melded": 335, "limpa": 2, "suja": 1, "in_hand": 20} | a))
        side_b = SideTally(melded=210, suja=1, in_hand=85, morto=False)
        return RecordBuracoResult(at=AT, ended_by=ended_by, sides={"A": side_a, "B": side_b})

    for bad in (
        result(melded=333),
        result(melded=100),  # three canastras need 105 laid at least
        result(limpa=0, suja=3),  # went out without a limpa
        result(morto=False),
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

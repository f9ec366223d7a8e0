"""Mau Mau (seed 003; card-rules.md section 3 and the Mau Mau rows of 9b), given / when /
then: the dealer and the first player, the starter as the first player's discard, the
follow rule, a turn's one draw, the 7 chain, the 9, the jack's suit, MAU-MAU and its
accusation window, the last card, the reshuffle and the blocked table, the points and the
places, a hand by its result, draws named without a stock, undo, and the secrets.

Every deal is built by hand (`check_deal` below keeps it honest): the seat after the dealer
is the first player and the starter is its discard (M2), so the first seat to move is the
one after it. Expected points are added up by hand from the cards in the comments."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from domain import Event, decide, fold
from domain.cards.maumau.commands import Accuse, CallMauMau, RecordMauMauResult
from domain.cards.maumau.events import MauMauAccused, MauMauCalled
from domain.cards.maumau.hand import MauMauHand, card_points
from domain.cards.maumau.results import result_body
from domain.cards.melds.decks import DECK_104
from domain.cards.stock.commands import DealStock, DiscardCard, DrawCards, PassTurn
from domain.cards.stock.events import (
    CardDiscarded,
    CardsDrawn,
    DrawReason,
    StockDealt,
    StockRestocked,
    Suit,
    TurnPassed,
)
from domain.errors import TellsAHand, TellsTheTable
from domain.events import SECRET_TYPES
from domain.match.commands import Command, UndoLastMove
from domain.match.events import HandEnded, MatchCreated, MatchFinished, MoveUndone
from domain.match.rules import GameRules
from domain.match.secrets import Secret
from domain.rulesets import resolve_rules
from tests.domain.builders import AT
from tests.domain.spec import given

Deal = list[list[str]]
DECK = Counter(DECK_104)
UNDO = UndoLastMove(at=AT)


# Builders


def mau_mau(seats: int = 4, **overrides: Any) -> MatchCreated[GameRules]:
    return MatchCreated(
        at=AT,
        rules=resolve_rules("mau-mau", overrides),
        seats=tuple(f"p{n}" for n in range(seats)),
        created_by="ana",
    )


def check_deal(hands: Deal, starter: str, top: Sequence[str] = ()) -> None:
    """A deal built by hand: five cards a seat, no card more often than the two decks hold
    it (the test's own safety net)."""
    assert all(len(cards) == 5 for cards in hands)
    used = Counter(card for cards in hands for card in cards) + Counter([starter, *top])
    assert not used - DECK, f"more copies than two decks hold: {used - DECK}"


def rest_of_deck(hands: Deal, starter: str, top: Sequence[str] = ()) -> list[str]:
    """The stock of a deal built by hand: `top` first, then every card the hands and the
    starter leave, in DECK_104's order."""
    check_deal(hands, starter, top)
    left = DECK - Counter(card for cards in hands for card in cards) - Counter([starter, *top])
    rest: list[str] = []
    for card in DECK_104:
        if left[card]:
            rest.append(card)
            left[card] -= 1
    return [*top, *rest]


def dealing(
    hands: Deal, starter: str = "4H", *, dealer: int | None = None, top: Sequence[str] | None = None
) -> DealStock:
    """The deal; `top`: a known stock with these cards on top (None: no stock posted)."""
    check_deal(hands, starter, top or ())
    stock = None if top is None else rest_of_deck(hands, starter, top)
    return DealStock(at=AT, hands=hands, dealer=dealer, starter=starter, stock=stock)


def dealt(
    hands: Deal,
    starter: str = "4H",
    *,
    dealer: int | None = None,
    top: Sequence[str] | None = None,
    **overrides: Any,
) -> list[Event]:
    """A game of len(hands) seats created and its first hand dealt."""
    deal = dealing(hands, starter, dealer=dealer, top=top)
    return after([mau_mau(len(hands), **overrides)], deal)


def after(events: Sequence[Event], *commands: Command) -> list[Event]:
    """`events`, then what `decide` answers to each command in turn (so they are legal)."""
    history = list(events)
    state = fold(history)
    for command in commands:
        new = decide(command, state)
        history += new
        state = fold(new, state)
    return history


def mau(events: Sequence[Event]) -> MauMauHand:
    hand = fold(events).hand
    assert isinstance(hand, MauMauHand)
    return hand


def play(seat: int, card: str, suit: str | None = None) -> DiscardCard:
    return DiscardCard(at=AT, seat=seat, card=card, suit=suit)


def draw(seat: int, *cards: str, restock: Sequence[str] | None = None) -> DrawCards:
    """A draw from the stock; `cards`: named (a stock not posted)."""
    return DrawCards(
        at=AT,
        seat=seat,
        cards=list(cards) if cards else None,
        restock=None if restock is None else list(restock),
    )


def pass_turn(seat: int) -> PassTurn:
    return PassTurn(at=AT, seat=seat)


def call(seat: int) -> CallMauMau:
    return CallMauMau(at=AT, seat=seat)


def accuse(seat: int) -> Accuse:
    return Accuse(at=AT, seat=seat)


def drawn(seat: int, *cards: str, reason: DrawReason = "turn") -> CardsDrawn:
    return CardsDrawn(at=AT, seat=seat, cards=tuple(cards), count=len(cards), reason=reason)


def discarded(seat: int, card: str, suit: Suit | None = None) -> CardDiscarded:
    return CardDiscarded(at=AT, seat=seat, card=card, suit=suit)


def draw_and_pass(*seats: int) -> list[Command]:
    """Each seat in turn draws its card from a known stock and passes."""
    return [command for seat in seats for command in (draw(seat), pass_turn(seat))]


def unseen(events: Sequence[Event]) -> list[str]:
    """What a stock not posted may still hold: the two decks but the hands and the pile, in
    DECK_104's order (the test's own count, not the domain's)."""
    hand = mau(events)
    left = DECK - Counter(card for cards in hand.hands for card in cards) - Counter(hand.pile)
    out: list[str] = []
    for card in DECK_104:
        if left[card]:
            out.append(card)
            left[card] -= 1
    return out


def filler(seats: int) -> Deal:
    """Five cards a seat, no heart among them (nothing to follow a heart starter)."""
    cards = [card for card in DECK_104 if not card.endswith("H")]
    return [cards[s * 5 : (s + 1) * 5] for s in range(seats)]


def ended(events: Sequence[Event]) -> HandEnded:
    (hand_end,) = [e for e in events if isinstance(e, HandEnded)]
    return hand_end


def finished(events: Sequence[Event]) -> MatchFinished:
    (game_end,) = [e for e in events if isinstance(e, MatchFinished)]
    return game_end


# Deals (dealer 3 unless a test says: seat 0 is the first player, seat 1 moves first)

# The seed's follow rule: seat 1 holds a card of the 4H's rank, one of its suit, a jack,
# one that follows neither, and one more.
FOLLOW: Deal = [
    ["2C", "3C", "5C", "6C", "8C"],
    ["4S", "KH", "5S", "JS", "2C"],
    ["2S", "3S", "6S", "8S", "10S"],
    ["KC", "QC", "KD", "QD", "9C"],
]

# The starter's effects (M2): seat 1 holds a 7 and a heart, seat 3 (the dealer) a heart.
STARTERS: Deal = [
    ["2C", "3C", "5C", "6C", "8C"],
    ["7S", "5S", "5H", "JS", "2D"],
    ["2S", "3S", "6S", "8S", "10S"],
    ["3H", "KC", "QC", "KD", "QD"],
]

# The 7 chain (M5) on a 4S starter: seat 1 plays 7S, seat 2 answers 7D, seat 3 draws the
# four cards on top of the stock, seat 0 then follows the 7D.
SEVENS: Deal = [
    ["8D", "7C", "5H", "JS", "JD"],
    ["7S", "2C", "3C", "KC", "QC"],
    ["7D", "5S", "JS", "AS", "9S"],
    ["2D", "3D", "4C", "5C", "6C"],
]
CHAIN = ["2H", "3H", "6H", "8H"]

# The jack (M7, M15) on a 4H starter: seat 1 plays JS naming a suit; seat 2 holds the J's
# own suit, a diamond and another jack; seat 3 a heart, a spade and a diamond.
JACKS: Deal = [
    ["KD", "QD", "10D", "8C", "KC"],
    ["JS", "4C", "3C", "5C", "6C"],
    ["5S", "2D", "JC", "KS", "QS"],
    ["3H", "2S", "8D", "9C", "10C"],
]

# A turn (M4): seat 1 holds a heart it may play on the 4H, and draws 2C from the stock.
TURN: Deal = [
    ["2S", "3S", "5S", "6S", "8S"],
    ["KH", "5D", "6D", "8D", "10D"],
    ["2C", "3C", "5C", "6C", "8C"],
    ["KC", "QC", "KD", "QD", "9C"],
]
TURN_TOP = ["2C", "3D", "7S"]

# Going out (M3, M9, M11): seat 1 sheds five hearts, one a turn; the others draw and pass,
# from a known stock whose twelve top cards they take in turn (seat 2, 3, 0, four rounds).
GO_OUT_REST = ["5H", "6H", "8H", "10H"]
GO_OUT_OTHERS = {
    0: ["AC", "JC", "QC", "KC", "10C"],  # 1 + 30 + 10 + 10 + 10 = 61
    2: ["2C", "3C", "JD", "QD", "AD"],  # 2 + 3 + 30 + 10 + 1 = 46
    3: ["2S", "3S", "9S", "KS", "AS"],  # 2 + 3 + 9 + 10 + 1 = 25
}
GO_OUT_DRAWS = {
    2: ["2D", "2D", "3D", "3D"],  # 10: seat 2 ends on 56
    3: ["QS", "KS", "10S", "AS"],  # 31: seat 3 ends on 56
    0: ["4D", "5D", "6D", "7D"],  # 22: seat 0 ends on 83
}
GO_OUT_TOP = [GO_OUT_DRAWS[seat][r] for r in range(4) for seat in (2, 3, 0)]
GO_OUT_POINTS = {"0": 83, "1": 0, "2": 56, "3": 56}


def go_out_deal(last: str = "KH") -> Deal:
    o = GO_OUT_OTHERS
    return [o[0], [*GO_OUT_REST, last], o[2], o[3]]


def go_out_play(last: str = "KH") -> list[Command]:
    rounds: list[Command] = []
    for card in GO_OUT_REST:
        if card == "10H":
            rounds.append(call(1))  # two cards, 10H playable: MAU-MAU
        rounds += [play(1, card), *draw_and_pass(2, 3, 0)]
    suit = "S" if last == "JH" else None
    if last == "JH-no-suit":
        last, suit = "JH", None
    return [*rounds, play(1, last, suit)]


# MAU-MAU (M8, M16): seat 1 sheds three hearts while the others draw and pass, and is in
# turn with 10H and 7H; seat 2 holds 2H (to discard on the 10H), seat 0 holds 8S (to leave
# seat 1 nothing playable on it).
MAU: Deal = [
    ["8S", "AC", "JC", "QD", "KD"],
    ["5H", "6H", "8H", "10H", "7H"],
    ["2H", "2C", "3C", "QC", "KC"],
    ["2S", "3S", "9S", "KS", "AS"],
]
ROUNDS = ["4C", "4D", "5C", "5D", "6C", "6D", "9C", "9D", "10C"]
FIVE = ["10D", "3D", "7C", "7D", "8D"]
"""The five cards on the stock once the three rounds have taken theirs."""


def mau_dealt() -> list[Event]:
    return dealt(MAU, top=[*ROUNDS, *FIVE])


def to_two(blocked: bool = False) -> list[Event]:
    """Seat 1 in turn holding 10H and 7H, the 8H on top (`blocked`: seat 0 put 8S on it)."""
    rounds: list[Command] = []
    for card in ("5H", "6H", "8H"):
        rounds += [play(1, card), *draw_and_pass(2, 3)]
        rounds += [play(0, "8S")] if blocked and card == "8H" else draw_and_pass(0)
    history = after(mau_dealt(), *rounds)
    hand = mau(history)
    assert (hand.turn, hand.hands[1]) == (1, ("10H", "7H"))
    return history


def forgot() -> list[Event]:
    """Seat 1 discarded 10H, down to one card, without saying MAU-MAU."""
    return after(to_two(), play(1, "10H"))


# A stock drained (M10, M13): seats 1 and 2 discard 5H and 6H (the pile: 4H, 5H, 6H), then
# seat 0 accuses nobody sixteen times, drawing 5 each time: 80 of the 83 cards.
DRAIN: Deal = [
    ["2C", "3C", "5C", "6C", "8C"],
    ["5H", "KS", "QS", "JS", "10S"],  # then 10 + 10 + 30 + 10 = 60
    ["6H", "2D", "3D", "AD", "KD"],  # then 2 + 3 + 1 + 10 = 16
    ["2S", "3S", "AS", "9D", "8D"],  # 2 + 3 + 1 + 9 + 8 = 23
]
DRAIN_STOCK = rest_of_deck(DRAIN, "4H")


def drained(known: bool) -> list[Event]:
    """Seat 3 in turn, three cards left in the stock, the pile 4H, 5H, 6H."""
    history = after(dealt(DRAIN, top=[] if known else None), play(1, "5H"), play(2, "6H"))
    assert mau(history).stock_count == 104 - 20 - 1
    for _ in range(16):
        history = after(history, accuse(0))
        named = () if known else unseen(history)[:5]
        history = after(history, draw(0, *named))
    hand = mau(history)
    assert (hand.stock_count, hand.pile, hand.turn) == (3, ("4H", "5H", "6H"), 3)
    return history


@pytest.mark.parametrize(
    ("hands", "starter"),
    [
        (FOLLOW, "4H"),
        (STARTERS, "4H"),
        (SEVENS, "4S"),
        (JACKS, "4H"),
        (TURN, "4H"),
        (go_out_deal(), "4H"),
        (MAU, "4H"),
        (DRAIN, "4H"),
        *[(filler(n), "QH") for n in (4, 5, 6, 8)],
    ],
)
def test_the_deals_of_these_tests_are_real_ones(hands: Deal, starter: str) -> None:
    """[S] "2 baralhos ... coringas não são utilizados"; "cada jogador recebe 5 cartas"."""
    check_deal(hands, starter)
    stock = rest_of_deck(hands, starter)
    assert Counter(stock) + Counter(c for h in hands for c in h) + Counter([starter]) == DECK
    assert len(stock) == 104 - 5 * len(hands) - 1


# The deal, M1


@pytest.mark.parametrize("seats", [4, 5, 6, 8])
def test_the_first_hand_is_dealt_by_the_last_seat_and_the_seat_after_it_plays_first(
    seats: int,
) -> None:
    """M1: "the dealer rotates; the first player is the seat after the dealer; play starts
    in order of play"; M2: the starter is the first player's discard, so seat 1 moves."""
    deal = dealing(filler(seats), "4H")
    (event,) = decide(deal, fold([mau_mau(seats)]))
    assert isinstance(event, StockDealt)
    assert (event.number, event.dealer, event.opener, event.starter) == (1, seats - 1, 0, "4H")
    assert event.stock is None
    assert event.stock_count == 104 - 5 * seats - 1
    hand = mau([mau_mau(seats), event])
    assert (hand.turn, fold([mau_mau(seats), event]).turn) == (1, 1)
    assert (hand.direction, hand.pile, hand.pending, hand.demanded) == (1, ("4H",), 0, None)


@pytest.mark.parametrize(("seats", "dealer", "opener", "turn"), [(5, 2, 3, 4), (6, 4, 5, 0)])
def test_a_deal_may_name_its_dealer_in_the_first_hand(
    seats: int, dealer: int, opener: int, turn: int
) -> None:
    """M1: the first player is the seat after the dealer, round the table."""
    history = dealt(filler(seats), dealer=dealer)
    (event,) = [e for e in history if isinstance(e, StockDealt)]
    assert (event.dealer, event.opener) == (dealer, opener)
    assert mau(history).turn == turn


def test_the_deal_goes_round_to_the_next_hand() -> None:
    """M1: "[D] dealer rotates" (after_hand): with a target of 100 the game goes on after
    the first hand, dealt by seat 3; seat 0 deals the second and seat 1 is its first
    player, so seat 2 moves first."""
    history = after(dealt(go_out_deal(), top=GO_OUT_TOP, target=100), *go_out_play())
    state = fold(history)
    assert (state.status, state.hand, state.next_dealer) == ("in_progress", None, 0)
    assert state.score == GO_OUT_POINTS
    second = given(*history)
    second.when(dealing(go_out_deal(), dealer=3)).raises("wrong-dealer")
    second.when(dealing(go_out_deal(), dealer=1)).raises("wrong-dealer")
    (event,) = decide(dealing(go_out_deal()), state)
    assert isinstance(event, StockDealt)
    assert (event.number, event.dealer, event.opener) == (2, 0, 1)
    assert mau([*history, event]).turn == 2


def test_a_deal_is_five_cards_a_seat_and_a_starter_from_the_two_decks() -> None:
    """[S] "cada jogador recebe 5 cartas", "2 baralhos"; a posted stock is the rest of the
    two decks (`invalid-deal`)."""
    game = given(mau_mau())
    short = [cards[:4] for cards in FOLLOW]
    game.when(DealStock(at=AT, hands=short, starter="4H")).raises("invalid-deal")
    game.when(DealStock(at=AT, hands=FOLLOW[:3], starter="4H")).raises("invalid-deal")
    game.when(DealStock(at=AT, hands=FOLLOW)).raises("invalid-deal")  # no starter
    thrice = [["2C", "2C", "3C", "5C", "6C"], *FOLLOW[1:]]  # FOLLOW's seat 1 holds a 2C
    game.when(DealStock(at=AT, hands=thrice, starter="4H")).raises("invalid-deal")
    stock = rest_of_deck(FOLLOW, "4H")
    game.when(DealStock(at=AT, hands=FOLLOW, starter="4H", stock=stock[1:])).raises("invalid-deal")
    game.when(DealStock(at=AT, hands=FOLLOW, starter="4H", stock=[*stock, "2S"])).raises(
        "invalid-deal"
    )
    (event,) = decide(DealStock(at=AT, hands=FOLLOW, starter="4H", stock=stock), fold([mau_mau()]))
    assert isinstance(event, StockDealt)
    assert (event.stock, event.stock_count) == (tuple(stock), 83)


# M2: the starter


@pytest.mark.parametrize(
    ("seats", "dealer", "starter", "turn", "direction"),
    [
        (4, None, "4H", 1, 1),
        (4, None, "AH", 2, 1),
        (4, None, "QH", 3, -1),
        (5, None, "AH", 2, 1),
        (5, None, "QH", 4, -1),
        (5, 1, "AH", 4, 1),
        (5, 1, "QH", 1, -1),
        (6, 5, "4H", 1, 1),
        (8, None, "AH", 2, 1),
        (8, None, "QH", 7, -1),
        (8, 6, "AH", 1, 1),
    ],
)
def test_the_starter_acts_as_the_first_players_discard(
    seats: int, dealer: int | None, starter: str, turn: int, direction: int
) -> None:
    """M2: "[D] it acts as if the first player had discarded it: A → the second seat is
    skipped; Q → direction reverses (the dealer plays next)"."""
    hand = mau(dealt(filler(seats), starter, dealer=dealer))
    assert (hand.turn, hand.direction) == (turn, direction)
    assert (hand.pending, hand.owed, hand.demanded) == (0, (0,) * seats, None)


def test_an_ace_starter_skips_the_second_seat() -> None:
    """M2: "A → the second seat is skipped": seat 1 may not move, seat 2 does."""
    history = given(*dealt(STARTERS, "AH"))
    history.when(play(1, "5H")).raises("not-your-turn")
    history.when(draw(1, "2H")).raises("not-your-turn")
    history.when(draw(2, "2H")).then(drawn(2, "2H"))


def test_a_queen_starter_turns_the_direction_so_the_dealer_plays_next() -> None:
    """M2: "Q → direction reverses (the dealer plays next)"; then the seat before it."""
    history = dealt(STARTERS, "QH")
    given(*history).when(play(1, "5H")).raises("not-your-turn")
    given(*history).when(play(3, "3H")).then(discarded(3, "3H"))
    assert mau(after(history, play(3, "3H"))).turn == 2


def test_a_queen_starter_at_five_seats_the_dealer_then_the_seat_before_it() -> None:
    """M2 at a table of five dealt by seat 4: seat 4 plays next, then seat 3."""
    hands = filler(5)
    hands[4] = ["3H", *hands[4][1:]]
    history = dealt(hands, "QH")
    assert mau(history).turn == 4
    assert mau(after(history, play(4, "3H"))).turn == 3


def test_a_seven_starter_makes_the_second_seat_draw_two() -> None:
    """M2: "7 → the second seat draws 2"; the seed: "o próximo jogador compra duas cartas e
    não descarta nenhuma": the draw ends its turn."""
    history = dealt(STARTERS, "7H")
    hand = mau(history)
    assert (hand.turn, hand.pending) == (1, 2)
    given(*history).when(draw(1, "2H", "3S")).then(drawn(1, "2H", "3S", reason="seven"))
    hand = mau(after(history, draw(1, "2H", "3S")))
    assert (hand.turn, hand.pending, hand.top) == (2, 0, "7H")
    assert hand.hands[1] == ("7S", "5S", "5H", "JS", "2D", "2H", "3S")


def test_a_seven_starter_may_be_answered_with_a_seven() -> None:
    """M2: "7 → the second seat draws 2 or answers with a 7"; the next then draws 4."""
    history = dealt(STARTERS, "7H")
    given(*history).when(play(1, "5H")).raises("seven-pending")
    given(*history).when(play(1, "7S")).then(discarded(1, "7S"))
    hand = mau(after(history, play(1, "7S")))
    assert (hand.turn, hand.pending) == (2, 4)
    four = ("2H", "3H", "6H", "8H")
    given(*after(history, play(1, "7S"))).when(draw(2, *four)).then(drawn(2, *four, reason="seven"))


def test_a_nine_starter_makes_the_dealer_draw_one_out_of_turn() -> None:
    """M2: "9 → the seat before the first player (the dealer) draws 1"; the penalty is
    drawn at once, out of turn, and nothing else is recorded first."""
    history = dealt(STARTERS, "9H")
    hand = mau(history)
    assert (hand.turn, hand.owed) == (1, (0, 0, 0, 1))
    given(*history).when(play(1, "5H")).raises("penalty-draw-pending")
    given(*history).when(draw(3, "2H")).then(drawn(3, "2H", reason="penalty"))
    paid = after(history, draw(3, "2H"))
    assert (mau(paid).owed, mau(paid).turn) == ((0, 0, 0, 0), 1)
    assert mau(paid).hands[3] == ("3H", "KC", "QC", "KD", "QD", "2H")
    given(*paid).when(play(1, "5H")).then(discarded(1, "5H"))


def test_a_jack_starter_asks_for_its_own_suit() -> None:
    """M2: "J → the demanded suit is the J's own suit (nobody chooses)"."""
    history = given(*dealt(STARTERS, "JH"))
    assert mau(history.events).demanded == "H"
    history.when(play(1, "5S")).raises("card-does-not-follow")
    history.when(play(1, "2D")).raises("card-does-not-follow")
    history.when(play(1, "5H")).then(discarded(1, "5H"))
    history.when(play(1, "JS", "D")).then(discarded(1, "JS", "D"))


# The seed's follow rule


def test_a_card_follows_the_top_cards_suit_or_rank() -> None:
    """[S] "descartar uma carta do mesmo naipe ou mesmo número"."""
    history = given(*dealt(FOLLOW))
    history.when(play(1, "4S")).then(discarded(1, "4S"))
    history.when(play(1, "KH")).then(discarded(1, "KH"))
    history.when(play(1, "5S")).raises("card-does-not-follow")
    history.when(play(1, "2C")).raises("card-does-not-follow")


def test_a_jack_goes_on_anything_but_a_seven() -> None:
    """[S] "um valete pode ser jogado sobre qualquer carta": JS on the 4H."""
    given(*dealt(FOLLOW)).when(play(1, "JS", "C")).then(discarded(1, "JS", "C"))


def test_a_card_the_seat_does_not_hold_is_refused_as_its_secret() -> None:
    """A card that would follow but is not in the hand: the refusal tells the hand."""
    refused = given(*dealt(FOLLOW)).when(play(1, "9H")).raises("card-not-in-hand")
    assert isinstance(refused, TellsAHand)


def test_only_the_seat_in_turn_discards() -> None:
    """M2: the starter is the first player's discard: seat 0 has moved, seat 1 is next."""
    history = given(*dealt(FOLLOW))
    history.when(play(0, "2C")).raises("not-your-turn")
    history.when(play(2, "2S")).raises("not-your-turn")
    history.when(play(4, "4S")).raises("invalid-seat")


# M4: one draw a turn


def test_a_seat_may_draw_while_holding_a_playable_card() -> None:
    """[S] "A compra de cartas pode ser feita mesmo se o jogador possuir alguma carta que
    possa ser descartada": seat 1 holds KH and draws the stock's top card."""
    history = dealt(TURN, top=TURN_TOP)
    given(*history).when(draw(1)).then(drawn(1, "2C"))
    hand = mau(after(history, draw(1)))
    assert (hand.turn, hand.drew, hand.stock_count) == (1, True, 82)
    assert hand.hands[1] == ("KH", "5D", "6D", "8D", "10D", "2C")


def test_one_draw_a_turn() -> None:
    """M4: "one draw per turn"; [S] "Pode-se comprar no máximo 1 carta por vez"."""
    history = after(dealt(TURN, top=TURN_TOP), draw(1))
    given(*history).when(draw(1)).raises("already-drew")


def test_after_drawing_a_seat_discards_any_legal_card() -> None:
    """M4: "the seat may discard any legal card (not only the drawn one)": KH, dealt."""
    history = given(*after(dealt(TURN, top=TURN_TOP), draw(1)))
    history.when(play(1, "KH")).then(discarded(1, "KH"))
    history.when(play(1, "2C")).raises("card-does-not-follow")


def test_after_drawing_a_seat_may_pass() -> None:
    """M4: "discard any legal card or pass"; [S] the pass "aparece somente quando o jogador
    já comprou uma carta": before the draw it is refused (`draw-first`)."""
    history = dealt(TURN, top=TURN_TOP)
    given(*history).when(pass_turn(1)).raises("draw-first")
    drew = after(history, draw(1))
    given(*drew).when(pass_turn(2)).raises("not-your-turn")
    given(*drew).when(pass_turn(1)).then(TurnPassed(at=AT, seat=1))
    passed = after(drew, pass_turn(1))
    assert (mau(passed).turn, mau(passed).drew) == (2, False)
    given(*passed).when(draw(2)).then(drawn(2, "3D"))  # the next seat's own draw


def test_a_seat_not_in_turn_draws_nothing_it_does_not_owe() -> None:
    """M4 and 0.5: only a penalty is drawn out of turn."""
    given(*dealt(TURN, top=TURN_TOP)).when(draw(2)).raises("not-your-turn")


# M5: the 7 chain


def test_a_seven_makes_the_next_seat_draw_two() -> None:
    """[S] Sete — "o próximo jogador compra duas cartas e não descarta nenhuma"."""
    history = after(dealt(SEVENS, "4S", top=CHAIN), play(1, "7S"))
    assert (mau(history).turn, mau(history).pending) == (2, 2)
    given(*history).when(draw(2)).then(drawn(2, "2H", "3H", reason="seven"))
    hand = mau(after(history, draw(2)))
    assert (hand.turn, hand.pending, hand.drew, hand.top) == (3, 0, False, "7S")


@pytest.mark.parametrize("card", ["5S", "JS", "AS", "9S"])
def test_facing_a_seven_only_a_seven_answers(card: str) -> None:
    """M5: "a seat facing a pending 7 may only play a 7 (no J, A, Q, 9) or take the whole
    penalty" (`seven-pending`), even a card of the 7's suit."""
    history = given(*after(dealt(SEVENS, "4S", top=CHAIN), play(1, "7S")))
    suit = "D" if card.startswith("J") else None  # a jack names its suit, as it must
    history.when(play(2, card, suit)).raises("seven-pending")


def test_facing_a_seven_a_seat_does_not_pass() -> None:
    """M5: the penalty is taken by drawing it, not by passing."""
    history = given(*after(dealt(SEVENS, "4S", top=CHAIN), play(1, "7S")))
    history.when(pass_turn(2)).raises("seven-pending")


def test_a_seven_answered_with_a_seven_adds_two_and_the_draw_takes_them_all() -> None:
    """M5 and [S] "rebatido", "o próximo jogador deverá comprar 4 cartas": the draw takes
    2·k cards in one move and ends the turn; it is not the one-card draw."""
    history = after(dealt(SEVENS, "4S", top=CHAIN), play(1, "7S"), play(2, "7D"))
    hand = mau(history)
    assert (hand.turn, hand.pending) == (3, 4)
    given(*history).when(play(3, "2D")).raises("seven-pending")
    given(*history).when(draw(3)).then(drawn(3, *CHAIN, reason="seven"))
    took = after(history, draw(3))
    hand = mau(took)
    assert (hand.turn, hand.pending, hand.top) == (0, 0, "7D")
    assert hand.hands[3] == ("2D", "3D", "4C", "5C", "6C", *CHAIN)
    assert hand.stock_count == 104 - 20 - 1 - 4
    given(*took).when(play(3, "2D")).raises("not-your-turn")
    given(*took).when(draw(0)).then(drawn(0, "AC"))  # the next seat's own single card


def test_after_the_chain_is_drawn_the_seven_stays_on_top_and_is_followed() -> None:
    """M5: "After the penalty the 7 stays on top: the next seat plays to it normally (suit
    or rank); a J on it only if of the 7's suit (the seed's exception)"."""
    took = given(*after(dealt(SEVENS, "4S", top=CHAIN), play(1, "7S"), play(2, "7D"), draw(3)))
    took.when(play(0, "8D")).then(discarded(0, "8D"))
    took.when(play(0, "7C")).then(discarded(0, "7C"))
    took.when(play(0, "5H")).raises("card-does-not-follow")
    took.when(play(0, "JS", "S")).raises("card-does-not-follow")
    took.when(play(0, "JD", "S")).then(discarded(0, "JD", "S"))


# M6, M14: the 9


NINE_CASES = {
    # seat 1 plays 9S: the seat before it, seat 0, draws one; seat 2 plays next
    "plain": (
        [
            ["2D", "3D", "5D", "6D", "8D"],
            ["9S", "2C", "3C", "5C", "6C"],
            ["5S", "2H", "3H", "5H", "6H"],
            ["KD", "QD", "10D", "8C", "KC"],
        ],
        [play(1, "9S")],
        0,
        2,
    ),
    # seat 1's QS turns the direction round; seat 0 plays 9S: the seat before it is now 1
    "after a queen": (
        [
            ["9S", "3D", "5D", "6D", "8D"],
            ["QS", "2C", "3C", "5C", "6C"],
            ["5S", "2H", "3H", "5H", "6H"],
            ["KD", "QD", "10D", "8C", "KC"],
        ],
        [play(1, "QS"), play(0, "9S")],
        1,
        3,
    ),
    # seat 1's AS skips seat 2; seat 3 plays 9S: the seat right before it, seat 2, draws
    "after an ace": (
        [
            ["2D", "3D", "5D", "6D", "8D"],
            ["AS", "2C", "3C", "5C", "6C"],
            ["5S", "2H", "3H", "5H", "6H"],
            ["9S", "QD", "10D", "8C", "KC"],
        ],
        [play(1, "AS"), play(3, "9S")],
        2,
        0,
    ),
    # the QH starter turned it round: the dealer (seat 3) plays 9H, seat 0 before it draws
    "after a queen starter": (
        [
            ["2D", "3D", "5D", "6D", "8D"],
            ["AS", "2C", "3C", "5C", "6C"],
            ["5S", "2H", "3H", "5H", "6H"],
            ["9H", "QD", "10D", "8C", "KC"],
        ],
        [play(3, "9H")],
        0,
        2,
    ),
}


@pytest.mark.parametrize("case", NINE_CASES)
def test_a_nine_makes_the_seat_before_its_player_draw_one(case: str) -> None:
    """M6: "the seat that played before the 9's player in the current direction"; M14:
    "after an ace's skip: the seat immediately before the 9's player in the current
    direction"; [S] "o jogador anterior deve comprar 1 carta"."""
    hands, moves, owing, turn = NINE_CASES[case]
    starter = "QH" if case == "after a queen starter" else "4S"
    history = after(dealt(hands, starter), *moves)
    hand = mau(history)
    assert hand.owed == tuple(1 if seat == owing else 0 for seat in range(4))
    assert hand.turn == turn
    given(*history).when(draw(owing, "2S")).then(drawn(owing, "2S", reason="penalty"))
    paid = mau(after(history, draw(owing, "2S")))
    assert (paid.owed, paid.turn) == ((0, 0, 0, 0), turn)
    assert paid.hands[owing] == (*hand.hands[owing], "2S")


def test_nothing_is_recorded_before_a_penalty_is_drawn() -> None:
    """M6: the 9's card is drawn at once, out of turn: the seat in turn waits for it
    (`penalty-draw-pending`), and the owing seat then has no turn of its own."""
    hands, moves, _, _ = NINE_CASES["plain"]
    history = after(dealt(hands, "4S"), *moves)
    owing = given(*history)
    owing.when(play(2, "5S")).raises("penalty-draw-pending")
    owing.when(draw(2, "2S")).raises("penalty-draw-pending")
    owing.when(pass_turn(2)).raises("penalty-draw-pending")
    owing.when(call(2)).raises("penalty-draw-pending")
    owing.when(play(0, "2D")).raises("penalty-draw-pending")
    paid = after(history, draw(0, "2S"))
    given(*paid).when(draw(0, "3S")).raises("not-your-turn")
    given(*paid).when(play(2, "5S")).then(discarded(2, "5S"))


# M7, M15: the jack


def test_a_jack_names_the_suit_to_follow() -> None:
    """M7 and [S] Valete — "escolhe um naipe": without one it is refused (`suit-required`);
    only a jack names one."""
    history = given(*dealt(JACKS))
    history.when(play(1, "JS")).raises("suit-required")
    history.when(play(1, "JS", "X")).raises("suit-required")
    history.when(play(1, "4C", "H")).raises("invalid-body")
    history.when(play(1, "JS", "D")).then(discarded(1, "JS", "D"))
    assert mau(after(history.events, play(1, "JS", "D"))).demanded == "D"


def test_the_next_seat_plays_the_named_suit_or_a_jack() -> None:
    """[S] "o próximo jogador deve jogar uma carta do naipe escolhido ou outro valete": the
    J's own suit (5S, KS) no longer follows."""
    history = given(*after(dealt(JACKS), play(1, "JS", "D")))
    history.when(play(2, "5S")).raises("card-does-not-follow")
    history.when(play(2, "KS")).raises("card-does-not-follow")
    history.when(play(2, "2D")).then(discarded(2, "2D"))
    history.when(play(2, "JC", "H")).then(discarded(2, "JC", "H"))


def test_a_jack_on_a_jack_names_a_new_suit() -> None:
    """M7: "[S] allowed; [D] the new J's player names a new suit"."""
    history = after(dealt(JACKS), play(1, "JS", "D"), play(2, "JC", "H"))
    assert mau(history).demanded == "H"
    given(*history).when(play(3, "8D")).raises("card-does-not-follow")
    given(*history).when(play(3, "2S")).raises("card-does-not-follow")
    given(*history).when(play(3, "3H")).then(discarded(3, "3H"))
    assert mau(after(history, play(3, "3H"))).demanded is None


def test_the_jacks_suit_binds_past_a_seat_that_drew_and_passed() -> None:
    """M15: "a J's suit after the next seat drew and passed: it still binds until a card
    is played on it"."""
    history = after(dealt(JACKS), play(1, "JS", "D"), draw(2, "2H"), pass_turn(2))
    hand = mau(history)
    assert (hand.turn, hand.demanded, hand.top) == (3, "D", "JS")
    given(*history).when(play(3, "3H")).raises("card-does-not-follow")
    given(*history).when(play(3, "2S")).raises("card-does-not-follow")
    given(*history).when(play(3, "8D")).then(discarded(3, "8D"))


# M8: MAU-MAU and the accusation window


def test_a_seat_with_two_cards_says_mau_mau_and_then_discards() -> None:
    """[S] "deverá avisar ... clicando no botão de MAU-MAU" with 2 cards, in turn, holding
    a playable one without drawing; M8: the call is a move right before the discard."""
    history = to_two()
    given(*history).when(call(1)).then(MauMauCalled(at=AT, seat=1, wrong=False))
    called = after(history, call(1))
    assert mau(called).called
    given(*called).when(play(1, "10H")).then(discarded(1, "10H"))
    hand = mau(after(called, play(1, "10H")))
    assert (hand.accusable, hand.hands[1], hand.called) == (None, ("7H",), False)


def test_a_seat_that_called_cannot_be_accused_and_the_accuser_pays() -> None:
    """M8 and [S] accusing "e não haver nenhum jogador para acusar": 5 cards."""
    history = after(to_two(), call(1), play(1, "10H"))
    given(*history).when(accuse(3)).then(MauMauAccused(at=AT, seat=3, accused=None))
    hand = mau(after(history, accuse(3)))
    assert hand.owed == (0, 0, 0, 5)
    assert hand.turn == 2


def test_an_uncalled_discard_to_one_card_opens_the_window() -> None:
    """M8: "an uncalled discard to 1 card opens an accusation window"."""
    hand = mau(forgot())
    assert (hand.accusable, hand.turn, hand.hands[1]) == (1, 2, ("7H",))


@pytest.mark.parametrize("accuser", [0, 2, 3])
def test_any_other_seat_accuses_out_of_turn(accuser: int) -> None:
    """[S] "poderá ser acusado por qualquer outro jogador"; M8: "accusations come from any
    other seat, out of turn" (seat 2 is in turn, seats 0 and 3 are not)."""
    history = given(*forgot())
    history.when(accuse(accuser)).then(MauMauAccused(at=AT, seat=accuser, accused=1))


def test_the_accused_draws_five_out_of_turn_before_anything_else() -> None:
    """[S] the accused "deverá então pagar uma punição comprando 5 cartas": drawn at once,
    out of turn; the seat in turn waits (`penalty-draw-pending`) and then plays on."""
    history = after(forgot(), accuse(3))
    hand = mau(history)
    assert (hand.owed, hand.accusable, hand.turn) == ((0, 5, 0, 0), None, 2)
    given(*history).when(play(2, "2H")).raises("penalty-draw-pending")
    given(*history).when(draw(2)).raises("penalty-draw-pending")
    given(*history).when(draw(1)).then(drawn(1, *FIVE, reason="penalty"))
    paid = after(history, draw(1))
    assert mau(paid).hands[1] == ("7H", *FIVE)
    assert (mau(paid).owed, mau(paid).turn) == ((0, 0, 0, 0), 2)
    given(*paid).when(play(2, "2H")).then(discarded(2, "2H"))


def test_a_seat_does_not_accuse_itself() -> None:
    """M8: "accusations come from any other seat" (`invalid-accusation`)."""
    given(*forgot()).when(accuse(1)).raises("invalid-accusation")


def test_a_second_accusation_is_refused_not_punished() -> None:
    """M17 (the brief): the first accusation recorded counts; a second one right after it,
    before the next discard, pass or chain draw, is refused (`already-accused`)."""
    history = after(forgot(), accuse(3))
    given(*history).when(accuse(0)).raises("already-accused")
    given(*history).when(accuse(3)).raises("already-accused")
    paid = after(history, draw(1))
    given(*paid).when(accuse(2)).raises("already-accused")
    # after the next discard, an accusation accuses nobody again, and costs its maker
    moved = after(paid, play(2, "2H"))
    given(*moved).when(accuse(0)).then(MauMauAccused(at=AT, seat=0, accused=None))


def test_the_window_closes_at_the_next_discard() -> None:
    """M8 and [S] "até o momento em que o próximo jogador descarte alguma carta": after it,
    an accusation accuses nobody and costs the accuser 5."""
    history = after(forgot(), play(2, "2H"))
    assert mau(history).accusable is None
    given(*history).when(accuse(3)).then(MauMauAccused(at=AT, seat=3, accused=None))
    assert mau(after(history, accuse(3))).owed == (0, 0, 0, 5)


def test_a_plain_draw_leaves_the_window_open_and_the_pass_closes_it() -> None:
    """M8 and [S] "... ou passe a vez": the next seat's one-card draw does not close the
    window; its pass does."""
    drew = after(forgot(), draw(2))
    assert mau(drew).accusable == 1
    given(*drew).when(accuse(0)).then(MauMauAccused(at=AT, seat=0, accused=1))
    passed = after(drew, pass_turn(2))
    assert mau(passed).accusable is None
    given(*passed).when(accuse(0)).then(MauMauAccused(at=AT, seat=0, accused=None))


def test_the_chain_draw_closes_the_window() -> None:
    """M8: "closes at the next discard, pass or penalty draw" (the 7 chain's draw, which
    ends the next seat's turn): seat 1 went down to one card with its 7H, uncalled."""
    sevened = after(to_two(), play(1, "7H"))
    hand = mau(sevened)
    assert (hand.accusable, hand.pending, hand.turn) == (1, 2, 2)
    took = after(sevened, draw(2))
    assert mau(took).accusable is None
    given(*took).when(accuse(3)).then(MauMauAccused(at=AT, seat=3, accused=None))


def test_accusing_with_nobody_to_accuse_costs_the_accuser_five() -> None:
    """[S] accusing "e não haver nenhum jogador para acusar": 5 cards, drawn out of turn."""
    history = mau_dealt()
    given(*history).when(accuse(2)).then(MauMauAccused(at=AT, seat=2, accused=None))
    accused = after(history, accuse(2))
    assert mau(accused).owed == (0, 0, 5, 0)
    given(*accused).when(play(1, "5H")).raises("penalty-draw-pending")
    given(*accused).when(draw(2)).then(drawn(2, *ROUNDS[:5], reason="penalty"))
    assert mau(after(accused, draw(2))).turn == 1
    assert mau(after(accused, draw(2))).accusations == (0, 0, 1, 0)


def test_a_seat_that_drew_first_need_not_call() -> None:
    """[S] the call is due "sem comprar" (without drawing): seat 1, down to 7H, draws 7D
    and discards 7H down to one card: nobody may accuse it."""
    history = after(to_two(), call(1), play(1, "10H"), *draw_and_pass(2, 3, 0), draw(1))
    assert mau(history).hands[1] == ("7H", "7D")
    hand = mau(after(history, play(1, "7H")))
    assert (hand.hands[1], hand.accusable) == (("7D",), None)


def test_from_one_card_to_none_needs_no_call() -> None:
    """M8: "Going from 1 card to 0 needs no call"; [S] "O jogo termina quando um jogador
    não possuir mais cartas"."""
    history = after(to_two(), call(1), play(1, "10H"), *draw_and_pass(2, 3, 0))
    events = decide(play(1, "7H"), fold(history))
    assert events[0] == discarded(1, "7H")
    hand_end = ended(events)
    assert (hand_end.outcome, hand_end.winner, hand_end.by_seat) == ("batida", "1", 1)
    assert isinstance(events[-1], MatchFinished)


# M16: a wrong call


def test_a_call_with_more_than_two_cards_costs_five_and_the_turn_goes_on() -> None:
    """M16 and [S] calling "com mais de 2 cartas": 5 cards; "the turn goes on": seat 1
    still draws its own card or discards."""
    history = mau_dealt()
    given(*history).when(call(1)).then(MauMauCalled(at=AT, seat=1, wrong=True))
    called = after(history, call(1))
    assert (mau(called).owed, mau(called).turn) == ((0, 5, 0, 0), 1)
    given(*called).when(play(1, "5H")).raises("penalty-draw-pending")
    given(*called).when(draw(1)).then(drawn(1, *ROUNDS[:5], reason="penalty"))
    paid = after(called, draw(1))
    hand = mau(paid)
    assert (hand.turn, hand.drew, len(hand.hands[1])) == (1, False, 10)
    given(*paid).when(play(1, "5H")).then(discarded(1, "5H"))
    given(*paid).when(draw(1)).then(drawn(1, ROUNDS[5]))


def test_a_call_with_two_cards_none_playable_costs_five() -> None:
    """M16 and [S] calling "com 2 cartas e nenhuma possível de descartar": seat 1 holds 10H
    and 7H on seat 0's 8S."""
    history = to_two(blocked=True)
    assert mau(history).top == "8S"
    given(*history).when(call(1)).then(MauMauCalled(at=AT, seat=1, wrong=True))
    assert mau(after(history, call(1))).owed == (0, 5, 0, 0)


def test_a_wrong_call_leaves_an_open_window_open() -> None:
    """M16: "an open accusation window stays open": seat 2, holding five cards, calls
    wrongly while seat 1 may still be accused."""
    history = forgot()
    given(*history).when(call(2)).then(MauMauCalled(at=AT, seat=2, wrong=True))
    paid = after(history, call(2), draw(2))
    hand = mau(paid)
    assert (hand.accusable, hand.owed, hand.turn) == (1, (0, 0, 0, 0), 2)
    assert len(hand.hands[2]) == 5 + 3 + 5  # dealt, three rounds' draws, the penalty
    given(*paid).when(accuse(3)).then(MauMauAccused(at=AT, seat=3, accused=1))


def test_mau_mau_is_said_once_and_in_turn() -> None:
    """M16: saying it twice is refused (`already-called`); a call is a move in turn."""
    history = to_two()
    given(*history).when(call(2)).raises("not-your-turn")
    given(*after(history, call(1))).when(call(1)).raises("already-called")


def test_a_call_with_one_card_is_no_call_and_costs_nothing() -> None:
    """M8, M16: the seed's wrong calls are more than two cards, or two and none playable; one
    card goes out with no call, and saying it then is refused (it cost five cards before, a
    review found, 2026-11-29)."""
    history = after(to_two(), call(1), play(1, "10H"), *draw_and_pass(2, 3, 0))
    assert (mau(history).turn, mau(history).hands[1]) == (1, ("7H",))
    given(*history).when(call(1)).raises("nothing-to-call")


def test_an_accusation_waits_for_a_penalty_draw() -> None:
    """M6/M8: seat 2's wrong call leaves it owing five; seat 3's accusation of seat 1 (whose
    window stays open, M16) waits until seat 2 has drawn them."""
    history = after(forgot(), call(2))
    assert mau(history).owed == (0, 0, 5, 0)
    given(*history).when(accuse(3)).raises("penalty-draw-pending")


# M9: the last card


@pytest.mark.parametrize("last", ["KH", "9H", "7H", "AH", "QH", "JH", "JH-no-suit"])
def test_the_last_card_ends_the_hand_at_once_without_its_effect(last: str) -> None:
    """M9: "the hand ends at once; its effect is not applied": the 9 makes nobody draw, the
    7 asks nothing of seat 2, the ace, queen and jack turn nothing; a jack as the last card
    needs no suit. The points are the same whatever the last card."""
    history = after(dealt(go_out_deal(last[:2]), top=GO_OUT_TOP), *go_out_play(last)[:-1])
    command = go_out_play(last)[-1]
    assert isinstance(command, DiscardCard)
    events = decide(command, fold(history))
    first = events[0]
    assert isinstance(first, CardDiscarded)
    assert (first.seat, first.card, first.suit) == (1, last[:2], command.suit)
    assert [type(e) for e in events] == [CardDiscarded, HandEnded, MatchFinished]
    hand_end = ended(events)
    assert hand_end.scores == GO_OUT_POINTS
    assert hand_end.details is not None
    assert hand_end.details["drawn"] == [4, 0, 4, 4]  # the 9 drew nobody a card
    assert hand_end.details["cards_left"] == [9, 0, 9, 9]
    state = fold(events, fold(history))
    assert state.hand is None
    given(*history, *events).when(draw(0)).raises("match-finished")


def test_a_last_seven_asks_for_no_chain() -> None:
    """M9: "its effect is not applied": a 7 as the last card is no chain of 2 in the hand's
    details (the longest chain of 7s stays 0)."""
    history = after(dealt(go_out_deal("7H"), top=GO_OUT_TOP), *go_out_play("7H"))
    details = ended(history).details
    assert details is not None
    assert details["longest_chain"] == 0


# M3 and M11: points and places


def test_each_card_is_worth_its_number_the_ace_one_the_jack_thirty_queen_and_king_ten() -> None:
    """M3: "[D] 1 point (igual ao seu número)" for the ace; [S] "igual ao seu número, as
    exceções são o valete que vale 30 pontos, a dama e o rei que valem 10 pontos"."""
    expected = {"A": 1, "J": 30, "Q": 10, "K": 10, **{str(n): n for n in range(2, 11)}}
    for suit in "CDHS":
        for rank, points in expected.items():
            assert card_points(rank + suit) == points
    assert sum(card_points(card) for card in DECK_104) == 2 * 4 * (1 + 54 + 30 + 10 + 10)


def test_the_hand_ends_with_each_other_seat_counting_its_cards() -> None:
    """M3 and [S] the others "somam os pontos das cartas que possuem": seat 1 goes out; seat
    0 holds AC JC QC KC 10C 4D 5D 6D 7D (61 + 22), seat 2 2C 3C JD QD AD 2D 2D 3D 3D (46 +
    10), seat 3 2S 3S 9S KS AS QS KS 10S AS (25 + 31)."""
    history = after(dealt(go_out_deal(), top=GO_OUT_TOP), *go_out_play())
    hand_end = ended(history)
    assert (hand_end.outcome, hand_end.winner, hand_end.by_seat) == ("batida", "1", 1)
    assert hand_end.scores == {"0": 83, "1": 0, "2": 56, "3": 56}
    assert hand_end.details is not None
    assert hand_end.details["points"] == [83, 0, 56, 56]
    assert hand_end.details["never_drew"] is True
    assert (hand_end.dealer, hand_end.opener) == (3, 0)


def test_one_hand_is_the_game_and_places_go_by_points_shared_when_equal() -> None:
    """M11: "[S] one hand"; "[D] places by points ascending, the winner first with 0; equal
    points share a place": seats 2 and 3 share the second."""
    history = after(dealt(go_out_deal(), top=GO_OUT_TOP), *go_out_play())
    game_end = finished(history)
    assert game_end.places == [["1"], ["2", "3"], ["0"]]
    assert game_end.winner == "1"
    state = fold(history)
    assert (state.status, state.score) == ("finished", GO_OUT_POINTS)


def test_a_hand_by_its_result_gives_each_seats_points() -> None:
    """M11, M12 (docs): `{"winner": 1, "points": [...]}`; places fewest first, shared."""
    history = after([mau_mau()], RecordMauMauResult(at=AT, winner=1, points=[12, 0, 30, 12]))
    hand_end = ended(history)
    assert (hand_end.outcome, hand_end.winner, hand_end.by_seat) == ("batida", "1", 1)
    assert hand_end.scores == {"0": 12, "1": 0, "2": 30, "3": 12}
    assert hand_end.recorded_as == "result"
    game_end = finished(history)
    assert (game_end.places, game_end.winner) == ([["1"], ["0", "3"], ["2"]], "1")


def test_a_hand_by_its_result_counts_the_cards_each_seat_held() -> None:
    """M3 on a result: JH 3C = 33, KD = 10, 9S 9S AC = 19, the winner none."""
    cards_left = [["JH", "3C"], ["KD"], [], ["9S", "9S", "AC"]]
    history = after([mau_mau()], RecordMauMauResult(at=AT, winner=2, cards_left=cards_left))
    hand_end = ended(history)
    assert hand_end.scores == {"0": 33, "1": 10, "2": 0, "3": 19}
    assert hand_end.details == {"points": [33, 10, 0, 19], "cards_left": [2, 1, 0, 3]}
    assert finished(history).places == [["2"], ["1"], ["3"], ["0"]]


def test_a_series_plays_to_a_higher_target() -> None:
    """M11: "Optional override: a series to a points target": the game ends after the
    hand that brings a seat to 100; places by the totals, fewest first."""
    hand = RecordMauMauResult(at=AT, winner=1, points=[30, 0, 20, 10])
    three = after([mau_mau(target=100)], hand, hand, hand)
    state = fold(three)
    assert (state.status, state.score) == ("in_progress", {"0": 90, "1": 0, "2": 60, "3": 30})
    assert not [e for e in three if isinstance(e, MatchFinished)]
    four = after(three, RecordMauMauResult(at=AT, winner=3, points=[10, 5, 20, 0]))
    game_end = finished(four)
    assert game_end.score == {"0": 100, "1": 5, "2": 80, "3": 30}
    assert (game_end.places, game_end.winner) == ([["1"], ["3"], ["2"], ["0"]], "1")
    given(*four).when(hand).raises("match-finished")


@pytest.mark.parametrize(
    "result",
    [
        {"points": [12, 0, 30]},  # three seats at a table of four
        {"points": [12, 0, 30, 12, 1]},
        {"points": [12, 3, 30, 12]},  # the winner holds nothing
        {"points": [12, 0, 0, 12]},  # seat 2 holds a card: at least an ace's 1
        {"points": [12, 0, -1, 12]},
        {"points": [800, 0, 30, 12]},  # 842 > 840, every card of the two decks
        {},  # neither points nor cards
        {"points": [12, 0, 30, 12], "cards_left": [["2C"], [], ["2D"], ["2S"]]},
        {"cards_left": [["2C"], ["AH"], ["2D"], ["2S"]]},  # the winner holds a card
        {"cards_left": [["2C"], [], [], ["2S"]]},  # seat 2 went out too
        {"cards_left": [["2C", "2C"], [], ["2C"], ["2S"]]},  # three 2C
        {"cards_left": [["2C"], [], ["2D"]]},
    ],
)
def test_a_result_that_cannot_happen_is_refused(result: dict[str, Any]) -> None:
    """M12 (docs): refused (`invalid-result`): points for the winner, none for a seat with
    cards, a card more often than the two decks hold it, more points than the two decks
    hold (840)."""
    command = RecordMauMauResult(at=AT, winner=1, **result)
    given(mau_mau()).when(command).raises("invalid-result")


def test_no_result_while_a_hand_is_being_played() -> None:
    """M11: a result records a whole hand, not one being played."""
    command = RecordMauMauResult(at=AT, winner=1, points=[12, 0, 30, 12])
    given(*dealt(FOLLOW)).when(command).raises("hand-in-progress")


# M10, M13: the reshuffle and the blocked table


def test_a_known_stock_running_short_takes_the_pile_but_its_top_shuffled() -> None:
    """M10: "the discard pile except its top is shuffled into a new stock (the order is a
    command input)"; M13: with a posted stock, the service's order (`restock`) goes under
    what is left; the draw then takes the old stock's cards first."""
    history = after(drained(known=True), accuse(0))
    owing = given(*history)
    owing.when(draw(0)).raises("invalid-draw")  # the stock holds 3, the penalty is 5
    owing.when(draw(0, restock=["5H", "6H"])).raises("invalid-draw")  # 6H is the top
    owing.when(draw(0, restock=["5H"])).raises("invalid-draw")
    owing.when(draw(0, restock=["5H", "4H", "4H"])).raises("invalid-draw")
    left = DRAIN_STOCK[80:]
    assert len(left) == 3
    owing.when(draw(0, restock=["5H", "4H"])).then(
        StockRestocked(at=AT, stock=(*left, "5H", "4H"), stock_count=5),
        drawn(0, *left, "5H", "4H", reason="penalty"),
    )
    hand = mau(after(history, draw(0, restock=["5H", "4H"])))
    assert (hand.stock, hand.stock_count, hand.pile) == ((), 0, ("6H",))


def test_an_unknown_stock_running_short_is_restocked_by_its_count() -> None:
    """M10, M13: "when the scorekeeper posted no stock, each draw names its cards as
    before": the new stock's order is unknown, its count is 3 + 2; the 4H and 5H under the
    top may now be named, the 6H on top may not."""
    history = after(drained(known=False), accuse(0))
    left = unseen(history)
    assert len(left) == 3
    assert "6H" not in left
    owing = given(*history)
    refused = owing.when(draw(0, *left, "4H", "6H")).raises("card-not-in-stock")
    assert isinstance(refused, TellsTheTable)
    owing.when(draw(0, *left, "4H", "5H")).then(
        StockRestocked(at=AT, stock=None, stock_count=5),
        drawn(0, *left, "4H", "5H", reason="penalty"),
    )


def test_both_spent_a_full_round_of_passes_ends_the_hand_as_it_stands() -> None:
    """M10: "Both empty: a seat that cannot play passes; a full round of passes ends the
    hand, scored as it stands" (`bloqueio`): seat 1 holds KS QS JS 10S (60), seat 2 2D 3D
    AD KD (16), seat 3 2S 3S AS 9D 8D (23), seat 0 every other card but the 6H on the pile
    (840 - 6 - 60 - 16 - 23 = 735); seat 2 holds the fewest."""
    history = after(drained(known=True), accuse(0), draw(0, restock=["5H", "4H"]))
    hand = mau(history)
    assert (hand.stock_count, hand.pile, hand.turn, len(hand.hands[0])) == (0, ("6H",), 3, 90)
    given(*history).when(draw(3)).raises("stock-empty")
    given(*history).when(pass_turn(3)).then(TurnPassed(at=AT, seat=3))  # no draw first
    three = after(history, pass_turn(3), pass_turn(0), pass_turn(1))
    assert fold(three).hand is not None
    events = decide(pass_turn(2), fold(three))
    assert events[0] == TurnPassed(at=AT, seat=2)
    hand_end = ended(events)
    assert (hand_end.outcome, hand_end.winner, hand_end.by_seat) == ("bloqueio", "2", None)
    assert hand_end.scores == {"0": 735, "1": 60, "2": 16, "3": 23}
    assert finished(events).places == [["2"], ["3"], ["1"], ["0"]]


def test_a_blocked_hand_comes_back_the_same_by_its_result() -> None:
    """M10 by its result: the blocked table above, recorded as `{"blocked": true, "points":
    [...]}` in a game of its own, ends the same (`bloqueio`, seat 2 with the fewest, nobody
    out) and scores the same; its result body is that one."""
    history = after(drained(known=True), accuse(0), draw(0, restock=["5H", "4H"]))
    history = after(history, pass_turn(3), pass_turn(0), pass_turn(1), pass_turn(2))
    played = fold(history)
    body = result_body(played.hands[-1])
    points = [735, 60, 16, 23]
    assert body == {"blocked": True, "points": points}
    recorded = after([mau_mau()], RecordMauMauResult(at=AT, blocked=True, points=points))
    hand_end = ended(recorded)
    assert (hand_end.outcome, hand_end.winner, hand_end.by_seat) == ("bloqueio", "2", None)
    assert hand_end.scores == ended(history).scores
    assert finished(recorded).places == finished(history).places


def test_a_blocked_hand_by_its_cards_and_a_tie_that_wins_it_for_nobody() -> None:
    """M10: "a tie wins it for nobody": seats 1 and 3 hold 10 points each, the fewest."""
    cards_left = [["KH", "3C"], ["KD"], ["9S", "9S", "AC"], ["QC"]]
    history = after(
        [mau_mau(target=100)], RecordMauMauResult(at=AT, blocked=True, cards_left=cards_left)
    )
    hand_end = ended(history)
    assert (hand_end.outcome, hand_end.winner, hand_end.by_seat) == ("bloqueio", None, None)
    assert hand_end.scores == {"0": 13, "1": 10, "2": 19, "3": 10}
    assert hand_end.details == {"points": [13, 10, 19, 10], "cards_left": [2, 1, 3, 1]}
    assert fold(history).status == "in_progress"


@pytest.mark.parametrize(
    "result",
    [
        {"blocked": True, "winner": 1, "points": [12, 0, 30, 12]},  # both
        {"points": [12, 0, 30, 12]},  # neither a winner nor blocked
        {"blocked": True, "points": [12, 0, 30, 12]},  # seat 1 holds nothing: it went out
        {"blocked": True, "cards_left": [["2C"], [], ["2D"], ["2S"]]},
        {"blocked": True},
    ],
)
def test_a_blocked_result_that_cannot_happen_is_refused(result: dict[str, Any]) -> None:
    """M10 by its result: nobody went out, so every seat holds a card and has points; a
    result names the seat that went out or says it was blocked, not both."""
    given(mau_mau()).when(RecordMauMauResult(at=AT, **result)).raises("invalid-result")


def test_with_both_spent_a_penalty_takes_what_there_is() -> None:
    """S2 (docs): "With both spent, a draw takes what there is (a penalty may take
    none)"."""
    history = after(drained(known=True), accuse(0), draw(0, restock=["5H", "4H"]), accuse(1))
    given(*history).when(draw(1)).then(drawn(1, reason="penalty"))
    assert mau(after(history, draw(1))).owed == (0, 0, 0, 0)


# M12: draws named without a stock


def test_without_a_stock_a_draw_names_its_cards() -> None:
    """M12: "without a posted stock the drawn card is named "card", several drawn at once
    "cards""; a draw naming none, or too many, is refused (`invalid-draw`)."""
    history = given(*dealt(FOLLOW))
    history.when(draw(1)).raises("invalid-draw")
    history.when(draw(1, "2H", "3H")).raises("invalid-draw")
    history.when(draw(1, "ZZ")).raises("invalid-card")
    history.when(draw(1, "2H")).then(drawn(1, "2H"))
    hand = mau(after(history.events, draw(1, "2H")))
    assert (hand.stock, hand.stock_count) == (None, 82)


def test_a_named_card_must_be_one_not_seen() -> None:
    """0.2: named cards are "checked to be cards not yet seen anywhere": the 4H (one copy
    the starter) and the 4S (one in seat 1's hand) may come once more; the 2C (seats 0 and
    1 hold one each) may not, nor two KC while seat 3 holds one. The refusal depends on
    every hand: a TellsTheTable."""
    history = given(*dealt(FOLLOW))
    history.when(draw(1, "4H")).then(drawn(1, "4H"))  # one copy is the starter
    history.when(draw(1, "4S")).then(drawn(1, "4S"))  # one copy is in seat 1's hand
    refused = history.when(draw(1, "2C")).raises("card-not-in-stock")
    assert isinstance(refused, TellsTheTable)
    seven = given(*dealt(STARTERS, "7H"))
    seven.when(draw(1, "KC", "KC")).raises("card-not-in-stock")  # seat 3 holds one
    seven.when(draw(1, "KH", "KH")).then(drawn(1, "KH", "KH", reason="seven"))


def test_a_known_stock_refuses_named_cards() -> None:
    """0.2: with the stock posted "a draw names no card and the server knows it"."""
    given(*dealt(TURN, top=TURN_TOP)).when(draw(1, "2C")).raises("invalid-draw")


# Undo


def test_undo_takes_back_a_discard_and_names_its_card() -> None:
    """Undo (docs M19): a discard, naming its card; the hand is as it was."""
    start = dealt(FOLLOW)
    history = after(start, play(1, "4S"))
    given(*history).when(UNDO).then(MoveUndone(at=AT, seat=1, move="card_discarded", card="4S"))
    undone = after(history, UNDO)
    assert mau(undone) == mau(start)
    assert (mau(undone).turn, mau(undone).pile, mau(undone).hands[1][0]) == (1, ("4H",), "4S")


def test_a_draw_from_a_known_stock_is_not_taken_back_but_a_named_one_is() -> None:
    """Undo (docs M19): a card drawn from a known stock is not put back, since the card back
    on top would show the stock's next card to whoever undid it (`nothing-to-undo`); a
    draw named from a stock not posted, a scorekeeper's typing, is taken back, naming no
    card."""
    known = after(dealt(TURN, top=TURN_TOP), draw(1))
    given(*known).when(UNDO).raises("nothing-to-undo")
    start = dealt(FOLLOW)
    history = after(start, draw(1, "2H"))
    given(*history).when(UNDO).then(MoveUndone(at=AT, seat=1, move="cards_drawn", card=None))
    hand = mau(after(history, UNDO))
    assert hand == mau(start)
    assert (hand.stock, hand.stock_count, hand.drew) == (None, 83, False)


def test_a_draw_that_made_a_new_stock_is_not_taken_back() -> None:
    """Undo (docs M19): a draw from a known stock that shuffled the pile into a new one is
    not taken back either: it too would show the stock's order."""
    owing = after(drained(known=True), accuse(0))
    history = after(owing, draw(0, restock=["5H", "4H"]))
    given(*history).when(UNDO).raises("nothing-to-undo")


def test_nothing_to_undo_right_after_the_deal() -> None:
    """Undo: the deal itself is no move; a hand ended is corrected by annulling it."""
    given(*dealt(FOLLOW)).when(UNDO).raises("nothing-to-undo")
    history = after(dealt(go_out_deal(), top=GO_OUT_TOP, target=100), *go_out_play())
    given(*history).when(UNDO).raises("nothing-to-undo")


# Secrets (3.4)


def test_the_deal_keeps_each_hand_and_the_stock_secret() -> None:
    """3.4: "Own hand" and "the stock": hidden; section 0.4: the stock order in a deal is a
    secret; each hand is its seat's, the stock nobody's."""
    stock = rest_of_deck(TURN, "4H", TURN_TOP)
    (known,) = decide(dealing(TURN, top=TURN_TOP), fold([mau_mau()]))
    assert known.secrets() == (
        *(Secret(f"hands.{seat}", cards, seat) for seat, cards in enumerate(TURN)),
        Secret("stock", stock, None),
    )
    (unknown,) = decide(dealing(TURN), fold([mau_mau()]))
    assert unknown.secrets() == tuple(
        Secret(f"hands.{seat}", cards, seat) for seat, cards in enumerate(TURN)
    )
    assert {"stock_dealt", "cards_drawn", "stock_restocked"} <= SECRET_TYPES


def test_a_card_drawn_from_the_stock_is_the_drawing_seats_secret() -> None:
    """3.4: "every drawn card (penalties included): hidden (the count of cards drawn is
    public)"."""
    (event,) = decide(draw(1), fold(dealt(TURN, top=TURN_TOP)))
    assert isinstance(event, CardsDrawn)
    assert event.count == 1
    assert event.secrets() == (Secret("cards", ["2C"], 1),)
    (penalty,) = decide(draw(3, "2H"), fold(dealt(STARTERS, "9H")))
    assert penalty.secrets() == (Secret("cards", ["2H"], 3),)


def test_a_new_stock_is_nobodys_secret_and_a_discard_is_public() -> None:
    """M13: "the server shuffles (its order is a committed secret)"; without a posted stock
    a reshuffle shows only a count; the pile is public."""
    restocked = StockRestocked(at=AT, stock=("2C", "3C"), stock_count=2)
    assert restocked.secrets() == (Secret("stock", ["2C", "3C"], None),)
    assert StockRestocked(at=AT, stock=None, stock_count=2).secrets() == ()
    assert discarded(1, "4S").secrets() == ()
    assert "card_discarded" not in SECRET_TYPES

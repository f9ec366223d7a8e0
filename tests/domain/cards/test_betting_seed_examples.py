"""The seed's three all-in examples, by name (card-rules.md P6), through the pots alone and
through whole poker fechado hands; and where the seed's formula ("o valor que ele depositou
multiplicado pelo número de jogadores que terminaram a partida") and the layered rule part,
with dead money (P6), and the odd chips (P7).

"Continuam na mesa os Jogadores A, B e C. A aposta 100, B aposta 100, C aposta 50, pois é
tudo que tem. C está em "all in". C vence a partida, mas leva 150 (50 X 3) ... Se B tiver o
segundo melhor jogo, fica com o resto (100). Se B e A empatarem, cada um fica com 50,
repartindo o resto. Um outro caso seria se C e B empatam e A perde. Neste caso C recebe 75
(50 X 3/2) e B fica com o resto, ou seja 175."

Seats: A = 0, B = 1, C = 2."""

from __future__ import annotations

from datetime import UTC, datetime

from domain import HandEnded, decide, evolve
from domain.cards.betting.commands import Bet, DealBetting, SwapCards
from domain.cards.betting.events import ShowdownHeld
from domain.cards.betting.pots import Pot, best_of, pots, shares
from domain.match.commands import CreateMatch
from domain.match.state import INITIAL, Match

AT = datetime(2026, 11, 24, 20, 0, tzinfo=UTC)
A, B, C = 0, 1, 2
PUT = [100, 100, 50]


def won_by(order: dict[int, int]) -> list[int]:
    """What each seat takes when the hands rank as `order` says (a higher number wins)."""
    ranks = {seat: (strength,) for seat, strength in order.items()}
    won, _ = shares(pots(PUT, frozenset()), best_of(ranks), dealer=C, seats=3)
    return won


def test_the_pots_of_the_seeds_example_are_a_main_pot_and_a_side_pot() -> None:
    assert pots(PUT, frozenset()) == [Pot(150, (A, B, C)), Pot(100, (A, B))]


def test_seed_example_1_c_wins_150_and_b_second_takes_the_100_left() -> None:
    assert won_by({C: 3, B: 2, A: 1}) == [0, 100, 150]


def test_seed_example_2_c_wins_and_a_and_b_tie_for_the_rest_50_each() -> None:
    assert won_by({C: 3, B: 2, A: 2}) == [50, 50, 150]


def test_seed_example_3_c_and_b_tie_c_takes_75_and_b_175() -> None:
    assert won_by({C: 3, B: 3, A: 1}) == [0, 175, 75]


def test_with_dead_money_the_layered_pots_are_not_the_seeds_formula() -> None:
    """P6: D folded after putting 40 in. The seed's formula would give C, all in for 50 and
    winning, 50 x 3 players who finished = 150; the layered rule gives it every chip up to
    its 50 from each seat, D's 40 included: 190."""
    put = [100, 100, 50, 40]
    layers = pots(put, frozenset({3}))
    ranks = {A: (1,), B: (2,), C: (3,)}
    won, _ = shares(layers, best_of(ranks), dealer=3, seats=4)
    assert layers == [Pot(190, (A, B, C)), Pot(100, (A, B))]
    assert won == [0, 100, 190, 0]
    assert sum(won) == sum(put)


def test_odd_chips_go_one_each_from_the_seat_after_the_dealer_pot_by_pot() -> None:
    """P7: each pot split on its own (101 and 51, seats 0 and 2 tying): with the dealer at
    seat 1 each odd chip goes to seat 2, the first after the dealer; with the dealer at
    seat 2, to seat 0."""
    ranks = {0: (5,), 1: (1,), 2: (5,)}
    layered = [Pot(101, (0, 1, 2)), Pot(51, (0, 2))]
    assert shares(layered, best_of(ranks), dealer=1, seats=3)[0] == [50 + 25, 0, 51 + 26]
    assert shares(layered, best_of(ranks), dealer=2, seats=3)[0] == [51 + 26, 0, 50 + 25]


def _session() -> Match:
    state = INITIAL
    create = CreateMatch(
        at=AT, preset="poker", seats=["a", "b", "c"], actor="x", overrides={"pingo": 0}
    )
    for event in decide(create, state):
        state = evolve(state, event)
    return state


ROYAL = ["AH", "KH", "QH", "JH", "10H"]
TRIPS = ["9C", "9D", "9S", "7C", "8D"]
NOTHING = ["AC", "QD", "JS", "9H", "7S"]


def test_the_seeds_first_example_played_as_a_hand() -> None:
    """C holds the best hand and B the second: C takes 150, B 100; chips conserved."""
    state = _session()
    deal = DealBetting(at=AT, hands=[NOTHING, TRIPS, ROYAL], dealer=C, stacks=[100, 100, 50])
    moves = [
        deal,
        Bet(at=AT, seat=A, action="bet_to", to=100),
        Bet(at=AT, seat=B, action="cover"),
        Bet(at=AT, seat=C, action="all_in"),
        SwapCards(at=AT, seat=A, thrown=[]),
        SwapCards(at=AT, seat=B, thrown=[]),
        SwapCards(at=AT, seat=C, thrown=[]),  # every seat all in: the showdown follows
    ]
    events = []
    for command in moves:
        for event in decide(command, state):
            state = evolve(state, event)
            events.append(event)
    (showdown,) = [e for e in events if isinstance(e, ShowdownHeld)]
    (ended,) = [e for e in events if isinstance(e, HandEnded)]
    assert [(p.amount, p.winners) for p in showdown.pots] == [(150, (C,)), (100, (B,))]
    assert ended.scores == {"0": -100, "1": 0, "2": 100}
    assert ended.details is not None
    assert ended.details["stacks"] == [0, 100, 150]
    assert sum(ended.details["stacks"]) == 250

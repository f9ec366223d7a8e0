"""The betting games' counters and achievements (R11) read a hand's pots, not its refunds:
a bet nobody called goes back to its seat (P6) and is no pot taken."""

from __future__ import annotations

from domain import decide, evolve
from domain.cards.betting.commands import DealBetting
from domain.match.events import HandEnded
from domain.match.state import Match
from projections.facts import GameFacts, _hand
from projections.games.betting import _counters, _showed
from tests.domain.cards.test_betting_rules import AT, bet, table

SIDES = ("0", "1")


def ended_by(state: Match, *commands: object) -> HandEnded:
    events = []
    for command in commands:
        new = decide(command, state)  # type: ignore[arg-type]
        events += new
        for event in new:
            state = evolve(state, event)
    (ended,) = [e for e in events if isinstance(e, HandEnded)]
    return ended


def facts_of(ended: HandEnded) -> GameFacts:
    return GameFacts(
        match_id="m",
        competition_id=None,
        preset="texas-holdem",
        game="texas-holdem",
        by_kind=False,
        target=1,
        seats=SIDES,
        created_at=AT,
        hands=[_hand(ended)],
        partnerships=False,
    )


def quads_lose_to_a_straight_flush() -> HandEnded:
    """Heads-up: seat 0 (1000 chips, 9C 9D) raises to 300; seat 1 (100 chips, KH QH) calls
    all in; the board 9H 9S JH 10H 2C gives four nines against a straight flush."""
    state = table("texas-holdem", 2, big_blind=20)
    deal = DealBetting(
        at=AT,
        hands=[["9C", "9D"], ["KH", "QH"]],
        dealer=0,
        stacks=[1000, 100],
        stock=["9H", "9S", "JH", "10H", "2C"],
    )
    return ended_by(evolve_all(state, deal), bet(0, "bet_to", 300), bet(1, "cover"))


def evolve_all(state: Match, command: object) -> Match:
    for event in decide(command, state):  # type: ignore[arg-type]
        state = evolve(state, event)
    return state


def test_four_of_a_kind_that_lost_the_pot_earns_no_pot_won_with_it() -> None:
    """Seat 0 only took back the 200 of its raise seat 1 could not call (a review found it
    given the achievement and a biggest pot of 200, 2026-11-29)."""
    ended = quads_lose_to_a_straight_flush()
    assert ended.scores == {"0": -100, "1": 100}
    hand = _hand(ended)
    assert not _showed("four-of-a-kind")(hand, "0")
    counts = _counters(facts_of(ended))
    assert counts["0"]["biggest_pot"] == 0
    assert counts["1"]["biggest_pot"] == 200


def test_a_pot_won_by_folds_counts_the_chips_called_not_the_bet_returned() -> None:
    """Seat 0, the small blind, calls the big blind's 20; seat 1 raises to 300 and seat 0
    folds: the pot taken is the 40 both put in; the 280 nobody called went back."""
    state = table("texas-holdem", 2, big_blind=20)
    deal = DealBetting(at=AT, hands=[["2C", "7D"], ["AS", "AH"]], dealer=0, stacks=[1000, 1000])
    ended = ended_by(
        evolve_all(state, deal), bet(0, "cover"), bet(1, "bet_to", 300), bet(0, "fold")
    )
    counts = _counters(facts_of(ended))
    assert counts["1"]["biggest_pot"] == 40
    assert counts["1"]["won_without_showdown"] == 1

"""P18, a hand recorded by its result, against the same hand played move by move: the body
the service writes of a finished hand (`result_body`, the súmula's and the export's) is
always accepted back, and recorded by its result in a twin session it gives the same hand
score, the same totals and the same end of game. A chopped pot moves no chip: every net 0.
"""

from __future__ import annotations

import json
import random
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain import INITIAL, Event, HandEnded, Match, decide, evolve, game_of
from domain.cards.betting.commands import Bet, DealBetting, RecordNet
from domain.cards.betting.results import result_body
from domain.cards.betting.session import stacks_now
from domain.errors import DomainError
from domain.match.guards import rules_of
from domain.match.state import HandResult
from tests.domain.builders import AT
from tests.domain.cards.betting_play import GAMES, created, fold_in, random_session

ROYAL_BOARD = ["AS", "KS", "QS", "JS", "10S"]
"""A board that plays: every seat still in at the showdown ties with it."""


def play(state: Match, *commands: Any) -> Match:
    for command in commands:
        state = fold_in(state, decide(command, state))
    return state


def by_result(state: Match, body: dict[str, object]) -> Match:
    """The body posted to `/results`, as the service reads it: into the game's own body."""
    bodies = game_of(rules_of(state)).bodies
    assert bodies is not None
    return play(state, bodies.recorded(msgspec.convert(body, bodies.result), AT))


def same_hand(twin: HandResult, played: HandResult) -> None:
    assert twin.recorded_as == "result"
    assert dict(twin.scores) == dict(played.scores)
    assert (twin.winner, twin.points) == (played.winner, played.points)
    assert twin.gains() == played.gains()


def same_session(twin: Match, played: Match) -> None:
    assert twin.score == played.score
    assert stacks_now(twin) == stacks_now(played)
    assert (twin.status, twin.winner, twin.places) == (played.status, played.winner, played.places)


def test_p18_a_chopped_pot_played_move_by_move_comes_back_by_its_result() -> None:
    # given heads-up Hold'em whose board makes a royal flush: both seats play the board
    state = created("texas-holdem", 2, {"big_blind": 10})
    twin = state
    deal = DealBetting(
        at=AT, hands=[["2H", "3D"], ["4C", "5D"]], dealer=0, stacks=[300, 200], stock=ROYAL_BOARD
    )
    state = play(state, deal, Bet(at=AT, seat=0, action="cover"))
    state = play(state, Bet(at=AT, seat=1, action="bet_to", to=50))
    state = play(state, Bet(at=AT, seat=0, action="cover"))
    for _ in range(3):
        state = play(state, Bet(at=AT, seat=1, action="check"), Bet(at=AT, seat=0, action="check"))
    # when the pot is split at the showdown
    (played,) = state.hands
    assert dict(played.scores) == {"0": 0, "1": 0}
    body = result_body(played)
    assert body == {"net": {"0": 0, "1": 0}, "stacks": [300, 200]}
    # then its result body, posted to a twin session, is the same hand
    twin = by_result(twin, body)
    (recorded,) = twin.hands
    same_hand(recorded, played)
    same_session(twin, state)
    assert json.loads(recorded.details or "{}")["stacks"] == [300, 200]


def test_p18_the_seats_a_result_names_are_the_seats_dealt_in() -> None:
    state = created("poker", 3)
    assert refused(state, RecordNet(at=AT, net={})) == "invalid-result"
    assert refused(state, RecordNet(at=AT, net={"1": 0})) == "invalid-result"
    state = play(state, RecordNet(at=AT, net={"0": 0, "2": 0}, stacks=[100, 100, 100]))
    (chopped,) = state.hands
    assert dict(chopped.scores) == {"0": 0, "2": 0}
    assert chopped.winner is None
    assert json.loads(chopped.details or "{}")["dealt"] == [0, 2]  # seat 1 sat it out


def test_p18_a_result_body_gives_a_top_up_back() -> None:
    state = created("texas-holdem", 2)
    twin = state
    state = play(state, RecordNet(at=AT, net={"0": 50, "1": -50}, stacks=[100, 100]))
    state = play(state, RecordNet(at=AT, net={"0": -20, "1": 20}, stacks=[150, 300]))
    for played in state.hands:
        twin = by_result(twin, result_body(played) or {})
    assert result_body(state.hands[1]) == {"net": {"0": -20, "1": 20}, "stacks": [150, 300]}
    same_session(twin, state)


def refused(state: Match, command: Any) -> str:
    with pytest.raises(DomainError) as caught:
        decide(command, state)
    return caught.value.code


def twin_of(events: list[Event]) -> Match:
    """The session as created, before its first hand."""
    state = INITIAL
    for event in events:
        state = evolve(state, event)
        if state.status != "new":
            return state
    raise AssertionError("no session created")


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    game=st.sampled_from(GAMES),
    seats=st.integers(min_value=2, max_value=8),
    known=st.booleans(),
)
def test_p18_every_hand_played_comes_back_the_same_by_its_result(
    seed: int, game: str, seats: int, known: bool
) -> None:
    """Random legal sessions of both games: each finished hand's result body, recorded by
    its result in a twin session, gives the same hand score, the same totals (and stacks)
    and the same end of game."""
    events, _ = random_session(random.Random(seed), game, seats, hands=8, known=known)
    played = INITIAL
    twin = twin_of(events)
    for event in events:
        played = evolve(played, event)
        if not isinstance(event, HandEnded):
            continue
        hand = played.hands[-1]
        body = result_body(hand)
        assert body is not None
        twin = by_result(twin, body)
        same_hand(twin.hands[-1], hand)
        assert twin.score == played.score
        assert stacks_now(twin) == stacks_now(played)
    same_session(twin, played)
    assert len(twin.hands) == len(played.hands)

"""Issue 29's property, for every registered game: a hand played move by move comes back the
same when recorded by its result. Random legal games (tests/domain/round_trip_play.py); after
each finished hand, the body its súmula exports (`Game.result_body`), read as the game reads
a posted result (its own body where it has one, else the shared request) and decided on a
twin game, is accepted and gives the same hand score, the same totals, and in the end the
same status, winner and places. A result body the service writes is always accepted back.
(The Buraco family and the betting games have their own, longer properties beside this one:
tests/domain/cards/test_buraco_results.py, test_betting_results.py.)"""

from __future__ import annotations

import json
from collections import Counter

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain import GAMES, Match, decide, game_of
from domain.match.commands import Command
from domain.match.game import Game
from domain.match.state import HandResult
from tests.domain.builders import AT
from tests.domain.round_trip_play import Played, fold_in, random_game

NAMES = [game.name for game in GAMES]


def game_of_state(state: Match) -> Game:
    assert state.rules is not None
    return game_of(state.rules)


def recorded(game: Game, body: dict[str, object]) -> Command:
    """The body posted to `/results`, read as the service reads it: sent as JSON, decoded
    strictly into the game's own result body, then its command."""
    raw = msgspec.json.encode(body)
    own = msgspec.json.decode(raw, type=game.bodies.result, strict=True)
    return game.bodies.recorded(own, AT)


def ending(hand: HandResult) -> str:
    """The kind of ending a hand met, as the coverage check counts them."""
    return f"{hand.outcome}/{hand.kind}" if hand.kind else hand.outcome


def facts(hand: HandResult) -> set[str]:
    """What else of a hand the coverage check looks for: its ending, and in its details
    an Espadas nil won or lost and bags paid, a Copas moon, a betting hand's chopped pot."""
    met = {ending(hand)}
    details = json.loads(hand.details or "{}")
    nils = details.get("nils", {}).values()
    met |= {"nil won"} if any(n > 0 for n in nils) else set()
    met |= {"nil lost"} if any(n < 0 for n in nils) else set()
    met |= {"bags paid"} if any(details.get("penalties", {}).values()) else set()
    met |= {"moon"} if details.get("moon") is not None else set()
    chopped = hand.outcome == "showdown" and not any(p for _, p in hand.scores)
    met |= {"chopped"} if chopped else set()
    return met


def same_hands(played: Played) -> Match:
    """Each hand of the played game recorded by its result body in a twin game: accepted,
    the same hand score after each, the same totals, and the same end of game."""
    game = game_of_state(played.state)
    twin = played.created
    totals = dict(played.created.score)
    for hand in played.state.hands:
        body = game.result_body(hand)
        assert body is not None, f"no result body for a {ending(hand)} hand"
        twin = fold_in(twin, decide(recorded(game, body), twin))
        again = twin.hands[-1]
        assert again.recorded_as == "result"
        assert (again.winner, again.points, again.gains()) == (
            hand.winner,
            hand.points,
            hand.gains(),
        ), body
        if game.family != "betting":  # a hand by its net chips tells no showdown (R12)
            assert (again.outcome, again.kind, again.raises) == (
                hand.outcome,
                hand.kind,
                hand.raises,
            ), body
        for side, points in hand.gains().items():
            totals[side] += points
        assert twin.score == totals == played_score(played, hand.number)
    assert len(twin.hands) == len(played.state.hands)
    end = played.state
    assert (twin.status, twin.winner, twin.places) == (end.status, end.winner, end.places)
    return twin


def played_score(played: Played, number: int) -> dict[str, int]:
    """The score of the played game once its hand `number` was counted."""
    totals = dict(played.created.score)
    for hand in played.state.hands[:number]:
        for side, points in hand.gains().items():
            totals[side] += points
    return totals


EXAMPLES = {
    "dominoes": 100,
    "sueca": 80,
    "truco": 150,
    "espadas": 30,
    "copas": 40,
    "mau-mau": 60,
    "buraco": 10,
    "mega-buraco": 10,
    "tranca": 10,
    "cacheta": 12,
    "texas-holdem": 100,
    "poker": 100,
}
"""Examples per game, as many as its games allow in a few seconds (the Buraco family and the
betting games have longer properties of their own)."""
HANDS = {"cacheta": 4}
"""A game cut short after so many hands: Cacheta's rounds mostly run the stock out."""


@pytest.mark.parametrize("name", NAMES)
def test_every_hand_played_move_by_move_comes_back_the_same_by_its_result(name: str) -> None:
    @settings(
        max_examples=EXAMPLES[name],
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
        database=None,
    )
    @given(seed=st.integers(0, 2**32 - 1), known=st.booleans())
    def round_trip(seed: int, known: bool) -> None:
        played = random_game(name, seed, hands=HANDS.get(name, 99), known=known)
        assert played.state.hands, "a game of at least one hand"
        same_hands(played)

    round_trip()


ENDINGS = {
    "dominoes": {
        "batida/simples",
        "batida/carroca",
        "batida/la-e-lo",
        "batida/cruzada",
        "bloqueio",
        "empate",
    },
    "sueca": {"tricks", "empate", "bandeirada"},
    "truco": {"tricks", "empate", "run"},
    "espadas": {"tricks", "nil won", "nil lost", "bags paid"},
    "copas": {"tricks", "moon"},
    "mau-mau": {"batida"},
    "buraco": {"batida", "stock-out"},
    "mega-buraco": {"batida", "stock-out"},
    "tranca": {"batida", "stock-out"},
    "cacheta": {"batida/nove", "batida/dez", "empate"},
    "texas-holdem": {"showdown", "fold", "chopped"},
    "poker": {"showdown", "fold", "chopped"},
}
"""The kinds of ending each game's random players must meet over a few seeded games (a Mau
Mau hand blocked with the stock and the pile spent, M10, is out of their reach)."""


@pytest.mark.parametrize("name", NAMES)
def test_the_seeded_games_meet_every_kind_of_ending_and_each_comes_back(name: str) -> None:
    """The property's players reach every ending of the game: over seeded games, played
    until each kind was met, every hand comes back the same by its result."""
    met: Counter[str] = Counter()
    for seed in range(100):
        played = random_game(name, seed, hands=HANDS.get(name, 99), known=seed % 2 == 0)
        same_hands(played)
        met.update(fact for hand in played.state.hands for fact in facts(hand))
        if ENDINGS[name] <= set(met):
            return
    raise AssertionError(f"{name}: met {dict(met)}, never {ENDINGS[name] - set(met)}")

"""The replay tells every event of every registered game in Portuguese: each event type of
the registry's union (the shared ones and each game's own), with its fields given and with
none, goes through the narration and must come out as a sentence, never as its raw name."""

from __future__ import annotations

import re
from typing import Any

import pytest

from domain.events import EVENT_TYPES
from domain.games import GAMES
from domain.match.events import Event
from service.pages.replay import describe, narration

SEATS = ["Zé", "Ana", "Tião", "Bia"]
SAMPLE: dict[str, Any] = {
    "seat": 1,
    "opener": 2,
    "accused": 3,
    "cards": ["2C", "AH", "10D"],
    "card": "QS",
    "tile": "6-4",
    "end": "left",
    "value": 6,
    "bid": 4,
    "direction": "left",
    "count": 2,
    "source": "stock",
    "to": 0,
    "canastra": "limpa",
    "street": "flop",
    "made": {"0": "two-pair", "2": "flush"},
    "action": "raise",
    "groups": [["2C", "3C", "4C"], ["7H", "7S", "7D"]],
    "doubles": ["6-6", "5-5", "4-4", "3-3", "2-2"],
    "points": 9,
    "dealt": [0, 1, 2, 3],
    "number": 1,
    "wrong": True,
    "direct": True,
    "stock_count": 40,
}
"""A plausible value for the fields events carry, by name (the others are left out)."""


OWN = {kind for game in GAMES for kind in game.events}
SHARED = [kind for kind in EVENT_TYPES if kind not in OWN]
"""The events every game shares (the registry's union less each game's own)."""


def _types(game_events: tuple[type[Event], ...]) -> list[type[Event]]:
    return [*SHARED, *game_events]


CASES = [
    pytest.param(game.name, kind, id=f"{game.name}:{kind.__struct_config__.tag}")
    for game in GAMES
    for kind in _types(game.events)
]


@pytest.mark.parametrize(("game", "kind"), CASES)
def test_every_event_of_every_game_is_told_in_portuguese(game: str, kind: type[Event]) -> None:
    tag = str(kind.__struct_config__.tag)
    assert narration(game, tag) is not None, f"{game} has no words for {tag}"
    full = {name: SAMPLE[name] for name in kind.__struct_fields__ if name in SAMPLE}
    if "seat" in full:
        seat = SEATS[SAMPLE["seat"]]
        assert seat in describe(tag, full, SEATS, game), f"{game}: {tag} does not say who"
    for data in (full, {}):
        told = describe(tag, data, SEATS, game)
        assert told.strip(), f"{game}: {tag} told as nothing"
        assert tag not in told, f"{game}: {tag} told by its raw name: {told!r}"
        assert not re.search(r"\b[a-z]+_[a-z_]+\b", told), f"{game}: a code in {told!r}"
        assert "None" not in told, f"{game}: {tag}: {told!r}"
        assert "{" not in told, f"{game}: {tag}: {told!r}"


def test_seats_are_named_and_melds_counted_from_one() -> None:
    added = {"seat": 2, "to": 0, "cards": ["3H"]}
    assert describe("added_to_meld", added, SEATS, "buraco") == "Tião juntou 3♥ ao jogo 1"


def test_an_unknown_event_would_be_told_by_its_raw_name_which_the_walk_refuses() -> None:
    assert narration("copas", "no_such_event") is None
    assert describe("no_such_event", {}, SEATS, "copas") == "no_such_event"


def test_a_hand_ended_says_its_outcome_and_winner_in_the_games_words() -> None:
    dominoes = {"number": 2, "outcome": "batida", "winner": "A", "points": 3}
    copas = {"number": 4, "outcome": "tricks", "winner": "2", "points": 0}

    told = describe("hand_ended", dominoes, SEATS, "dominoes")
    alone = describe("hand_ended", copas, SEATS, "copas")

    assert told == "mão 2 terminada (batida): dupla A ganha 3 pontos"
    assert alone == "mão 4 terminada (vazas): Tião vence a mão"
    assert describe("match_finished", {"winner": "3"}, SEATS, "copas") == (
        "partida terminada: vence Bia"
    )

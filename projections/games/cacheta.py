"""Cacheta's read side: criteria, counters, records and achievements (decision R10).

Cacheta is played alone, by lives: the game's score is the lives each seat lost, and the
places go by the round each seat went out in (the last one in first). Criteria (R10):
games won; the average place (ascending); batidas; batidas with 10 cards. Counters, per
seat, from each round's facts: the place, batidas, batidas with 10, batidas from a jumped
discard (furar a fila), burns.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from projections.criteria import GAMES_WON, Criterion, extra, ratio
from projections.facts import GameFacts, HandFact
from projections.games.base import (
    GAMES_WON_TALLY,
    Labels,
    Named,
    Narrator,
    ReadSide,
    SideCounts,
    shown,
)

COUNTERS = ("place", "batidas", "batidas_10", "jumped", "burns")
_HAND = msgspec.json.Decoder(dict[str, Any])


def _facts(hand: HandFact) -> dict[str, Any]:
    return _HAND.decode(hand.details) if hand.details else {}


def _ten(hand: HandFact, side: str) -> bool:
    return hand.by_seat == int(side) and hand.kind == "dez"


def _counters(game: GameFacts) -> SideCounts:
    counts: SideCounts = {side: dict.fromkeys(COUNTERS, 0) for side in game.sides}
    for side in game.sides:
        counts[side]["place"] = game.place_of(side) if game.finish else 0
    for hand in game.hands:
        facts = _facts(hand)
        burned = facts.get("burned") or []
        for side in game.sides:
            seat, c = int(side), counts[side]
            out = hand.by_seat == seat and hand.outcome == "batida"
            c["batidas"] += out
            c["batidas_10"] += _ten(hand, side)
            c["jumped"] += out and facts.get("jumped") is True
            c["burns"] += seat in burned
    return counts


def _went_out(data: Mapping[str, Any], who: Named) -> str:
    groups = data.get("groups") or ()
    shown_groups = " | ".join(" ".join(shown(c) for c in group) for group in groups)
    return f"{who(data.get('seat'))} bateu" + (f": {shown_groups}" if shown_groups else "")


EVENTS: dict[str, Narrator] = {
    "na_boa_said": lambda data, who: f"{who(data.get('seat'))} está na boa",
    "queue_jumped": lambda data, who: (
        f"{who(data.get('seat'))} furou a fila com {shown(data.get('card'))}"
    ),
    "seat_burned": lambda data, who: f"{who(data.get('seat'))} se queimou",
    "went_out": _went_out,
}

AVERAGE_PLACE = ratio(extra("place"), "sum(games_played)")

READ_SIDE = ReadSide(
    fewer_points_better=True,
    criteria=(
        GAMES_WON,
        Criterion("average_place", AVERAGE_PLACE, False, "The player's average place."),
        Criterion("batidas", extra("batidas"), True, "Rounds the player went out of."),
        Criterion("batidas_10", extra("batidas_10"), True, "Batidas with 10 cards."),
    ),
    counters=_counters,
    tallies={
        "most-games-won": GAMES_WON_TALLY,
        "most-batidas-10": (extra("batidas_10"), "Most batidas with 10 cards."),
    },
    achievements={"cacheta-batida-10": "Cacheta: went out with 10 cards."},
    hand_feats=(("cacheta-batida-10", _ten),),
    streak_prefix="cacheta-",
    labels=Labels(
        title="Cacheta",
        criteria={
            "games_won": "Vitórias",
            "average_place": "Colocação média",
            "batidas": "Batidas",
            "batidas_10": "Batidas com 10",
        },
        achievements={"cacheta-batida-10": "Cacheta: bateu com 10 cartas"},
        outcomes={"batida": "batida", "empate": "rodada anulada"},
        counters={
            "batidas": "Batidas",
            "batidas_10": "Batidas com 10",
            "jumped": "Batidas furando a fila",
            "burns": "Queimadas",
        },
        records={"most-games-won": "Mais vitórias", "most-batidas-10": "Mais batidas com 10"},
        events=EVENTS,
    ),
)

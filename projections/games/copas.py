"""Copas' read side: criteria, counters, records and achievements (decision R7).

Copas is played alone and its points count against: a player won a game when they hold the
first place (shared or not). Criteria (R7): games won; the average place (ascending); the
points taken, fewest first; moons shot. Counters, per seat, from each hand's own facts (its
`details`): the place, moons shot, queens of spades taken, hands taken clean (no point).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from projections.criteria import GAMES_WON, Criterion, extra, ratio
from projections.facts import Finish, GameFacts, HandFact
from projections.games.base import (
    GAMES_WON_TALLY,
    Feats,
    Labels,
    Named,
    Narrator,
    ReadSide,
    SideCounts,
)

COUNTERS = ("place", "moons", "queens", "clean_hands")
_HAND = msgspec.json.Decoder(dict[str, object])


def _facts(hand: HandFact) -> dict[str, object]:
    return _HAND.decode(hand.details) if hand.details else {}


def _shot(hand: HandFact, side: str) -> bool:
    return _facts(hand).get("moon") == int(side)


def _counters(game: GameFacts) -> SideCounts:
    counts: SideCounts = {side: dict.fromkeys(COUNTERS, 0) for side in game.sides}
    for side in game.sides:
        counts[side]["place"] = game.place_of(side) if game.finish else 0
    for hand in game.hands:
        facts = _facts(hand)
        taken = facts.get("taken")
        for side in game.sides:
            seat = int(side)
            c = counts[side]
            c["moons"] += facts.get("moon") == seat
            c["queens"] += facts.get("queen") == seat
            c["clean_hands"] += isinstance(taken, list) and taken[seat] == 0
    return counts


def _feats(game: GameFacts, finish: Finish, won: bool, score: int) -> Feats:
    return {"copas-clean-game": won and score == 0 and not finish.abandoned}


DIRECTIONS = {
    "left": "para a esquerda",
    "right": "para a direita",
    "across": "para a frente",
    "none": "sem troca",
}


def _exchanged(data: Mapping[str, Any], who: Named) -> str:
    way = DIRECTIONS.get(str(data.get("direction")), "")
    opens = f"; {who(data['opener'])} sai com o 2♣" if data.get("opener") is not None else ""
    return f"cartas trocadas {way}".rstrip() + opens


EVENTS: dict[str, Narrator] = {
    "cards_given": lambda data, who: f"{who(data.get('seat'))} passou três cartas (ocultas)",
    "cards_exchanged": _exchanged,
}

AVERAGE_PLACE = ratio(extra("place"), "sum(games_played)")

READ_SIDE = ReadSide(
    fewer_points_better=True,
    criteria=(
        GAMES_WON,
        Criterion("average_place", AVERAGE_PLACE, False, "The player's average place."),
        Criterion("points", "sum(points)", False, "Points taken (hearts and queens): fewest."),
        Criterion("moons", extra("moons"), True, "Hands in which the player shot the moon."),
    ),
    counters=_counters,
    tallies={
        "most-games-won": GAMES_WON_TALLY,
        "most-moons": (extra("moons"), "Most moons shot."),
    },
    achievements={
        "copas-moon": "Copas: shot the moon (took every heart and the queen of spades).",
        "copas-clean-game": "Copas: won a game without taking a single point.",
    },
    feats=_feats,
    hand_feats=(("copas-moon", _shot),),
    streak_prefix="copas-",
    labels=Labels(
        title="Copas",
        criteria={
            "games_won": "Vitórias",
            "average_place": "Colocação média",
            "points": "Pontos tomados",
            "moons": "Tiros na lua",
        },
        achievements={
            "copas-moon": "Copas: tiro na lua",
            "copas-clean-game": "Copas: venceu sem tomar nenhum ponto",
        },
        outcomes={"tricks": "vazas"},
        counters={
            "moons": "Tiros na lua",
            "queens": "Damas de espadas tomadas",
            "clean_hands": "Mãos sem pontos",
        },
        records={"most-games-won": "Mais vitórias", "most-moons": "Mais tiros na lua"},
        events=EVENTS,
    ),
)

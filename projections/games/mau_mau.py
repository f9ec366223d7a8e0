"""Mau Mau's read side: criteria, counters, records and achievements (decision R8).

Mau Mau is played alone and its points count against: a player won a game when they hold
the first place (shared or not). Criteria (R8): games won; the average place (ascending);
the points held at the ends of hands, fewest first; hands won without drawing a card.
Counters, per seat, from each hand's own facts (its `details`): the place, hands gone out
of, hands gone out of without drawing, cards drawn, times accused.
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

COUNTERS = ("place", "outs", "clean_outs", "cards_drawn", "accused")
_HAND = msgspec.json.Decoder(dict[str, object])


def _facts(hand: HandFact) -> dict[str, object]:
    return _HAND.decode(hand.details) if hand.details else {}


def _clean_out(hand: HandFact, side: str) -> bool:
    """The seat went out with the cards it was dealt: it never drew."""
    return hand.by_seat == int(side) and _facts(hand).get("never_drew") is True


def _counters(game: GameFacts) -> SideCounts:
    counts: SideCounts = {side: dict.fromkeys(COUNTERS, 0) for side in game.sides}
    for side in game.sides:
        counts[side]["place"] = game.place_of(side) if game.finish else 0
    for hand in game.hands:
        facts = _facts(hand)
        drawn, accused = facts.get("drawn"), facts.get("accused")
        for side in game.sides:
            seat = int(side)
            c = counts[side]
            c["outs"] += hand.by_seat == seat and hand.outcome == "batida"
            c["clean_outs"] += _clean_out(hand, side)
            c["cards_drawn"] += drawn[seat] if isinstance(drawn, list) else 0
            c["accused"] += accused[seat] if isinstance(accused, list) else 0
    return counts


def _feats(game: GameFacts, finish: Finish, won: bool, score: int) -> Feats:
    return {}


def _called(data: Mapping[str, Any], who: Named) -> str:
    wrong = " (fora de hora: compra 5)" if data.get("wrong") else ""
    return f"{who(data.get('seat'))} disse MAU-MAU{wrong}"


def _accused(data: Mapping[str, Any], who: Named) -> str:
    accused = data.get("accused")
    if accused is None:
        return f"{who(data.get('seat'))} acusou sem ninguém a acusar: compra 5"
    return f"{who(data.get('seat'))} acusou {who(accused)}, que compra 5"


EVENTS: dict[str, Narrator] = {"mau_mau_called": _called, "mau_mau_accused": _accused}

AVERAGE_PLACE = ratio(extra("place"), "sum(games_played)")

READ_SIDE = ReadSide(
    fewer_points_better=True,
    criteria=(
        GAMES_WON,
        Criterion("average_place", AVERAGE_PLACE, False, "The player's average place."),
        Criterion("points", "sum(points)", False, "Points held at the hands' ends: fewest."),
        Criterion(
            "clean_outs", extra("clean_outs"), True, "Hands gone out of without drawing a card."
        ),
    ),
    counters=_counters,
    tallies={
        "most-games-won": GAMES_WON_TALLY,
        "most-clean-outs": (extra("clean_outs"), "Most hands gone out of without drawing."),
    },
    achievements={
        "mau-mau-clean-out": "Mau Mau: went out with the five cards dealt, without drawing.",
    },
    feats=_feats,
    hand_feats=(("mau-mau-clean-out", _clean_out),),
    streak_prefix="mau-mau-",
    labels=Labels(
        title="Mau Mau",
        criteria={
            "games_won": "Vitórias",
            "average_place": "Colocação média",
            "points": "Pontos na mão",
            "clean_outs": "Batidas sem comprar",
        },
        achievements={
            "mau-mau-clean-out": "Mau Mau: bateu sem comprar nenhuma carta",
        },
        outcomes={"batida": "batida", "bloqueio": "mesa travada"},
        counters={
            "outs": "Batidas",
            "clean_outs": "Batidas sem comprar",
            "cards_drawn": "Cartas compradas",
            "accused": "Vezes acusado",
        },
        records={"most-games-won": "Mais vitórias", "most-clean-outs": "Mais batidas sem comprar"},
        events=EVENTS,
    ),
)

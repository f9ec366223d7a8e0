"""Sueca's read side: criteria (decision R1: games won; game points; bandeiradas; card
points per deal), counters, records and achievements.

Counters (where rules.md is silent): `card_points` and `deals` sum the card points a team
took over the deals counted card by card or by a result with points (average card points
per deal); a bandeirada is a deal with every trick.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from projections.criteria import GAMES_WON, Criterion, extra, ratio
from projections.facts import Finish, GameFacts
from projections.games.base import (
    GAMES_WON_TALLY,
    Feats,
    Labels,
    Named,
    Narrator,
    ReadSide,
    SideCounts,
)

SIDES = ("A", "B")


def _counters(game: GameFacts) -> SideCounts:
    names = ("card_points", "deals", "bandeiradas", "bandeiradas_suffered")
    counts: SideCounts = {side: dict.fromkeys(names, 0) for side in SIDES}
    for hand in game.hands:
        for i, side in enumerate(SIDES):
            c = counts[side]
            if hand.card_points is not None:
                c["card_points"] += hand.card_points[i]
                c["deals"] += 1
            if hand.outcome == "bandeirada":
                c["bandeiradas" if hand.winner == side else "bandeiradas_suffered"] += 1
    return counts


def _feats(game: GameFacts, finish: Finish, won: bool, score: int) -> Feats:
    return {"sueca-four-nil": won and finish.buchuda, "sueca-virada": won and finish.virada}


def _redeal(data: Mapping[str, Any], who: Named) -> str:
    points = data.get("points")
    worth = f" (valiam {points} pontos)" if points is not None else ""
    return f"{who(data.get('seat'))} pediu nova distribuição{worth}"


EVENTS: dict[str, Narrator] = {"redeal_asked": _redeal}

READ_SIDE = ReadSide(
    criteria=(
        GAMES_WON,
        Criterion("game_points", "sum(points)", True, "Game points the team scored."),
        Criterion("bandeiradas", extra("bandeiradas"), True, "Deals won with every trick."),
        Criterion(
            "average_card_points_per_deal",
            ratio(extra("card_points"), extra("deals")),
            True,
            "Card points the team took per deal counted.",
        ),
    ),
    counters=_counters,
    tallies={
        "most-games-won": GAMES_WON_TALLY,
        "most-bandeiradas": (extra("bandeiradas"), "Most deals won with every trick."),
    },
    achievements={
        "sueca-bandeirada": "Sueca: took every trick of a deal (a bandeirada).",
        "sueca-four-nil": "Sueca: won a game 4 to 0 (the losers took no game point).",
        "sueca-virada": "Sueca: won a game after conceding its first game points.",
    },
    feats=_feats,
    hand_feats=(
        ("sueca-bandeirada", lambda h, side: h.outcome == "bandeirada" and h.winner == side),
    ),
    streak_prefix="sueca-",
    labels=Labels(
        title="Sueca",
        criteria={
            "games_won": "Vitórias",
            "game_points": "Pontos de jogo",
            "bandeiradas": "Bandeiradas",
            "average_card_points_per_deal": "Pontos de carta por mão",
        },
        achievements={
            "sueca-bandeirada": "Sueca: bandeirada (todas as vazas de uma mão)",
            "sueca-four-nil": "Sueca: ganhou de 4 a 0",
            "sueca-virada": "Sueca: virada",
        },
        outcomes={"tricks": "vazas", "bandeirada": "bandeirada", "empate": "empate"},
        counters={
            "card_points": "Pontos de cartas",
            "deals": "Partidas (dadas)",
            "bandeiradas": "Bandeiradas",
            "bandeiradas_suffered": "Bandeiradas sofridas",
        },
        figures=("viradas", "biggest_hand"),
        records={"most-games-won": "Mais vitórias", "most-bandeiradas": "Mais bandeiradas"},
        events=EVENTS,
    ),
)

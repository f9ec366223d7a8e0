"""Buraco's read side: criteria, counters, records and achievements (decision R9).

Buraco is played by two alone or by two partnerships; the side with the most points wins.
Criteria (R9): games won; points; canastras limpas (de mil included); hands gone out of.
Counters, per side, from each hand's own count (its `details`): canastras limpas, sujas
and de mil, batidas (the side went out), mortos taken.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from projections.criteria import GAMES_WON, Criterion, extra
from projections.facts import GameFacts, HandFact
from projections.games.base import (
    GAMES_WON_TALLY,
    Labels,
    Named,
    Narrator,
    ReadSide,
    SideCounts,
    plural,
    shown,
)

COUNTERS = ("limpas", "sujas", "mil", "batidas", "mortos")
_HAND = msgspec.json.Decoder(dict[str, Any])


def _count(hand: HandFact, side: str) -> dict[str, Any]:
    facts = _HAND.decode(hand.details) if hand.details else {}
    count = facts.get(side)
    return count if isinstance(count, dict) else {}


def _counters(game: GameFacts) -> SideCounts:
    counts: SideCounts = {side: dict.fromkeys(COUNTERS, 0) for side in game.sides}
    for hand in game.hands:
        for side in game.sides:
            count, c = _count(hand, side), counts[side]
            c["limpas"] += int(count.get("limpa", 0)) + int(count.get("mil", 0))
            c["sujas"] += int(count.get("suja", 0))
            c["mil"] += int(count.get("mil", 0))
            c["batidas"] += bool(count.get("batida"))
            c["mortos"] += bool(count.get("morto"))
    return counts


def _mil(hand: HandFact, side: str) -> bool:
    return int(_count(hand, side).get("mil", 0)) > 0


def _cards(data: Mapping[str, Any]) -> str:
    return " ".join(shown(c) for c in data.get("cards") or () if c)


def _canastra(data: Mapping[str, Any]) -> str:
    kind = data.get("canastra")
    return f" (canastra {kind})" if kind else ""


def _added(data: Mapping[str, Any], who: Named) -> str:
    to = data.get("to")
    meld = f"ao jogo {to + 1}" if isinstance(to, int) else "a um jogo"
    return f"{who(data.get('seat'))} juntou {_cards(data)} {meld}{_canastra(data)}"


def _morto(data: Mapping[str, Any], who: Named) -> str:
    how = " (batida direta)" if data.get("direct") else ""
    return f"{who(data.get('seat'))} pegou o morto{how}"


def _to_stock(data: Mapping[str, Any], who: Named) -> str:
    count = data.get("stock_count")
    size = f" ({plural(count, 'carta', 'cartas')})" if isinstance(count, int) else ""
    return f"um morto virou o monte{size}"


EVENTS: dict[str, Narrator] = {
    "melded": lambda data, who: f"{who(data.get('seat'))} baixou {_cards(data)}{_canastra(data)}",
    "added_to_meld": _added,
    "morto_taken": _morto,
    "morto_to_stock": _to_stock,
    "red_three_laid": lambda data, who: (
        f"{who(data.get('seat'))} baixou o três vermelho {shown(data.get('card'))}"
    ),
}


def read_side(title: str, prefix: str, mil: bool = True) -> ReadSide:
    """The read side of a game of Buraco's family (Buraco, Mega Buraco: no de mil)."""
    feats = {f"{prefix}mil": "a canastra de mil (A to A, clean)."} if mil else {}
    return ReadSide(
        criteria=(
            GAMES_WON,
            Criterion("points", "sum(points)", True, "Points scored in every hand."),
            Criterion("limpas", extra("limpas"), True, "Canastras limpas (de mil included)."),
            Criterion("batidas", extra("batidas"), True, "Hands the side went out of."),
        ),
        counters=_counters,
        tallies={
            "most-games-won": GAMES_WON_TALLY,
            "most-canastras-limpas": (extra("limpas"), "Most canastras limpas."),
        },
        achievements={kind: f"{title}: {what}" for kind, what in feats.items()},
        hand_feats=tuple((kind, _mil) for kind in feats),
        streak_prefix=prefix,
        labels=Labels(
            title=title,
            criteria={
                "games_won": "Vitórias",
                "points": "Pontos",
                "limpas": "Canastras limpas",
                "batidas": "Batidas",
            },
            achievements={kind: f"{title}: canastra de mil" for kind in feats},
            outcomes={"batida": "batida", "stock-out": "monte esgotado"},
            counters={
                "limpas": "Canastras limpas",
                "sujas": "Canastras sujas",
                **({"mil": "Canastras de mil"} if mil else {}),
                "batidas": "Batidas",
                "mortos": "Mortos pegos",
            },
            records={
                "most-games-won": "Mais vitórias",
                "most-canastras-limpas": "Mais canastras limpas",
            },
            events=EVENTS,
        ),
    )


READ_SIDE = read_side("Buraco", "buraco-")

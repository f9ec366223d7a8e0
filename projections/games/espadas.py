"""Espadas' read side: criteria, counters, records and achievements (decisions R5, R6).

Criteria (R5): games won; points (the team's, failed contracts and bag penalties taken off);
contracts made; nils made. Counters, per team, from each hand's own facts (its `details`):
contracts made and failed, nils and double nils made and failed, bag penalties paid.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from projections.criteria import GAMES_WON, POINTS, Criterion, extra
from projections.facts import Finish, GameFacts, HandFact
from projections.games.base import (
    GAMES_WON_TALLY,
    Feats,
    Labels,
    Named,
    Narrator,
    ReadSide,
    SideCounts,
    plural,
)

SIDES = ("A", "B")
SEATS = {"A": (0, 2), "B": (1, 3)}
_HAND = msgspec.json.Decoder(dict[str, object])
COUNTERS = (
    "contracts_made",
    "contracts_failed",
    "nils_made",
    "nils_failed",
    "double_nils_made",
    "bag_penalties",
)


def _nils(hand: HandFact, side: str) -> tuple[int, int, int]:
    """(nils made, nils failed, double nils made) by the side's seats in this hand."""
    if hand.details is None:
        return 0, 0, 0
    facts = _HAND.decode(hand.details)
    bids, tricks = facts.get("bids"), facts.get("tricks")
    if not isinstance(bids, list) or not isinstance(tricks, list):
        return 0, 0, 0
    made = failed = double = 0
    for seat in SEATS[side]:
        if bids[seat] in ("nil", "double_nil"):
            took_none = tricks[seat] == 0
            made, failed = made + took_none, failed + (not took_none)
            double += took_none and bids[seat] == "double_nil"
    return made, failed, double


def _counters(game: GameFacts) -> SideCounts:
    counts: SideCounts = {side: dict.fromkeys(COUNTERS, 0) for side in SIDES}
    for hand in game.hands:
        facts = _HAND.decode(hand.details) if hand.details else {}
        made, penalties = facts.get("made", {}), facts.get("penalties", {})
        for side in SIDES:
            c = counts[side]
            if isinstance(made, dict) and side in made:
                c["contracts_made" if made[side] else "contracts_failed"] += 1
            if isinstance(penalties, dict):
                c["bag_penalties"] += int(str(penalties.get(side, 0)))
            nils, failed, double = _nils(hand, side)
            c["nils_made"] += nils
            c["nils_failed"] += failed
            c["double_nils_made"] += double
    return counts


def _feats(game: GameFacts, finish: Finish, won: bool, score: int) -> Feats:
    return {"espadas-virada": won and finish.virada}


def _bid(data: Mapping[str, Any], who: Named) -> str:
    bid = data.get("bid")
    said = {"nil": "nil (nenhuma vaza)", "double_nil": "nil duplo, às cegas"}.get(str(bid))
    if said is None:
        said = plural(bid, "vaza", "vazas") if isinstance(bid, int) else "as suas vazas"
    return f"{who(data.get('seat'))} apostou {said}"


EVENTS: dict[str, Narrator] = {"bid_made": _bid}

READ_SIDE = ReadSide(
    criteria=(
        GAMES_WON,
        POINTS,
        Criterion("contracts_made", extra("contracts_made"), True, "Hands the team made its bid."),
        Criterion("nils_made", extra("nils_made"), True, "Nil bids made (no trick taken)."),
    ),
    counters=_counters,
    tallies={
        "most-games-won": GAMES_WON_TALLY,
        "most-nils-made": (extra("nils_made"), "Most nil bids made."),
    },
    achievements={
        "espadas-nil": "Espadas: the team made a nil (its bidder took no trick).",
        "espadas-double-nil": "Espadas: the team made a double nil, bid blind.",
        "espadas-virada": "Espadas: won a game after conceding its first points.",
    },
    feats=_feats,
    hand_feats=(
        ("espadas-nil", lambda h, side: _nils(h, side)[0] > 0),
        ("espadas-double-nil", lambda h, side: _nils(h, side)[2] > 0),
    ),
    streak_prefix="espadas-",
    labels=Labels(
        title="Espadas",
        criteria={
            "games_won": "Vitórias",
            "points": "Pontos",
            "contracts_made": "Contratos cumpridos",
            "nils_made": "Nils cumpridos",
        },
        achievements={
            "espadas-nil": "Espadas: cumpriu um nil",
            "espadas-double-nil": "Espadas: cumpriu um nil duplo (às cegas)",
            "espadas-virada": "Espadas: virada",
        },
        outcomes={"tricks": "vazas"},
        counters={
            "contracts_made": "Contratos cumpridos",
            "contracts_failed": "Contratos falhados",
            "nils_made": "Nils cumpridos",
            "nils_failed": "Nils falhados",
            "double_nils_made": "Nils duplos cumpridos",
            "bag_penalties": "Multas de sobras",
        },
        figures=("viradas", "biggest_hand"),
        records={"most-games-won": "Mais vitórias", "most-nils-made": "Mais nils cumpridos"},
        events=EVENTS,
    ),
)

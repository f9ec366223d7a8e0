"""Truco's read side: criteria (decision R2: games won; hands won; raises won; raises run
from), counters, records and achievements.

Counters (where rules.md is silent): a raise won is a hand in which the team raised and
that it won (played out or run from); `run_from` counts the hands the other team ran from
the team's raise, `runs` those the team ran from; `hands_of_twelve`, hands played out and
won while worth 12.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from projections.criteria import GAMES_WON, HANDS_WON, Criterion, extra
from projections.facts import Finish, GameFacts, HandFact
from projections.games.base import (
    GAMES_WON_TALLY,
    HANDS_WON_TALLY,
    Feats,
    Labels,
    Named,
    Narrator,
    ReadSide,
    SideCounts,
)

SIDES = ("A", "B")
TWELVE = 12


def _side(seat: int) -> str:
    return SIDES[seat % 2]


def _worth_twelve(hand: HandFact) -> bool:
    """Played out at 12 (a forfeit's points only bring the winners to the target)."""
    return hand.outcome == "tricks" and hand.points >= TWELVE


def _counters(game: GameFacts) -> SideCounts:
    names = ("raises_called", "raises_won", "run_from", "runs", "hands_of_twelve")
    counts: SideCounts = {side: dict.fromkeys(names, 0) for side in SIDES}
    for hand in game.hands:
        raisers = [_side(seat) for seat, _ in hand.raises]
        for side in SIDES:
            c = counts[side]
            won = hand.winner == side
            c["raises_called"] += raisers.count(side)
            c["raises_won"] += won and side in raisers
            if hand.outcome == "run":
                c["run_from" if won else "runs"] += 1
            c["hands_of_twelve"] += won and _worth_twelve(hand)
    return counts


def _feats(game: GameFacts, finish: Finish, won: bool, score: int) -> Feats:
    return {"truco-from-0-11": won and finish.buchuda_de_re, "truco-virada": won and finish.virada}


RAISES = {3: "truco", 6: "seis", 9: "nove", 12: "doze"}


def _raised(data: Mapping[str, Any], who: Named) -> str:
    value = data.get("value")
    called = RAISES.get(value, str(value)) if isinstance(value, int) else "truco"
    return f"{who(data.get('seat'))} pediu {called}"


EVENTS: dict[str, Narrator] = {
    "raise_called": _raised,
    "raise_accepted": lambda data, who: f"{who(data.get('seat'))} aceitou",
}

READ_SIDE = ReadSide(
    criteria=(
        GAMES_WON,
        HANDS_WON,
        Criterion("raises_won", extra("raises_won"), True, "Hands the team raised and won."),
        Criterion("raises_run_from", extra("run_from"), True, "Hands the other team ran from."),
    ),
    counters=_counters,
    tallies={
        "most-games-won": GAMES_WON_TALLY,
        "most-hands-won": HANDS_WON_TALLY,
        "most-raises-won": (extra("raises_won"), "Most hands raised and won."),
    },
    achievements={
        "truco-from-0-11": "Truco: won a game after trailing 0 to 11.",
        "truco-doze": "Truco: won a hand worth 12.",
        "truco-virada": "Truco: won a game after conceding its first points.",
    },
    feats=_feats,
    hand_feats=(("truco-doze", lambda h, side: h.winner == side and _worth_twelve(h)),),
    streak_prefix="truco-",
    labels=Labels(
        title="Truco",
        criteria={
            "games_won": "Vitórias",
            "hands_won": "Mãos ganhas",
            "raises_won": "Trucos ganhos",
            "raises_run_from": "Correram do truco",
        },
        achievements={
            "truco-from-0-11": "Truco: ganhou depois de estar perdendo de 0 a 11",
            "truco-doze": "Truco: ganhou uma mão valendo 12",
            "truco-virada": "Truco: virada",
        },
        outcomes={"tricks": "vazas", "run": "correram", "forfeit": "desistência"},
        counters={
            "raises_called": "Trucos pedidos",
            "raises_won": "Trucos ganhos",
            "run_from": "Correu de truco",
            "runs": "Adversário correu",
            "hands_of_twelve": "Mãos valendo 12",
        },
        figures=("viradas", "biggest_hand"),
        records={
            "most-games-won": "Mais vitórias",
            "most-hands-won": "Mais mãos ganhas",
            "most-raises-won": "Mais trucos ganhos",
        },
        events=EVENTS,
    ),
)

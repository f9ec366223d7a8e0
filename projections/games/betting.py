"""The read side shared by the betting games (Texas Hold'em, poker fechado; decision R11).

A session is ranked by net chips (the sum of what each hand won or lost) and by places
(P17: by final stack). Counters, per seat, from each hand's own facts (its `details`): hands
dealt in, won at a showdown, won with every other seat folded, the biggest pot taken, and
the place. Records: the most net chips, the biggest pot. Achievements: a royal straight
flush, and four of a kind, shown at a showdown.
"""

from __future__ import annotations

from typing import Any

import msgspec

from projections.criteria import GAMES_WON, Criterion, extra, ratio
from projections.facts import Finish, GameFacts, HandFact
from projections.games.base import GAMES_WON_TALLY, Feats, Labels, ReadSide, SideCounts

COUNTERS = ("place", "hands_dealt", "showdowns_won", "won_without_showdown", "biggest_pot")
_HAND = msgspec.json.Decoder(dict[str, Any])


def _facts(hand: HandFact) -> dict[str, Any]:
    return _HAND.decode(hand.details) if hand.details else {}


def _took(hand: HandFact, side: str) -> int:
    """The chips the seat took from the pots of this hand."""
    won = _facts(hand).get("won")
    return won[int(side)] if isinstance(won, list) and int(side) < len(won) else 0


def _counters(game: GameFacts) -> SideCounts:
    counts: SideCounts = {side: dict.fromkeys(COUNTERS, 0) for side in game.sides}
    for side in game.sides:
        counts[side]["place"] = game.place_of(side) if game.finish else 0
    for hand in game.hands:
        facts = _facts(hand)
        dealt = facts.get("dealt") or []
        for side in game.sides:
            seat, c = int(side), counts[side]
            took = _took(hand, side)
            net = dict(hand.scores).get(side, 0)
            c["hands_dealt"] += seat in dealt
            won = took > 0 and net > 0
            c["showdowns_won"] += won and facts.get("showdown") is True
            c["won_without_showdown"] += won and hand.outcome == "fold"
            c["biggest_pot"] = max(c["biggest_pot"], took)
    return counts


def _showed(category: str) -> Any:
    def test(hand: HandFact, side: str) -> bool:
        made = _facts(hand).get("made") or {}
        return made.get(side) == category and _took(hand, side) > 0

    return test


def _feats(game: GameFacts, finish: Finish, won: bool, score: int) -> Feats:
    return {}


AVERAGE_PLACE = ratio(extra("place"), "sum(games_played)")


def betting_read_side(title: str, prefix: str) -> ReadSide:
    royal, quads = f"{prefix}royal-flush", f"{prefix}four-of-a-kind"
    return ReadSide(
        criteria=(
            Criterion("net_chips", "sum(points)", True, "Chips won, less chips lost."),
            GAMES_WON,
            Criterion("average_place", AVERAGE_PLACE, False, "The player's average place."),
            Criterion("showdowns_won", extra("showdowns_won"), True, "Hands won at a showdown."),
        ),
        counters=_counters,
        tallies={
            "most-games-won": GAMES_WON_TALLY,
            "most-net-chips": ("sum(points)", "Most chips won, less chips lost."),
            "biggest-pot": (
                "max(coalesce((extra->>'biggest_pot')::int, 0))",
                "The biggest pot taken in one hand.",
            ),
        },
        achievements={
            royal: f"{title}: won a pot with a royal straight flush.",
            quads: f"{title}: won a pot with four of a kind.",
        },
        feats=_feats,
        hand_feats=((royal, _showed("royal-flush")), (quads, _showed("four-of-a-kind"))),
        streak_prefix=prefix,
        labels=Labels(
            title=title,
            criteria={
                "net_chips": "Fichas ganhas",
                "games_won": "Vitórias",
                "average_place": "Colocação média",
                "showdowns_won": "Mãos ganhas no showdown",
            },
            achievements={
                royal: f"{title}: levou um pote com royal straight flush",
                quads: f"{title}: levou um pote com uma quadra",
            },
            outcomes={"showdown": "mostra de cartas", "fold": "todos correram"},
        ),
    )

"""The read side shared by the betting games (Texas Hold'em, poker fechado; decision R11).

A session is ranked by net chips (the sum of what each hand won or lost) and by places
(P17: by final stack). Counters, per seat, from each hand's own facts (its `details`): hands
dealt in, won at a showdown, won with every other seat folded, the biggest pot taken, and
the place. Records: the most net chips, the biggest pot. Achievements: a royal straight
flush, and four of a kind, shown at a showdown.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from domain.cards.betting.ranking import NAMES_PT
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
    plural,
    shown,
)

COUNTERS = ("place", "hands_dealt", "showdowns_won", "won_without_showdown", "biggest_pot")
_HAND = msgspec.json.Decoder(dict[str, Any])


def _facts(hand: HandFact) -> dict[str, Any]:
    return _HAND.decode(hand.details) if hand.details else {}


def _took(hand: HandFact, side: str) -> int:
    """The chips the seat took from the pots of this hand: not its bet nobody called, which
    only went back to it (P6)."""
    won = _facts(hand).get("won")
    seat = int(side)
    if not isinstance(won, list) or seat >= len(won):
        return 0
    taken = [int(chips) for chips in won]
    put = {int(s): taken[int(s)] - net for s, net in hand.scores if int(s) < len(taken)}
    called = max((chips for s, chips in put.items() if s != seat), default=0)
    return max(0, taken[seat] - max(0, put.get(seat, 0) - called))


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


BETS = {"check": "mesa", "cover": "cobriu", "fold": "correu", "bet": "apostou", "raise": "aumentou"}
STREETS = {"flop": "o flop", "turn": "o turn", "river": "o river"}


def _bet(data: Mapping[str, Any], who: Named) -> str:
    action, to = data.get("action"), data.get("to")
    if action == "all_in" or data.get("all_in"):
        return f"{who(data.get('seat'))} foi all-in ({to})"
    if action in ("bet", "raise"):
        return f"{who(data.get('seat'))} {BETS[str(action)]} para {to}"
    return f"{who(data.get('seat'))} {BETS.get(str(action), 'apostou')}"


def _board(data: Mapping[str, Any], who: Named) -> str:
    cards = " ".join(shown(c) for c in data.get("cards") or ())
    return f"{STREETS.get(str(data.get('street')), 'a mesa')}: {cards}"


def _swapped(data: Mapping[str, Any], who: Named) -> str:
    count = data.get("count") or 0
    if not count:
        return f"{who(data.get('seat'))} não trocou"
    return f"{who(data.get('seat'))} trocou {plural(count, 'carta', 'cartas')}"


def _showdown(data: Mapping[str, Any], who: Named) -> str:
    made = data.get("made") or {}
    hands = [f"{who(int(seat))}: {NAMES_PT.get(m, m)}" for seat, m in made.items()]
    return "mostra de cartas" + (": " + ", ".join(hands) if hands else "")


def _dealt(data: Mapping[str, Any], who: Named) -> str:
    dealt = data.get("dealt") or ()
    seats = f" a {plural(len(dealt), 'jogador', 'jogadores')}" if dealt else ""
    return f"cartas distribuídas{seats}; blinds ou pingo na mesa"


EVENTS: dict[str, Narrator] = {
    "betting_dealt": _dealt,
    "bet_made": _bet,
    "board_turned": _board,
    "cards_swapped": _swapped,
    "closing_asked": lambda data, who: f"{who(data.get('seat'))} pediu para encerrar a sessão",
    "showdown_held": _showdown,
}

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
            counters={
                "hands_dealt": "Mãos recebidas",
                "showdowns_won": "Mãos ganhas no showdown",
                "won_without_showdown": "Mãos ganhas sem showdown",
                "biggest_pot": "Maior pote",
            },
            records={
                "most-games-won": "Mais vitórias",
                "most-net-chips": "Mais fichas ganhas",
                "biggest-pot": "Maior pote",
            },
            events=EVENTS,
        ),
    )

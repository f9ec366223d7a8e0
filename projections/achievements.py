"""Special achievements: earned once per player, by a confirmed game, and kept forever.

Each game has its own (`BY_GAME`); a win streak counts the games of one game only, so
dominoes keeps its `win-streak-N` and a card game's is `<game>-win-streak-N`.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import NamedTuple

from domain import BY_NAME as GAMES_BY_NAME
from projections.contributions import team_of
from projections.games import Finish, GameFacts, HandFact
from projections.streaks import MILESTONES, Milestone

DOMINOES = {
    "buchuda": "Won a game by buchuda: the losers scored nothing.",
    "buchuda-de-re": "Won a buchuda de ré: came back to win after trailing 0 to target - 1.",
    "virada": "Won a virada: won a game after conceding its first points.",
    "first-cruzada": "Went out with a cruzada: the last tile placed on two ends showing the "
    "same number.",
    "ten-point-game": "Won a game scored by batida kind (pontos) with 10 points or more.",
}
SUECA = {
    "sueca-bandeirada": "Sueca: took every trick of a deal (a bandeirada).",
    "sueca-four-nil": "Sueca: won a game 4 to 0 (the losers took no game point).",
    "sueca-virada": "Sueca: won a game after conceding its first game points.",
}
TRUCO = {
    "truco-from-0-11": "Truco: won a game after trailing 0 to 11.",
    "truco-doze": "Truco: won a hand worth 12.",
    "truco-virada": "Truco: won a game after conceding its first points.",
}


def _streaks(game: str) -> dict[str, str]:
    prefix, what = ("", "") if game == "dominoes" else (f"{game}-", f" of {game.title()}")
    return {
        f"{prefix}win-streak-{n}": f"Won {n} confirmed games{what} in a row." for n in MILESTONES
    }


_OWN = {"dominoes": DOMINOES, "sueca": SUECA, "truco": TRUCO}
BY_GAME: dict[str, dict[str, str]] = {
    game: _OWN.get(game, {}) | _streaks(game) for game in GAMES_BY_NAME
}
"""Every game's achievements: its own, and its win streaks."""
ACHIEVEMENTS: dict[str, str] = {
    kind: text for kinds in BY_GAME.values() for kind, text in kinds.items()
}
TEN_POINTS = 10


class Earned(NamedTuple):
    player_id: str
    kind: str
    match_id: str
    at: datetime


Feats = dict[str, bool]


def _dominoes(game: GameFacts, finish: Finish, won: bool, score: int) -> Feats:
    return {
        "buchuda": won and finish.buchuda,
        "buchuda-de-re": won and finish.buchuda_de_re,
        "virada": won and finish.virada,
        "ten-point-game": won and game.by_kind and score >= TEN_POINTS,
    }


def _sueca(game: GameFacts, finish: Finish, won: bool, score: int) -> Feats:
    return {"sueca-four-nil": won and finish.buchuda, "sueca-virada": won and finish.virada}


def _truco(game: GameFacts, finish: Finish, won: bool, score: int) -> Feats:
    return {"truco-from-0-11": won and finish.buchuda_de_re, "truco-virada": won and finish.virada}


def _no_feats(game: GameFacts, finish: Finish, won: bool, score: int) -> Feats:
    return {}


def _worth_twelve(hand: HandFact) -> bool:
    """Played out at 12 (a forfeit's points only bring the winners to the target)."""
    return hand.outcome == "tricks" and hand.points >= 12


_GAME_FEATS: dict[str, Callable[[GameFacts, Finish, bool, int], Feats]] = {
    "dominoes": _dominoes,
    "sueca": _sueca,
    "truco": _truco,
}
_HAND_FEATS: dict[str, tuple[tuple[str, Callable[[HandFact, str], bool]], ...]] = {
    "dominoes": (("first-cruzada", lambda h, _: h.outcome == "batida" and h.kind == "cruzada"),),
    "sueca": (
        ("sueca-bandeirada", lambda h, team: h.outcome == "bandeirada" and h.winner == team),
    ),
    "truco": (("truco-doze", lambda h, team: h.winner == team and _worth_twelve(h)),),
}
"""Feats of one hand: the first hand that earns each (dominoes' cruzada is the seat's own)."""


def earned_in(game: GameFacts) -> list[Earned]:
    """What each player of a confirmed game earned in it (whether or not they had it)."""
    finish = game.finish
    assert finish is not None
    earned: list[Earned] = []
    for seat, player in enumerate(game.seats):
        team = team_of(seat)
        won = finish.winner == team
        score = finish.score_a if team == "A" else finish.score_b
        feats = _GAME_FEATS.get(game.game, _no_feats)(game, finish, won, score)
        earned += [Earned(player, k, game.match_id, finish.at) for k, got in feats.items() if got]
        by_team = game.game != "dominoes"  # a batida is the seat's own; a trick, its team's
        for kind, did in _HAND_FEATS.get(game.game, ()):
            hand = next(
                (h for h in game.hands if did(h, team) and (by_team or h.by_seat == seat)), None
            )
            if hand is not None:
                earned.append(Earned(player, kind, game.match_id, hand.at))
    return earned


def streak_earned(player_id: str, milestones: list[Milestone], game: str) -> list[Earned]:
    prefix = "" if game == "dominoes" else f"{game}-"
    return [
        Earned(player_id, f"{prefix}win-streak-{m.length}", m.match_id, m.at) for m in milestones
    ]

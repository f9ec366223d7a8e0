"""Special achievements: earned once per player, by a confirmed game, and kept forever."""

from __future__ import annotations

from datetime import datetime
from typing import NamedTuple

from projections.contributions import team_of
from projections.games import GameFacts
from projections.streaks import Milestone

ACHIEVEMENTS: dict[str, str] = {
    "buchuda": "Won a game by buchuda: the losers scored nothing.",
    "buchuda-de-re": "Won a buchuda de ré: came back to win after trailing 0 to target - 1.",
    "virada": "Won a virada: won a game after conceding its first points.",
    "first-cruzada": "Went out with a cruzada: a double placed on two ends showing its number.",
    "ten-point-game": "Won a game scored by batida kind (pontos) with 10 points or more.",
    "win-streak-3": "Won 3 confirmed games in a row.",
    "win-streak-5": "Won 5 confirmed games in a row.",
    "win-streak-10": "Won 10 confirmed games in a row.",
}
TEN_POINTS = 10


class Earned(NamedTuple):
    player_id: str
    kind: str
    match_id: str
    at: datetime


def earned_in(game: GameFacts) -> list[Earned]:
    """What each player of a confirmed game earned in it (whether or not they had it)."""
    finish = game.finish
    assert finish is not None
    earned: list[Earned] = []
    for seat, player in enumerate(game.seats):
        won = finish.winner == team_of(seat)
        score = finish.score_a if team_of(seat) == "A" else finish.score_b
        feats = {
            "buchuda": won and finish.buchuda,
            "buchuda-de-re": won and finish.buchuda_de_re,
            "virada": won and finish.virada,
            "ten-point-game": won and game.by_kind and score >= TEN_POINTS,
        }
        earned += [Earned(player, k, game.match_id, finish.at) for k, got in feats.items() if got]
        cruzada = next(
            (h for h in game.hands if h.kind == "cruzada" and h.by_seat == seat and
             h.outcome == "batida"),
            None,
        )
        if cruzada is not None:
            earned.append(Earned(player, "first-cruzada", game.match_id, cruzada.at))
    return earned


def streak_earned(player_id: str, milestones: list[Milestone]) -> list[Earned]:
    return [Earned(player_id, f"win-streak-{m.length}", m.match_id, m.at) for m in milestones]

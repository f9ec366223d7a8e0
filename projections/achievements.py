"""Special achievements: earned once per player, by a confirmed game, and kept forever.

Each game has its own (its read side's, `projections/games/<game>.py`); a win streak counts
the games of one game only, its kinds prefixed by the game's `streak_prefix`.
"""

from __future__ import annotations

from datetime import datetime
from typing import NamedTuple

from projections.facts import GameFacts
from projections.games import every_read_side, read_side
from projections.streaks import MILESTONES, Milestone


def _streaks(prefix: str, title: str) -> dict[str, str]:
    what = f" of {title}" if prefix else ""
    return {
        f"{prefix}win-streak-{n}": f"Won {n} confirmed games{what} in a row." for n in MILESTONES
    }


BY_GAME: dict[str, dict[str, str]] = {
    name: side.achievements | _streaks(side.streak_prefix, name.title())
    for name, side in every_read_side().items()
}
"""Every game's achievements: its own (its read side's), and its win streaks."""
ACHIEVEMENTS: dict[str, str] = {
    kind: text for kinds in BY_GAME.values() for kind, text in kinds.items()
}


class Earned(NamedTuple):
    player_id: str
    kind: str
    match_id: str
    at: datetime


def earned_in(game: GameFacts) -> list[Earned]:
    """What each player of a confirmed game earned in it (whether or not they had it)."""
    finish = game.finish
    assert finish is not None
    side = read_side(game.game)
    earned: list[Earned] = []
    for seat, player in enumerate(game.seats):
        team = game.side_of(seat)
        won = game.won_by(team)
        score = finish.score_of(team)
        feats = side.feats(game, finish, won, score)
        earned += [Earned(player, k, game.match_id, finish.at) for k, got in feats.items() if got]
        by_side = side.hand_feats_by_side  # a trick is its side's; a batida, the seat's own
        for kind, did in side.hand_feats:
            hand = next(
                (h for h in game.hands if did(h, team) and (by_side or h.by_seat == seat)), None
            )
            if hand is not None:
                earned.append(Earned(player, kind, game.match_id, hand.at))
    return earned


def streak_earned(player_id: str, milestones: list[Milestone], game: str) -> list[Earned]:
    prefix = read_side(game).streak_prefix
    return [
        Earned(player_id, f"{prefix}win-streak-{m.length}", m.match_id, m.at) for m in milestones
    ]

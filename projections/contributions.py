"""What a confirmed game adds to each of its players: one row of counters per player.

Counters are a side's (the team's in a partnership game, the seat's own in a game played
alone), but for the few a seat does itself (below). A side won the game when it holds the
first place, alone or shared.

Decisions where rules.md is silent (also in the README's "Projections" section):
- hands won, points, blocks made and suffered are the player's team's (partners share
  them); batidas by kind and cruzadas are the player's own (the seat that went out);
  `team_cruzadas` counts both partners' cruzadas, for team rankings;
- a block made is a hand the team won by bloqueio (lower pip sum), a block suffered a hand
  it lost by bloqueio; `blocks_closed` counts the hands the player's own tile blocked;
- average points per hand = the team's points over all hands of the game (empates and
  hands lost by penalty included);
- penalties are every infraction recorded against the player's seat, warnings included;
- an abandonment is a game the player's team abandoned (a defeat, rules.md); at a table of
  more than two sides, the abandoning seat's alone (C12): the others were not beaten by it
  and take the places the game gives them.
"""

from __future__ import annotations

import operator
from datetime import datetime

import msgspec

from domain import DEFAULT_GAME
from projections.facts import Finish, GameFacts, HandFact
from projections.games import read_side

COUNTERS = (
    "games_played",
    "games_won",
    "games_lost",
    "hands_played",
    "hands_won",
    "hands_lost",
    "empates",
    "points",
    "points_against",
    "batidas",
    "simples",
    "carrocas",
    "la_e_los",
    "cruzadas",
    "team_cruzadas",
    "blocks_made",
    "blocks_suffered",
    "blocks_closed",
    "hands_lost_by_penalty",
    "penalties",
    "buchudas",
    "buchudas_suffered",
    "buchudas_de_re",
    "buchudas_de_re_suffered",
    "viradas",
    "viradas_suffered",
    "abandonments",
    "wins_by_abandonment",
    "duration_seconds",
)
"""The same names, in the same order, as the columns in migration 0003."""

_OWN_KIND = {
    "simples": "simples",
    "carroca": "carrocas",
    "la-e-lo": "la_e_los",
    "cruzada": "cruzadas",
}


class PlayerGame(msgspec.Struct, frozen=True, kw_only=True):
    player_id: str
    match_id: str
    seat: int
    partner_id: str | None
    """The partner, in a partnership game; None in a game played alone."""
    opponents: tuple[str, ...]
    competition_id: str | None
    stage: str | None
    preset: str
    finished_at: datetime
    won: bool
    biggest_hand: int
    counters: tuple[int, ...]
    """In the order of COUNTERS."""
    game: str = DEFAULT_GAME
    extra: dict[str, int] = msgspec.field(default_factory=dict)
    """The game's own counters (its read side's `counters`), its team's."""


def contributions(game: GameFacts) -> list[PlayerGame]:
    """One row per seat of a confirmed game (one pass over its hands)."""
    finish = game.finish
    assert finish is not None
    sides = {side: dict.fromkeys(COUNTERS, 0) for side in game.sides}
    biggest = dict.fromkeys(game.sides, 0)
    own = [dict.fromkeys(_OWN, 0) for _ in game.seats]
    for hand in game.hands:
        _count_hand(hand, sides, own)
        if hand.winner in biggest:
            biggest[hand.winner] = max(biggest[hand.winner], hand.points)
    won = {side: game.won_by(side) for side in game.sides}
    for side, counts in sides.items():
        _count_game(finish, counts, won=won[side], left=_left(game, side, won[side]))
    seats = game.seats
    count = len(seats)
    side_of = [game.side_of(seat) for seat in range(count)]
    extra = read_side(game.game).counters(game)
    rows = []
    for seat, player in enumerate(seats):
        side = side_of[seat]
        others = [(seat + n) % count for n in range(1, count)]  # in order of play
        partners = [seats[s] for s in others if side_of[s] == side]
        counts = sides[side] | own[seat]
        counts["penalties"] = game.penalties[seat]
        rows.append(
            PlayerGame(
                player_id=player,
                match_id=game.match_id,
                seat=seat,
                partner_id=partners[0] if partners else None,
                opponents=tuple(seats[s] for s in others if side_of[s] != side),
                competition_id=game.competition_id,
                stage=game.stage,
                preset=game.preset,
                finished_at=finish.at,
                won=won[side],
                biggest_hand=biggest[side],
                counters=tuple(map(int, _COUNTED(counts))),
                game=game.game,
                extra=dict(extra.get(side, {})),
            )
        )
    return rows


_COUNTED = operator.itemgetter(*COUNTERS)
"""A row's counters, in the order of COUNTERS."""


_OWN = ("batidas", "simples", "carrocas", "la_e_los", "cruzadas", "blocks_closed")


Counts = dict[str, int]


def _count_hand(hand: HandFact, teams: dict[str, Counts], own: list[Counts]) -> None:
    gains = hand.gains()
    for team, c in teams.items():
        ours = hand.winner == team
        theirs = hand.winner is not None and not ours
        c["hands_played"] += 1
        c["hands_won"] += ours
        c["hands_lost"] += theirs
        c["empates"] += hand.outcome == "empate"
        c["points"] += gains.get(team, 0)
        c["points_against"] += sum(p for side, p in gains.items() if side != team)
        if hand.outcome == "batida":
            c["team_cruzadas"] += ours and hand.kind == "cruzada"
        elif hand.outcome == "bloqueio":
            c["blocks_made"] += ours
            c["blocks_suffered"] += theirs
        elif hand.outcome == "penalty":
            c["hands_lost_by_penalty"] += theirs
    seat = hand.by_seat
    if seat is None:
        return
    if hand.outcome == "batida" and hand.kind in _OWN_KIND:
        own[seat]["batidas"] += 1
        own[seat][_OWN_KIND[hand.kind]] += 1
    elif hand.outcome in ("bloqueio", "empate"):
        own[seat]["blocks_closed"] += 1


def _left(game: GameFacts, side: str, won: bool) -> bool:
    """The side abandoned the game: the one `MatchAbandoned` names (at a table of more than
    two sides the others did not leave, whatever their place: C12); a game whose facts do
    not name it (kept before they did) was abandoned by the side that lost it."""
    if game.finish is None or not game.finish.abandoned:
        return False
    return side == game.abandoned_by if game.abandoned_by is not None else not won


def _count_game(finish: Finish, c: Counts, won: bool, left: bool) -> None:
    c["games_played"], c["games_won"], c["games_lost"] = 1, won, not won
    c["buchudas"], c["buchudas_suffered"] = finish.buchuda and won, finish.buchuda and not won
    c["buchudas_de_re"] = finish.buchuda_de_re and won
    c["buchudas_de_re_suffered"] = finish.buchuda_de_re and not won
    c["viradas"], c["viradas_suffered"] = finish.virada and won, finish.virada and not won
    c["abandonments"] = left
    c["wins_by_abandonment"] = finish.abandoned and won
    c["duration_seconds"] = finish.duration_seconds
